"""Romi Rami sheet: per player, contracts, trophies, Suit Bonus cards, the Star and the total."""

from __future__ import annotations

from scoresheets.scoring.romirami import contracts, data, suit_name, trophy_label

from .base import Unit, ordinal, padded

KIND = "romirami"
NAME = "Romi Rami"
TEMPLATE = "scoresheets/pads/romirami.html"
PER_PAGE = 1
LANDSCAPE = False
MIN_PLAYERS, MAX_PLAYERS, BLANK_PLAYERS = 2, 4, 4
CONTRACT_LINES = 8


def reference() -> list[dict]:
    """The contract requirements with their points and bonus suits, for the footer."""
    return [
        {"name": r["name"], "points": r["points"], "suits": ", ".join(suit_name(s) for s in r["suits"])}
        for r in data()["requirements"]
    ]


def _pairs(items: list[dict]) -> list[list[dict | None]]:
    half = (len(items) + 1) // 2
    return [[items[i], items[i + half] if i + half < len(items) else None] for i in range(half)]


def _trophy_rows(players: list[dict], sides: list[str] | None) -> list[dict]:
    rows = []
    for number, tile in enumerate(data()["trophies"]):
        rows.append(
            {
                "tile": tile["tile"],
                "suit": trophy_label(tile, "suit"),
                "combo": trophy_label(tile, "combo"),
                "side": sides[number] if sides else None,
                "values": [p["trophies"][number] if p["filled"] else None for p in players],
            }
        )
    return rows


def _unit(players: list[dict], sides: list[str] | None, message: str = "") -> Unit:
    count = max([CONTRACT_LINES, *(len(p.get("contracts", [])) for p in players)])
    for player in players:
        held = player.get("contracts", [])
        player["contracts"] = held + [None] * (count - len(held))
    return {
        "players": players,
        "lines": [[p["contracts"][i] for p in players] for i in range(count)],
        "trophies": _trophy_rows(players, sides),
        "reference_rows": _pairs(reference()),
        "message": message,
        "end_contracts": data()["end_contracts"],
    }


def blank(names: list[str], players: int, options: dict) -> list[Unit]:
    empty = [{"name": name, "filled": False} for name in padded(names, players)]
    return [_unit(empty, options.get("trophies"))]


def from_sheet(state: dict, summary: dict) -> list[Unit]:
    players = []
    for seat, name in enumerate(state["names"]):
        held = [contracts()[c] for c in state["contracts"][seat]]
        lines = [{"label": c["name"], "suit": suit_name(c["suit"]), "points": c["points"]} for c in held]
        players.append(
            {
                "name": name,
                "filled": True,
                "contracts": lines,
                "contract_points": summary["contract_points"][seat],
                "trophies": summary["trophies"][seat],
                "bonus": state["bonus"][seat],
                "star": summary["star"][seat],
                "total": summary["totals"][seat],
                "place": ordinal(summary["places"][seat]) if summary["over"] else "",
            }
        )
    return [_unit(players, state["options"]["trophies"], summary["message"] if summary["over"] else "")]
