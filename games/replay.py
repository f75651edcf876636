"""Rebuild a game's state from its seed and move log."""

from __future__ import annotations

from .models import Game
from .services import move_rng, setup_rng


def replay(game: Game) -> dict | None:
    """The state the log leads to; equal to ``game.state`` for a sound game."""
    if game.state is None:
        return None
    engine = game.engine
    rng = setup_rng(game.seed)
    if game.seat_order == Game.SeatOrder.SHUFFLE:
        rng.shuffle(list(range(game.players)))  # the start shuffled the seats with this rng
    state = engine.setup(game.players, game.options, rng)
    for move in game.moves.order_by("number").only("number", "seat", "payload"):
        state = engine.apply(state, move.seat, move.payload, move_rng(game.seed, move.number))
    return state
