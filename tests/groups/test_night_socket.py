"""The night TV's socket: open to the TV link's key (or a member), it hears that the night moved —
a move at one of its tables, a table of the group starting — and nothing of anyone else's games."""

from __future__ import annotations

import pytest
from channels.db import database_sync_to_async
from channels.testing import WebsocketCommunicator

from config.asgi import application
from games.play import services as game_services
from games.play.services import seat_key
from groups import services
from groups.models import Membership
from tests.groups.test_night_tv import start
from tests.platform.test_live import ARRIVES, ORIGIN, run
from tests.platform.test_my_games import session_cookie

pytestmark = pytest.mark.django_db(transaction=True)


def night_socket(group, key: str | None, cookie=None) -> WebsocketCommunicator:
    path = f"/ws/night/{group.pk}/" + (f"{key}/" if key else "")
    return WebsocketCommunicator(application, path, headers=ORIGIN + ([cookie] if cookie else []))


@database_sync_to_async
def move(game, user, payload: dict) -> None:
    game.refresh_from_db()
    position = game.seats.get(user=user).position
    game_services.submit_move(game.pk, user, payload, game.tokens[seat_key(position)])


def test_only_the_tv_link_or_a_member_opens_the_nights_socket(family, make_user):
    group, anna, *_ = family
    other = services.create_group(make_user("Dora"), "Others")
    stranger = session_cookie(make_user("Eve"))
    tries = [
        (group.tv_token, None, True),
        (None, session_cookie(anna), True),
        ("wrong", None, False),
        (other.tv_token, None, False),
        (None, stranger, False),
        (None, None, False),
    ]

    async def scenario():
        answers = []
        for key, cookie, _ in tries:
            socket = night_socket(group, key, cookie)
            connected, _ = await socket.connect()
            answers.append(connected)
            if connected:
                await socket.disconnect()
        return answers

    assert run(scenario) == [allowed for *_, allowed in tries]


def test_a_move_at_a_table_of_the_night_and_a_new_table_reach_the_tv(family, make_user):
    group, anna, ben, clara = family
    services.start_night(Membership.objects.get(group=group, user=anna))
    dice = start(anna, [ben], "poker")
    dora = make_user("Dora")
    elsewhere = start(dora, [make_user("Eve")], "poker")  # nobody of the group
    claras = session_cookie(clara)

    async def scenario():
        tv = night_socket(group, group.tv_token)
        assert (await tv.connect())[0]
        await move(elsewhere, dora, {"type": "roll"})
        quiet = await tv.receive_nothing(timeout=0.5)
        await move(dice, anna, {"type": "roll"})
        heard = await tv.receive_json_from(timeout=ARRIVES)
        later = await database_sync_to_async(start)(ben, [clara], "catacombs", {"flip_mode": "host"})
        started = await tv.receive_json_from(timeout=ARRIVES)
        while not await tv.receive_nothing(timeout=0.3):  # the rest of the start's pushes
            await tv.receive_json_from()
        # Clara opens the new table's page: only its table hears who came (her "My games" does not).
        page = WebsocketCommunicator(application, f"/ws/g/{later.code}/", headers=[*ORIGIN, claras])
        assert (await page.connect())[0]
        followed = await tv.receive_json_from(timeout=ARRIVES)
        await page.disconnect()
        await tv.disconnect()
        return quiet, heard, started, followed

    quiet, *heard = run(scenario)
    assert quiet and heard == [{"changed": True}] * 3
