"""Nobody waits on a sleeping phone: once everyone the table waits on has been away the grace, anyone
at a host's table may move it on, and an automatic or timed table passes a phone that slept during
the sitting by itself; a player who plays by mail, seen long ago, is waited for."""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.urls import reverse
from django.utils import timezone

from games.catacombs import tables
from games.catacombs.tests.test_tables import called_table  # noqa: F401 — a fixture
from games.live import away, presence
from games.models import Game, Move, Seat
from games.notifications import deadlines
from games.play import services
from games.play.replay import replay

pytestmark = pytest.mark.django_db

WRITE = {"type": "write", "pile": 0, "slot": 0}


def gone_for(game: Game, position: int, minutes: float) -> None:
    """The seat has had no page open since ``minutes`` ago, awaited all that time."""
    then = timezone.now() - timedelta(minutes=minutes)
    Seat.objects.filter(game=game, position=position).update(last_seen=then, waiting_since=then)


def here(game: Game, position: int) -> None:
    presence.opened(Seat.objects.get(game=game, position=position).pk, f"test-page-{position}")


def write(game: Game, user, seat: int) -> None:
    game.refresh_from_db()
    services.submit_move(game.pk, user, WRITE, game.tokens[str(seat)])
    game.refresh_from_db()


def last_line(game: Game) -> str:
    return Move.objects.filter(game=game).order_by("-number").values_list("summary", flat=True).first()


@pytest.fixture
def host_table(called_table):  # noqa: F811
    """A host's table after the first flip: Anna and Ben wrote, Cleo is still choosing."""
    game, host, (anna, ben, cleo) = called_table("host")
    services.submit_move(game.pk, host, {"type": "flip"}, game.tokens["host"], as_host=True)
    write(game, anna, 0)
    write(game, ben, 1)
    return game, host, (anna, ben, cleo)


def test_a_player_moves_the_table_on_past_a_phone_away_the_grace(client, host_table):
    game, host, (anna, ben, cleo) = host_table
    here(game, 0)
    gone_for(game, 2, 3)
    client.force_login(ben)
    page = client.get(game.get_absolute_url()).content.decode()
    assert "Waiting on <strong>Cleo</strong>, away (seen 3\xa0minutes ago)" in page
    assert "Move on without Cleo" in page
    response = client.post(reverse("move_on", args=[game.code]))
    assert response.status_code == 302
    game.refresh_from_db()
    # Cleo passes and the turn resolves; the next cards are still the host's to flip.
    assert game.state["turn"] == 1 and game.state["phase"] == "flip"
    assert last_line(game) == "Cleo is away and passes: the table moved on. Turn 1 resolved."
    assert replay(game) == game.state


def test_before_the_grace_the_table_waits_and_says_until_when(client, host_table):
    game, host, (anna, ben, cleo) = host_table
    gone_for(game, 2, 0.25)  # 105 s to go: "in 2 minutes"
    client.force_login(anna)
    page = client.get(game.get_absolute_url()).content.decode()
    assert "Move on without" not in page
    assert "anyone at the table can move on without them in 2 minutes" in page
    version = game.version
    response = client.post(reverse("move_on", args=[game.code]))
    assert response.status_code == 409
    assert "Cleo went away only a moment ago: the table can move on without them in 2 minutes." in (
        response.content.decode()
    )
    game.refresh_from_db()
    assert game.version == version


def test_a_player_who_is_here_is_never_moved_on(client, host_table):
    game, host, (anna, ben, cleo) = host_table
    gone_for(game, 2, 10)
    here(game, 2)  # back, and choosing
    client.force_login(anna)
    assert "Waiting on" not in client.get(game.get_absolute_url()).content.decode()
    response = client.post(reverse("move_on", args=[game.code]))
    assert response.status_code == 409
    assert "The table is not waiting on anyone away" in response.content.decode()
    game.refresh_from_db()
    assert game.state["turn"] == 1


def test_only_someone_at_the_table_moves_it_on(client, host_table, make_user):
    game, host, players = host_table
    gone_for(game, 2, 10)
    client.force_login(make_user("Visitor"))
    response = client.post(reverse("move_on", args=[game.code]))
    assert response.status_code == 403
    assert "You have no seat at this table." in response.content.decode()
    client.logout()
    assert client.post(reverse("move_on", args=[game.code])).status_code == 403
    game.refresh_from_db()
    assert game.state["turn"] == 1


