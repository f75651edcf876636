"""A table's sockets on one web process hear a version together: the first one's read of the game
and its seats serves the others for a moment, and never another table, an older version or a
socket of another code."""

from __future__ import annotations

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext

from games.live import boards

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("toy_games")]


def scope(user, code: str) -> dict:
    return {"user": user, "path": f"/g/{code}/", "headers": [], "url_route": {"kwargs": {"code": code}}}


def queries(call) -> int:
    with CaptureQueriesContext(connection) as captured:
        assert call() is not None
    return len(captured)


def reads_of_the_game(call) -> int:
    with CaptureQueriesContext(connection) as captured:
        call()
    return sum('FROM "games_game"' in query["sql"] for query in captured.captured_queries)


def test_the_sockets_of_a_version_share_one_read_of_the_game(make_table, monkeypatch):
    game, (anna, ben) = make_table("catacombs", ("Anna", "Ben"), {"flip_mode": "auto"})
    boards.board_for(game.pk, scope(anna, game.code))  # the templates loaded: a drawing takes ms
    monkeypatch.setattr(boards, "_reads", {})
    version = game.version
    assert reads_of_the_game(lambda: boards.board_for(game.pk, scope(anna, game.code), version)) == 1
    # Ben's socket hears the same version a moment later: no read of the game or its seats.
    assert reads_of_the_game(lambda: boards.board_for(game.pk, scope(ben, game.code), version)) == 0
    # A newer version, a socket that names another code, and one that waits for no version read again.
    assert reads_of_the_game(lambda: boards.board_for(game.pk, scope(ben, game.code), version + 1)) == 1
    assert reads_of_the_game(lambda: boards.board_for(game.pk, scope(ben, "OTHER1"), version)) == 1
    assert reads_of_the_game(lambda: boards.board_for(game.pk, scope(ben, game.code), None)) == 1


def test_a_read_is_shared_only_for_a_moment(make_table, monkeypatch):
    monkeypatch.setattr(boards, "_reads", {})
    game, (anna, ben) = make_table("catacombs", ("Anna", "Ben"), {"flip_mode": "auto"})
    boards.board_for(game.pk, scope(anna, game.code), game.version)
    read_at, kept, seats = boards._reads[game.pk]
    boards._reads[game.pk] = (read_at - boards.READ_SHARE_SECONDS, kept, seats)
    assert reads_of_the_game(lambda: boards.board_for(game.pk, scope(ben, game.code), game.version)) == 1
    assert boards._reads[game.pk][0] > read_at  # the new read is the one kept
