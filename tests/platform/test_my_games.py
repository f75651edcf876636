"""My games says what to do: your turn first (time left), then waiting (for whom), then finished
(your place, the winner, the pad); the list polls cheaply and hears a push when a game changes."""

from __future__ import annotations

import asyncio
from concurrent.futures import ThreadPoolExecutor
from datetime import timedelta

import pytest
from channels.db import database_sync_to_async
from channels.testing import WebsocketCommunicator
from django.test import Client
from django.urls import reverse
from django.utils import timezone

from config.asgi import application
from games.contract.protocol import places
from games.models import Game, Seat
from games.play import services
from games.web.my_games import my_games, stamp
from tests.conformance.play import Game as RandomGame
from tests.conformance.subjects import subject

ORIGIN = (b"origin", b"http://localhost")
pytestmark = pytest.mark.usefixtures("toy_games")


def finish(game: Game) -> Game:
    """Plays the game to its end with the engine alone (random legal moves) and saves it finished."""
    state = RandomGame(subject(game.kind), game.players, game.options, "7", begin=game.state).play()
    assert game.engine.is_over(state)
    Game.objects.filter(pk=game.pk).update(
        state=state, status=Game.Status.FINISHED, finished_at=timezone.now()
    )
    Seat.objects.filter(game=game).update(awaiting=False)
    game.refresh_from_db()
    return game


@pytest.mark.django_db
def test_your_turn_first_then_waiting_for_whom_then_finished(client, make_table, make_user):
    mine, (julius, agrippina) = make_table("nim")  # Julius's turn (seat 0)
    theirs = services.create_game(agrippina, "nim", {}, 2, "seated")
    services.join_game(theirs.pk, julius)
    services.start_game(theirs.pk, agrippina)  # Agrippina's turn
    done, _ = make_table("nim", names=("Julius2", "Marcus"))
    Seat.objects.filter(game=done, position=0).update(user=julius)
    finish(done)
    client.force_login(julius)
    response = client.get(reverse("my_games"))
    body = response.content.decode()
    listed = response.context["mine"]
    assert [row.game.code for row in listed.your_turn] == [mine.code]
    assert [(row.game.code, row.line) for row in listed.waiting] == [(theirs.code, "Waiting for Agrippina")]
    [row] = listed.finished
    scores = done.engine.scores(done.state)
    assert row.place == places(scores)[0] and row.my_score == scores[0]
    assert row.pad_url == reverse("pad_game", args=[done.code]) and row.pad_url in body
    assert ("You won" in row.line) == (row.place == 1)
    if row.place != 1:
        assert "Marcus won" in row.line
    assert body.index("Your turn") < body.index("Waiting for Agrippina") < body.index("Finished")
    assert "<title>(1) My games · Roman Games</title>" in body  # the tab counts the games awaiting you


@pytest.mark.django_db
def test_a_turn_with_a_deadline_shows_the_time_left_soonest_first(make_user):
    julius, agrippina = make_user("Julius"), make_user("Agrippina")
    games = []
    for deadline in (3 * 86400, 6 * 3600, None):
        game = services.create_game(julius, "nim", {}, 2, "seated", turn_deadline=deadline)
        services.join_game(game.pk, agrippina)
        services.start_game(game.pk, julius)
        games.append(game)
    now = timezone.now()
    rows = my_games(julius, now).your_turn
    assert [row.game.pk for row in rows] == [games[1].pk, games[0].pk, games[2].pk]
    since = Seat.objects.get(game=games[1], position=0).waiting_since
    assert rows[0].due_at == since + timedelta(hours=6)
    assert rows[2].due_at is None


@pytest.mark.django_db
def test_the_page_says_how_long_is_left(client, make_user):
    julius, agrippina = make_user("Julius"), make_user("Agrippina")
    game = services.create_game(julius, "nim", {}, 2, "seated", turn_deadline=86400)
    services.join_game(game.pk, agrippina)
    services.start_game(game.pk, julius)
    client.force_login(julius)
    body = client.get(reverse("my_games")).content.decode()
    assert "left (until" in body and "data-deadline=" in body


@pytest.mark.django_db
def test_an_open_table_says_who_it_waits_for(make_user):
    julius, agrippina = make_user("Julius"), make_user("Agrippina")
    game = services.create_game(julius, "race", {}, 3, "seated")
    services.join_game(game.pk, agrippina)
    assert my_games(agrippina).waiting[0].line == "Open table, 2 of 3 seated: waiting for Julius to start"
    assert my_games(julius).waiting[0].line == "Open table, 2 of 3 seated: start it when you are ready"


@pytest.mark.django_db
def test_the_poll_is_204_until_a_game_changes(client, make_table, django_assert_max_num_queries):
    game, (julius, agrippina) = make_table("nim")
    client.force_login(julius)
    current = stamp(julius)
    with django_assert_max_num_queries(3):  # the session, the user, the stamp
        assert client.get(reverse("my_games_poll"), {"stamp": current}).status_code == 204
    services.submit_move(game.pk, julius, {"type": "take", "count": 1}, game.tokens["0"])
    response = client.get(reverse("my_games_poll"), {"stamp": current})
    assert response.status_code == 200 and 'id="my-games"' in response.content.decode()


@pytest.mark.django_db
def test_the_list_is_for_signed_in_players_only(client):
    assert client.get(reverse("my_games_poll")).status_code == 302


def run(scenario):
    with ThreadPoolExecutor(1) as thread:
        return thread.submit(asyncio.run, scenario()).result()


def session_cookie(user) -> tuple[bytes, bytes]:
    client = Client()
    client.force_login(user)
    return (b"cookie", f"sessionid={client.cookies['sessionid'].value}".encode())


def player_socket(cookie: tuple[bytes, bytes]) -> WebsocketCommunicator:
    return WebsocketCommunicator(application, "/ws/me/", headers=[ORIGIN, cookie])


@pytest.mark.django_db(transaction=True)
def test_a_move_reaches_the_players_my_games_and_nobody_elses(make_table, make_user):
    game, (julius, agrippina) = make_table("nim")
    cookies = session_cookie(agrippina), session_cookie(make_user("Marcus"))

    async def scenario():
        agrippinas, strangers = player_socket(cookies[0]), player_socket(cookies[1])
        assert (await agrippinas.connect())[0] and (await strangers.connect())[0]
        move = database_sync_to_async(services.submit_move)
        await move(game.pk, julius, {"type": "take", "count": 1}, game.tokens["0"])
        heard = await agrippinas.receive_json_from(timeout=2)
        stranger_heard = await strangers.receive_nothing(timeout=0.5)
        await agrippinas.disconnect()
        await strangers.disconnect()
        return heard, stranger_heard

    heard, stranger_heard_nothing = run(scenario)
    assert heard == {"changed": True} and stranger_heard_nothing


@pytest.mark.django_db(transaction=True)
def test_a_visitor_gets_no_player_socket():
    async def scenario():
        socket = WebsocketCommunicator(application, "/ws/me/", headers=[ORIGIN])
        connected, code = await socket.connect()
        return connected, code

    assert run(scenario) == (False, 4403)
