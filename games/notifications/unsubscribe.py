"""Signed one-click unsubscribe links: no sign-in, refused when forged or too old."""

from __future__ import annotations

from datetime import timedelta

from django.contrib.auth import get_user_model
from django.core import signing

from games.models import NotificationPrefs, Seat

SALT = "games.notifications.unsubscribe"
MAX_AGE = timedelta(days=60)


def make_token(user_id: int, game_id: int | None = None) -> str:
    """A token that stops all mail to the user, or (with ``game_id``) mail about one game."""
    return signing.TimestampSigner(salt=SALT).sign_object({"u": user_id, "g": game_id}, compress=True)


def read_token(token: str) -> tuple[int, int | None]:
    """(user id, game id or None); raises ``signing.BadSignature`` (or its ``SignatureExpired``)."""
    data = signing.TimestampSigner(salt=SALT).unsign_object(token, max_age=MAX_AGE)
    if not isinstance(data, dict) or not isinstance(data.get("u"), int):
        raise signing.BadSignature("Malformed unsubscribe token.")
    game = data.get("g")
    return data["u"], game if isinstance(game, int) else None


def unsubscribe(user_id: int, game_id: int | None) -> None:
    """Stop the mail; for an account closed since the link was sent there is none to stop."""
    if not get_user_model().objects.filter(pk=user_id).exists():
        return
    if game_id is None:
        NotificationPrefs.objects.update_or_create(
            user_id=user_id, defaults={"mode": NotificationPrefs.Mode.NONE}
        )
    else:
        Seat.objects.filter(user_id=user_id, game_id=game_id).update(muted=True)
