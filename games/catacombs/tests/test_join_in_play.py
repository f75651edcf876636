"""A latecomer takes a free seat at a Catacombs group table in play: a new, empty library as the
next seat, a turn under way passed for them, a line in the log, and a replay that makes it again."""

from __future__ import annotations

import json

import pytest
from django.urls import reverse

from games.models import Game, Move
from games.play import services
from games.play.replay import replay
from groups import services as group_services
from tests.groups.test_groups import open_table_row

pytestmark = pytest.mark.django_db


@pytest.fixture
def table_with_a_free_seat(make_user):
    """Marcus calls (flips) for Anna and Ben at a table of four seats; the cards of turn 1 are up
    and Anna has written."""
    host, anna, ben = make_user("Marcus"), make_user("Anna"), make_user("Ben")
    game = services.create_game(host, "catacombs", {"flip_mode": "host"}, 4, "seated", host_plays=False)
    for player in (anna, ben):
        services.join_game(game.pk, player)
    services.start_game(game.pk, host)
    game.refresh_from_db()
    services.submit_move(game.pk, host, {"type": "flip"}, game.tokens["host"], as_host=True)
    game.refresh_from_db()
    services.submit_move(game.pk, anna, {"type": "write", "pile": 0, "slot": 0}, game.tokens["0"])
    game.refresh_from_db()
    return game, host, anna, ben


def test_a_latecomer_sits_down_and_writes_from_the_next_cards_on(client, make_user, table_with_a_free_seat):
    game, host, anna, ben = table_with_a_free_seat
    dora = make_user("Dora")
    client.force_login(dora)
    page = client.get(reverse("join", args=[game.code])).content.decode()
    assert "already started" not in page and "Take a seat" in page
    assert "The game is under way: you write from the next cards on." in page and "(2 of 4)" in page
    response = client.post(reverse("join", args=[game.code]))
    assert response.status_code == 302 and response["Location"] == game.get_absolute_url()
    game.refresh_from_db()
    seat = game.seats.get(user=dora)
    assert seat.position == 2 and game.players == 3 and game.state["players"] == 3
    assert game.state["choices"][2] == {"type": "pass", "joined": True}  # this turn is passed for her
    board = client.get(game.get_absolute_url()).content.decode()
    assert "You sat down while these cards were up: you write from the next cards on." in board
    assert game.engine.to_act(game.state) == [1]  # the table still waits for Ben only
    line = Move.objects.filter(game=game).order_by("-number").first().summary
    assert line == "Dora sat down; they write from the next cards on."
    services.submit_move(game.pk, ben, {"type": "pass"}, game.tokens["1"])
    game.refresh_from_db()
    services.submit_move(game.pk, host, {"type": "flip"}, game.tokens["host"], as_host=True)
    game.refresh_from_db()
    assert game.engine.to_act(game.state) == [0, 1, 2]
    write = game.engine.legal_moves(game.state, 2)[0]
    response = client.post(
        reverse("move", args=[game.code]),
        {"move": json.dumps(write), "turn": game.tokens["2"]},
        HTTP_HX_REQUEST="true",
    )
    assert response.status_code == 200
    game.refresh_from_db()
    assert game.state["choices"][2] == write
    assert replay(game) == game.state
    client.force_login(dora)  # joining again opens her seat
    assert client.post(reverse("join", args=[game.code]))["Location"] == game.get_absolute_url()
    assert game.seats.filter(user=dora).count() == 1


def test_a_guest_joins_in_play_by_name(client, table_with_a_free_seat):
    game, *_ = table_with_a_free_seat
    response = client.post(reverse("join", args=[game.code]), {"display_name": "Eli"})
    assert response.status_code == 302
    game.refresh_from_db()
    assert game.seats.get(position=2).name == "Eli" and game.state["players"] == 3


