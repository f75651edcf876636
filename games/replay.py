"""Rebuild a game's state from its seed and move log."""

from __future__ import annotations

from collections.abc import Iterator

from .models import Game, Move
from .services import initial_state, move_rng


def _start(game: Game) -> dict:
    return initial_state(game, list(range(game.players)))


def steps(game: Game, start: dict | None = None) -> Iterator[tuple[Move, dict, dict]]:
    """Each logged move with the state before and after it, rebuilt from the seed."""
    engine = game.engine
    state = _start(game) if start is None else start
    for move in game.moves.order_by("number").only("number", "seat", "payload", "summary"):
        after = engine.apply(state, move.seat, move.payload, move_rng(game.seed, move.number))
        yield move, state, after
        state = after


def replay(game: Game) -> dict | None:
    """The state the log leads to; equal to ``game.state`` for a sound game."""
    if game.state is None:
        return None
    state = _start(game)
    for _, _, after in steps(game, state):
        state = after
    return state
