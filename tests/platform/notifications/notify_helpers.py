"""Shared steps for the notification and deadline tests."""

from __future__ import annotations

from games.models import Game
from games.play import services


def play_turn(game: Game, user, seat: int) -> None:
    """Submit the seat's default moves through the service until its turn is over."""
    for _ in range(60):
        game.refresh_from_db()
        if game.status != Game.Status.ACTIVE or seat not in game.engine.to_act(game.state):
            return
        move = game.engine.default_move(game.state, seat)
        services.submit_move(game.pk, user, move, game.tokens[str(seat)])
    raise AssertionError("the turn did not end")


def host_flip(game: Game, host) -> None:
    game.refresh_from_db()
    services.submit_move(game.pk, host, {"type": "flip"}, game.tokens["host"], as_host=True)
    game.refresh_from_db()
