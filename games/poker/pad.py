"""Roman Poker pad: a column per player, rows 1–7, the card bonus, the total,
and the Roman-number overview as a footer."""

from __future__ import annotations

from games.poker.engine import CARD_BONUS, CARD_NAMES, CARDS, NUMERAL, ROWS
from scoresheets.layout import Unit, ordinal, padded

TEMPLATE = "poker/pad.html"
PER_PAGE = 1
LANDSCAPE = False
BLANK_PLAYERS = 6
CARD_MARKS = {
    "reroll_i": "I",
    "reroll_v": "V",
    "reroll_one": "1",
    "remove_one": "−",
    "duplicate": "D",
    "wild": "W",
}


def overview() -> list[list[dict | None]]:
    """1–39 in four columns of ten (38 cannot be thrown), as in the rules; one list per printed row."""
    columns = []
    for tens in range(4):
        column = []
        for value in range(tens * 10 + 1, tens * 10 + 11):
            if value > 39:
                break
            column.append({"value": value, "numeral": " ".join(NUMERAL.get(value, "")) or None})
        columns.append(column)
    return [[column[i] if i < len(column) else None for column in columns] for i in range(10)]


def _unit(columns: list[dict]) -> Unit:
    return {
        "columns": columns,
        "lines": [{"row": r, "values": [c["rows"][r - 1] for c in columns]} for r in range(1, ROWS + 1)],
        "cards": [{"mark": CARD_MARKS[c], "name": CARD_NAMES[c]} for c in CARDS],
        "bonus_each": CARD_BONUS,
        "overview_rows": overview(),
    }


def _column(name: str, rows: list, unused: list[str], total: int, place: int | None) -> dict:
    return {
        "name": name,
        "rows": list(rows),
        "cards": [{"mark": CARD_MARKS[c], "used": c not in unused} for c in CARDS],
        "bonus": CARD_BONUS * len(unused),
        "total": total,
        "place": ordinal(place),
        "filled": True,
    }


def blank(names: list[str], players: int, options: dict) -> list[Unit]:
    columns = [
        {
            "name": name,
            "rows": [None] * ROWS,
            "cards": [{"mark": CARD_MARKS[c], "used": False} for c in CARDS],
            "filled": False,
        }
        for name in padded(names, players)
    ]
    return [_unit(columns)]


def from_sheet(state: dict, summary: dict) -> list[Unit]:
    columns = [
        _column(name, rows, unused, total, place if summary["over"] else None)
        for name, rows, unused, total, place in zip(
            state["names"],
            state["columns"],
            state["cards"],
            summary["totals"],
            summary["places"],
            strict=True,
        )
    ]
    return [_unit(columns)]


def from_view(view: dict, names: list[str], seat: int | None) -> list[Unit]:
    """The whole table, or only ``seat``'s column when a seat is given."""
    seats = range(view["players"]) if seat is None else [seat]
    places = view.get("places") or [None] * view["players"]
    columns = [
        _column(names[s], view["columns"][s], view["cards"][s], view["totals"][s], places[s]) for s in seats
    ]
    return [_unit(columns)]


def status(view: dict) -> str:
    if view["over"]:
        return "Final score"
    return f"In progress · round {view['round']}"
