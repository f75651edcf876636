"""Deliver outbox rows: claim each one, render it, send it, mark it sent.

A row is claimed with one conditional UPDATE (``sent_at`` empty and no fresh
claim), so two workers racing for it cannot both send it. Just before the
message goes to the mail server the row records that it was handed over, with
its Message-ID; a row handed over is never claimed again, so when marking it
sent fails (the database blinked: the mark is retried on a fresh connection,
then left to the sweep) its expired claim cannot send it a second time. A
worker killed between the two writes loses that one message rather than
doubling it. A database that fails after the claim but before the hand-over
frees the claim (on a fresh connection), so the next sweep sends the row rather
than waiting for the claim to expire. A mail server that
cannot be reached releases the claim and stops the batch without counting an
attempt: the beat sweep retries until it is back. A message the server refuses
counts an attempt; after ``MAX_ATTEMPTS`` the row is left for a person to look at.
"""

from __future__ import annotations

import logging
import re
import smtplib
import time
from collections.abc import Iterable
from datetime import datetime, timedelta

from django import db
from django.conf import settings
from django.core.mail import EmailMultiAlternatives, get_connection
from django.core.mail.message import make_msgid
from django.core.mail.utils import DNS_NAME
from django.db import InterfaceError, OperationalError
from django.db.models import F, Q, QuerySet
from django.template.loader import render_to_string
from django.urls import NoReverseMatch, reverse
from django.utils import timezone

from accounts import timezones, verification
from config.links import absolute
from games.contract import kinds
from games.live import presence
from games.models import Game, Notification, NotificationPrefs, Seat
from games.notifications.unsubscribe import make_token

log = logging.getLogger(__name__)

CLAIM_TIMEOUT = timedelta(minutes=5)  # a worker that died mid-send frees its rows after this
MAX_ATTEMPTS = 5
SWEEP_BATCH = 500
# Refusals of one message; anything else (refused connection, timeout, disconnect) is the server's.
MESSAGE_ERRORS = (smtplib.SMTPRecipientsRefused, smtplib.SMTPSenderRefused, smtplib.SMTPDataError)


MARK_TRIES = 6  # marking a sent row: a fresh database connection each time, a second apart at most
HANDED_NOT_MARKED = "Handed to the mail server; its sent mark was written later."


def _unsent(now: datetime) -> QuerySet[Notification]:
    free = Q(claimed_at__isnull=True) | Q(claimed_at__lt=now - CLAIM_TIMEOUT)
    return Notification.objects.filter(
        free, sent_at__isnull=True, handed_at__isnull=True, attempts__lt=MAX_ATTEMPTS
    )


def claim(pk: int, now: datetime | None = None) -> bool:
    """Take row ``pk`` for sending; True for exactly one of any number of racing callers."""
    now = now or timezone.now()
    return bool(_unsent(now).filter(pk=pk).update(claimed_at=now))


def pending_ids(now: datetime | None = None, limit: int = SWEEP_BATCH) -> list[int]:
    rows = _unsent(now or timezone.now())
    return list(rows.order_by("created_at").values_list("pk", flat=True)[:limit])


def settle_handed(now: datetime | None = None) -> int:
    """Mark sent the rows handed to the mail server whose sent mark never landed."""
    stale = (now or timezone.now()) - CLAIM_TIMEOUT
    rows = Notification.objects.filter(sent_at__isnull=True, handed_at__lt=stale)
    return rows.update(sent_at=F("handed_at"), last_error=HANDED_NOT_MARKED)


def _mark_sent(pk: int) -> None:
    """``sent_at`` for a row the server took, retried on a fresh connection while the database blinks."""
    if _fresh(lambda: _finish(pk, sent_at=timezone.now(), last_error=""), f"mark notification {pk} sent"):
        return
    log.error("Notification %s was sent; its sent mark is left to the sweep (it will not be resent).", pk)


def _fresh(write, what: str) -> bool:
    """Run ``write`` on a fresh database connection while the database blinks; False if it never took."""
    for attempt in range(MARK_TRIES):
        try:
            write()
            return True
        except (OperationalError, InterfaceError):
            log.warning("Could not %s (try %s).", what, attempt + 1, exc_info=True)
            if not db.connection.in_atomic_block:
                db.connection.close()  # the next try opens a new one
            time.sleep(min(1.0, 0.1 * 2**attempt))
    return False


def _unclaim(pk: int) -> None:
    """Free a claimed row that was never handed over (the database failed first): the next sweep
    sends it, instead of waiting for its claim to expire. Only a row not handed over is freed."""
    rows = Notification.objects.filter(pk=pk, sent_at__isnull=True, handed_at__isnull=True)
    if not _fresh(lambda: rows.update(claimed_at=None), f"free notification {pk}"):
        log.error("Notification %s stays claimed; it is sent once its claim expires.", pk)


def pad_url(game_code: str) -> str:
    """The printable score pad of a game, or the pads page while there is none per game."""
    for name, args in (("pad_game", [game_code]), ("pads", [])):
        try:
            return absolute(reverse(name, args=args))
        except NoReverseMatch:
            continue
    return absolute("/")


