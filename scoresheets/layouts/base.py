"""The shape every layout module has, and helpers they share."""

from __future__ import annotations

from typing import Any, Protocol

Unit = dict[str, Any]


class Layout(Protocol):
    KIND: str
    NAME: str
    TEMPLATE: str
    PER_PAGE: int
    LANDSCAPE: bool
    MIN_PLAYERS: int
    MAX_PLAYERS: int
    BLANK_PLAYERS: int

    def blank(self, names: list[str], players: int, options: dict) -> list[Unit]: ...

    def from_sheet(self, state: dict, summary: dict) -> list[Unit]: ...


def padded(names: list[str], count: int) -> list[str]:
    """``names`` followed by blanks, ``count`` in all."""
    return list(names[:count]) + [""] * max(0, count - len(names))


def ordinal(number: int | None) -> str:
    if not number:
        return ""
    suffix = "th" if 10 <= number % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(number % 10, "th")
    return f"{number}{suffix}"
