"""The contract every rule engine satisfies, and helpers they share.

Nothing below ``games/engines`` imports Django: an engine is a set of pure
functions over JSON-able state. Chance enters only through the ``rng`` the
caller passes in, so a game replays exactly from its seed and move log.
"""

from __future__ import annotations

import copy
import random
from typing import Any, Protocol, runtime_checkable

State = dict[str, Any]
Move = dict[str, Any]


class IllegalMove(Exception):
    """A move the rules refuse. ``str(exc)`` is a sentence a player understands."""

    def __init__(self, reason: str) -> None:
        super().__init__(reason)
        self.reason = reason


@runtime_checkable
class Engine(Protocol):
    slug: str
    name: str
    min_players: int
    max_players: int

    def setup(self, players: int, options: dict, rng: random.Random) -> State: ...

    def to_act(self, state: State) -> list[int]: ...

    def legal_moves(self, state: State, seat: int | None) -> list[Move]: ...

    def apply(self, state: State, seat: int | None, move: Move, rng: random.Random) -> State: ...

    def view(self, state: State, seat: int | None) -> dict: ...

    def is_over(self, state: State) -> bool: ...

    def scores(self, state: State) -> list[int]: ...

    def default_move(self, state: State, seat: int | None) -> Move: ...


def clone(state: State) -> State:
    """A deep copy, so ``apply`` never touches its input."""
    return copy.deepcopy(state)


def require(condition: bool, reason: str) -> None:
    """Raise ``IllegalMove(reason)`` unless ``condition`` holds."""
    if not condition:
        raise IllegalMove(reason)


def move_type(move: Any) -> str:
    """The ``type`` of a move dict, refusing anything that is not one."""
    if not isinstance(move, dict) or not isinstance(move.get("type"), str):
        raise IllegalMove("That is not a move this game understands.")
    return move["type"]


def int_field(move: Move, key: str, low: int, high: int, label: str | None = None) -> int:
    """An integer field of a move within ``low..high`` inclusive, or IllegalMove."""
    value = move.get(key)
    if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
        raise IllegalMove(f"Choose a {label or key} from {low} to {high}.")
    return value


def places(scores: list[int]) -> list[int]:
    """Finishing place per seat (1 = best); equal totals share the place."""
    return [1 + sum(1 for other in scores if other > mine) for mine in scores]
