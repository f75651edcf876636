"""Turn deadlines: clocks, default moves applied once, reminders, holidays, timed flips."""

from __future__ import annotations

from datetime import UTC, date, datetime, timedelta
from unittest import mock

import pytest
from django.utils import timezone

from games import tasks
from games.models import Game, Holiday, Move, Notification, NotificationPrefs, Seat
from games.notifications import deadlines
from games.notifications.holidays import on_holiday, paused
from games.play import services
from tests.platform.notifications.notify_helpers import host_flip, play_turn

pytestmark = pytest.mark.usefixtures("toy_games")

DAY = 86400


def seat(game, position) -> Seat:
    return Seat.objects.get(game=game, position=position)


def started_ago(game, position, delta) -> datetime:
    """Pretend the seat's turn began ``delta`` ago; returns that moment."""
    since = timezone.now() - delta
    Seat.objects.filter(game=game, position=position).update(waiting_since=since)
    return since


# Clocks -------------------------------------------------------------------------


@pytest.mark.django_db
def test_the_clock_starts_when_a_seat_becomes_awaited_and_not_on_its_own_moves(make_table):
    game, (julius, _) = make_table()  # Poker: a turn of several moves
    first = seat(game, 0).waiting_since
    assert first is not None and seat(game, 1).waiting_since is None
    services.submit_move(game.pk, julius, {"type": "roll"}, game.tokens["0"])
    assert seat(game, 0).waiting_since == first
    play_turn(game, julius, 0)
    assert seat(game, 0).waiting_since is None
    assert seat(game, 1).waiting_since >= first


def test_holiday_pause_counts_only_the_days_away_and_overlaps_once():
    start = datetime(2026, 5, 1, 12, tzinfo=UTC)
    end = datetime(2026, 5, 6, 12, tzinfo=UTC)
    days = [(date(2026, 5, 2), date(2026, 5, 3)), (date(2026, 5, 3), date(2026, 5, 4))]
    assert paused(days, start, end) == timedelta(days=3)
    assert paused([(date(2026, 4, 1), date(2026, 5, 1))], start, end) == timedelta(hours=12)
    assert paused([], start, end) == timedelta(0)


@pytest.mark.django_db
def test_on_holiday(make_user):
    julius = make_user("Julius")
    Holiday.objects.create(user=julius, start=date(2026, 5, 2), end=date(2026, 5, 4))
    assert on_holiday(julius, date(2026, 5, 4))
    assert on_holiday(julius, datetime(2026, 5, 2, 0, 1, tzinfo=UTC))
    assert not on_holiday(julius, date(2026, 5, 5))


# Default moves ----------------------------------------------------------------------


@pytest.mark.django_db
def test_no_deadline_no_default_move(make_table):
    game, _ = make_table("nim")
    started_ago(game, 0, timedelta(days=30))
    assert deadlines.sweep()["default_moves"] == 0
    assert deadlines.apply_default_moves(game.pk) == 0


@pytest.mark.django_db
def test_a_timed_out_turn_is_played_once_and_the_player_told(make_table):
    game, (julius, agrippina) = make_table("nim")
    Game.objects.filter(pk=game.pk).update(turn_deadline=DAY)
    started_ago(game, 0, timedelta(hours=23))
    assert deadlines.apply_default_moves(game.pk) == 0  # an hour left

    started_ago(game, 0, timedelta(days=1, minutes=1))
    stats = deadlines.sweep()
    game.refresh_from_db()
    assert stats["default_moves"] > 0
    assert game.engine.to_act(game.state) == [1]
    moves = list(Move.objects.filter(game=game))
    assert moves and all(m.seat == 0 for m in moves)
    assert deadlines.apply_default_moves(game.pk) == 0 and deadlines.sweep()["default_moves"] == 0
    assert Move.objects.filter(game=game).count() == len(moves)

    timeout = Notification.objects.get(kind="timeout")
    assert timeout.user == julius and timeout.context["lines"]
    assert Notification.objects.get(kind="turn").user == agrippina


