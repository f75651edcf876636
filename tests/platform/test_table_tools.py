"""Leaving a game in play and the host's tools, through the real views: each is a move of the one
move path (a Move row, the version, pushed to open pages), refused with a sentence and no change when
it cannot be done, and replayed from the log.

Played on the toy games; the seats handed to and back from a computer player keep Poker, a game of
turns that seats three (Nim seats two, Race has no turns), and a game ending when nobody plays keeps
Catacombs, where one of two leaving is no resignation.
"""

from __future__ import annotations

import json
from datetime import timedelta

import pytest
from django.test import Client
from django.urls import reverse
from django.utils import timezone

from games.contract import kinds
from games.contract.protocol import finishing_places
from games.models import Game, Move, Notification
from games.notifications import deadlines
from games.play import seat_moves, services
from games.play.replay import replay
from games.tables import tools as table_tools
from tests.conformance.subjects import leaving_resigns
from tests.platform.test_endings_pushed import on_the_sockets_thread, run, signed_in, socket

pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.usefixtures("toy_games")]
TAKE = json.dumps({"type": "take", "count": 1})


def tool(client, game, name, seat=None):
    data = {} if seat is None else {"seat": seat}
    return client.post(reverse("host_tool", args=[game.code, name]), data)


def leave(client, game):
    return client.post(reverse("leave", args=[game.code]))


def last_line(game) -> str:
    return game.moves.order_by("-number").first().summary


def unchanged(game):
    """What a refused request must leave as it was."""
    game.refresh_from_db()
    seats = list(game.seats.values_list("position", "left", "is_bot", "user_id"))
    return (game.version, game.move_count, game.status, game.state, game.paused_at, seats)


async def heard_version(page, above: int) -> int:
    message = await page.receive_json_from(timeout=5)
    while message.get("version", 0) <= above:
        message = await page.receive_json_from(timeout=5)
    return message["version"]


def test_a_player_who_leaves_is_replaced_by_a_computer_player_and_the_others_hear_it(make_table):
    game, (julius, agrippina, marcus) = make_table(names=("Julius", "Agrippina", "Marcus"))
    hers, his = signed_in(agrippina), signed_in(julius)
    page_text = hers.get(reverse("game", args=[game.code])).content.decode()
    assert "Leave game" in page_text and "You leave for good: a computer player plays your seat." in page_text

    async def scenario():
        page = socket(game.code, his)
        assert (await page.connect())[0]
        first = await page.receive_json_from(timeout=2)
        response = await on_the_sockets_thread(leave, hers, game)
        version = await heard_version(page, first["version"])
        await page.disconnect()
        return response, version

    response, version = run(scenario)
    assert response.status_code == 302 and response["Location"] == game.get_absolute_url()
    game.refresh_from_db()
    assert version == game.version
    seat = game.seats.get(position=1)
    assert seat.left and seat.is_bot and seat.user_id == agrippina.pk
    move = Move.objects.get(game=game, payload__table="leave")
    assert (move.seat, move.payload, move.summary) == (
        1,
        {"table": "leave", "seat": 1},
        "Agrippina left; a computer player plays their seat.",
    )
    # Her page now watches; she cannot move for the seat, and a second leave is refused.
    assert leave(hers, game).status_code == 403
    # The computer player plays her turns (the worker's task, run here).
    while game.state["turn"] == 0 and game.status == Game.Status.ACTIVE:
        services.submit_move(game.pk, julius, game.engine.default_move(game.state, 0), game.tokens["0"])
        game.refresh_from_db()
    assert services.play_bots(game.pk) > 0
    game.refresh_from_db()
    assert game.state["turn"] == 2 and Move.objects.filter(game=game, seat=1).count() > 1
    assert replay(game) == game.state