def test_the_host_who_has_slept_is_moved_on_past_too(client, called_table):  # noqa: F811
    game, host, (anna, ben, cleo) = called_table("host")
    services.submit_move(game.pk, host, {"type": "flip"}, game.tokens["host"], as_host=True)
    for seat, player in enumerate((anna, ben, cleo)):
        write(game, player, seat)
    assert game.state["phase"] == "flip"
    five_ago = timezone.now() - timedelta(minutes=5)  # the flip due and the host gone since
    Game.objects.filter(pk=game.pk).update(host_last_seen=five_ago, updated_at=five_ago)
    game.refresh_from_db()
    assert away.waiting(game).stalled()
    client.force_login(anna)
    assert client.post(reverse("move_on", args=[game.code])).status_code == 302
    game.refresh_from_db()
    assert game.state["turn"] == 2 and game.state["phase"] == "write"
    assert last_line(game).startswith("The host is away: the table flipped on. The cards were flipped:")
    assert replay(game) == game.state


def test_an_automatic_table_passes_a_phone_that_slept_while_the_others_are_here(called_table):  # noqa: F811
    game, host, (anna, ben, cleo) = called_table("auto")
    here(game, 0)
    gone_for(game, 2, 3)
    write(game, anna, 0)
    assert game.state["turn"] == 1
    write(game, ben, 1)  # the table's own moves follow: Cleo passes, the next cards come
    assert game.state["turn"] == 2
    lines = list(Move.objects.filter(game=game).order_by("number").values_list("summary", flat=True))
    assert any(line.startswith("Cleo is away: their seat passes this turn.") for line in lines)
    assert replay(game) == game.state


def test_nobody_is_passed_while_nobody_is_waiting_or_for_a_player_seen_long_ago(called_table):  # noqa: F811
    game, host, (anna, ben, cleo) = called_table("auto")
    gone_for(game, 2, 3)
    write(game, anna, 0)
    write(game, ben, 1)  # nobody here: a game played by mail waits for Cleo
    assert game.state["turn"] == 1
    here(game, 0)
    gone_for(game, 2, 180)  # seen three hours ago: a mail player, not a phone asleep
    assert services.table_moves_now(game.pk) == 0
    gone_for(game, 2, 3)
    assert services.table_moves_now(game.pk) == 2  # the pass, then the flip
    game.refresh_from_db()
    assert game.state["turn"] == 2


@pytest.mark.parametrize("mode", ["auto", "timed", "host"])
def test_a_table_asks_again_once_a_phone_has_been_away_the_grace(called_table, mode):  # noqa: F811
    game, host, players = called_table(mode, {"turn_seconds": 3600} if mode == "timed" else {})
    asks = game.game_kind.presence_moves(game)
    # A host's table is moved on by a person (or the host's Flip anyway), never by itself.
    assert asks == (None if mode == "host" else away.grace().total_seconds())
    assert tables.MOVE_ON == game.game_kind.move_on(game)


def test_a_page_back_from_sleep_reads_what_it_missed_and_nothing_more(client, host_table):
    game, host, (anna, ben, cleo) = host_table
    client.force_login(cleo)
    response = client.get(reverse("since", args=[game.code, 1]))
    assert response.status_code == 200
    text = response.content.decode()
    assert "While you were away" in text
    assert "Anna has chosen." in text and "Ben has chosen." in text
    assert "The cards were flipped" not in text  # move 0, which the page had shown
    assert client.get(reverse("since", args=[game.code, game.move_count])).status_code == 204


def test_the_sweep_asks_a_quiet_automatic_table_again_but_not_one_quiet_for_hours(called_table):  # noqa: F811
    game, host, players = called_table("auto")
    now = timezone.now()
    Game.objects.filter(pk=game.pk).update(updated_at=now - timedelta(minutes=3))
    assert game.pk in deadlines.quiet_presence_tables(now)  # a phone may have slept meanwhile
    Game.objects.filter(pk=game.pk).update(updated_at=now - timedelta(hours=3))
    assert game.pk not in deadlines.quiet_presence_tables(now)  # played by mail: asked long since
