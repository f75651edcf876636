"""``replay_game`` reads each game's state and log from one moment, however busy the site is."""

from __future__ import annotations

import threading

import pytest
from django.core.management import call_command
from django.db import connection

from games.models import Game
from games.play import replay, services

pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.usefixtures("toy_games")]


def test_a_move_landing_mid_replay_is_no_mismatch(make_table, monkeypatch):
    if connection.vendor != "postgresql":
        pytest.skip("one snapshot per transaction is PostgreSQL's REPEATABLE READ; SQLite has one writer")
    game, (julius, _) = make_table("nim")
    real = replay.replay

    def replay_while_someone_moves(stale_game: Game):
        def move() -> None:
            try:
                services.submit_move(game.pk, julius, {"type": "take", "count": 1}, game.tokens["0"])
            finally:
                connection.close()

        mover = threading.Thread(target=move)
        mover.start()
        mover.join()
        return real(stale_game)  # reads the log after the move committed

    monkeypatch.setattr(replay, "replay", replay_while_someone_moves)
    call_command("replay_game", game.code)  # raises CommandError on a mismatch
    game.refresh_from_db()
    assert game.move_count == 1  # the move did land meanwhile


def test_the_same_interleaving_read_without_a_snapshot_is_a_mismatch(make_table, monkeypatch):
    """What the snapshot prevents: the state read before a move, the log after it."""
    if connection.vendor != "postgresql":
        pytest.skip("the interleaving needs a second writer")
    game, (julius, _) = make_table("nim")
    monkeypatch.setattr(replay, "_snapshot", lambda: None)  # READ COMMITTED: each query its own moment
    real = replay.replay

    def replay_while_someone_moves(stale_game: Game):
        mover = threading.Thread(target=lambda: _move(game, julius))
        mover.start()
        mover.join()
        return real(stale_game)

    monkeypatch.setattr(replay, "replay", replay_while_someone_moves)
    stale, ok = replay.check(game.pk)
    assert not ok and stale.move_count == 0


def _move(game: Game, user) -> None:
    try:
        services.submit_move(game.pk, user, {"type": "take", "count": 1}, game.tokens["0"])
    finally:
        connection.close()
