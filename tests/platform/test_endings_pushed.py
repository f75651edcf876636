"""A cancelled table tells every open page; a removed player is told; a signed-out visitor is offered
a way to their seat. Through the real views and the real consumer (in-memory channel layer)."""

from __future__ import annotations

import asyncio
from concurrent.futures import ThreadPoolExecutor

import pytest
from channels.db import database_sync_to_async
from channels.testing import WebsocketCommunicator
from django.test import Client
from django.urls import reverse

from config.asgi import application
from games.models import Game
from games.play import services

pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.usefixtures("toy_games")]


def run(scenario, *args):
    with ThreadPoolExecutor(1) as thread:
        return thread.submit(asyncio.run, scenario(*args)).result()


def on_the_sockets_thread(request, *args):
    """``request(*args)`` on the one thread the consumers' database work runs on, so it takes its
    turn with what a socket is still doing (its presence write, right after the version it sends
    on connect). From a thread of its own, on SQLite's shared in-memory test database, the two
    connections' transactions could meet and one fail at once with 'database table is locked',
    which no timeout waits out."""
    return database_sync_to_async(request)(*args)


def signed_in(user) -> Client:
    client = Client()
    client.force_login(user)
    return client


def socket(code: str, client: Client | None = None) -> WebsocketCommunicator:
    headers = [(b"origin", b"http://localhost")]
    if client is not None:
        cookie = "; ".join(f"{k}={v.value}" for k, v in client.cookies.items())
        headers.append((b"cookie", cookie.encode()))
    return WebsocketCommunicator(application, f"/ws/g/{code}/", headers=headers)


def open_table(make_user):
    julius, agrippina, marcus = make_user("Julius"), make_user("Agrippina"), make_user("Marcus")
    game = services.create_game(julius, "race", {}, 4, "seated")
    services.join_game(game.pk, agrippina)
    services.join_game(game.pk, marcus)
    return game, julius, agrippina, marcus


def test_cancelling_a_table_tells_every_open_page(make_user):
    game, julius, agrippina, _ = open_table(make_user)
    host, guest = signed_in(julius), signed_in(agrippina)

    async def scenario():
        pages = [socket(game.code, guest), socket(game.code)]
        for page in pages:
            assert (await page.connect())[0]
            await page.receive_json_from(timeout=2)  # the version
        response = await database_sync_to_async(host.post)(reverse("cancel", args=[game.code]))
        assert response.status_code == 302
        heard = []
        for page in pages:
            message = await page.receive_json_from(timeout=2)
            while "gone" not in message:
                message = await page.receive_json_from(timeout=2)
            heard.append(message)
            await page.disconnect()
        return heard

    heard = run(scenario)
    assert heard == [{"gone": services.CANCELLED}] * 2
    assert not Game.objects.filter(pk=game.pk).exists()


def test_a_page_polling_a_cancelled_table_gets_the_sentence_not_an_error_page(make_user):
    game, julius, agrippina, _ = open_table(make_user)
    services.cancel_game(game.pk, julius)
    poll = signed_in(agrippina).get(reverse("poll", args=[game.code]) + "?version=1", HTTP_HX_REQUEST="true")
    assert poll.status_code == 404
    body = poll.content.decode()
    assert 'id="board"' in body and "the host cancelled it" in body and "hx-trigger" not in body


def test_a_removed_player_is_told_and_only_they_are(make_user):
    game, julius, agrippina, marcus = open_table(make_user)
    seat = game.seats.get(user=agrippina)
    host, her, him = signed_in(julius), signed_in(agrippina), signed_in(marcus)

    async def scenario():
        hers, his = socket(game.code, her), socket(game.code, him)
        for page in (hers, his):
            assert (await page.connect())[0]
            await page.receive_json_from(timeout=2)
        url = reverse("remove_seat", args=[game.code, seat.pk])
        assert (await database_sync_to_async(host.post)(url)).status_code == 302
        message = await hers.receive_json_from(timeout=2)
        while "removed" not in message:  # who came in before it ({"presence": true})
            message = await hers.receive_json_from(timeout=2)
        told = [message]
        while not await his.receive_nothing(timeout=0.5):
            told.append(await his.receive_json_from(timeout=1))
        for page in (hers, his):
            await page.disconnect()
        return told

    told = run(scenario)
    assert told[0] == {"removed": services.REMOVED}
    assert all("removed" not in message for message in told[1:])  # Marcus hears no such thing


def test_a_signed_out_visitor_is_offered_to_sign_in_to_their_seat(make_table):
    game, _ = make_table("nim")
    page = Client().get(reverse("game", args=[game.code])).content.decode()
    assert "Sign in to play your seat" in page
    assert f'href="/accounts/login/?next=/g/{game.code}/"' in page or f"next=/g/{game.code}/" in page


def test_the_board_marks_the_viewers_turn_for_the_title_and_icon(make_table):
    game, (julius, agrippina) = make_table("nim")  # Julius plays first
    mine = signed_in(julius).get(reverse("game", args=[game.code])).content.decode()
    theirs = signed_in(agrippina).get(reverse("game", args=[game.code])).content.decode()
    assert 'data-my-turn="1"' in mine and 'data-my-turn="0"' in theirs
    assert f'data-title="Nim {game.code}"' in mine and "favicon-turn.svg" in mine
    assert 'id="turn-announce"' in mine and 'aria-live="polite"' in mine and 'id="turn-sound"' in mine
