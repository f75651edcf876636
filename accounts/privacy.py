"""What the site keeps about a person: their data as JSON, and closing their account."""

from __future__ import annotations

from collections.abc import Callable

from axes.utils import reset as reset_signin_failures
from django.db import transaction
from django.utils import timezone

from games.models import Game, Holiday, NotificationPrefs, Seat
from games.tables import departures
from scoresheets.models import ScoreSheet

from .models import User


def _when(value) -> str | None:
    return value.isoformat() if value else None


def account_data(user: User) -> dict:
    """Everything kept about ``user``: the account, seats, hosted tables, sheets, e-mail settings.

    Only what the player could see anyway: no game state, hand or seed.
    """
    prefs = NotificationPrefs.objects.filter(user=user).first()
    seats = Seat.objects.filter(user=user).select_related("game").order_by("joined_at")
    return {
        "exported_at": _when(timezone.now()),
        "account": {
            "email": user.email,
            "email_confirmed": user.email_verified,
            "new_email_awaiting_confirmation": user.pending_email or None,
            "display_name": user.display_name,
            "guest": user.is_guest,
            "joined": _when(user.date_joined),
            "last_sign_in": _when(user.last_login),
        },
        "seats": [
            {
                "game": seat.game.code,
                "kind": seat.game.kind,
                "status": seat.game.status,
                "name": seat.name,
                "position": seat.position,
                "joined": _when(seat.joined_at),
                "left": seat.left,
                "muted": seat.muted,
                "last_seen": _when(seat.last_seen),
                "finished": _when(seat.game.finished_at),
            }
            for seat in seats
        ],
        "hosted_games": [
            {"game": game.code, "kind": game.kind, "status": game.status, "created": _when(game.created_at)}
            for game in Game.objects.filter(host=user).order_by("created_at")
        ],
        "score_sheets": [
            {
                "token": sheet.token,
                "kind": sheet.kind,
                "names": sheet.names,
                "options": sheet.options,
                "entries": sheet.entries,
                "created": _when(sheet.created_at),
                "updated": _when(sheet.updated_at),
            }
            for sheet in ScoreSheet.objects.filter(owner=user).order_by("created_at")
        ],
        "notification_settings": {
            "mode": prefs.mode if prefs else NotificationPrefs.Mode.IMMEDIATE.value,
            "always": prefs.always if prefs else False,
            "holidays": [
                {"start": h.start.isoformat(), "end": h.end.isoformat()}
                for h in Holiday.objects.filter(user=user).order_by("start")
            ],
            "muted_games": [seat.game.code for seat in seats if seat.muted],
        },
    }


def close_account(user_id: int, *, keep_names: bool, only_if: Callable[[], bool] | None = None) -> int:
    """Delete account ``user_id``; returns 1 if it was deleted, 0 if it was gone or ``only_if`` said no.

    Its games stay (``games.tables.departures``); its e-mail settings, holidays and every
    unsent e-mail go with the account, in the same transaction, so nothing more is
    mailed to it. ``keep_names`` False (the owner closing it): the seats read
    "Former player" and the score sheets it started are deleted; True (a guest
    swept): the seats keep the name played under and the sheets stay, ownerless.
    """
    with transaction.atomic():
        user = User.objects.select_for_update().filter(pk=user_id).first()
        if user is None or (only_if is not None and not only_if()):
            return 0
        departures.release(user, keep_names=keep_names)
        if not keep_names:
            ScoreSheet.objects.filter(owner=user).delete()
        if user.email:
            reset_signin_failures(username=user.email)
        user.delete()
    return 1
