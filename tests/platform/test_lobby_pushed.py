"""The lobby, pushed: a seat taken at an open table reaches the host's open lobby (its board, drawn
for her socket) and the shared screen (told the version, it fetches its own list) without a poll."""

from __future__ import annotations

import pytest
from django.test import Client
from django.urls import reverse

from games.play import services
from tests.platform.test_endings_pushed import on_the_sockets_thread, run, signed_in, socket

pytestmark = pytest.mark.django_db(transaction=True)


async def pushed(page, above: int, timeout: float = 2) -> dict:
    """The first message on this socket with a version past ``above``."""
    message = await page.receive_json_from(timeout=timeout)
    while message.get("version", 0) <= above:
        message = await page.receive_json_from(timeout=timeout)
    return message


def test_a_join_is_pushed_to_the_lobby_and_to_the_tv(make_user):
    dad, ann, tom = make_user("Dad"), make_user("Ann"), make_user("Tom")
    game = services.create_game(dad, "catacombs", {"flip_mode": "host"}, 4, "seated", host_plays=False)
    services.join_game(game.pk, ann)
    game.refresh_from_db()
    his, tv_client = signed_in(dad), Client()
    his.get(game.get_absolute_url())  # his lobby page is open

    async def scenario():
        lobby = socket(game.code, his)
        assert (await lobby.connect())[0]
        tv = socket(game.code, tv_client)
        tv.scope["query_string"] = b"draw=0"
        assert (await tv.connect())[0]
        for page in (lobby, tv):
            await page.receive_json_from(timeout=2)
        await on_the_sockets_thread(services.join_game, game.pk, tom)
        heard = await pushed(lobby, game.version), await pushed(tv, game.version)
        for page in (lobby, tv):
            await page.disconnect()
        return heard

    board, screen = run(scenario)
    assert board["version"] == game.version + 1 and "Seats (2 of 4)" in board["html"]
    assert "Tom" in board["html"]
    assert screen == {"version": game.version + 1}  # the screen fetches its own list
    listing = tv_client.get(reverse("tv_poll", args=[game.code]), {"version": game.version})
    assert "Seated: Ann, Tom." in listing.content.decode()
