"""The host's tools at a Catacombs group table, through the real views: a timed table paused and
resumed (its turn starts afresh), a seat given to a computer player (it writes), a seat removed (it
passes), the game ended with the sheets scored as they stand."""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.urls import reverse
from django.utils import timezone

from games.catacombs import tables
from games.catacombs.tests.test_tables import called_table  # noqa: F401, F811 — a fixture
from games.models import Game, Move
from games.notifications import deadlines
from games.play import services
from games.play.replay import replay

pytestmark = pytest.mark.django_db


def tool(client, game, name, seat=None):
    return client.post(reverse("host_tool", args=[game.code, name]), {} if seat is None else {"seat": seat})


def test_a_timed_table_stops_flipping_while_paused_and_its_turn_starts_afresh(client, called_table):  # noqa: F811
    game, host, (anna, ben, cleo) = called_table("timed", {"turn_seconds": 60})
    client.force_login(host)
    assert "Pause the game" in client.get(game.get_absolute_url()).content.decode()
    assert tool(client, game, "pause").status_code == 302
    game.refresh_from_db()
    assert deadlines.clock_due_at(game) is None and tables.turn_deadline(game) is None
    # Every screen says so at its top: the players' boards (the "Your turn" banner hidden) and the TV,
    # whose countdown reads "Paused".
    banner = f"<strong>Paused.</strong> {services.PAUSED}"
    client.force_login(anna)
    board = client.get(game.get_absolute_url()).content.decode()
    assert banner in board and "is-paused" in board and 'data-my-turn="0"' in board
    assert board.index(banner) < board.index("Your turn: write one of the three books")
    tv = client.get(reverse("tv", args=[game.code])).content.decode()
    assert banner in tv and '<p class="cc-tv-line cc-tv-paused">Paused</p>' in tv
    assert "Time left" not in tv and "Write one of these books" not in tv
    client.force_login(host)
    assert deadlines.run_clock(game.pk, timezone.now() + timedelta(hours=1)) == 0
    write = game.engine.legal_moves(game.state, 0)[0]
    with pytest.raises(services.MoveRejected, match="paused"):
        services.submit_move(game.pk, anna, write, game.tokens["0"])
    assert tool(client, game, "resume").status_code == 302
    game.refresh_from_db()
    tv = client.get(reverse("tv", args=[game.code])).content.decode()
    assert "Paused" not in tv and "Time left" in tv
    resumed = Move.objects.get(game=game, payload__table="resume").created_at
    assert tables.turn_deadline(game) == resumed + timedelta(seconds=60)
    assert deadlines.clock_due_at(game) == resumed + timedelta(seconds=60)
    assert deadlines.run_clock(game.pk, resumed + timedelta(seconds=61)) > 0  # the turn is up: passes, a flip
    game.refresh_from_db()
    assert game.state["turn"] == 2 and replay(game) == game.state


def test_a_seat_given_to_a_computer_player_writes_and_a_removed_seat_passes(client, called_table):  # noqa: F811
    game, host, (anna, ben, cleo) = called_table("auto")
    client.force_login(host)
    assert tool(client, game, "computer", 0).status_code == 302
    assert tool(client, game, "remove", 1).status_code == 302
    game.refresh_from_db()
    seats = {s.position: s for s in game.seats.all()}
    assert seats[0].is_bot and not seats[0].left and seats[1].left and not seats[1].is_bot
    assert game.state["choices"][1] == {"type": "pass"}  # the removed seat passed at once
    lines = list(game.moves.order_by("number").values_list("summary", flat=True))
    assert "The host removed Ben; their seat passes every turn from now on." in lines
    assert services.play_bots(game.pk) == 1  # the computer player writes for Anna's seat
    game.refresh_from_db()
    assert game.state["choices"][0] is not None or game.state["turn"] == 2
    assert replay(game) == game.state


def test_the_host_is_told_of_the_removal_and_every_screen_shows_the_seat_gone(client, called_table):  # noqa: F811
    game, host, (anna, ben, cleo) = called_table("host")
    services.submit_move(game.pk, host, {"type": "flip"}, game.tokens["host"], as_host=True)
    client.force_login(host)
    page = client.post(reverse("host_tool", args=[game.code, "remove"]), {"seat": 1}, follow=True)
    body = page.content.decode()
    # The confirmation says what the host did, not the pass the table then made for the seat.
    removed = "The host removed Ben; their seat passes every turn from now on."
    assert [str(m) for m in page.context["messages"]] == [removed]
    game.refresh_from_db()
    assert game.log_tail[:2] == ["Ben's seat passes.", removed]
    board_ben = body.split('<ul class="cc-players">')[1].split("</li>")[1]
    assert 'class="gone"' in board_ben and "their seat passes every turn" in board_ben
    assert '<span class="tag">removed</span>' in board_ben and ">left<" not in board_ben
    assert "removed by the host" in body  # the strip of who is here says it too
    assert "has chosen" not in board_ben and "✓" not in board_ben
    tv = client.get(reverse("tv", args=[game.code])).content.decode()
    tv_ben = tv.split('<ul class="cc-tv-players"')[1].split("</li>")[1]
    assert 'class="gone"' in tv_ben and "removed" in tv_ben and "left the game" not in tv_ben
    assert "chosen" not in tv_ben and "✓" not in tv_ben


def test_the_host_ends_a_table_that_kept_flipping(client, called_table):  # noqa: F811
    game, host, players = called_table("timed", {"turn_seconds": 60})
    client.force_login(host)
    scores = game.engine.scores(game.state)
    assert tool(client, game, "end").status_code == 302
    game.refresh_from_db()
    assert game.status == Game.Status.FINISHED and game.engine.scores(game.state) == scores
    assert deadlines.clock_due_at(game) is None
    assert game.moves.latest("number").summary.startswith("The host ended the game as it stands: ")
    assert replay(game) == game.state
    # The end screens say the game did not run to its last card.
    assert tables.ENDED_BY_HOST in client.get(game.get_absolute_url()).content.decode()
    assert tables.ENDED_BY_HOST in client.get(reverse("tv", args=[game.code])).content.decode()


def test_a_game_played_out_or_left_by_everyone_says_how_it_ended(client, called_table):  # noqa: F811
    game, host, (anna, ben, cleo) = called_table("auto")
    assert tables.early_end(game) == ""  # still in play
    for player in (anna, ben, cleo):
        client.force_login(player)
        assert client.post(reverse("leave", args=[game.code])).status_code == 302
    game.refresh_from_db()
    assert game.status == Game.Status.FINISHED and tables.early_end(game) == tables.ENDED_EMPTY
    client.force_login(host)
    body = client.get(game.get_absolute_url()).content.decode()
    assert tables.ENDED_EMPTY in body and tables.ENDED_BY_HOST not in body
