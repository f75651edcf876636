"""Building Roman Roads match tally: who won each game, and games won per player.

An online game fills one row of it (``from_view``): its winners once it is over,
the cards each player holds, and the result in words; the blank rows below let
the match go on at a real table.
"""

from __future__ import annotations

from scoresheets.layout import Unit, padded

TEMPLATE = "roads/pad.html"
PER_PAGE = 1
LANDSCAPE = False
BLANK_PLAYERS = 6
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


def from_view(view: dict, names: list[str], seat: int | None) -> list[Unit]:
    """The whole table, or only ``seat``'s column when a seat is given; the message says how the
    game went and how many cards each player shown holds (hand sizes are public)."""
    seats = range(view["players"]) if seat is None else [seat]
    over = view["over"]
    games = [{"number": 1, "wins": [s in view["winners"] for s in seats]}] if over else []
    return [
        {
            "names": [names[s] for s in seats],
            "games": games,
            "blank_games": list(range(len(games) + 1, BLANK_GAMES + 1)),
            "totals": [view["scores"][s] for s in seats] if over else None,
            "message": f"{result(view, names)} Cards in hand: "
            + ", ".join(f"{names[s]} {view['hand_sizes'][s]}" for s in seats)
            + ".",
        }
    ]


def result(view: dict, names: list[str]) -> str:
    """The game's outcome in words. Everyone tied shares the win (the in-person scorer, which
    keeps a match, refuses that entry; an online game simply reports it)."""
    if not view["over"]:
        pile = view["pile"]
        return f"In play: turn {view['turn_number']}, {pile} card{'s' if pile != 1 else ''} in the pile."
    winners = view["winners"]
    who = _and([names[s] for s in winners])
    if view["end_reason"] == "out":
        return f"{who} won by playing the last card of the hand."
    if view["end_reason"] == "resigned":
        return f"{who} won: the other player resigned."
    if view["end_reason"] == "ended":
        return f"The host ended the game as it stood: {who} won with the fewest cards in hand."
    fewest = view["hand_sizes"][winners[0]]
    held = f"{fewest} card{'s' if fewest != 1 else ''}"
    if len(winners) == view["players"]:
        return f"The pile ran out and nobody could play: everyone held {held}, so all share the win."
    shared = " each, and share the win" if len(winners) > 1 else ""
    return f"The pile ran out and nobody could play: {who} won with the fewest cards, {held}{shared}."


def status(view: dict) -> str:
    if view["over"]:
        return "Final result"
    return f"In progress · turn {view['turn_number']}"


def _and(words: list[str]) -> str:
    return words[0] if len(words) == 1 else ", ".join(words[:-1]) + " and " + words[-1]
