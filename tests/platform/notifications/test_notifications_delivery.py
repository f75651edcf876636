"""Sending the outbox: claims, rendering, failures, the sweep, a broker that is down."""

from __future__ import annotations

import json
import smtplib
from datetime import timedelta
from unittest import mock

import pytest
from django.core import mail
from django.test import override_settings
from django.urls import reverse
from django.utils import timezone

from games import tasks
from games.models import Notification, NotificationPrefs, Seat
from games.notifications import mailer
from games.notifications import outbox as notifications
from tests.platform.notifications.notify_helpers import play_turn

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("toy_games")]
SITE = "https://games.example.org"


@pytest.fixture(autouse=True)
def no_window(settings):
    """These tests are about sending; when a mail about a table is due is ``test_mail_claims``'s."""
    settings.MAIL_WINDOW_SECONDS = 0


@pytest.fixture
def pending(make_table):
    """A Nim table where Agrippina's turn has just begun: one row waiting."""
    game, users = make_table("nim")
    play_turn(game, users[0], 0)
    game.refresh_from_db()
    return game, users, Notification.objects.get()


@override_settings(SITE_URL=SITE)
def test_delivery_sends_once_with_link_headers_and_both_bodies(pending):
    game, (_, agrippina), note = pending
    assert mailer.deliver([note.pk]) == 1
    [message] = mail.outbox
    assert message.to == ["agrippina@example.com"]
    assert message.subject == f"Nim {game.code}: your turn"
    assert f"{SITE}/g/{game.code}/" in message.body
    assert "Julius" in message.body
    html, mime = message.alternatives[0]
    assert mime == "text/html" and f'href="{SITE}/g/{game.code}/"' in html
    unsubscribe = message.extra_headers["List-Unsubscribe"]
    assert unsubscribe.startswith(f"<{SITE}/notifications/unsubscribe/")
    assert message.extra_headers["List-Unsubscribe-Post"] == "List-Unsubscribe=One-Click"
    assert unsubscribe.strip("<>") in message.body
    note.refresh_from_db()
    assert note.sent_at is not None and not note.skipped

    assert mailer.deliver([note.pk]) == 0 and mailer.sweep() == 0
    assert len(mail.outbox) == 1


def test_a_claim_is_taken_once_and_freed_when_stale(pending):
    *_, note = pending
    now = timezone.now()
    assert mailer.claim(note.pk, now) is True
    assert mailer.claim(note.pk, now) is False
    assert mailer.deliver([note.pk]) == 0  # another worker holds it
    assert mailer.claim(note.pk, now + mailer.CLAIM_TIMEOUT + timedelta(seconds=1)) is True


def test_server_down_keeps_the_row_for_the_sweep_without_spending_attempts(pending):
    *_, note = pending
    with mock.patch("django.core.mail.backends.locmem.EmailBackend.open", side_effect=ConnectionRefusedError):
        assert mailer.deliver([note.pk]) == 0
    note.refresh_from_db()
    assert note.sent_at is None and note.claimed_at is None and note.attempts == 0
    assert note.last_error.startswith("ConnectionRefusedError")
    assert mail.outbox == []
    assert mailer.sweep() == 1 and mailer.sweep() == 0
    assert len(mail.outbox) == 1


def test_a_refused_message_counts_attempts_and_stops_after_the_last(pending):
    *_, note = pending
    refused = smtplib.SMTPRecipientsRefused({"agrippina@example.com": (550, b"no such user")})
    with mock.patch("django.core.mail.backends.locmem.EmailBackend.send_messages", side_effect=refused):
        for _ in range(mailer.MAX_ATTEMPTS + 2):
            mailer.sweep()
    note.refresh_from_db()
    assert note.attempts == mailer.MAX_ATTEMPTS and note.sent_at is None
    assert mailer.pending_ids() == []


