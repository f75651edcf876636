"""Leaving Roman Road and the host's tools there, through the real views: a player who leaves is away
(so counts as stuck) for the rest of the game, the host's pause stops the paced computer players, a computer
player's seat can be removed (stuck too), and the game ends with the hand in play scored."""

from __future__ import annotations

import pytest
from django.urls import reverse

from games.models import Game
from games.play import services
from games.play.replay import replay
from games.romanroad.tests.site import client_for, lobby_table

pytestmark = pytest.mark.django_db


@pytest.fixture
def trio(make_user):
    return make_user("Julius"), make_user("Agrippina"), make_user("Marcus")


def test_a_player_who_leaves_counts_as_stuck_for_the_rest_of_the_game(trio):
    julius, agrippina, marcus = trio
    game = lobby_table(julius, [agrippina, marcus])
    response = client_for(marcus).post(reverse("leave", args=[game.code]))
    assert response.status_code == 302
    game.refresh_from_db()
    assert game.state["left"] == [2] and game.state["away"][2]
    assert game.engine.to_act(game.state) == [0, 1]
    seat = game.seats.get(position=2)
    assert seat.left and not seat.is_bot  # nobody plays it: it is stuck
    line = game.moves.latest("number").summary
    assert line == "Marcus left; their seat counts as stuck for the rest of the game."
    for user in (julius, agrippina):
        services.submit_move(game.pk, user, {"type": "stuck", "hand": 1}, None)
    game.refresh_from_db()
    assert game.state["turnarounds"] == 1 and game.engine.to_act(game.state) == [0, 1]
    assert replay(game) == game.state


def test_pausing_stops_the_computer_players_and_a_computer_seat_can_be_removed(trio):
    julius = trio[0]
    game = lobby_table(julius, bots=2)
    host = client_for(julius)
    assert host.post(reverse("host_tool", args=[game.code, "pause"])).status_code == 302
    game.refresh_from_db()
    version = game.version
    assert services.play_due_bots(game.pk, {1: 0.0}, 0.0, 0.0) == {}  # paused: the pacer ends
    assert Game.objects.get(pk=game.pk).version == version
    assert host.post(reverse("host_tool", args=[game.code, "resume"])).status_code == 302
    moves = Game.objects.get(pk=game.pk).move_count
    assert services.play_due_bots(game.pk, {1: 0.0}, 0.0, 0.0)
    assert Game.objects.get(pk=game.pk).move_count == moves + 1
    response = host.post(reverse("host_tool", args=[game.code, "remove"]), {"seat": 2})
    assert response.status_code == 302
    game.refresh_from_db()
    seat = game.seats.get(position=2)
    assert seat.left and not seat.is_bot and 2 in game.state["left"]
    assert host.post(reverse("host_tool", args=[game.code, "end"])).status_code == 302
    game.refresh_from_db()
    assert game.status == Game.Status.FINISHED and len(game.state["sheet"]) == 1
    assert replay(game) == game.state


def test_a_hand_the_host_ended_says_so_not_that_nobody_could_play(trio):
    julius, agrippina, _ = trio
    game = lobby_table(julius, [agrippina])
    assert client_for(julius).post(reverse("host_tool", args=[game.code, "end"])).status_code == 302
    game.refresh_from_db()
    assert game.state["sheet"][-1]["host"] is True and game.state["sheet"][-1]["amen"] is None
    for url in (game.get_absolute_url(), reverse("tv", args=[game.code])):
        text = client_for(agrippina).get(url).content.decode()
        assert "Hand 1 (ended by the host as it stood: no Amen)" in text
        assert "nobody could play any more" not in text
    assert replay(game) == game.state
    del game.state["sheet"][-1]["host"]  # as a hand nobody could play on is written
    game.save(update_fields=["state"])
    text = client_for(agrippina).get(game.get_absolute_url()).content.decode()
    assert "Hand 1 (nobody could play any more: no Amen)" in text and "ended by the host" not in text