@pytest.mark.parametrize("kind", [kind.slug for kind in kinds.all_kinds() if leaving_resigns(kind)])
def test_in_a_two_person_game_leaving_is_resigning_and_the_other_wins(make_table, kind):
    game, (julius, agrippina) = make_table(kind)
    page_text = signed_in(julius).get(reverse("game", args=[game.code])).content.decode()
    assert "You resign and the game ends: Agrippina wins." in page_text
    # The host's Remove asks first with the same outcome, for the other seat.
    assert "Agrippina no longer plays and the game ends: Julius wins." in page_text
    response = leave(signed_in(julius), game)
    assert response.status_code == 302
    game.refresh_from_db()
    assert game.status == Game.Status.FINISHED and game.finished_at is not None
    assert finishing_places(game.engine, game.state) == [2, 1]
    assert last_line(game) == "Julius resigned: Agrippina wins."
    assert not game.seats.get(position=0).left  # the seat stays his: he may ask for a rematch
    assert replay(game) == game.state
    finished = signed_in(agrippina).get(reverse("game", args=[game.code])).content.decode()
    assert "Julius, the host, starts the rematch" in finished  # his page is still open
    assert "Play again with the same table" in signed_in(julius).get(game.get_absolute_url()).content.decode()


def test_a_host_who_leaves_hands_the_table_to_the_next_person_playing(make_table):
    game, (julius, agrippina, marcus) = make_table("race", names=("Julius", "Agrippina", "Marcus"))
    assert leave(signed_in(julius), game).status_code == 302
    game.refresh_from_db()
    assert game.host_id == agrippina.pk
    assert tool(signed_in(julius), game, "end").status_code == 403


def test_the_host_gives_a_seat_to_a_computer_player_and_its_player_is_told(make_table):
    game, (julius, agrippina, marcus) = make_table(names=("Julius", "Agrippina", "Marcus"))
    host, hers, his = signed_in(julius), signed_in(agrippina), signed_in(marcus)
    panel = host.get(reverse("game", args=[game.code])).content.decode()
    assert "Host tools" in panel and 'id="tool-seat-1">Agrippina<' in panel and "Give to a computer" in panel

    async def scenario():
        pages = [socket(game.code, hers), socket(game.code, his)]
        for page in pages:
            assert (await page.connect())[0]
            await page.receive_json_from(timeout=2)
        response = await on_the_sockets_thread(tool, host, game, "computer", 1)
        message = await pages[0].receive_json_from(timeout=5)
        while "removed" not in message:
            message = await pages[0].receive_json_from(timeout=5)
        others = []
        while not await pages[1].receive_nothing(timeout=0.5):
            others.append(await pages[1].receive_json_from(timeout=1))
        for page in pages:
            await page.disconnect()
        return response, message, others

    response, told, others = run(scenario)
    assert response.status_code == 302
    assert told == {"removed": table_tools.GIVEN}
    assert all("removed" not in m for m in others) and any("version" in m for m in others)
    game.refresh_from_db()
    seat = game.seats.get(position=1)
    assert seat.is_bot and not seat.left
    assert last_line(game) == "The host gave Agrippina's seat to a computer player."
    # Her page still shows her seat, but the computer player moves for it.
    game.refresh_from_db()
    assert game.seats.get(position=1).user_id == agrippina.pk
    before = unchanged(game)
    Game.objects.filter(pk=game.pk).update(state={**game.state, "turn": 1})
    game.refresh_from_db()
    refused = hers.post(reverse("move", args=[game.code]), {"move": json.dumps({"type": "roll"}), "turn": 0})
    assert refused.status_code == 403 and "computer player" in refused.content.decode()
    assert tool(host, game, "computer", 1).status_code == 409  # already a computer's
    assert before[0] == unchanged(game)[0]


