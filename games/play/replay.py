"""Rebuild a game's state from its seed and move log."""

from __future__ import annotations

from collections.abc import Iterator

from django.db import connection, transaction

from games.models import Game, Move
from games.play import seat_moves
from games.play.services import apply_move, initial_state


def _start(game: Game) -> dict:
    """The first state, for the players seated at the start (not those who sat down later)."""
    joined = game.moves.filter(**{f"payload__{seat_moves.KEY}": seat_moves.JOIN}).count()
    return initial_state(game, list(range(game.players - joined)))


def steps(game: Game, start: dict | None = None) -> Iterator[tuple[Move, dict, dict]]:
    """Each logged move with the state before and after it, rebuilt from the seed."""
    state = _start(game) if start is None else start
    for move in game.moves.order_by("number").only("number", "seat", "payload", "summary"):
        after = apply_move(game, state, move.seat, move.payload, move.number)
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


def _snapshot() -> None:
    """Called first in a transaction (not a savepoint, whose isolation is its outer one's): the rest
    of it reads one moment of the database (PostgreSQL's REPEATABLE READ): a game's state and its
    log as they were together, however many moves land meanwhile. SQLite's one writer gives the
    same without asking."""
    if connection.vendor == "postgresql" and connection.in_atomic_block and not connection.savepoint_ids:
        with connection.cursor() as cursor:
            cursor.execute("SET TRANSACTION ISOLATION LEVEL REPEATABLE READ READ ONLY")


def check(pk: int) -> tuple[Game, bool] | None:
    """Game ``pk`` and whether its log replays to its state, both read from one snapshot
    (None if the game is gone). Run outside any transaction: inside one, the snapshot is the
    caller's to take."""
    with transaction.atomic():
        _snapshot()
        game = Game.objects.filter(pk=pk).first()
        if game is None:
            return None
        return game, replay(game) == game.state
