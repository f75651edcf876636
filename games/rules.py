"""The contract every rule engine satisfies, and helpers engines and bots share.

Pure Python, like the engines that use it: nothing here imports Django or the
rest of the platform. An engine is a set of pure functions over JSON-able
state. Chance enters only through the ``rng`` the caller passes in, so a game
replays exactly from its seed and move log.
"""

from __future__ import annotations

import copy
import logging
import random
from collections.abc import Callable
from typing import Any, Protocol, runtime_checkable

State = dict[str, Any]
Move = dict[str, Any]

log = logging.getLogger(__name__)


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
    # All seats act at once, moves apply in arrival order, no turn token is checked.
    realtime: bool
    # Each move type and the keys a move of it may hold ("type" included): anything else is refused.
    move_keys: dict[str, frozenset[str]]

    def setup(self, players: int, options: dict, rng: random.Random) -> State: ...

    def to_act(self, state: State) -> list[int]: ...

    def legal_moves(self, state: State, seat: int | None) -> list[Move]: ...

    def apply(self, state: State, seat: int | None, move: Move, rng: random.Random) -> State: ...

    def view(self, state: State, seat: int | None) -> dict: ...

    def is_over(self, state: State) -> bool: ...

    def scores(self, state: State) -> list[int]: ...

    def default_move(self, state: State, seat: int | None) -> Move: ...

    def describe(self, before: State, after: State, seat: int | None, move: Move) -> str:
        """One public log line; ``{player}`` stands for the mover's name. Never a hidden card."""
        ...


Strategy = Callable[[State, int | None, random.Random], Move]

# Optional pure hooks an engine may add. Read by the platform's seat moves (``games.seat_moves``):
#
#   leave(state, seat, rng) -> State   the state once ``seat`` stops playing for good: e.g. a
#                                      two-person game ends and the other wins. Without it (or when
#                                      it changes nothing) the table plays on, the seat played by a
#                                      computer or passing, as the game's ``GameKind`` says.
#   end(state, rng) -> State           the game over as it stands, scored where its rules can score.
#
# Read by the move path, deadlines and e-mail (``awaits_table`` below):
#
#   awaits_table(state) -> bool        the game waits for a move of seat None, the table's own step
#                                      (Catacombs' flip, Roman Road's next hand), which the table
#                                      makes itself or its host gives (``GameKind.host_acts``).
#
# Read by e-mail (``round_number`` below):
#
#   round_number(state) -> int         the round in play, in a game everyone plays at once in rounds
#                                      (a hand of cards, new cards for everyone): its seats are told
#                                      once a round, when it starts, not each time a seat comes back
#                                      into play within it.
#   in_round(state) -> list[int]       the seats the round in play still counts on: those awaited,
#                                      and those the round would await were they at the table (a
#                                      seat taken to be away). Without it, the seats awaited.


def seat_leaves(engine: Engine, state: State, seat: int, rng: random.Random) -> State:
    """The state once ``seat`` left, by the engine's ``leave`` hook; unchanged without one."""
    hook = getattr(engine, "leave", None)
    return hook(state, seat, rng) if callable(hook) else state


def seat_joins(engine: Engine, state: State, rng: random.Random) -> State:
    """The state once a new seat sat down at a game in play, by the engine's ``join`` hook (the new
    seat is the next number); an engine without one refuses."""
    hook = getattr(engine, "join", None)
    if not callable(hook):
        raise IllegalMove("This game takes no new player once it has started.")
    return hook(state, rng)


def awaits_table(engine: Engine, state: State) -> bool:
    """The game waits for the table's own step (seat None), by the engine's ``awaits_table`` hook."""
    hook = getattr(engine, "awaits_table", None)
    return bool(hook(state)) if callable(hook) else False


def round_number(engine: Engine, state: State | None) -> int | None:
    """The round in play, by the engine's ``round_number`` hook; None for a game of turns."""
    hook = getattr(engine, "round_number", None)
    return hook(state) if callable(hook) and state is not None else None


def in_round(engine: Engine, state: State) -> list[int]:
    """The seats the round in play still counts on, by the engine's ``in_round`` hook; else those
    awaited (``to_act``)."""
    hook = getattr(engine, "in_round", None)
    return list(hook(state)) if callable(hook) else list(engine.to_act(state))


def has_move(engine: Engine, state: State, seat: int) -> bool:
    """Is ``seat`` awaited and has it a move to make now? An awaited seat may have none for a
    moment (in a realtime game, a player already ready for a round that has not begun): the clock
    plays no default for it and a computer player waits."""
    return seat in engine.to_act(state) and bool(engine.legal_moves(state, seat))


def end_early(engine: Engine, state: State, rng: random.Random) -> State | None:
    """The game over as it stands, by the engine's ``end`` hook; None for an engine without one."""
    hook = getattr(engine, "end", None)
    return hook(state, rng) if callable(hook) else None


def choose_move(
    engine: Engine, strategy: Strategy | None, state: State, seat: int | None, rng: random.Random
) -> Move:
    """A legal move for ``seat``: the game's strategy if it answers legally, else a random one."""
    legal = engine.legal_moves(state, seat)
    if not legal:
        raise ValueError("This seat has no move to make now.")
    if len(legal) == 1:
        return legal[0]
    if strategy is not None:
        try:
            move = strategy(state, seat, rng)
        except Exception:  # a strategy bug must never stall a game; the fallback is legal
            log.exception("bot strategy for %s failed", engine.slug)
            move = None
        if move in legal:
            return move
    return rng.choice(legal)


UNKNOWN_FIELD = "That move carries something this game does not read: send only the move itself."


def check_move_keys(engine: Engine, move: Any) -> None:
    """Refuse a move holding a key its type does not take; a type the engine does not know is
    left to the engine, which refuses it in its own words."""
    allowed = engine.move_keys.get(move_type(move))
    require(allowed is None or all(key in allowed for key in move), UNKNOWN_FIELD)


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


def finishing_places(engine: Engine, state: State) -> list[int]:
    """The game's own finishing places (its tie-breaks, e.g. a bonus pile), else by score alone."""
    own = getattr(engine, "places", None)
    return list(own(state)) if callable(own) else places(engine.scores(state))


def name_list(names: list[str]) -> str:
    """"Bob", "Bob and Ann", "Bob, Ann and Computer 1"."""
    if len(names) <= 1:
        return "".join(names)
    return f"{', '.join(names[:-1])} and {names[-1]}"