def test_a_removed_player_is_told_and_a_computer_player_takes_the_seat(make_table):
    game, (julius, agrippina, marcus) = make_table(names=("Julius", "Agrippina", "Marcus"))
    host, hers = signed_in(julius), signed_in(agrippina)

    async def scenario():
        page = socket(game.code, hers)
        assert (await page.connect())[0]
        await page.receive_json_from(timeout=2)
        response = await on_the_sockets_thread(tool, host, game, "remove", 1)
        message = await page.receive_json_from(timeout=5)
        while "removed" not in message:
            message = await page.receive_json_from(timeout=5)
        await page.disconnect()
        return response, message

    response, told = run(scenario)
    assert response.status_code == 302 and told == {"removed": table_tools.REMOVED}
    game.refresh_from_db()
    seat = game.seats.get(position=1)
    assert seat.left and seat.is_bot
    assert last_line(game) == "The host removed Agrippina; a computer player plays their seat."
    assert tool(host, game, "remove", 1).status_code == 409
    assert replay(game) == game.state


def test_the_host_pauses_and_resumes_a_table_on_a_turn_clock(make_table):
    game, (julius, agrippina) = make_table("nim")
    Game.objects.filter(pk=game.pk).update(turn_deadline=3600)
    host = signed_in(julius)
    assert tool(host, game, "pause").status_code == 302
    game.refresh_from_db()
    assert game.paused_at is not None and last_line(game) == "The host paused the game."
    page_text = signed_in(agrippina).get(reverse("game", args=[game.code])).content.decode()
    assert "The host paused the game" in page_text
    # The top of the board says it in place of the turn banner (hidden); the tab no longer says "your turn".
    his_page = host.get(reverse("game", args=[game.code])).content.decode()
    assert f'role="status"><strong>Paused.</strong> {services.PAUSED}</p>' in his_page
    assert 'class="board nim is-paused"' in his_page and 'data-my-turn="0"' in his_page
    # No move, no clock while paused: even a turn long overdue waits.
    before = unchanged(game)
    move = {"move": TAKE, "turn": game.tokens["0"]}
    refused = host.post(reverse("move", args=[game.code]), move)
    assert refused.status_code == 409 and services.PAUSED in refused.content.decode()
    later = timezone.now() + timedelta(hours=5)
    assert deadlines.apply_default_moves(game.pk, later) == 0
    assert unchanged(game) == before
    assert tool(host, game, "pause").status_code == 409
    waited = game.seats.get(position=0).waiting_since
    Game.objects.filter(pk=game.pk).update(paused_at=timezone.now() - timedelta(minutes=10))
    assert tool(host, game, "resume").status_code == 302
    game.refresh_from_db()
    assert game.paused_at is None and last_line(game) == "The host resumed the game."
    his_page = host.get(reverse("game", args=[game.code])).content.decode()
    assert "pause-banner" not in his_page and "is-paused" not in his_page and 'data-my-turn="1"' in his_page
    shifted = game.seats.get(position=0).waiting_since - waited
    assert timedelta(minutes=9) < shifted < timedelta(minutes=11)  # the turn clock moved on by the pause
    assert host.post(reverse("move", args=[game.code]), {**move, "turn": game.tokens["0"]}).status_code == 200
    assert tool(host, game, "resume").status_code == 409
    game.refresh_from_db()
    assert game.state["last"] == 1 and replay(game) == game.state


def test_a_table_without_a_clock_pauses_too(make_table):
    """A family stops for dinner: no move is taken until the host resumes."""
    game, (julius, agrippina) = make_table("nim")
    tools = signed_in(julius).get(reverse("table_tools", args=[game.code])).content.decode()
    assert "Pause the game" in tools and "the clocks stop" not in tools
    Game.objects.filter(pk=game.pk).update(turn_deadline=3600)
    tools = signed_in(julius).get(reverse("table_tools", args=[game.code])).content.decode()
    assert "No move is taken until you resume it; the clocks stop, and the computer players wait." in tools
    Game.objects.filter(pk=game.pk).update(turn_deadline=None)
    assert tool(signed_in(julius), game, "pause").status_code == 302
    game.refresh_from_db()
    assert game.paused_at is not None and last_line(game) == "The host paused the game."
    before = unchanged(game)
    move = {"move": TAKE, "turn": game.tokens["0"]}
    refused = signed_in(julius).post(reverse("move", args=[game.code]), move)
    assert refused.status_code == 409 and services.PAUSED in refused.content.decode()
    assert unchanged(game) == before
    assert tool(signed_in(julius), game, "resume").status_code == 302
    game.refresh_from_db()
    assert game.paused_at is None and replay(game) == game.state


