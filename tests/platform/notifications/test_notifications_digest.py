"""The daily digest: every game waiting for a digest reader, in one e-mail a day."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

import pytest
from django.core import mail
from django.utils import timezone

from games import tasks
from games.models import Notification, NotificationPrefs, Seat
from games.notifications import claims, mailer
from games.notifications import outbox as notifications
from tests.platform.notifications.notify_helpers import play_turn

pytestmark = pytest.mark.usefixtures("toy_games")

T0 = datetime(2026, 5, 1, 7, 0, tzinfo=UTC)


def test_group_digest_collects_each_users_games_oldest_wait_first():
    rows = [
        (1, "BBBBBB", "Roman Poker", T0, None),
        (2, "CCCCCC", "Roman Catacombs", None, 86400),
        (1, "AAAAAA", "Roman Catacombs", T0 - timedelta(hours=5), 3600),
    ]
    grouped = notifications.group_digest(rows)
    assert set(grouped) == {1, 2}
    assert [g["game_code"] for g in grouped[1]] == ["AAAAAA", "BBBBBB"]
    assert grouped[1][0] == {
        "game_code": "AAAAAA",
        "game_name": "Roman Catacombs",
        "since": (T0 - timedelta(hours=5)).isoformat(),
        "deadline": 3600,
    }
    assert grouped[2][0]["since"] is None


@pytest.mark.django_db
def test_one_digest_per_reader_listing_every_waiting_unmuted_game(make_table, make_user):
    first, (julius, agrippina) = make_table("nim")
    second, _ = make_table("nim", names=("Marcus", "Livia"))
    third, _ = make_table("nim", names=("Titus", "Claudia"))
    # Agrippina joins nothing else; put her into the other tables' awaited seats directly.
    Seat.objects.filter(game=second, position=0).update(user=agrippina)
    Seat.objects.filter(game=third, position=0).update(user=agrippina, muted=True)
    NotificationPrefs.objects.create(user=agrippina, mode=NotificationPrefs.Mode.DIGEST)
    play_turn(first, julius, 0)  # now Agrippina waits at the first table too
    assert not Notification.objects.exists()  # a digest reader gets no per-turn mail

    planned = notifications.plan_digests(timezone.now())
    assert [p.user_id for p in planned] == [agrippina.pk]
    codes = {g["game_code"] for g in planned[0].context["games"]}
    assert codes == {first.code, second.code}

    assert tasks.send_digests() == 1
    assert tasks.send_digests() == 0  # the same day: nothing new
    [message] = mail.outbox
    assert message.to == ["agrippina@example.com"]
    assert message.subject == "2 games waiting for your move"
    assert first.code in message.body and second.code in message.body and third.code not in message.body


@pytest.mark.django_db
def test_nobody_waiting_means_no_digest(make_table):
    _, (julius, _) = make_table("nim")
    NotificationPrefs.objects.create(user=julius, mode=NotificationPrefs.Mode.DIGEST)
    Seat.objects.update(awaiting=False)
    assert notifications.plan_digests(timezone.now()) == []


@pytest.mark.django_db
def test_each_line_of_a_digest_is_checked_when_it_goes(make_table, make_user):
    first, (julius, agrippina) = make_table("nim")
    second, _ = make_table("nim", names=("Marcus", "Livia"))
    Seat.objects.filter(game=second, position=0).update(user=agrippina)
    NotificationPrefs.objects.create(user=agrippina, mode=NotificationPrefs.Mode.DIGEST)
    play_turn(first, julius, 0)
    [pk] = notifications.write(notifications.plan_digests(timezone.now()), enqueue=False)
    play_turn(second, agrippina, 0)  # she played at the second table before the digest went
    assert mailer.deliver([pk]) == 1
    [message] = mail.outbox
    assert first.code in message.body and second.code not in message.body
    assert [g["game_code"] for g in Notification.objects.get(pk=pk).context["games"]] == [first.code]


@pytest.mark.django_db
def test_a_digest_with_no_line_still_true_is_not_sent(make_table):
    first, (julius, agrippina) = make_table("nim")
    NotificationPrefs.objects.create(user=agrippina, mode=NotificationPrefs.Mode.DIGEST)
    play_turn(first, julius, 0)
    [pk] = notifications.write(notifications.plan_digests(timezone.now()), enqueue=False)
    play_turn(first, agrippina, 1)
    assert mailer.deliver([pk]) == 0 and mail.outbox == []
    assert Notification.objects.get(pk=pk).last_error == claims.NOTHING_WAITS