def test_a_full_table_in_play_says_so(client, make_user, table_with_a_free_seat):
    game, *_ = table_with_a_free_seat
    Game.objects.filter(pk=game.pk).update(max_seats=2)
    client.force_login(make_user("Dora"))
    response = client.post(reverse("join", args=[game.code]))
    assert response.status_code == 409 and "This table is full" in response.content.decode()
    game.refresh_from_db()
    assert game.players == 2 and game.state["players"] == 2


def test_other_games_in_play_still_take_no_latecomer(client, make_user, make_table):
    game, _ = make_table("poker", ("Julius", "Agrippina"))
    Game.objects.filter(pk=game.pk).update(max_seats=4)
    client.force_login(make_user("Dora"))
    response = client.post(reverse("join", args=[game.code]))
    assert response.status_code == 409
    assert "This game has already started; it cannot take new players." in response.content.decode()


def test_the_group_page_offers_the_free_seat_of_a_table_in_play(client, make_user, table_with_a_free_seat):
    game, host, anna, ben = table_with_a_free_seat
    dora = make_user("Dora")
    group = group_services.create_group(host, "Parish")
    group_services.join_group(group, dora)
    client.force_login(dora)
    row = open_table_row(client.get(reverse("group", args=[group.pk])).content.decode(), game)
    assert "Take a seat" in row and "under way" in row
    assert client.post(reverse("join", args=[game.code])).status_code == 302
    Game.objects.filter(pk=game.pk).update(max_seats=3)  # now full: no longer offered
    body = client.get(reverse("group", args=[group.pk])).content.decode()
    assert game.code not in body.split('id="open-title"')[1].split("</section>")[0]


def test_the_host_is_told_at_the_start_what_becomes_of_free_seats(client, make_user):
    host = make_user("Marcus")
    client.force_login(host)
    table = services.create_game(host, "catacombs", {"flip_mode": "host"}, 4, "seated")
    page = client.get(table.get_absolute_url()).content.decode()
    assert "3 seats free: a latecomer can still take one after the start" in page
    poker = services.create_game(host, "poker", {}, 3, "seated")
    page = client.get(poker.get_absolute_url()).content.decode()
    assert "2 seats free: free seats close once the game starts, and nobody can join after that." in page
    for name in ("Anna", "Ben"):
        services.join_game(poker.pk, make_user(name))
    assert "seats free" not in client.get(poker.get_absolute_url()).content.decode()  # full: nothing to say


def test_the_table_shows_a_latecomer_sat_down_not_that_they_chose(client, make_user, table_with_a_free_seat):
    game, host, anna, ben = table_with_a_free_seat
    dora = make_user("Dora")
    client.force_login(dora)
    client.post(reverse("join", args=[game.code]))
    client.force_login(anna)
    board = client.get(game.get_absolute_url()).content.decode()
    dora_row = board[board.index("Dora</span>") : board.index("</li>", board.index("Dora</span>"))]
    assert "just sat down: writes from the next cards" in dora_row and "has chosen" not in dora_row
    tv = client.get(reverse("tv", args=[game.code])).content.decode()
    dora_row = tv[tv.index("Dora") : tv.index("</li>", tv.index("Dora"))]
    assert "just sat down" in dora_row and "chosen" not in dora_row


def test_the_join_code_stays_in_a_corner_while_a_seat_is_free(client, make_user, table_with_a_free_seat):
    game, host, anna, ben = table_with_a_free_seat
    client.force_login(anna)
    corner = 'class="join-corner'
    code = f'{game.code[:3]}<span class="code-gap"> </span>{game.code[3:]}'
    board, tv = (client.get(reverse(name, args=[game.code])).content.decode() for name in ("game", "tv"))
    assert corner in board and code in board and reverse("join_qr", args=[game.code]) in board
    assert "join-corner on-screen" in tv and reverse("join_qr", args=[game.code]) in tv
    Game.objects.filter(pk=game.pk).update(max_seats=2)  # every seat taken
    board, tv = (client.get(reverse(name, args=[game.code])).content.decode() for name in ("game", "tv"))
    assert corner not in board and corner not in tv
