"""Roman Road across two ASGI web processes sharing Redis: a card played through one reaches a
socket held by the other as "version N is out", and the page there then draws it; a move that
comes too late pushes nothing."""

from __future__ import annotations

import json
import time

import pytest
from websockets.sync.client import connect

from games.models import Game
from games.romanroad.tests.site import foundation, lay_out, rig
from tests.integration.live_harness import SignedIn

pytestmark = [pytest.mark.integration, pytest.mark.django_db(transaction=True)]


def racing(game: Game) -> Game:
    state = game.state
    state.update(phase="hand", ready=[False, False])  # after Begin
    foundation(state, 0, "mt-58-1", "mk-58-2", "mt-58-3")
    lay_out(state, 0, store=["mt-323-5", "mt-58-4"], work=(["mt-1013-8"], ["mt-623-8"], ["mt-323-8"]))
    lay_out(state, 1, store=["mk-323-5", "mk-58-4"], work=(["mk-1013-8"], ["mk-623-8"], ["mk-323-8"]))
    return rig(game, state)


def page_of(client: SignedIn, code: str) -> str:
    with client.opener.open(f"{client.base}/g/{code}/poll/?version=0", timeout=20) as response:
        return response.read().decode()


def test_a_card_played_through_one_process_reaches_a_socket_on_the_other(servers, make_table):
    one, other = servers
    game, (julius, agrippina) = make_table("romanroad")
    racing(game)
    for base in servers:  # each process has drawn this board once: the timing below is of a warm one
        page_of(SignedIn(base, julius), game.code)
    ws = other.replace("http://", "ws://") + f"/ws/g/{game.code}/"
    with connect(ws, additional_headers={"Origin": other}, open_timeout=10) as page:
        assert json.loads(page.recv(timeout=5)) == {"version": game.version}
        started = time.monotonic()
        play = {"type": "move", "card": "mt-58-4", "to": "foundation:0", "hand": 1}
        assert SignedIn(one, julius).move(game.code, play, None) == 200
        heard = json.loads(page.recv(timeout=5))
        elapsed = time.monotonic() - started
    game.refresh_from_db()
    assert heard["version"] == game.version and game.move_count == 1
    assert f'data-version="{game.version}"' in heard["html"]  # the board, drawn for this socket
    assert elapsed < 5
    drawn = page_of(SignedIn(other, agrippina), game.code)
    assert f'data-version="{game.version}"' in drawn
    assert "But God commends his own love toward us, in that" in drawn  # the Foundation reads on


def test_a_card_too_late_pushes_nothing(servers, make_table):
    one, other = servers
    game, (julius, agrippina) = make_table("romanroad")
    racing(game)
    ws = other.replace("http://", "ws://") + f"/ws/g/{game.code}/"
    with connect(ws, additional_headers={"Origin": other}, open_timeout=10) as page:
        page.recv(timeout=5)
        first = {"type": "move", "card": "mt-58-4", "to": "foundation:0", "hand": 1}
        assert SignedIn(one, julius).move(game.code, first, None) == 200
        page.recv(timeout=5)
        late = {"type": "move", "card": "mk-58-4", "to": "foundation:0", "hand": 1}
        assert SignedIn(one, agrippina).move(game.code, late, None) == 400
        with pytest.raises(TimeoutError):
            page.recv(timeout=1)
    game.refresh_from_db()
    assert game.move_count == 1 and game.state["seats"][1]["store"][-1] == "mk-58-4"
