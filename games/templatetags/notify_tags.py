"""Filters for the e-mails and the table's note on deadlines and holidays."""

from __future__ import annotations

from datetime import UTC, datetime

from django import template
from django.utils import timezone

from ..models import Holiday

register = template.Library()

UNITS = (("day", 86400), ("hour", 3600), ("minute", 60), ("second", 1))


@register.filter
def duration(seconds) -> str:
    """3600 → "1 hour", 129600 → "1 day 12 hours": the two largest units."""
    try:
        left = max(0, int(seconds))
    except (TypeError, ValueError):
        return ""
    parts = []
    for name, size in UNITS:
        count, left = divmod(left, size)
        if count:
            parts.append(f"{count} {name}{'' if count == 1 else 's'}")
    return " ".join(parts[:2]) or "0 seconds"


@register.filter
def since_text(value) -> str:
    """An ISO moment as "3 May, 14:05 UTC"."""
    try:
        moment = datetime.fromisoformat(str(value))
    except ValueError:
        return ""
    return f"{moment.astimezone(UTC).strftime('%-d %b, %H:%M')} UTC"


@register.inclusion_tag("games/deadline_note.html")
def deadline_note(game, seats) -> dict:
    """The turn limit and who is on holiday (their deadlines pause), for everyone at the table."""
    today = timezone.now().date()
    by_user = {s.user_id: s.name for s in seats if s.user_id}
    away = (
        Holiday.objects.filter(user_id__in=list(by_user), start__lte=today, end__gte=today)
        .order_by("end")
        .values_list("user_id", "end")
        if by_user and game.status == "active"
        else []
    )
    return {"game": game, "away": [{"name": by_user[u], "until": end} for u, end in away]}
