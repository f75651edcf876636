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
