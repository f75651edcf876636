"""Roman Catacombs scorecards, four to a page to cut apart.

Every label comes from the edition data: each category with its first and
later scores, its books in canon order, three slots and a score box; then
the empty-slot penalty and the total.
"""

from __future__ import annotations

from games.catacombs.engine import categories, edition, slot_count
from scoresheets.layout import Unit, padded

TEMPLATE = "catacombs/pad.html"
PER_PAGE = 4
LANDSCAPE = False
BLANK_PLAYERS = 4
TICK = "✓"


def _card(
    name: str,
    slots: list[list[str | None]] | None,
    points: list[int | None] | None,
    empty: int | None,
    total: int | None,
) -> Unit:
    rows = []
    for number, category in enumerate(categories()):
        row = slots[number] if slots else [None] * slot_count()
        rows.append(
            {
                "name": category["name"],
                "first": category["first"],
                "later": category["later"],
                "books": category["books"],
                "slots": [TICK if book == "" else book for book in row],
                "points": points[number] if points else None,
            }
        )
    return {
        "name": name,
        "categories": rows,
        "slot_total": slot_count() * len(categories()),
        "empty": empty,
        "total": total,
        "filled": slots is not None,
        "tick": TICK,
        "edition": edition().get("edition", ""),
    }


def blank(names: list[str], players: int, options: dict) -> list[Unit]:
    return [_card(name, None, None, None, None) for name in padded(names, players)]


def from_sheet(state: dict, summary: dict) -> list[Unit]:
    return [
        _card(name, slots, points, empty, total)
        for name, slots, points, empty, total in zip(
            state["names"],
            state["slots"],
            summary["points"],
            summary["empty"],
            summary["totals"],
            strict=True,
        )
    ]


def from_view(view: dict, names: list[str], seat: int | None) -> list[Unit]:
    """Every scorecard the view shows, or only ``seat``'s when a seat is given."""
    ids = [category["id"] for category in categories()]
    seats = range(view["players"]) if seat is None else [seat]
    cards = []
    for s in seats:
        sheet = view["sheets"][s]
        points: list[int | None] = [None] * len(ids)
        for completion in view["completions"]:
            if completion["seat"] == s:
                points[ids.index(completion["category"])] = completion["points"]
        empty = sum(book is None for row in sheet for book in row)
        cards.append(_card(names[s], sheet, points, empty, view["scores"][s]))
    return cards


def status(view: dict) -> str:
    if view["over"]:
        return "Final score"
    return f"In progress · turn {view['turn']}"
