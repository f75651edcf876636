"""Building Roman Roads match tally: who won each game, and games won per player."""

from __future__ import annotations

from .base import Unit, padded

KIND = "roads"
NAME = "Building Roman Roads"
TEMPLATE = "scoresheets/pads/roads.html"
PER_PAGE = 1
LANDSCAPE = False
MIN_PLAYERS, MAX_PLAYERS, BLANK_PLAYERS = 2, 6, 6
BLANK_GAMES = 18


def blank(names: list[str], players: int, options: dict) -> list[Unit]:
    return [
        {
            "names": padded(names, players),
            "games": [],
            "blank_games": list(range(1, BLANK_GAMES + 1)),
            "totals": None,
            "message": "",
        }
    ]


def from_sheet(state: dict, summary: dict) -> list[Unit]:
    count = len(state["names"])
    games = [
        {"number": n, "wins": [seat in winners for seat in range(count)]}
        for n, winners in enumerate(state["games"], 1)
    ]
    extra = max(3, BLANK_GAMES - len(games))
    return [
        {
            "names": state["names"],
            "games": games,
            "blank_games": list(range(len(games) + 1, len(games) + 1 + extra)),
            "totals": summary["totals"],
            "message": summary["message"] if state["games"] else "",
        }
    ]