def test_giving_a_seat_asks_first_and_its_player_takes_it_back(make_table, make_user):
    game, (julius, agrippina, marcus) = make_table(names=("Julius", "Agrippina", "Marcus"))
    host, hers = signed_in(julius), signed_in(agrippina)
    panel = host.get(reverse("table_tools", args=[game.code])).content.decode()
    assert '<summary aria-describedby="tool-seat-1">Give to a computer…</summary>' in panel
    assert "A computer player plays Agrippina's seat from now on; Agrippina still watches" in panel
    assert "Yes, give Agrippina's seat to a computer" in panel
    assert "Take my seat back" not in hers.get(reverse("table_tools", args=[game.code])).content.decode()
    refused = hers.post(reverse("take_back", args=[game.code]))
    assert refused.status_code == 409 and "You play your seat yourself already." in refused.content.decode()

    assert tool(host, game, "computer", 1).status_code == 302
    assert "Take my seat back" in hers.get(reverse("table_tools", args=[game.code])).content.decode()
    before = unchanged(game)
    for client, status, sentence in (
        (signed_in(make_user("Livia")), 403, "You have no seat at this table."),
        (Client(), 403, "Sign in to play at this table."),
        (signed_in(marcus), 409, "You play your seat yourself already."),
    ):
        refused = client.post(reverse("take_back", args=[game.code]))
        assert refused.status_code == status and sentence in refused.content.decode()
    assert unchanged(game) == before

    taken = hers.post(reverse("take_back", args=[game.code]), follow=True)
    assert "You took your seat back: you play it from your next turn on." in taken.content.decode()
    game.refresh_from_db()
    seat = game.seats.get(position=1)
    assert not seat.is_bot and not seat.left and seat.user_id == agrippina.pk
    assert last_line(game) == "Agrippina took their seat back from the computer player."
    assert replay(game) == game.state
    # Her next turn is hers: the computer player moves no more for her.
    while game.state["turn"] == 0:
        services.submit_move(game.pk, julius, game.engine.default_move(game.state, 0), game.tokens["0"])
        game.refresh_from_db()
    assert services.play_bots(game.pk) == 0 and game.engine.to_act(game.state) == [1]
    services.submit_move(game.pk, agrippina, game.engine.default_move(game.state, 1), game.tokens["1"])


def test_the_host_ends_the_game_as_it_stands_and_the_pad_prints_it(make_table):
    game, (julius, agrippina) = make_table("romirami")
    response = tool(signed_in(julius), game, "end")
    assert response.status_code == 302
    game.refresh_from_db()
    assert game.status == Game.Status.FINISHED and game.engine.is_over(game.state)
    winners = [i for i, p in enumerate(finishing_places(game.engine, game.state)) if p == 1]
    assert last_line(game).startswith("The host ended the game as it stands: ")
    assert len(winners) >= 1
    pad = signed_in(agrippina).get(reverse("pad_game", args=[game.code]) + "?scope=table")
    assert pad.status_code == 200 and pad["Content-Type"] == "application/pdf"
    assert replay(game) == game.state
    assert tool(signed_in(julius), game, "end").status_code == 409  # over: nothing more to end


