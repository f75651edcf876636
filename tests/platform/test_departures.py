"""When an account goes, its games stay: they replay, print and show their log."""

from __future__ import annotations

import random

import pytest
from django.urls import reverse

from accounts import privacy
from games.models import FORMER_PLAYER, Game, Move
from games.play import services
from games.play.replay import replay
from games.tables.departures import latest_log_lines
from tests.scoresheets.pad_helpers import pdf_text

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("toy_games")]


def play_out(game: Game, users: list) -> Game:
    """Random legal moves by the seated players until the game is over."""
    rng = random.Random(7)
    by_position = {seat.position: seat.user for seat in game.seats.all()}
    for _ in range(5000):
        game.refresh_from_db()
        if game.status == Game.Status.FINISHED:
            return game
        seat = game.engine.to_act(game.state)[0]
        move = rng.choice(game.engine.legal_moves(game.state, seat))
        services.submit_move(game.pk, by_position[seat], move, game.tokens[str(seat)])
    raise AssertionError("the game did not end")


def test_a_finished_game_replays_prints_and_shows_its_log_with_a_former_player(client, make_table):
    game, (julius, agrippina) = make_table("nim")
    game = play_out(game, [julius, agrippina])
    assert Move.objects.filter(game=game, summary__contains="Julius").exists()

    privacy.close_account(julius.pk, keep_names=False)

    game.refresh_from_db()
    assert game.host_id is None
    seats = {seat.position: seat for seat in game.seats.all()}
    assert seats[0].user_id is None and seats[0].name == FORMER_PLAYER
    assert seats[1].user_id == agrippina.pk and seats[1].name == "Agrippina"
    assert replay(game) == game.state
    assert not Move.objects.filter(game=game, summary__contains="Julius").exists()
    assert Move.objects.filter(game=game, seat=0, summary__startswith=FORMER_PLAYER).exists()
    assert game.log_tail == latest_log_lines(game) and not any("Julius" in line for line in game.log_tail)

    client.force_login(agrippina)
    page = client.get(game.get_absolute_url()).content.decode()
    assert FORMER_PLAYER in page and "Julius" not in page
    log = client.get(reverse("log", args=[game.code])).content.decode()
    assert FORMER_PLAYER in log and "Julius" not in log
    response = client.get(reverse("pad_game", args=[game.code]), {"scope": "table"})
    assert response.status_code == 200
    text = pdf_text(response.content)
    assert FORMER_PLAYER in text and "Agrippina" in text and "Julius" not in text
    assert client.get(reverse("my_games")).status_code == 200


def test_a_pad_printed_before_is_not_served_again_with_the_old_name(client, make_table):
    game, (julius, agrippina) = make_table("nim")
    client.force_login(agrippina)
    url = reverse("pad_game", args=[game.code])
    assert "Julius" in pdf_text(client.get(url, {"scope": "table"}).content)
    privacy.close_account(julius.pk, keep_names=False)
    assert "Julius" not in pdf_text(client.get(url, {"scope": "table"}).content)


def test_a_game_in_play_passes_to_the_next_player_and_the_seat_is_left(client, make_table):
    game, (julius, agrippina, gaius) = make_table("race", names=("Julius", "Agrippina", "Gaius"))
    version = game.version
    privacy.close_account(julius.pk, keep_names=False)
    game.refresh_from_db()
    assert game.status == Game.Status.ACTIVE and game.host_id == agrippina.pk
    seat = game.seats.get(position=0)
    assert seat.user_id is None and seat.left and seat.name == FORMER_PLAYER
    assert game.version > version  # open pages redraw
    client.force_login(agrippina)
    assert client.get(game.get_absolute_url()).status_code == 200
    assert replay(game) == game.state


def test_an_open_table_with_others_passes_to_the_next_seated(make_user):
    julius, agrippina, gaius = make_user("Julius"), make_user("Agrippina"), make_user("Gaius")
    game = services.create_game(julius, "race", {}, 4, "seated")
    services.add_bot(game.pk, julius)
    services.join_game(game.pk, agrippina)
    services.join_game(game.pk, gaius)
    privacy.close_account(julius.pk, keep_names=False)
    game.refresh_from_db()
    assert game.host_id == agrippina.pk and game.status == Game.Status.OPEN
    assert sorted(game.seats.values_list("name", flat=True)) == ["Agrippina", "Computer 1", "Gaius"]
    services.start_game(game.pk, agrippina)  # the new host can start it


def test_an_open_table_nobody_else_joined_is_cancelled(make_user):
    julius = make_user("Julius")
    game = services.create_game(julius, "race", {}, 4, "seated")
    services.add_bot(game.pk, julius)
    privacy.close_account(julius.pk, keep_names=False)
    assert not Game.objects.filter(pk=game.pk).exists()


def test_a_seat_at_someone_elses_open_table_is_given_up(make_user):
    julius, agrippina = make_user("Julius"), make_user("Agrippina")
    game = services.create_game(julius, "race", {}, 4, "seated")
    services.join_game(game.pk, agrippina)
    privacy.close_account(agrippina.pk, keep_names=False)
    assert list(game.seats.values_list("name", flat=True)) == ["Julius"]


def test_a_swept_guest_keeps_the_name_played_under(make_table):
    game, (julius, agrippina) = make_table("nim")
    game = play_out(game, [julius, agrippina])
    privacy.close_account(agrippina.pk, keep_names=True)
    seat = game.seats.get(position=1)
    assert seat.user_id is None and seat.name == "Agrippina"
    assert Move.objects.filter(game=game, seat=1, summary__contains="Agrippina").exists()
