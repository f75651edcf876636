"""Guests who never came back: found and removed by the nightly sweep.

A guest is swept when all of these hold:

- they hold no seat at, and host no, game that is still open or in play;
- their last visit is older than ``GUEST_RETENTION_DAYS``. The last visit is
  the latest of: joining (``date_joined``), signing in (``last_login``, set when
  the guest joined by link) and a game page drawn for one of their seats
  (``Seat.last_seen``, which the page and its poll keep fresh).

Their finished games keep their seats under the name they played with.
"""

from __future__ import annotations

from datetime import datetime, timedelta
from functools import partial

from django.conf import settings
from django.db.models import Exists, Max, OuterRef, Q, QuerySet
from django.db.models.functions import Coalesce, Greatest
from django.utils import timezone

from games.models import Game, Seat

from . import privacy
from .models import User

UNFINISHED = [Game.Status.OPEN, Game.Status.ACTIVE]


def stale_guests(now: datetime | None = None) -> QuerySet[User]:
    now = now or timezone.now()
    cutoff = now - timedelta(days=settings.GUEST_RETENTION_DAYS)
    playing = Seat.objects.filter(user=OuterRef("pk"), game__status__in=UNFINISHED)
    hosting = Game.objects.filter(host=OuterRef("pk"), status__in=UNFINISHED)
    last_seat_visit = Seat.objects.filter(user=OuterRef("pk")).values("user").annotate(at=Max("last_seen"))
    return (
        User.objects.filter(is_guest=True)
        .annotate(
            last_visit=Greatest(
                "date_joined",
                Coalesce("last_login", "date_joined"),
                Coalesce(last_seat_visit.values("at")[:1], "date_joined"),
            )
        )
        .filter(~Exists(playing), ~Exists(hosting), Q(last_visit__lt=cutoff))
    )


def sweep(now: datetime | None = None) -> int:
    """Remove every stale guest; returns how many. Safe to run twice."""
    removed = 0
    for user_id in stale_guests(now).values_list("pk", flat=True):
        still_stale = partial(_still_stale, user_id, now)
        removed += privacy.close_account(user_id, keep_names=True, only_if=still_stale)
    return removed


def _still_stale(user_id: int, now: datetime | None) -> bool:
    """Checked again with the account locked: the guest may have come back since the list was read."""
    return stale_guests(now).filter(pk=user_id).exists()
