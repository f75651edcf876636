"""Away at a live Roman Road table, through the real views and sockets (games/romanroad/web.py):
a phone that goes to sleep closes its socket; after the idle time the worker's task marks the seat
away, pushed to the others' pages, and their hand goes on without it; the phone wakes, its socket
opens again, the seat is back (pushed too) and plays on."""

from __future__ import annotations

import asyncio
from concurrent.futures import ThreadPoolExecutor

import pytest
from channels.db import database_sync_to_async

from config.celery import app
from games import tasks
from games.models import Game, Move
from games.play import services
from games.romanroad.tests.site import client_for, lobby_table, post_move
from games.tables import tools as table_tools
from tests.platform.test_endings_pushed import socket

pytestmark = pytest.mark.django_db(transaction=True)

IDLE = 1  # seconds: ROMANROAD_IDLE_SECONDS for these tests


@pytest.fixture
def worker(monkeypatch):
    """Tasks run at once where they are sent, as a worker would run them (a countdown is waited
    out by the test itself)."""
    monkeypatch.setitem(app.conf, "task_always_eager", True)


def run(scenario):
    with ThreadPoolExecutor(1) as thread:
        return thread.submit(asyncio.run, scenario()).result()


async def heard(page, wanted, timeout: float = 5.0) -> dict:
    """The first message on this page's socket that ``wanted`` accepts (earlier ones pass by)."""
    loop = asyncio.get_running_loop()
    end = loop.time() + timeout
    while True:
        message = await page.receive_json_from(timeout=max(0.05, end - loop.time()))
        if wanted(message):
            return message


def board_with(text: str):
    return lambda message: text in message.get("html", "")


def state(game: Game) -> dict:
    return Game.objects.get(pk=game.pk).state


def test_a_phone_that_sleeps_is_away_the_hand_goes_on_and_it_plays_on_when_back(make_user, worker, settings):
    julius, agrippina = make_user("Julius"), make_user("Agrippina")
    game = lobby_table(julius, others=[agrippina])
    host, phone = client_for(julius), client_for(agrippina)
    post = database_sync_to_async(post_move)
    read = database_sync_to_async(state)
    table_moves = database_sync_to_async(tasks.table_moves)

    async def scenario():
        table, asleep = socket(game.code, host), socket(game.code, phone)
        for page in (table, asleep):
            assert (await page.connect())[0]
            await page.receive_json_from(timeout=2)
        settings.ROMANROAD_IDLE_SECONDS = IDLE  # both pages are open: from now on a second is long
        assert not await database_sync_to_async(Move.objects.filter(payload__type="away").exists)()
        await asleep.disconnect()  # the phone sleeps: the server's pings close its socket
        await heard(table, lambda message: message.get("presence"))
        assert (await read(game))["away"] == [False, False]  # gone, but not yet for the idle time
        assert await table_moves(game.pk) == 0
        await asyncio.sleep(IDLE + 0.2)
        assert await table_moves(game.pk) == 1  # the task the last page's closing scheduled
        pushed = await heard(table, board_with("Agrippina is away: taken to be stuck until they are back."))
        assert '<span class="tag rr-tag-stuck">away</span>' in pushed["html"]
        assert (await read(game))["away"] == [False, True]
        # Julius's hand goes on: his Stuck is the last one awaited, and the decks turn around.
        answer = await post(host, game, {"type": "stuck"}, hand=1)
        assert answer.status_code == 200
        assert "Everyone is stuck: each Search deck" in answer.content.decode()
        assert (await read(game))["turnarounds"] == 1
        # The phone wakes: its page's socket opens again, and the seat is back.
        awake = socket(game.code, phone)
        assert (await awake.connect())[0]
        await heard(table, board_with("Agrippina is back."))
        await heard(awake, board_with("Agrippina is back."))
        assert (await read(game))["away"] == [False, False]
        flip = await post(phone, game, {"type": "flip"}, hand=1)
        assert flip.status_code == 200 and "You were away" not in flip.content.decode()
        await heard(table, board_with("Agrippina flipped 3 cards onto their Search pile."))
        for page in (table, awake):
            await page.disconnect()

    run(scenario)
    summaries = list(Move.objects.filter(game=game).order_by("number").values_list("summary", flat=True))
    assert summaries[-4:] == [
        "Agrippina is away: taken to be stuck until they are back.",
        "Julius is stuck. Everyone is stuck: each Search deck's top card goes to the bottom.",
        "Agrippina is back.",
        "Agrippina flipped 3 cards onto their Search pile.",
    ]


def test_an_away_seat_sees_so_on_its_page_and_any_move_of_its_own_brings_it_back(make_user, worker):
    julius, agrippina = make_user("Julius"), make_user("Agrippina")
    game = lobby_table(julius, others=[agrippina])
    services.submit_move(game.pk, agrippina, {"type": "away"}, None)
    page = client_for(agrippina).get(f"/g/{game.code}/")
    assert "You were away, taken to be stuck" in page.content.decode()
    assert post_move(client_for(agrippina), game, {"type": "flip"}, hand=1).status_code == 200
    assert state(game)["away"] == [False, False]


def test_an_away_seat_given_to_a_computer_player_is_back_and_plays(make_user):
    julius, agrippina = make_user("Julius"), make_user("Agrippina")
    game = lobby_table(julius, others=[agrippina])
    services.submit_move(game.pk, agrippina, {"type": "away"}, None)
    her = game.seats.get(user=agrippina).position
    table_tools.host_tool(game.pk, julius, "computer", her)
    game.refresh_from_db()
    assert not game.state["away"][her] and her in game.engine.to_act(game.state)
    assert Move.objects.filter(game=game).latest("number").payload == {"type": "back"}
