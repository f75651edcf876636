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
from typing import Any

State = dict[str, Any]
Move = dict[str, Any]

log = logging.getLogger(__name__)


class IllegalMove(Exception):
    """A move the rules refuse. ``str(exc)`` is a sentence a player understands."""

    def __init__(self, reason: str) -> None:
        super().__init__(reason)
        self.reason = reason


class Engine:
    """The base of every rule engine: the contract's required parts, and the optional hooks with
    the defaults of a plain turn-based game, so the platform calls each hook directly.

    An engine subclasses it (``class PokerEngine(Engine)``), sets the five attributes and
    ``move_keys``, implements the required methods and overrides only the hooks it needs."""

    slug: str
    name: str
    min_players: int
    max_players: int
    # All seats act at once, moves apply in arrival order, no turn token is checked.
    realtime: bool = False
    # Each move type and the keys a move of it may hold ("type" included): anything else is refused.
    move_keys: dict[str, frozenset[str]]

    # Required ---------------------------------------------------------------

    def setup(self, players: int, options: dict, rng: random.Random) -> State:
        raise NotImplementedError

    def to_act(self, state: State) -> list[int]:
        """The seats awaited now; [] once the game is over."""
        raise NotImplementedError

    def legal_moves(self, state: State, seat: int | None) -> list[Move]:
        raise NotImplementedError

    def apply(self, state: State, seat: int | None, move: Move, rng: random.Random) -> State:
        """The state after ``move``; pure (``state`` untouched), chance only from ``rng``."""
        raise NotImplementedError

    def view(self, state: State, seat: int | None) -> dict:
        """What ``seat`` may see (None: a spectator). Hidden information leaves only through here."""
        raise NotImplementedError

    def is_over(self, state: State) -> bool:
        raise NotImplementedError

    def scores(self, state: State) -> list[int]:
        raise NotImplementedError

    def default_move(self, state: State, seat: int | None) -> Move:
        """The move a clock makes for ``seat`` when its time is up."""
        raise NotImplementedError

    def describe(self, before: State, after: State, seat: int | None, move: Move) -> str:
        """One public log line; ``{player}`` stands for the mover's name. Never a hidden card."""
        raise NotImplementedError

    # Optional, with defaults ------------------------------------------------

    def places(self, state: State) -> list[int]:
        """Finishing place per seat (1 = best): by score, unless the game has tie-breaks."""
        return places(self.scores(state))

    def leave(self, state: State, seat: int, rng: random.Random) -> State:
        """The state once ``seat`` stops playing for good (e.g. of two, the other wins). Unchanged
        by default: the table plays on, the seat played by a computer or passing, as the game's
        ``GameKind`` says (read by the platform's seat moves, ``games.play.seat_moves``)."""
        return state

    def join(self, state: State, rng: random.Random) -> State:
        """The state once a new seat (the next number) sat down at a game in play."""
        raise IllegalMove("This game takes no new player once it has started.")

    def end(self, state: State, rng: random.Random) -> State | None:
        """The game over as it stands, scored where its rules can score; None: it cannot end early."""
        return None

    def awaits_table(self, state: State) -> bool:
        """The game waits for the table's own step (seat None: Catacombs' flip, Roman Road's next
        hand), which the table makes itself or its host gives (``GameKind.host_acts``)."""
        return False

    def round_number(self, state: State) -> int | None:
        """The round in play in a game everyone plays at once in rounds (a hand of cards, new cards
        for everyone): its seats are told once a round, when it starts, not each time a seat comes
        back into play within it. None for a game of turns."""
        return None

    def in_round(self, state: State) -> list[int]:
        """The seats the round in play still counts on: those awaited, and those the round would
        await were they at the table (a seat taken to be away). By default the seats awaited."""
        return list(self.to_act(state))


Strategy = Callable[[State, int | None, random.Random], Move]


def seat_leaves(engine: Engine, state: State, seat: int, rng: random.Random) -> State:
    """The state once ``seat`` left (the engine's ``leave``)."""
    return engine.leave(state, seat, rng)


def seat_joins(engine: Engine, state: State, rng: random.Random) -> State:
    """The state once a new seat sat down at a game in play (the engine's ``join``)."""
    return engine.join(state, rng)


def awaits_table(engine: Engine, state: State) -> bool:
    """The game waits for the table's own step (seat None)."""
    return bool(engine.awaits_table(state))


def round_number(engine: Engine, state: State | None) -> int | None:
    """The round in play; None for a game of turns or before the game has a state."""
    return engine.round_number(state) if state is not None else None


def in_round(engine: Engine, state: State) -> list[int]:
    """The seats the round in play still counts on (the engine's ``in_round``)."""
    return list(engine.in_round(state))


def has_move(engine: Engine, state: State, seat: int) -> bool:
    """Is ``seat`` awaited and has it a move to make now? An awaited seat may have none for a
    moment (in a realtime game, a player already ready for a round that has not begun): the clock
    plays no default for it and a computer player waits."""
    return seat in engine.to_act(state) and bool(engine.legal_moves(state, seat))


def end_early(engine: Engine, state: State, rng: random.Random) -> State | None:
    """The game over as it stands (the engine's ``end``); None for a game that cannot end early."""
    return engine.end(state, rng)


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


NOT_A_MOVE = "That is not a move this game understands."
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
        raise IllegalMove(NOT_A_MOVE)
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
    return list(engine.places(state))


def name_list(names: list[str]) -> str:
    """ "Bob", "Bob and Ann", "Bob, Ann and Computer 1"."""
    if len(names) <= 1:
        return "".join(names)
    return f"{', '.join(names[:-1])} and {names[-1]}"