@pytest.mark.django_db
def test_a_seat_on_holiday_is_not_timed_out_and_its_clock_resumes_after(make_table):
    game, (_, agrippina) = make_table("nim")
    Game.objects.filter(pk=game.pk).update(turn_deadline=DAY)
    game.refresh_from_db()
    play_turn(game, game.host, 0)
    now = timezone.now()
    started_ago(game, 1, timedelta(days=3))
    today = now.date()
    Holiday.objects.create(user=agrippina, start=today - timedelta(days=1), end=today)
    assert deadlines.apply_default_moves(game.pk, now) == 0
    assert deadlines.plan_reminders(deadlines.awaited_with_deadline(), now) == []
    # The day after the holiday: three days waited, about two of them away: still inside the day.
    later = datetime.combine(today + timedelta(days=1), datetime.min.time(), tzinfo=UTC) + timedelta(hours=1)
    since = seat(game, 1).waiting_since
    away = paused([(today - timedelta(days=1), today)], since, later)
    if later - since - away < timedelta(days=1):
        assert deadlines.apply_default_moves(game.pk, later) == 0
    assert deadlines.apply_default_moves(game.pk, later + timedelta(days=2)) > 0


@pytest.mark.django_db
def test_catacombs_host_table_passes_late_writers_then_flips_when_the_host_is_late(make_table):
    game, (julius, agrippina) = make_table("catacombs", options={"flip_mode": "host"})
    Game.objects.filter(pk=game.pk).update(turn_deadline=DAY)
    host_flip(game, julius)
    turn = game.state["turn"]
    services.submit_move(game.pk, julius, {"type": "pass"}, game.tokens["0"])
    started_ago(game, 1, timedelta(days=2))
    now = timezone.now()
    assert deadlines.apply_default_moves(game.pk, now) == 1  # Agrippina passes; the host flip is not late yet
    game.refresh_from_db()
    assert game.engine.awaits_table(game.state)
    Move.objects.filter(game=game).update(created_at=now - timedelta(days=2))
    assert deadlines.apply_default_moves(game.pk, now) == 1
    game.refresh_from_db()
    assert game.state["turn"] == turn + 1 and Move.objects.filter(game=game).last().seat is None
    assert not Notification.objects.filter(kind="timeout", user=julius).exists()
    assert Notification.objects.filter(kind="timeout", user=agrippina).exists()


# Reminders ---------------------------------------------------------------------------


def test_reminder_stages():
    day = timedelta(days=1)
    assert deadlines.reminder_stage(timedelta(hours=11), day) is None
    assert deadlines.reminder_stage(timedelta(hours=12), day) == "half"
    assert deadlines.reminder_stage(timedelta(hours=23, minutes=1), day) == "last"
    assert deadlines.reminder_stage(timedelta(hours=25), day) is None
    assert deadlines.reminder_stage(timedelta(minutes=70), timedelta(hours=2)) == "half"


@pytest.mark.django_db
def test_reminders_at_half_time_and_in_the_last_hour_once_each(make_table):
    game, (julius, agrippina) = make_table("nim")
    Game.objects.filter(pk=game.pk).update(turn_deadline=DAY)
    play_turn(game, julius, 0)
    Notification.objects.all().delete()
    started_ago(game, 1, timedelta(hours=13))
    assert deadlines.sweep()["reminders"] == 1
    assert deadlines.sweep()["reminders"] == 0
    started_ago(game, 1, timedelta(hours=23, minutes=30))
    deadlines.sweep()
    deadlines.sweep()
    stages = sorted(n.context["stage"] for n in Notification.objects.filter(kind="reminder"))
    assert len(stages) == 2 and set(stages) == {"half", "last"}
    assert all(n.user == agrippina for n in Notification.objects.all())


@pytest.mark.django_db
def test_digest_readers_get_only_the_last_call(make_table):
    game, (julius, agrippina) = make_table("nim")
    NotificationPrefs.objects.create(user=agrippina, mode=NotificationPrefs.Mode.DIGEST)
    Game.objects.filter(pk=game.pk).update(turn_deadline=DAY)
    play_turn(game, julius, 0)
    started_ago(game, 1, timedelta(hours=13))
    deadlines.sweep()
    assert not Notification.objects.filter(kind="reminder").exists()
    started_ago(game, 1, timedelta(hours=23, minutes=30))
    deadlines.sweep()
    assert Notification.objects.get(kind="reminder").context["stage"] == "last"


