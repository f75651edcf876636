"""Presence over the table's socket (games/live/here.py): connect makes the seat here and tells the
table, the heartbeat renews it, the last disconnect ends it and lets held mail go."""

from __future__ import annotations

import asyncio
from concurrent.futures import ThreadPoolExecutor

import pytest
from channels.db import database_sync_to_async
from django.test import Client

from games.live import presence
from games.models import OpenPage
from games.play.signals import seat_left_page
from tests.platform.test_endings_pushed import socket

pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.usefixtures("toy_games")]


def run(scenario):
    with ThreadPoolExecutor(1) as thread:
        return thread.submit(asyncio.run, scenario()).result()


def test_a_seat_is_here_from_connect_to_its_last_disconnect(make_table):
    game, (julius, agrippina) = make_table("nim")
    client = Client()
    client.force_login(agrippina)
    left = []

    def record(sender, **kwargs):
        left.append((kwargs["game_id"], kwargs["user_id"]))

    seat_left_page.connect(record)
    is_here = database_sync_to_async(presence.is_here)

    async def scenario():
        watcher = socket(game.code)
        assert (await watcher.connect())[0]
        await watcher.receive_json_from(timeout=2)
        tabs = [socket(game.code, client), socket(game.code, client)]
        for tab in tabs:
            assert (await tab.connect())[0]
            await tab.receive_json_from(timeout=2)
        assert await watcher.receive_json_from(timeout=2) == {"presence": True}  # once: she arrived
        assert await watcher.receive_nothing(timeout=0.3)  # the second tab changes nothing
        pages = await database_sync_to_async(OpenPage.objects.count)()
        states = [await is_here(game.pk, agrippina.pk), pages]
        await tabs[0].disconnect()
        states.append(await is_here(game.pk, agrippina.pk))
        await tabs[1].disconnect()
        states.append(await is_here(game.pk, agrippina.pk))
        states.append(await watcher.receive_json_from(timeout=2))  # she left
        await watcher.disconnect()
        return states

    try:
        assert run(scenario) == [True, 2, True, False, {"presence": True}]
    finally:
        seat_left_page.disconnect(record)
    assert left == [(game.pk, agrippina.pk)]
    assert not presence.is_here(game.pk, julius.pk)  # a spectator's socket keeps nobody here


def test_a_host_without_a_seat_is_here_over_the_socket_from_any_tab(make_user):
    from games.play import services

    hostess, clara = make_user("Hostess"), make_user("Clara")
    # Catacombs, where a seatless host has a job: she flips the cards.
    game = services.create_game(hostess, "catacombs", {"flip_mode": "host"}, 1, "seated", host_plays=False)
    services.join_game(game.pk, clara)
    services.start_game(game.pk, hostess)
    client = Client()
    client.force_login(hostess)
    left = []

    def record(sender, **kwargs):
        left.append((kwargs["game_id"], kwargs["user_id"]))

    seat_left_page.connect(record)
    is_here = database_sync_to_async(presence.is_here)

    async def scenario():
        tabs = [socket(game.code, client), socket(game.code, client)]
        for tab in tabs:
            assert (await tab.connect())[0]
            await tab.receive_json_from(timeout=2)
        states = [await is_here(game.pk, hostess.pk)]
        await tabs[0].disconnect()
        states.append(await is_here(game.pk, hostess.pk))
        await tabs[1].disconnect()
        states.append(await is_here(game.pk, hostess.pk))
        return states

    try:
        assert run(scenario) == [True, True, False]
    finally:
        seat_left_page.disconnect(record)
    assert left == [(game.pk, hostess.pk)]  # her last page closing lets her held mail go
