"""Romi Rami sheet: per player, contracts, trophies, Suit Bonus cards, the Star and the total."""

from __future__ import annotations

from games.romirami.engine import edition, suit_name, trophy_label
from games.romirami.sheet import contracts
from scoresheets.layout import Unit, ordinal, padded

TEMPLATE = "romirami/pad.html"
PER_PAGE = 1
LANDSCAPE = False
BLANK_PLAYERS = 4
CONTRACT_LINES = 8


def reference() -> list[dict]:
    """The contract requirements with their points and bonus suits, for the footer."""
    return [
        {"name": r["name"], "points": r["points"], "suits": ", ".join(suit_name(s) for s in r["suits"])}
        for r in edition()["requirements"]
    ]


def _pairs(items: list[dict]) -> list[list[dict | None]]:
    half = (len(items) + 1) // 2
    return [[items[i], items[i + half] if i + half < len(items) else None] for i in range(half)]


def _trophy_rows(players: list[dict], sides: list[str] | None) -> list[dict]:
    rows = []
    for number, tile in enumerate(edition()["trophies"]):
        rows.append(
            {
                "tile": tile["tile"],
                "suit": trophy_label(number, "suit"),
                "combo": trophy_label(number, "combo"),
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
        "end_contracts": edition()["end_contracts"],
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


HIDDEN = "hidden"
END_MESSAGES = {
    "contracts": "The game ended: a player reached the contracts that end it.",
    "numbers": "The game ended: the Number market was empty and could not be refilled.",
    "offers": "The game ended: the Contract market was empty and could not be refilled.",
    "rounds": "The game ended after its last round.",
    "resigned": "The game ended: a player resigned.",
    "ended": "The host ended the game as it stood.",
}


def _view_column(view: dict, player: dict, name: str) -> dict:
    """One player's column from an online game's view: a Suit Bonus pile the viewer may not
    count prints as hidden, and the total then counts everything else."""
    seat = player["seat"]
    trophies = [t["points"] if t["leader"] == seat else 0 for t in view["trophies"]]
    star = 0 if player["star_used"] else 1
    known = player["contract_points"] + sum(trophies) + star
    bonus = player["bonus"]
    if view["over"]:
        total: int | str = player["score"]
    else:
        total = known + bonus if bonus is not None else f"{known} + bonus"
    return {
        "name": name,
        "filled": True,
        "contracts": [
            {"label": c["name"], "suit": suit_name(c["suit"]), "points": c["points"]}
            for c in player["contracts"]
        ],
        "contract_points": player["contract_points"],
        "trophies": trophies,
        "bonus": HIDDEN if bonus is None else bonus,
        "star": star,
        "total": total,
        "place": ordinal(player["place"]) if player["place"] else "",
    }


def from_view(view: dict, names: list[str], seat: int | None) -> list[Unit]:
    """The whole table, or only ``seat``'s column when a seat is given; from the viewer's view,
    so hands never print and other Suit Bonus piles only once the game is over."""
    seats = range(view["players"]) if seat is None else [seat]
    players = [_view_column(view, view["table"][s], names[s]) for s in seats]
    if view["over"]:
        message = END_MESSAGES.get(view["end_reason"], "")
    elif any(p["bonus"] == HIDDEN for p in players):
        message = "Suit Bonus piles stay face down until the end: those totals count everything else."
    else:
        message = ""
    return [_unit(players, [t["side"] for t in view["trophies"]], message)]


def status(view: dict) -> str:
    if view["over"]:
        return "Final score"
    return f"In progress · round {view['round']}"