def test_rows_whose_reader_opted_out_since_are_closed_without_mail(pending):
    _, (_, agrippina), note = pending
    NotificationPrefs.objects.create(user=agrippina, mode=NotificationPrefs.Mode.NONE)
    assert mailer.deliver([note.pk]) == 0
    note.refresh_from_db()
    assert note.skipped and note.sent_at is not None and mail.outbox == []
    assert note.last_error == "dropped: no e-mail wanted"


def test_muting_after_the_move_stops_the_mail(pending):
    game, (_, agrippina), note = pending
    Seat.objects.filter(game=game, user=agrippina).update(muted=True)
    mailer.deliver([note.pk])
    assert mail.outbox == []


def test_a_down_broker_neither_fails_the_move_nor_loses_the_mail(
    client, make_table, django_capture_on_commit_callbacks
):
    game, (julius, _) = make_table("nim")
    client.force_login(julius)
    broken = mock.patch.object(tasks.deliver_outbox, "delay", side_effect=OSError("broker down"))
    with broken, django_capture_on_commit_callbacks(execute=True):
        for _ in range(60):
            game.refresh_from_db()
            if 0 not in game.engine.to_act(game.state):
                break
            move = json.dumps(game.engine.default_move(game.state, 0))
            data = {"move": move, "turn": game.tokens["0"]}
            response = client.post(reverse("move", args=[game.code]), data, HTTP_HX_REQUEST="true")
            assert response.status_code == 200
    assert game.moves.exists() and 1 in game.engine.to_act(game.state)
    assert Notification.objects.filter(sent_at__isnull=True).count() == 1
    assert tasks.sweep_outbox() == 1 and len(mail.outbox) == 1


def test_delivery_is_enqueued_on_commit_for_when_the_row_is_due(
    make_table, django_capture_on_commit_callbacks, settings
):
    settings.MAIL_WINDOW_SECONDS = 60
    game, (julius, _) = make_table("nim")
    with (
        mock.patch.object(tasks.deliver_outbox, "apply_async") as later,
        django_capture_on_commit_callbacks(execute=True),
    ):
        play_turn(game, julius, 0)
    [note] = Notification.objects.all()
    assert later.call_args_list == [mock.call(([note.pk],), countdown=60 + tasks.DUE_MARGIN)]
    assert abs(note.due_at - note.created_at - timedelta(seconds=60)) < timedelta(seconds=1)


def test_a_repeated_dedupe_key_writes_one_row(make_table):
    game, (_, agrippina) = make_table("nim")
    planned = notifications.Planned(agrippina.pk, game.pk, "turn", "turn:x:1:1", {"game_code": game.code})
    notifications.write([planned], enqueue=False)
    notifications.write([planned], enqueue=False)
    assert Notification.objects.count() == 1


@pytest.mark.parametrize("kind", ["turn", "host_step", "reminder", "timeout", "game_over"])
def test_every_kind_renders_subject_text_and_html(make_table, kind):
    game, (_, agrippina) = make_table("nim")
    Seat.objects.filter(game=game, user=agrippina).update(awaiting=True)  # a turn mail goes while hers
    context = {
        "game_code": game.code,
        "game_name": "Nim",
        "lines": ["Julius took 1 and left 6."],
        "more": 0,
        "deadline": 86400,
        "stage": "half",
        "left_seconds": 3600,
        "scores": [
            {"name": "Agrippina", "score": 40, "won": True},
            {"name": "Julius", "score": 30, "won": False},
        ],
    }
    [pk] = notifications.write(
        [notifications.Planned(agrippina.pk, game.pk, kind, f"k:{kind}", context)], enqueue=False
    )
    message = mailer.render(Notification.objects.get(pk=pk))
    assert game.code in message.subject and "\n" not in message.subject
    assert "/notifications/unsubscribe/" in message.body and game.code in message.alternatives[0][0]
    if kind == "game_over":
        assert f"/pads/game/{game.code}/" in message.body