def skip_reason(note: Notification) -> str:
    """Why this row must not be mailed now ("" when it may)."""
    user = note.user
    if not user.is_active or not user.email:
        return "no address"
    if note.kind == VERIFY:  # asked for by the player: no setting holds it back
        return "" if verification.still_awaited(user, note.context.get("address", "")) else "link not needed"
    if not user.email_verified:
        return "address not verified"
    prefs = NotificationPrefs.objects.filter(user=user).first()
    mode = prefs.mode if prefs else NotificationPrefs.Mode.IMMEDIATE
    if mode == NotificationPrefs.Mode.NONE:
        return "opted out"
    if mode == NotificationPrefs.Mode.DIGEST and note.kind in {"turn", "host_step"}:
        return "reads the digest"
    if note.game_id and Seat.objects.filter(game_id=note.game_id, user=user, muted=True).exists():
        return "muted"
    return ""


def notices(slug: str, table: str) -> dict[str, str]:
    """The platform's notices in the game's own words (a table step, the host's step), for ``table``."""
    kind = kinds.get(slug) if kinds.exists(slug) else kinds.GameKind()
    return {name: kind.notice(name, table) for name in kinds.NOTICES}


VERIFY = "verify"  # the link that verifies an address: the one mail an unverified address gets
HELD_KINDS = {"turn", "host_step"}  # mail about a table the player may be sitting at
HELD = "held: the player is at the table"


def is_stale_turn(note: Notification) -> bool:
    """The turn this row announces is no longer the player's (they moved, left, their seat went to a
    computer player, or a later row says it)."""
    seat = Seat.objects.filter(game_id=note.game_id, user_id=note.user_id).select_related("game").first()
    if seat is None or seat.left or seat.is_bot or not seat.awaiting:  # a computer player plays it now
        return True
    if seat.game.status != Game.Status.ACTIVE:
        return True
    later = Notification.objects.filter(user_id=note.user_id, game_id=note.game_id, kind="turn")
    return later.filter(pk__gt=note.pk).exists()


LIVE_AWAY = timedelta(minutes=1)  # a live table's step is mailed to a player gone at least this long
SEEN_LIVE = "seen at the table: the player came back after the step"


def live_step(note: Notification) -> bool:
    """A table step everyone at the table answers at once (new Catacombs cards, a Roman Road hand):
    a table played live together, where a phone locking for a moment is not leaving."""
    return note.kind == "turn" and bool(note.context.get("table_step"))


def _always(note: Notification) -> bool:
    return NotificationPrefs.objects.filter(user_id=note.user_id, always=True).exists()


def live_skip(note: Notification) -> str:
    """Why a live table's step must never be mailed ("" when it still may): the player came back
    to the table after it was written (a page heard from since), or it is no longer theirs."""
    if not live_step(note) or _always(note):
        return ""
    if is_stale_turn(note):
        return "no longer their turn"
    seen = Seat.objects.filter(game_id=note.game_id, user_id=note.user_id).values_list("last_seen", flat=True)
    last_seen = seen.first()
    return SEEN_LIVE if last_seen is not None and last_seen > note.created_at else ""


def held(note: Notification) -> bool:
    """Wait while the player is at the table (any page of their seat is here), and at a live table
    until they have been gone ``LIVE_AWAY``: the sweep and ``deliver_held`` ask again."""
    if note.kind not in HELD_KINDS or not note.game_id:
        return False
    if _always(note):
        return False
    if presence.is_here(note.game_id, note.user_id):
        return True
    if not live_step(note):
        return False
    recent = timezone.now() - LIVE_AWAY
    return Seat.objects.filter(game_id=note.game_id, user_id=note.user_id, last_seen__gt=recent).exists()


def render(note: Notification) -> EmailMultiAlternatives:
    """The e-mail of an outbox row, its times in the reader's own zone."""
    with timezone.override(timezones.zone_of(note.user)):
        return _render(note)


def _render(note: Notification) -> EmailMultiAlternatives:
    if note.kind == VERIFY:
        return _render_verify(note)
    unsubscribe_url = absolute(reverse("notify_unsubscribe", args=[make_token(note.user_id)]))
    context = {
        **note.context,
        "name": note.user.display_name,
        "site_url": settings.SITE_URL,
        "prefs_url": absolute(reverse("notify_prefs")),
        "unsubscribe_url": unsubscribe_url,
    }
    if note.game_id:
        code = note.context["game_code"]
        context["game_url"] = absolute(reverse("game", args=[code]))
        context["pad_url"] = pad_url(code)
        context["mute_url"] = absolute(
            reverse("notify_unsubscribe", args=[make_token(note.user_id, note.game_id)])
        )
        context["notice"] = notices(note.game.kind, f"{note.context['game_name']} {code}")
    for game in context.get("games", []):
        game["url"] = absolute(reverse("game", args=[game["game_code"]]))
    subject = " ".join(render_to_string(f"emails/{note.kind}_subject.txt", context).split())
    context["subject"] = subject
    message = EmailMultiAlternatives(
        subject=subject,
        body=re.sub(r"\n{3,}", "\n\n", render_to_string(f"emails/{note.kind}.txt", context)).strip() + "\n",
        to=[note.user.email],
        headers={
            "List-Unsubscribe": f"<{unsubscribe_url}>",
            "List-Unsubscribe-Post": "List-Unsubscribe=One-Click",
            "Auto-Submitted": "auto-generated",
            "X-Roman-Notification": str(note.pk),
        },
    )
    message.attach_alternative(render_to_string(f"emails/{note.kind}.html", context), "text/html")
    return message


