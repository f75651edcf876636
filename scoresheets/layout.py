"""What a game's printable pad (its ``pad.py``) offers, and helpers pads share.

A pad turns a blank request, an in-person sheet or an online game's view into
*units* (one table, or one scorecard), which ``pads.py`` repeats for the copies
asked and places ``PER_PAGE`` to a page. Online games are read only through
``engine.view(state, seat)``, so a pad shows what its viewer may see. The
game's name and player counts come from its engine.
"""

from __future__ import annotations

from typing import Any, Protocol

Unit = dict[str, Any]


class Layout(Protocol):
    TEMPLATE: str  # "<slug>/pad.html", extending "scoresheets/pads/base.html"
    PER_PAGE: int
    LANDSCAPE: bool
    BLANK_PLAYERS: int

    def blank(self, names: list[str], players: int, options: dict) -> list[Unit]: ...

    def from_sheet(self, state: dict, summary: dict) -> list[Unit]: ...

    # Optional: ``from_view(view, names, seat)`` and ``status(view)`` print an online game;
    # ``form_fields()`` and ``form_options(data)`` ask for variants printed on a blank pad.


def padded(names: list[str], count: int) -> list[str]:
    """``names`` followed by blanks, ``count`` in all."""
    return list(names[:count]) + [""] * max(0, count - len(names))


def ordinal(number: int | None) -> str:
    if not number:
        return ""
    suffix = "th" if 10 <= number % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(number % 10, "th")
    return f"{number}{suffix}"
