"""The nightly guest sweep removes exactly the guests with nothing to come back to."""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.db import transaction
from django.utils import timezone
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from accounts import guests, tasks
from accounts.models import User
from games.models import Game, Seat
from tests.hypothesis_profiles import examples

pytestmark = pytest.mark.django_db

NOW = timezone.now()
DAYS = 90
STATUSES = [Game.Status.OPEN, Game.Status.ACTIVE, Game.Status.FINISHED, Game.Status.FINISHED]

# Days before NOW, often close to the retention edge; None: never.
days = st.integers(min_value=0, max_value=400) | st.sampled_from([0, DAYS - 1, DAYS, DAYS + 1, 300])
ages = st.none() | days

seat = st.fixed_dictionaries({"game": st.integers(0, 3), "seen": ages, "left": st.booleans()})
person = st.fixed_dictionaries(
    {
        "guest": st.sampled_from([True, True, True, False]),
        "joined": days,
        "login": ages,
        "seats": st.lists(seat, max_size=3, unique_by=lambda s: s["game"]),
    }
)
# The host: one of the people by index, else (out of range) a member who is not swept.
table = st.fixed_dictionaries({"status": st.sampled_from(STATUSES), "host": st.integers(-6, 5)})


def ago(days: int | None):
    return None if days is None else NOW - timedelta(days=days, minutes=1 if days else 0)


def expected_swept(people: list[dict], tables: list[dict]) -> set[int]:
    """The rule, written plainly."""
    swept = set()
    for index, p in enumerate(people):
        if not p["guest"]:
            continue
        unfinished = [tables[s["game"]]["status"] != Game.Status.FINISHED for s in p["seats"]]
        hosting = any(t["host"] == index and t["status"] != Game.Status.FINISHED for t in tables)
        visits = [p["joined"], p["login"], *(s["seen"] for s in p["seats"])]
        last = min(days for days in visits if days is not None)
        if not any(unfinished) and not hosting and last >= DAYS:
            swept.add(index)
    return swept


@settings(max_examples=examples(80), suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(people=st.lists(person, min_size=1, max_size=6), tables=st.lists(table, min_size=4, max_size=4))
def test_the_sweep_removes_exactly_the_stale_guests(people, tables, django_settings_for_sweep):
    with transaction.atomic():
        owner = User.objects.create_user("owner@example.com", "x", display_name="Owner")
        users = []
        for index, p in enumerate(people):
            joined = ago(p["joined"])
            if p["guest"]:
                user = User.objects.create_guest(f"Guest {index}")
            else:
                user = User.objects.create_user(f"p{index}@example.com", "x", display_name=f"Player {index}")
            User.objects.filter(pk=user.pk).update(date_joined=joined, last_login=ago(p["login"]))
            users.append(user)
        games = [
            Game.objects.create(
                kind="poker",
                status=t["status"],
                host=users[t["host"]] if 0 <= t["host"] < len(users) else owner,
            )
            for t in tables
        ]
        names = {}
        for index, p in enumerate(people):
            for s in p["seats"]:
                game = games[s["game"]]
                created = Seat.objects.create(
                    game=game,
                    user=users[index],
                    position=game.seats.count(),
                    name=f"Seat of {index}",
                    left=s["left"],
                )
                Seat.objects.filter(pk=created.pk).update(last_seen=ago(s["seen"]))
                names[created.pk] = created.name

        swept = expected_swept(people, tables)
        assert guests.sweep(NOW) == len(swept)
        remaining = set(User.objects.filter(pk__in=[u.pk for u in users]).values_list("pk", flat=True))
        assert remaining == {u.pk for i, u in enumerate(users) if i not in swept}
        # Every seat stays, under the name it was played with.
        assert {pk: name for pk, name in Seat.objects.values_list("pk", "name")} == names
        assert guests.sweep(NOW) == 0  # a second run finds nothing
        transaction.set_rollback(True)


@pytest.fixture
def django_settings_for_sweep(settings):
    settings.GUEST_RETENTION_DAYS = DAYS
    return settings


def test_the_beat_task_sweeps(make_user, settings):
    settings.GUEST_RETENTION_DAYS = 30
    gone = User.objects.create_guest("Old")
    User.objects.filter(pk=gone.pk).update(date_joined=timezone.now() - timedelta(days=31))
    fresh = User.objects.create_guest("New")
    member = make_user("Julius")
    User.objects.filter(pk=member.pk).update(date_joined=timezone.now() - timedelta(days=400))
    assert tasks.sweep_guests.apply().get() == 1
    assert set(User.objects.values_list("pk", flat=True)) == {fresh.pk, member.pk}
    assert "accounts.tasks.sweep_guests" in {e["task"] for e in settings.CELERY_BEAT_SCHEDULE.values()}
