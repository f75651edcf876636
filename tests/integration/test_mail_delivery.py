"""Moves to mailboxes with real parts: PostgreSQL, a Celery worker on Redis, an aiosmtpd server.

Skipped when PostgreSQL or Redis is not there, except under CI=true, where a
missing service fails the run instead of hiding it.
"""

from __future__ import annotations

import os
import time
import uuid

import pytest
from django.db import connection

from games.models import Game, Notification
from games.play import services
from tests.integration.mail_harness import (
    SmtpSink,
    database_url,
    free_port,
    publishing_to,
    reachable,
    wait_for,
    worker,
)

pytestmark = [pytest.mark.integration, pytest.mark.django_db(transaction=True)]

REDIS_HOST = os.environ.get("REDIS_HOST", "127.0.0.1")
REDIS_PORT = int(os.environ.get("REDIS_PORT", "6379"))
BROKER = f"redis://{REDIS_HOST}:{REDIS_PORT}/15"
SITE = "http://games.test"  # the worker's SITE_URL
WINDOW = 1  # seconds a turn's mail waits (MAIL_WINDOW_SECONDS), short here: the claims' tests time it


def require_services() -> None:
    missing = []
    if connection.vendor != "postgresql":
        missing.append("PostgreSQL (set DATABASE_URL=postgres://…)")
    if not reachable(REDIS_HOST, REDIS_PORT):
        missing.append(f"Redis at {REDIS_HOST}:{REDIS_PORT}")
    if not missing:
        return
    reason = "integration mail tests need " + " and ".join(missing)
    if os.environ.get("CI") == "true":
        pytest.fail(f"CI: {reason}", pytrace=False)
    pytest.skip(reason)


@pytest.fixture(scope="module")
def smtp():
    sink = SmtpSink().start()
    yield sink
    sink.stop()


@pytest.fixture(scope="module")
def celery_worker(django_db_setup, django_db_blocker, smtp, tmp_path_factory):
    """One worker (with beat sweeping the outbox every second) for the module's tests."""
    with django_db_blocker.unblock():
        require_services()
        database = database_url(connection.settings_dict)
    queue = f"mailtest-{uuid.uuid4().hex[:8]}"
    log = tmp_path_factory.mktemp("worker") / "worker.log"
    extra = {"OUTBOX_SWEEP_SECONDS": "1", "MAIL_WINDOW_SECONDS": str(WINDOW)}
    with worker(
        database=database, broker=BROKER, queue=queue, smtp=smtp.url, log=log, beat=True, extra=extra
    ):
        yield queue, log


@pytest.fixture
def publish(celery_worker):
    """This test process enqueues (on commit) to the worker's queue on Redis."""
    queue, _ = celery_worker
    with publishing_to(BROKER, queue):
        yield queue


@pytest.fixture
def table(make_user, settings):
    """Julius (host, seat 0) and Agrippina at a started Roman Poker table."""
    settings.MAIL_WINDOW_SECONDS = WINDOW
    tag = uuid.uuid4().hex[:6]
    julius = make_user("Julius", f"julius-{tag}@example.com")
    agrippina = make_user("Agrippina", f"agrippina-{tag}@example.com")
    game = services.create_game(julius, "poker", {}, 2, "seated")
    services.join_game(game.pk, agrippina)
    services.start_game(game.pk, julius)
    return game, {0: julius, 1: agrippina}


def play_turn(game: Game, users: dict) -> int:
    """The awaited seat plays its default moves through the service until the turn passes on."""
    game.refresh_from_db()
    seat = game.engine.to_act(game.state)[0]
    for _ in range(60):
        services.submit_move(
            game.pk, users[seat], game.engine.default_move(game.state, seat), game.tokens[str(seat)]
        )
        game.refresh_from_db()
        if game.status != Game.Status.ACTIVE or seat not in game.engine.to_act(game.state):
            return seat
    raise AssertionError("the turn did not end")


@pytest.fixture
def waiting(make_user, settings):
    """``waiting(n)``: n started Roman Poker tables where Julius has played and Agrippina's turn
    waits: n rows, each still true while the test runs; their ids."""
    settings.MAIL_WINDOW_SECONDS = WINDOW

    def make(n: int) -> list[int]:
        tag = uuid.uuid4().hex[:6]
        julius = make_user("Julius", f"julius-{tag}@example.com")
        agrippina = make_user("Agrippina", f"agrippina-{tag}@example.com")
        games = []
        for _ in range(n):
            game = services.create_game(julius, "poker", {}, 2, "seated")
            services.join_game(game.pk, agrippina)
            services.start_game(game.pk, julius)
            play_turn(game, {0: julius, 1: agrippina})
            games.append(game)
        return list(Notification.objects.filter(game__in=games).values_list("pk", flat=True))

    return make


