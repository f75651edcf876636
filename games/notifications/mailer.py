"""Deliver outbox rows: claim each one, check what it says (``claims``), render it, send it, mark it sent.

Just before a row goes, ``claims.check`` asks whether what it says still holds:
a row no longer true is marked done without mail, with the reason; a row not
yet due is freed, due again when ``claims`` says (the sweep looks then).

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
from games.models import Notification
from games.notifications import claims
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


def _due(now: datetime) -> Q:
    return Q(due_at__isnull=True) | Q(due_at__lte=now)


def claim(pk: int, now: datetime | None = None) -> bool:
    """Take row ``pk`` for sending; True for exactly one of any number of racing callers."""
    now = now or timezone.now()
    return bool(_unsent(now).filter(pk=pk).update(claimed_at=now))


def pending_ids(now: datetime | None = None, limit: int = SWEEP_BATCH) -> list[int]:
    """Rows to send whose time has come, oldest first."""
    now = now or timezone.now()
    rows = _unsent(now).filter(_due(now))
    return list(rows.order_by("due_at", "created_at").values_list("pk", flat=True)[:limit])


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


def notices(slug: str, table: str, number: int | None = None) -> dict[str, str]:
    """The platform's notices in the game's own words (a table step, a round, the host's step), for
    ``table`` (and round ``number``)."""
    kind = kinds.get(slug) if kinds.exists(slug) else kinds.GameKind()
    return {name: kind.notice(name, table, round=number) for name in kinds.NOTICES}


VERIFY = "verify"  # the link that verifies an address: the one mail an unverified address gets


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
        table = f"{note.context['game_name']} {code}"
        context["notice"] = notices(note.game.kind, table, note.context.get("round"))
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


def _decide(pk: int, note: Notification, now: datetime) -> bool:
    """Ask ``claims`` about a claimed row: True to send it now; else it is dropped (with why) or
    freed until it is due."""
    verdict = claims.check(note, now)
    if verdict.drop:
        _finish(pk, sent_at=now, skipped=True, last_error=verdict.drop, claimed_at=None)
        return False
    if verdict.wait_until is not None:
        _finish(pk, claimed_at=None, due_at=verdict.wait_until)  # no attempt used
        return False
    if note.claim == claims.Claim.DIGEST:
        _finish(pk, context=note.context)  # the lines still true, as sent
    return True


def deliver(ids: Iterable[int], now: datetime | None = None) -> int:
    """Send every row of ``ids`` this caller manages to claim and whose claim holds now; returns how
    many were mailed. ``now``: the moment to judge whether a row is due (the clock's by default)."""
    sent = 0
    connection = None
    try:
        for pk in ids:
            try:
                if not claim(pk, now):
                    continue
                note = Notification.objects.select_related("user", "game").filter(pk=pk).first()
                if note is None:  # its account was closed after the claim: nothing to send
                    continue
                if not _decide(pk, note, now or timezone.now()):
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


def deliver_after_leaving(game_id: int, user_id: int, now: datetime | None = None) -> int:
    """The person's last page at this table closed a window ago: send what is due of theirs there."""
    rows = Notification.objects.filter(
        game_id=game_id, user_id=user_id, claim__in=claims.AT_TABLE, sent_at__isnull=True
    )
    return deliver(rows.order_by("created_at").values_list("pk", flat=True), now)


def sweep(now: datetime | None = None) -> int:
    """Send what is due that no task delivered (lost task, down broker, down mail server)."""
    settle_handed()
    return deliver(pending_ids(now), now)
