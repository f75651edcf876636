"""Verified e-mail addresses: a signed, time-limited link mailed to the address.

Opened by the account it was sent for, the link verifies the account's address,
or, for a new address asked for on the account page (``pending_email``), makes
that the account's address. A link for any other address (an older request, an
address since replaced) does nothing. Until an address is verified the only
mail the site sends it is this link (``games.notifications`` checks
``email_verified``); a password reset may go to the address an account signed
up with, since a changed address takes effect only once verified.

The link goes out as an outbox row (kind ``verify``), so a mail server that is
down delays it and loses nothing, like every other e-mail.
"""

from __future__ import annotations

import uuid
from datetime import timedelta

from django.core import signing
from django.db import transaction

from .models import User

SALT = "accounts.verify-email"
LINK_LIFETIME = timedelta(days=3)

EXPIRED = "This link has expired (links last three days). Send yourself a new one from your account page."
FORGED = "This link is not one this site sent. Open the link from the e-mail exactly as it came."
OTHER_ACCOUNT = (
    "This link was sent for another account. Sign out, sign in with the address it was sent to, "
    "and open the link again."
)
STALE = (
    "This link is for an address this account no longer asks for: a newer link was sent. "
    "Use the newest e-mail, or send a new link from your account page."
)
TAKEN = "Another account now uses that address, so it cannot be yours. Choose another on your account page."


class LinkRefused(Exception):
    def __init__(self, message: str, status: int = 400) -> None:
        super().__init__(message)
        self.message = message
        self.status = status


def make_token(user_id: int, address: str) -> str:
    return signing.TimestampSigner(salt=SALT).sign_object({"u": user_id, "e": address})


def read_token(token: str) -> tuple[int, str]:
    """(user id, address) of a link this site signed within its lifetime; else ``LinkRefused``."""
    try:
        data = signing.TimestampSigner(salt=SALT).unsign_object(token, max_age=LINK_LIFETIME)
    except signing.SignatureExpired:
        raise LinkRefused(EXPIRED, 410) from None
    except (signing.BadSignature, ValueError, UnicodeError):
        raise LinkRefused(FORGED, 400) from None
    if not isinstance(data, dict) or not isinstance(data.get("u"), int) or not isinstance(data.get("e"), str):
        raise LinkRefused(FORGED, 400)
    return data["u"], data["e"]


def awaiting(user: User) -> str:
    """The address waiting for its link: a new one asked for, else an unverified own one ("" if none)."""
    if user.pending_email:
        return user.pending_email
    if user.email and not user.email_verified:
        return user.email
    return ""


def send(user: User) -> str:
    """Mail the link to the address awaiting it (an outbox row, sent after commit); returns the address."""
    from games.notifications.outbox import Planned, write

    address = awaiting(user)
    if address:
        key = f"verify:{user.pk}:{uuid.uuid4().hex}"  # every request is a new mail
        write([Planned(user.pk, None, "verify", key, {"address": address})])
    return address


def still_awaited(user: User, address: str) -> bool:
    """Whether a link for ``address`` may still be mailed to ``user`` (checked again just before sending)."""
    return bool(address) and address == awaiting(user)


@transaction.atomic
def confirm(user: User, token: str) -> User:
    """Open a link as ``user``: verify their address, or adopt the new one. ``LinkRefused`` otherwise."""
    user_id, address = read_token(token)
    if user_id != user.pk:
        raise LinkRefused(OTHER_ACCOUNT, 403)
    user = User.objects.select_for_update().get(pk=user.pk)
    if address == user.email:
        if not user.email_verified:
            user.email_verified = True
            user.save(update_fields=["email_verified"])
        return user
    if not address or address != user.pending_email:
        raise LinkRefused(STALE, 400)
    if User.objects.filter(email=address).exclude(pk=user.pk).exists():
        raise LinkRefused(TAKEN, 409)
    user.email, user.pending_email, user.email_verified = address, "", True
    user.save(update_fields=["email", "pending_email", "email_verified"])
    return user


def ask_for(user: User, address: str) -> str:
    """A new address for ``user``: kept aside until its link is opened, and the link mailed."""
    with transaction.atomic():
        user.pending_email = "" if address == user.email else address
        user.save(update_fields=["pending_email"])
        return send(user)
