"""What the Roman Poker board draws beyond the engine's view: the dice in the order that reads as
the numeral, what each row of a column may still take, the rows a placement would close, the
winner line and the log grouped by turn. Pure functions of the view (and the public log)."""

from __future__ import annotations

import re
from collections.abc import Sequence

from .engine import NUMERAL, ROWS, roman_values, rows_for

FACE_ORDER = {"X": 0, "V": 1, "I": 2}
VALUES = sorted(NUMERAL)  # every number six dice can form: 1..39 but 38


def reading_order(dice: list[dict], column: Sequence[int | None]) -> list[dict]:
    """The dice still in play, arranged to read as a numeral: the highest number that fits the
    column, else the highest number at all, else X before V before I (XXXX, waiting for its I)."""
    active = [d for d in dice if not d["removed"]]
    values = sorted(roman_values(d["face"] for d in active), reverse=True)
    fitting = [v for v in values if rows_for(column, v)]
    if not (fitting or values):
        return sorted(active, key=lambda d: (FACE_ORDER[d["face"]], d["index"]))
    numeral = NUMERAL[(fitting or values)[0]]
    pool = list(active)
    ordered = []
    for face in numeral:
        die = next(d for d in pool if d["face"] == face)
        pool.remove(die)
        ordered.append(die)
    return ordered


def _open_range(column: Sequence[int | None], index: int) -> list[int]:
    """The numbers row ``index`` (0-based) may still take without a Duplicate."""
    lower = next((v for v in reversed(column[:index]) if v is not None), 0)
    upper = next((v for v in column[index + 1 :] if v is not None), 40)
    return [v for v in VALUES if lower < v < upper]


def row_outlook(column: Sequence[int | None]) -> list[dict]:
    """Per row: its number if written, else the range it may still take, or closed."""
    rows = []
    for index, value in enumerate(column):
        if value is not None:
            rows.append({"value": value})
            continue
        fits = _open_range(column, index)
        rows.append(
            {
                "value": None,
                "closed": not fits,
                "low": fits[0] if fits else None,
                "high": fits[-1] if fits else None,
            }
        )
    return rows


def rows_closed_by(column: Sequence[int | None], value: int, row: int) -> list[int]:
    """The other open rows (1-based) that writing ``value`` in ``row`` leaves with no number."""
    after = list(column)
    after[row - 1] = value
    return [
        r + 1
        for r in range(ROWS)
        if r != row - 1 and column[r] is None and _open_range(column, r) and not _open_range(after, r)
    ]


def winners(totals: list[int], places: list[int] | None) -> list[int]:
    """The seats in first place once the game is over (the page names them)."""
    return [seat for seat, place in enumerate(places or []) if place == 1]


# How the engine words the end of a turn (``describe``): a stop or a pass.
TURN_END = re.compile(r" wrote \d+ in row \d+\.| misthrew and passed\.")


def turns(log: list[str], limit: int) -> list[list[str]]:
    """The log lines (latest first, as the page gets them) grouped by turn, latest turn first; each
    turn's lines read in order. A turn ends with the stop or pass that closes it."""
    grouped: list[list[str]] = []
    for line in reversed(log):
        if not grouped or TURN_END.search(grouped[-1][-1]):
            grouped.append([])
        grouped[-1].append(line)
    return list(reversed(grouped))[:limit]
