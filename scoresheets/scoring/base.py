"""What every scorer offers, and the small helpers they share."""

from __future__ import annotations

from typing import Any, Protocol

State = dict[str, Any]
Entry = dict[str, Any]


class Refused(Exception):
    """An entry the rules refuse; ``reason`` is a sentence for the scorekeeper."""

    def __init__(self, reason: str) -> None:
        super().__init__(reason)
        self.reason = reason


class Scorer(Protocol):
    kind: str
    name: str
    min_players: int
    max_players: int

    def options(self, raw: dict) -> dict: ...

    def new(self, names: list[str], options: dict) -> State: ...

    def apply(self, state: State, entry: Entry) -> State: ...

    def describe(self, state: State, entry: Entry) -> str: ...

    def summary(self, state: State) -> dict: ...


def require(condition: bool, reason: str) -> None:
    if not condition:
        raise Refused(reason)


def whole(value: Any, low: int, high: int, what: str) -> int:
    """An int within ``low..high``, or a refusal naming ``what``."""
    if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
        raise Refused(f"{what[:1].upper()}{what[1:]} must be a whole number from {low} to {high}.")
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


def places(totals: list[int]) -> list[int]:
    """1 = best; equal totals share the place."""
    return [1 + sum(other > mine for other in totals) for mine in totals]


def replay(scorer: Scorer, names: list[str], options: dict, entries: list[Entry]) -> State:
    """The state after every entry, in order."""
    state = scorer.new(names, options)
    for entry in entries:
        state = scorer.apply(state, entry)
    return state
