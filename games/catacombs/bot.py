"""The Roman Catacombs computer player. Pure Python; it reads the game only through its engine."""

from __future__ import annotations

import random

from games.rules import Move, State

from .engine import CATACOMBS


def choose(state: State, seat: int | None, rng: random.Random) -> Move:
    """A legal move for ``seat``, chosen at random (a strategy of its own comes next)."""
    return rng.choice(CATACOMBS.legal_moves(state, seat))
