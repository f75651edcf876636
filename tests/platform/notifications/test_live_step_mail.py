"""At a table played live together (new Catacombs cards for everyone at once) a phone that locks for
a moment is not leaving: the step's mail waits until the player has been gone a full minute, and goes
not at all if they came back or the step is no longer theirs. Turn-based games keep their timing."""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.utils import timezone

from games.live import presence
from games.models import Notification, Seat
from games.notifications import mailer
from games.play import services
from tests.platform.notifications.notify_helpers import host_flip, play_turn

pytestmark = pytest.mark.django_db


@pytest.fixture
def live(make_table):
    """Julius hosts and flips; Agrippina plays from her phone, open at the table."""
    game, (julius, agrippina) = make_table("catacombs", options={"flip_mode": "host"})
    return game, julius, agrippina, Seat.objects.get(game=game, user=agrippina)


def step_row(user) -> Notification:
    return Notification.objects.filter(user=user, kind="turn", context__table_step=True).latest("pk")


def gone_for(seat: Seat, seconds: int) -> None:
    """Her last page closed ``seconds`` ago (what ``presence.closed`` stamped then)."""
    Seat.objects.filter(pk=seat.pk).update(last_seen=timezone.now() - timedelta(seconds=seconds))


def test_a_phone_locked_five_seconds_before_the_cards_waits_a_minute_then_gets_one_mail(live, mailoutbox):
    game, julius, agrippina, seat = live
    presence.opened(seat.pk, "phone")
    presence.closed(seat.pk, "phone")  # the phone locks
    gone_for(seat, 5)
    host_flip(game, julius)  # new cards: her write is awaited
    note = step_row(agrippina)
    assert mailer.deliver([note.pk]) == 0 and mailoutbox == []  # gone only 5 s: held
    note.refresh_from_db()
    assert note.last_error == mailer.HELD and note.attempts == 0
    gone_for(seat, 30)
    assert mailer.sweep() == 0 and mailoutbox == []  # 30 s: still held
    gone_for(seat, 61)
    assert mailer.deliver_held(game.pk, agrippina.pk) == 1
    assert [m.to for m in mailoutbox] == [[agrippina.email]]
    assert mailer.sweep() == 0  # once


def test_a_phone_that_comes_back_after_the_cards_gets_no_mail(live, mailoutbox):
    game, julius, agrippina, seat = live
    gone_for(seat, 5)
    host_flip(game, julius)
    note = step_row(agrippina)
    assert mailer.deliver([note.pk]) == 0
    presence.opened(seat.pk, "phone")  # unlocked: she sees the new cards
    presence.closed(seat.pk, "phone")  # and locks it again without writing
    Notification.objects.filter(pk=note.pk).update(created_at=timezone.now() - timedelta(seconds=120))
    gone_for(seat, 61)  # the cards came up two minutes ago; she saw them and left a minute ago
    assert mailer.deliver_held(game.pk, agrippina.pk) == 0 and mailoutbox == []
    note.refresh_from_db()
    assert note.skipped and note.last_error == mailer.SEEN_LIVE


def test_a_step_written_meanwhile_is_not_mailed(live, mailoutbox):
    game, julius, agrippina, seat = live
    gone_for(seat, 5)
    host_flip(game, julius)
    note = step_row(agrippina)
    assert mailer.deliver([note.pk]) == 0
    game.refresh_from_db()
    services.submit_move(game.pk, agrippina, {"type": "pass"}, game.tokens["1"])  # written from another page
    gone_for(seat, 61)
    Notification.objects.filter(pk=note.pk).update(created_at=timezone.now() - timedelta(seconds=120))
    assert mailer.deliver_held(game.pk, agrippina.pk) == 0 and mailoutbox == []
    note.refresh_from_db()
    assert note.skipped and note.last_error == "no longer their turn"


def test_a_player_long_gone_is_mailed_the_step_at_once(live, mailoutbox):
    game, julius, agrippina, seat = live
    gone_for(seat, 3600)
    host_flip(game, julius)
    assert mailer.deliver([step_row(agrippina).pk]) == 1


def test_a_turn_based_game_keeps_its_timing(make_table, mailoutbox):
    game, (julius, agrippina) = make_table()
    seat = Seat.objects.get(game=game, user=agrippina)
    presence.opened(seat.pk, "phone")
    presence.closed(seat.pk, "phone")  # closed a moment ago
    play_turn(game, julius, 0)
    [note] = Notification.objects.filter(user=agrippina, kind="turn")
    assert mailer.deliver([note.pk]) == 1  # not held for a minute