def exactly_once(smtp: SmtpSink, ids: list[int]) -> dict:
    got = smtp.by_notification()
    assert all(len(got.get(pk, [])) == 1 for pk in ids), {pk: len(got.get(pk, [])) for pk in ids}
    return got


def test_moves_reach_the_right_inboxes_with_links(smtp, publish, table):
    game, users = table
    for _ in range(4):  # each turn's mail arrives while the turn is still the reader's
        play_turn(game, users)
        [latest] = Notification.objects.filter(game=game).order_by("-pk")[:1]
        smtp.wait_for_notification(latest.pk, timeout=20)
    rows = list(Notification.objects.filter(game=game).order_by("pk"))
    assert len(rows) == 4 and [r.user_id for r in rows] == [users[1].pk, users[0].pk] * 2
    ids = [r.pk for r in rows]
    wait_for(lambda: set(ids) <= set(smtp.by_notification()), timeout=20)
    got = exactly_once(smtp, ids)
    for row in rows:
        [item] = got[row.pk]
        assert item.rcpt_tos == [users[0].email if row.user_id == users[0].pk else users[1].email]
        assert item.message["Subject"] == f"Roman Poker {game.code}: your turn"
        assert item.message["List-Unsubscribe"].strip().startswith(f"<{SITE}/notifications/unsubscribe/")
        assert item.message["List-Unsubscribe-Post"] == "List-Unsubscribe=One-Click"
        text = item.message.get_body(("plain",)).get_content()
        html = item.message.get_body(("html",)).get_content()
        assert f"{SITE}/g/{game.code}/" in text and f'href="{SITE}/g/{game.code}/"' in html
    wait_for(lambda: Notification.objects.filter(pk__in=ids, sent_at__isnull=False).count() == len(ids))


def test_smtp_down_moves_still_land_and_the_sweep_delivers_each_once(smtp, publish, waiting):
    smtp.stop()
    try:
        ids = waiting(3)  # nothing raises although no mail server answers
        assert len(ids) == 3
        wait_for(
            lambda: Notification.objects.filter(pk__in=ids).exclude(last_error="").count() == 3, timeout=15
        )
        assert not Notification.objects.filter(pk__in=ids, sent_at__isnull=False).exists()
    finally:
        smtp.start()
    wait_for(lambda: set(ids) <= set(smtp.by_notification()), timeout=20)
    wait_for(lambda: Notification.objects.filter(pk__in=ids, sent_at__isnull=False).count() == 3)
    time.sleep(2.5)  # more sweeps run: still once each
    exactly_once(smtp, ids)


def test_broker_unreachable_moves_commit_and_the_mail_goes_out_when_it_is_back(smtp, celery_worker, waiting):
    queue, _ = celery_worker
    closed = f"redis://127.0.0.1:{free_port()}/15"
    with publishing_to(closed, queue):
        ids = waiting(2)  # committed although no task could be enqueued
    assert len(ids) == 2
    # The broker is back (the worker's beat publishes its sweep there): every row arrives once.
    wait_for(lambda: set(ids) <= set(smtp.by_notification()), timeout=20)
    exactly_once(smtp, ids)


def test_two_workers_racing_for_the_same_rows_send_each_once(smtp, publish, waiting, tmp_path):
    from games import tasks

    database = database_url(connection.settings_dict)
    second = dict(
        database=database,
        broker=BROKER,
        queue=publish,
        smtp=smtp.url,
        log=tmp_path / "second.log",
        extra={"MAIL_WINDOW_SECONDS": str(WINDOW)},  # the same window as the first worker's
    )
    smtp.stop()
    try:
        ids = waiting(4)
        with worker(**second):
            smtp.start()
            for _ in range(6):  # the same rows, many times: both workers and the beat sweep reach for them
                tasks.deliver_outbox.delay(ids)
            wait_for(
                lambda: Notification.objects.filter(pk__in=ids, sent_at__isnull=False).count() == len(ids)
            )
            time.sleep(1.5)
    finally:
        if not smtp.running:
            smtp.start()
    assert len(ids) == 4
    exactly_once(smtp, ids)
