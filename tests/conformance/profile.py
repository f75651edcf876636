"""What the conformance suite needs to know of a game beyond its ``Engine`` and ``GameKind``.

Each game folder declares one in ``tests/conformance.py`` (``PROFILE``): which tables its random
games are played at, how it hides what it hides, and the invariants of its own rules that every
step of those games must keep. A game that hides nothing and checks nothing more says so with the
defaults.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from hypothesis import strategies as st

from games.contract.protocol import Engine, Move, State

# A random legal move for the state of a game of ``players``: (the seat that makes it, the move).
Chooser = Callable[[Engine, State, int, random.Random], tuple[int | None, Move]]
# The state with everything ``viewer`` may not see dealt again: the same cards in other hidden
# places or another order, so ``view(state, viewer)`` must not change.
Redraw = Callable[[State, int | None, random.Random], State]
StepCheck = Callable[[State, State, int | None, Move], None]
EndCheck = Callable[[State], None]


def random_move(engine: Engine, state: State, players: int, rng: random.Random) -> tuple[int | None, Move]:
    """A random legal move: of an awaited seat, now and then of seat None (the table's own step,
    or the system acting for the seat to play); when no awaited seat has one, of any seat that has."""
    awaited = [seat for seat in engine.to_act(state) if engine.legal_moves(state, seat)]
    table = engine.legal_moves(state, None)
    if table and (not awaited or rng.random() < 0.1):
        return None, rng.choice(table)
    if not awaited:
        awaited = [seat for seat in range(players) if engine.legal_moves(state, seat)]
    assert awaited, "the game is not over and nobody has a move to make"
    seat = rng.choice(awaited)
    return seat, rng.choice(engine.legal_moves(state, seat))


def no_check(*args: Any) -> None:
    """An invariant that always holds."""


def nothing_own(html: str, seat: int) -> str:
    """A table's part in which a seat's own view shows nothing of its own."""
    return html


@dataclass(frozen=True)
class Profile:
    # The tables random games are played at: a strategy of (players, options).
    tables: Callable[[Engine], st.SearchStrategy[tuple[int, dict]]] = field(
        default=lambda engine: st.tuples(st.integers(engine.min_players, engine.max_players), st.just({}))
    )
    # Moves within which a random game of ``players`` ends: more is a game that never ends.
    bound: Callable[[int], int] = lambda players: 5_000
    # How a random player picks its move.
    choose: Chooser = random_move
    # Everything a viewer may not see, dealt again; None for a game that hides nothing.
    redraw: Redraw | None = None
    # The game's own invariants, checked after every step of every random game and at its end.
    check_step: StepCheck = no_check
    check_end: EndCheck = no_check
    # How a move reads when compared with ``legal_moves`` (lists read as sets, say); None for a
    # game that also takes moves it does not list in that spelling (fields it ignores).
    listed: Callable[[Move], Any] | None = None
    # The table of the golden playthrough (its folder's tests/playthrough.txt).
    playthrough: Callable[[Engine], tuple[int, dict]] = lambda engine: (max(engine.min_players, 2), {})
    # How many random games each test plays (as the Hypothesis profile scales it).
    games: int = 10
    # A table's part of the board (drawn as ``html``) without what a seat's own view shows there and
    # the table's does not (its board shows it elsewhere); the drawing as it is for a game with none.
    own_in_table: Callable[[str, int], str] = nothing_own
