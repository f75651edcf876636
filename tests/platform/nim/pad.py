"""Nim's printable pad: a match tally, one row per game, a tick for its winner."""

from __future__ import annotations

from scoresheets.layout import Unit, padded

TEMPLATE = "nim/pad.html"
PER_PAGE = 1
LANDSCAPE = False
BLANK_PLAYERS = 2
BLANK_GAMES = 10


def _unit(names: list[str], winners: list[int], totals: list[int] | None, message: str = "") -> Unit:
    seats = range(len(names))
    games = [{"number": n, "wins": [seat == won for seat in seats]} for n, won in enumerate(winners, 1)]
    return {
        "names": names,
        "games": games,
        "blank_games": list(range(len(games) + 1, BLANK_GAMES + 1)),
        "totals": totals,
        "message": message,
    }


def blank(names: list[str], players: int, options: dict) -> list[Unit]:
    return [_unit(padded(names, players), [], None)]


def from_sheet(state: dict, summary: dict) -> list[Unit]:
    return [_unit(state["names"], state["winners"], summary["totals"], summary["message"])]


def from_view(view: dict, names: list[str], seat: int | None) -> list[Unit]:
    winners = [] if view["winner"] is None else [view["winner"]]
    totals = [int(view["winner"] == s) for s in range(2)] if winners else None
    return [_unit(names, winners, totals, f"Stones left: {view['heap']}.")]


def status(view: dict) -> str:
    return "Final result" if view["winner"] is not None else "In progress"