@pytest.mark.parametrize(
    ("who", "name", "seat", "status", "sentence"),
    [
        ("guest", "end", None, 403, "Only the host can do that."),
        ("host", "explode", None, 400, "The host has no such tool."),
        ("host", "computer", 7, 404, "That seat is not at this table."),
        ("host", "computer", "x", 404, "That seat is not at this table."),
        ("host", "remove", 0, 409, "To give up your own seat, leave the game."),
        ("host", "resume", None, 409, "The game is not paused."),
        ("nobody", "end", None, 403, "Sign in to play at this table."),
    ],
)
def test_refusals_say_why_and_change_nothing(make_table, who, name, seat, status, sentence):
    game, (julius, agrippina) = make_table("nim")
    client = {"host": signed_in(julius), "guest": signed_in(agrippina)}.get(who)
    before = unchanged(game)
    if client is None:
        from django.test import Client

        client = Client()
    response = tool(client, game, name, seat)
    assert response.status_code == status and sentence in response.content.decode()
    assert unchanged(game) == before


def test_a_posted_move_cannot_pass_for_a_seat_move(make_table):
    game, (julius, _) = make_table("nim")
    before = unchanged(game)
    data = {"move": json.dumps({"table": "end"}), "turn": game.tokens["0"]}
    response = signed_in(julius).post(reverse("move", args=[game.code]), data)
    assert response.status_code == 400 and unchanged(game) == before


def test_a_seat_move_is_made_once_when_the_same_request_comes_twice(make_table):
    game, (julius, _) = make_table("nim")
    Game.objects.filter(pk=game.pk).update(turn_deadline=3600)
    table_tools.host_tool(game.pk, julius, seat_moves.PAUSE, request_id="req-12345678")
    version = Game.objects.get(pk=game.pk).version
    table_tools.host_tool(game.pk, julius, seat_moves.PAUSE, request_id="req-12345678")  # its answer was lost
    assert Game.objects.get(pk=game.pk).version == version
    assert Move.objects.filter(game=game, payload__table="pause").count() == 1


def test_a_seat_played_by_a_computer_player_is_mailed_no_turn(make_table):
    game, (julius, agrippina, marcus) = make_table(names=("Julius", "Agrippina", "Marcus"))
    Game.objects.filter(pk=game.pk).update(turn_deadline=86400)
    table_tools.host_tool(game.pk, julius, seat_moves.COMPUTER, 1)
    game.refresh_from_db()
    while game.state["turn"] == 0:
        services.submit_move(game.pk, julius, game.engine.default_move(game.state, 0), game.tokens["0"])
        game.refresh_from_db()
    while game.state["turn"] == 1:
        services.play_bots(game.pk)
        game.refresh_from_db()
    turns = Notification.objects.filter(game=game, kind="turn")
    assert not turns.filter(user=agrippina).exists()  # the computer player took her turn
    assert turns.filter(user=marcus).exists()


def test_when_the_last_player_leaves_a_table_nobody_plays_the_game_ends(make_table):
    game, (julius, agrippina) = make_table("catacombs", options={"flip_mode": "timed", "turn_seconds": 60})
    hers, his = signed_in(agrippina), signed_in(julius)
    assert "Nobody else plays here" not in his.get(reverse("game", args=[game.code])).content.decode()
    assert leave(hers, game).status_code == 302
    assert "Nobody else plays here any more" in his.get(reverse("game", args=[game.code])).content.decode()
    assert leave(his, game).status_code == 302
    game.refresh_from_db()
    assert game.status == Game.Status.FINISHED
    assert last_line(game).startswith("Nobody plays any more, so the game ends as it stands: ")


def test_my_games_lists_no_turn_of_a_seat_a_computer_player_plays(make_table):
    game, (julius, agrippina) = make_table("nim")  # Julius plays first, and hosts
    Game.objects.filter(pk=game.pk).update(host=agrippina)
    table_tools.host_tool(game.pk, agrippina, seat_moves.COMPUTER, 0)  # Julius fell asleep
    assert game.seats.get(position=0).awaiting
    page = signed_in(julius).get(reverse("my_games")).content.decode()
    assert game.code in page and "Your turn" not in page
