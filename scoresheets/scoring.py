"""What every in-person scorer offers, and the helpers scorers share.

A game's ``sheet.py`` subclasses ``Scorer``: a sheet is a list of entries
replayed from ``new(names, options)`` through ``apply``; a refused entry raises
``IllegalMove`` with a sentence for the scorekeeper. The game's slug, name and
player counts come from its engine, stated there once.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from games.contract.protocol import Engine, IllegalMove, places, require

if TYPE_CHECKING:
    from django import forms

    from .entries import EntryForm

State = dict[str, Any]
Entry = dict[str, Any]


class Scorer:
    """One game's in-person score keeping; the defaults describe a sheet without variants."""

    engine: Engine
    template: str = ""  # the score table the sheet page shows, "<slug>/score_sheet.html"
    # Action name -> (button label, entry form); the page shows them in this order.
    entries: dict[str, tuple[str, type[EntryForm]]] = {}
    # The entry forms above the score instead of under it: for a score too long to scroll past
    # at every entry on a phone.
    entries_first: bool = False

    @property
    def slug(self) -> str:
        return self.engine.slug

    @property
    def name(self) -> str:
        return self.engine.name

    @property
    def min_players(self) -> int:
        return self.engine.min_players

    @property
    def max_players(self) -> int:
        return self.engine.max_players

    def form_fields(self) -> dict[str, forms.Field]:
        """Fields of the new-sheet form beyond the names (the table's variants)."""
        return {}

    def form_options(self, data: dict) -> dict:
        """The raw options from the new-sheet form's cleaned data (``options`` checks them)."""
        return {}

    def options(self, raw: dict) -> dict:
        return {}

    def new(self, names: list[str], options: dict) -> State:
        raise NotImplementedError

    def apply(self, state: State, entry: Entry) -> State:
        raise NotImplementedError

    def describe(self, state: State, entry: Entry) -> str:
        raise NotImplementedError

    def summary(self, state: State) -> dict:
        raise NotImplementedError

    def offered(self, state: State) -> list[str]:
        """The entries (keys of ``entries``) the sheet offers now: all of them by default."""
        return list(self.entries)

    def finished(self, state: State) -> bool:
        """Whether the sheet holds a finished game, which a group's standings may count."""
        return bool(self.summary(state)["over"])

    def next_seat(self, names: list[str], entries: list[Entry]) -> int | None:
        """The player the entry forms pre-select: the one after the last entry's player in seat
        order (wrapping), or the first before any entry, so that entries made round the table
        need no re-picking. None: nobody is pre-selected."""
        seated = [entry for entry in entries if isinstance(entry.get("seat"), int)]
        if not seated:
            return 0
        last = seated[-1]
        return last["seat"] if self.keeps_turn(last) else (last["seat"] + 1) % len(names)

    def prefill(self, state: State, entries: list[Entry]) -> dict[str, Any]:
        """What the entry forms start with: the next player (``next_seat``), and what a game
        can tell follows for them (the next empty row of their column, say)."""
        chosen = self.next_seat(state["names"], entries)
        return {} if chosen is None else {"seat": chosen}

    def keeps_turn(self, entry: Entry) -> bool:
        """Whether the next entry is likely the same player's (an action card before the number)."""
        return False


def whole(value: Any, low: int, high: int, what: str) -> int:
    """An int within ``low..high``, or a refusal naming ``what``."""
    if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
        raise IllegalMove(f"{what[:1].upper()}{what[1:]} must be a whole number from {low} to {high}.")
    return value


def seat(state: State, entry: Entry) -> int:
    number = entry.get("seat")
    valid = isinstance(number, int) and not isinstance(number, bool)
    require(valid and 0 <= number < len(state["names"]), "Choose a player of this sheet.")
    return number


def check_names(names: list[str], low: int, high: int, game: str) -> list[str]:
    names = [name.strip() for name in names if name and name.strip()]
    require(low <= len(names) <= high, f"{game} is for {low} to {high} players.")
    require(len(set(names)) == len(names), "Give each player a different name.")
    require(all(len(name) <= 40 for name in names), "Keep each name to 40 characters.")
    return names


def replay(scorer: Scorer, names: list[str], options: dict, entries: list[Entry]) -> State:
    """The state after every entry, in order."""
    state = scorer.new(names, options)
    for entry in entries:
        state = scorer.apply(state, entry)
    return state


__all__ = [
    "Entry",
    "IllegalMove",
    "Scorer",
    "State",
    "check_names",
    "places",
    "replay",
    "require",
    "seat",
    "whole",
]