@pytest.mark.django_db
def test_a_live_table_sends_no_reminder_and_no_time_out_notice(make_table):
    """A race has no turns to remind of: its idle limit plays the default move without a mail."""
    game, _ = make_table("race")
    Game.objects.filter(pk=game.pk).update(turn_deadline=DAY)
    Notification.objects.all().delete()
    for position in (0, 1):
        started_ago(game, position, timedelta(hours=13))
    assert deadlines.sweep()["reminders"] == 0
    assert deadlines.apply_default_moves(game.pk, timezone.now() + timedelta(days=2)) > 0
    assert not Notification.objects.filter(kind__in=["reminder", "timeout"]).exists()


# Timed Catacombs ------------------------------------------------------------------------


@pytest.mark.django_db
def test_a_timed_table_flips_on_schedule_passing_who_did_not_choose(make_table):
    game, (julius, agrippina) = make_table("catacombs", options={"flip_mode": "timed", "turn_seconds": 120})
    now = timezone.now()
    deadlines.run_clock(game.pk, now)  # the first flip, unless the table dealt it at the start
    game.refresh_from_db()
    assert game.state["phase"] == "write"
    turn = game.state["turn"]
    assert deadlines.run_clock(game.pk, now + timedelta(seconds=60)) == 0

    services.submit_move(game.pk, julius, {"type": "pass"}, game.tokens["0"])
    made = deadlines.run_clock(game.pk, timezone.now() + timedelta(seconds=121))
    game.refresh_from_db()
    assert made == 2 and game.state["turn"] == turn + 1  # Agrippina's pass, then the flip
    last_two = list(Move.objects.filter(game=game).order_by("-number")[:2])
    assert [m.seat for m in last_two] == [None, 1] and last_two[1].payload == {"type": "pass"}
    again = deadlines.run_clock(game.pk, timezone.now() + timedelta(seconds=30))
    assert again == 0
    assert not Notification.objects.filter(kind="timeout").exists()


@pytest.mark.django_db
def test_the_beat_flips_a_timed_table_that_is_due(make_table):
    game, _ = make_table("catacombs", options={"flip_mode": "timed", "turn_seconds": 60})
    deadlines.run_clock(game.pk)
    game.refresh_from_db()
    turn = game.state["turn"]
    assert deadlines.sweep(timezone.now())["clocks"] == 0
    assert deadlines.sweep(timezone.now() + timedelta(seconds=61))["clocks"] == 3
    game.refresh_from_db()
    assert game.state["turn"] == turn + 1


@pytest.mark.django_db
def test_a_flip_schedules_the_next_one_on_commit(make_table, django_capture_on_commit_callbacks):
    game, _ = make_table("catacombs", options={"flip_mode": "timed", "turn_seconds": 90})
    with (
        mock.patch.object(tasks.run_clock, "apply_async") as later,
        django_capture_on_commit_callbacks(execute=True),
    ):
        deadlines.run_clock(game.pk, timezone.now() + timedelta(seconds=91))
    assert later.call_count == 1
    assert later.call_args.kwargs["countdown"] == pytest.approx(90, abs=5)


# Computer players ----------------------------------------------------------------------


@pytest.mark.django_db
def test_the_beat_wakes_computer_players_whose_task_was_lost(make_table):
    game, (julius,) = make_table("nim", names=("Julius",), bots=1)
    play_turn(game, julius, 0)
    assert deadlines.stale_bot_games(timezone.now()) == []  # just became awaited: its task is on the way
    assert deadlines.stale_bot_games(timezone.now() + timedelta(seconds=30)) == [game.pk]  # within a minute
    Seat.objects.filter(game=game, is_bot=True).update(waiting_since=timezone.now() - timedelta(seconds=30))
    with mock.patch.object(tasks, "enqueue") as enqueue:
        assert tasks.wake_waiting_bots()["games"] == 1
    enqueue.assert_called_once_with(tasks.play_bots, game.pk)