def test_a_tables_own_step_is_told_in_the_games_words(make_table):
    """The platform's e-mails say "a step"; Catacombs says flip and books, in its own GameKind."""
    catacombs, (_, agrippina) = make_table("catacombs")
    nim, _ = make_table("nim", names=("Marcus", "Livia"))
    written = []
    for game, kind in ((catacombs, "host_step"), (nim, "host_step"), (catacombs, "turn")):
        context = {"game_code": game.code, "game_name": game.engine.name, "lines": [], "more": 0}
        context["table_step"] = True
        written += notifications.write(
            [notifications.Planned(agrippina.pk, game.pk, kind, f"k:{game.pk}:{kind}", context)],
            enqueue=False,
        )
    rendered = [mailer.render(note) for note in Notification.objects.filter(pk__in=written)]
    subjects = {message.subject: message.body for message in rendered}
    flip = subjects[f"Roman Catacombs {catacombs.code}: everyone has chosen — flip the next cards"]
    step = subjects[f"Nim {nim.code}: everyone has moved — your step as host"]
    cards = subjects[f"Roman Catacombs {catacombs.code}: new cards are up — your write"]
    assert f"Everyone at Roman Catacombs {catacombs.code} has written or passed. As the host, flip" in flip
    assert "As the host, give the table its next step" in step and "flip" not in step
    assert f"New cards are up in Roman Catacombs {catacombs.code}: choose a book to write" in cards


def failing_sent_mark(times: int):
    """``mailer._finish`` whose writes of ``sent_at`` fail ``times`` times, as a database blip does."""
    real, left = mailer._finish, [times]

    def finish(pk, **fields):
        if "sent_at" in fields and left[0] > 0:
            left[0] -= 1
            raise mailer.OperationalError("terminating connection due to administrator command")
        return real(pk, **fields)

    return finish


def test_a_sent_mark_that_fails_once_is_retried(pending):
    *_, note = pending
    with mock.patch.object(mailer, "_finish", failing_sent_mark(1)), mock.patch.object(mailer.time, "sleep"):
        assert mailer.deliver([note.pk]) == 1
    note.refresh_from_db()
    assert note.sent_at is not None and f"notification-{note.pk}@" in note.message_id
    assert mail.outbox[0].extra_headers["Message-ID"] == note.message_id


def test_a_message_the_server_took_is_never_sent_again_though_its_mark_was_lost(pending):
    *_, note = pending
    with mock.patch.object(mailer, "_finish", failing_sent_mark(99)), mock.patch.object(mailer.time, "sleep"):
        mailer.deliver([note.pk])
    note.refresh_from_db()
    assert len(mail.outbox) == 1 and note.sent_at is None and note.handed_at is not None
    later = timezone.now() + mailer.CLAIM_TIMEOUT + timedelta(seconds=1)
    assert mailer.claim(note.pk, later) is False  # its claim expired, and still it is not taken
    with mock.patch("django.utils.timezone.now", return_value=later):
        assert mailer.sweep() == 0
    note.refresh_from_db()
    assert note.sent_at == note.handed_at and note.last_error == mailer.HANDED_NOT_MARKED
    assert len(mail.outbox) == 1


def test_a_database_failure_before_the_hand_over_frees_the_claim_for_the_next_sweep(pending, monkeypatch):
    from django.db import OperationalError

    *_, note = pending
    real = mailer.claims.check
    calls = []

    def blink(row, now):
        calls.append(row.pk)
        if len(calls) == 1:
            raise OperationalError("terminating connection due to administrator command")
        return real(row, now)

    monkeypatch.setattr(mailer.claims, "check", blink)
    assert mailer.deliver([note.pk]) == 0
    note.refresh_from_db()
    assert note.claimed_at is None and note.sent_at is None and mail.outbox == []
    assert mailer.sweep() == 1  # at once, not after the claim expires
    assert len(mail.outbox) == 1
