"""Two ASGI web processes sharing Redis: a move made through one reaches a socket held by the other."""

from __future__ import annotations

import json
import time

import pytest
from websockets.sync.client import connect

from games.models import Game
from tests.integration.live_harness import SignedIn

pytestmark = [pytest.mark.integration, pytest.mark.django_db(transaction=True)]


def test_a_move_through_one_process_reaches_a_socket_on_the_other(servers, make_table):
    one, other = servers
    game, (julius, _) = make_table()
    for base in servers:  # each process has drawn this board once: the timing below is of a warm one
        assert SignedIn(base, julius).get(f"/g/{game.code}/poll/?version=0") == 200
    ws = other.replace("http://", "ws://") + f"/ws/g/{game.code}/"
    with connect(ws, additional_headers={"Origin": other}, open_timeout=10) as page:
        assert json.loads(page.recv(timeout=5)) == {"version": game.version}
        started = time.monotonic()
        assert SignedIn(one, julius).move(game.code, {"type": "roll"}, game.tokens["0"]) == 200
        heard = json.loads(page.recv(timeout=5))
        elapsed = time.monotonic() - started
    game.refresh_from_db()
    assert heard["version"] == game.version and game.move_count == 1
    assert f'data-version="{game.version}"' in heard["html"]  # the board, drawn for this socket
    assert elapsed < 5


def test_a_refused_move_pushes_nothing(servers, make_table):
    one, other = servers
    game, (_, agrippina) = make_table()
    ws = other.replace("http://", "ws://") + f"/ws/g/{game.code}/"
    with connect(ws, additional_headers={"Origin": other}, open_timeout=10) as page:
        page.recv(timeout=5)
        assert SignedIn(one, agrippina).move(game.code, {"type": "roll"}, game.tokens["1"]) == 409
        with pytest.raises(TimeoutError):
            page.recv(timeout=1)
    assert Game.objects.get(pk=game.pk).version == game.version
