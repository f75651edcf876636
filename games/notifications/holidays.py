"""Holidays: dates on which a player's turn deadlines stand still."""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterable
from datetime import UTC, date, datetime, time, timedelta

from games.models import Holiday


def on_holiday(user, when: datetime | date) -> bool:
    """True when ``user`` declared a holiday covering ``when`` (a date, or a moment in UTC)."""
    day = when.astimezone(UTC).date() if isinstance(when, datetime) else when
    return Holiday.objects.filter(user=user, start__lte=day, end__gte=day).exists()


def holidays_for(user_ids: Iterable[int], since: datetime) -> dict[int, list[tuple[date, date]]]:
    """Each user's holidays that end on or after ``since`` (one query)."""
    found: dict[int, list[tuple[date, date]]] = defaultdict(list)
    rows = Holiday.objects.filter(user_id__in=set(user_ids), end__gte=since.astimezone(UTC).date())
    for user_id, start, end in rows.values_list("user_id", "start", "end"):
        found[user_id].append((start, end))
    return found


def _moment(day: date) -> datetime:
    return datetime.combine(day, time.min, tzinfo=UTC)


def covers(days: list[tuple[date, date]], when: datetime) -> bool:
    day = when.astimezone(UTC).date()
    return any(start <= day <= end for start, end in days)


def paused(days: list[tuple[date, date]], start: datetime, end: datetime) -> timedelta:
    """How much of ``start``–``end`` fell on holiday (overlapping holidays count once)."""
    total = timedelta()
    reach = start
    for first, last in sorted(days):
        begin = max(reach, _moment(first))
        finish = min(end, _moment(last + timedelta(days=1)))
        if finish > begin:
            total += finish - begin
            reach = finish
    return total
