"""``replay_game`` reads each game's state and log from one moment, however busy the site is."""

from __future__ import annotations

import threading

import pytest
from django.core.management import call_command
from django.db import connection

from games import services
from games.management.commands import replay_game
from games.models import Game

pytestmark = pytest.mark.django_db(transaction=True)


def test_a_move_landing_mid_replay_is_no_mismatch(make_table, monkeypatch):
    if connection.vendor != "postgresql":
        pytest.skip("one snapshot per transaction is PostgreSQL's REPEATABLE READ; SQLite has one writer")
    game, (julius, _) = make_table()
    real = replay_game.replay

    def replay_while_someone_moves(stale_game: Game):
        def move() -> None:
            try:
                services.submit_move(game.pk, julius, {"type": "roll"}, game.tokens["0"])
            finally:
                connection.close()

        mover = threading.Thread(target=move)
        mover.start()
        mover.join()
        return real(stale_game)  # reads the log after the move committed

    monkeypatch.setattr(replay_game, "replay", replay_while_someone_moves)
    call_command("replay_game", game.code)  # raises CommandError on a mismatch
    game.refresh_from_db()
    assert game.move_count == 1  # the move did land meanwhile
