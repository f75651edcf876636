"""Filters for the e-mails and the table's note on deadlines and holidays."""

from __future__ import annotations

from datetime import UTC, datetime

from django import template
from django.utils import timezone
from django.utils.formats import date_format

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
    """An ISO moment in the current zone (the reader's): "3 May, 16:05 CEST"."""
    try:
        moment = datetime.fromisoformat(str(value))
    except ValueError:
        return ""
    if moment.tzinfo is None:
        moment = moment.replace(tzinfo=UTC)
    return date_format(timezone.localtime(moment), "j M, H:i T")


@register.inclusion_tag("games/deadline_note.html")
def deadline_note(game, seats) -> dict:
    """The turn limit and who is on holiday (their deadlines pause), for everyone at the table.

    ``seats`` come from ``Seat.objects.with_away()``.
    """
    away = sorted((s.away_until, s.name) for s in seats if s.away_until) if game.status == "active" else []
    return {"game": game, "away": [{"name": name, "until": end} for end, name in away]}