def _render_verify(note: Notification) -> EmailMultiAlternatives:
    """The link that verifies an address, to that address (a new one is not yet the account's)."""
    address = note.context["address"]
    token = verification.make_token(note.user_id, address)
    context = {
        "name": note.user.display_name,
        "address": address,
        "verify_url": absolute(reverse("verify_email", args=[token])),
        "days": verification.LINK_LIFETIME.days,
        "site_url": settings.SITE_URL,
    }
    subject = " ".join(render_to_string("emails/verify_subject.txt", context).split())
    context["subject"] = subject
    message = EmailMultiAlternatives(
        subject=subject,
        body=render_to_string("emails/verify.txt", context).strip() + "\n",
        to=[address],
        headers={"Auto-Submitted": "auto-generated", "X-Roman-Notification": str(note.pk)},
    )
    message.attach_alternative(render_to_string("emails/verify.html", context), "text/html")
    return message


def _error(exc: Exception) -> str:
    return f"{type(exc).__name__}: {exc}"[:300]


def _finish(pk: int, **fields) -> None:
    Notification.objects.filter(pk=pk).update(**fields)


def _release(pk: int, exc: Exception, *, count: bool) -> None:
    """The message did not go: free the row for a later try (counted when the message was at fault)."""
    attempts = F("attempts") + 1 if count else F("attempts")
    _finish(pk, claimed_at=None, handed_at=None, attempts=attempts, last_error=_error(exc))


def deliver(ids: Iterable[int]) -> int:
    """Send every row of ``ids`` this caller manages to claim; returns how many were mailed."""
    sent = 0
    connection = None
    try:
        for pk in ids:
            try:
                if not claim(pk):
                    continue
                note = Notification.objects.select_related("user").filter(pk=pk).first()
                if note is None:  # its account was closed after the claim: nothing to send
                    continue
                reason = skip_reason(note)
                # A row held while its player was at the table goes only if the turn is still theirs.
                if not reason and note.last_error == HELD and note.kind == "turn" and is_stale_turn(note):
                    reason = "no longer their turn"
                reason = reason or live_skip(note)
                if not reason and held(note):
                    _finish(pk, claimed_at=None, last_error=HELD)  # no attempt used: it goes once they leave
                    continue
                if reason:
                    _finish(pk, sent_at=timezone.now(), skipped=True, last_error=reason)
                    continue
            except (OperationalError, InterfaceError):
                log.warning("Database unreachable before notification %s was sent; the sweep retries.", pk)
                _unclaim(pk)
                break
            try:
                message = render(note)
                if connection is None:
                    connection = get_connection(fail_silently=False)
                    connection.open()
                _hand_over(pk, message)
                connection.send_messages([message])
            except MESSAGE_ERRORS as exc:
                log.warning("Mail server refused notification %s: %s", pk, exc)
                _release(pk, exc, count=True)
                continue
            except (OSError, smtplib.SMTPException) as exc:
                log.warning(
                    "Mail server unreachable (%s); notification %s waits for the sweep.", _error(exc), pk
                )
                _release(pk, exc, count=False)
                break
            except (OperationalError, InterfaceError):
                log.warning("Database unreachable before notification %s was sent; the sweep retries.", pk)
                _unclaim(pk)  # nothing was handed over: free it for the next sweep
                break
            except Exception as exc:  # a template or data bug: count it, keep the batch going
                log.exception("Could not build notification %s", pk)
                _release(pk, exc, count=True)
                continue
            _mark_sent(pk)
            sent += 1
    finally:
        if connection is not None:
            try:
                connection.close()
            except Exception:  # noqa: BLE001 — the messages are already marked
                log.debug("closing the mail connection failed", exc_info=True)
    return sent


def _hand_over(pk: int, message: EmailMultiAlternatives) -> None:
    """Record, before sending, that this row goes to the mail server now, under its Message-ID."""
    message_id = make_msgid(idstring=f"notification-{pk}", domain=DNS_NAME.get_fqdn())
    message.extra_headers["Message-ID"] = message_id
    _finish(pk, handed_at=timezone.now(), message_id=message_id[:200])


def deliver_held(game_id: int, user_id: int) -> int:
    """The player's last page at this table closed: send what waited while they were here."""
    rows = Notification.objects.filter(game_id=game_id, user_id=user_id, kind__in=HELD_KINDS)
    rows = rows.filter(sent_at__isnull=True)
    return deliver(rows.order_by("created_at").values_list("pk", flat=True))


def sweep() -> int:
    """Send what no task delivered (lost task, down broker, down mail server)."""
    settle_handed()
    return deliver(pending_ids())
