"""Celery tasks. Each takes ids and is safe to run twice."""

from __future__ import annotations

import logging

from celery import shared_task
from django.utils import timezone

from . import deadlines, mailer, notifications, services

log = logging.getLogger(__name__)


def enqueue(task, *args) -> None:
    """``task.delay(*args)``, logging instead of failing when the broker is down (beat catches up)."""
    try:
        task.delay(*args)
    except Exception:  # noqa: BLE001 — any broker failure
        log.warning("Could not enqueue %s%s; the beat sweep will catch up.", task.name, args, exc_info=True)


@shared_task(ignore_result=True)
def play_bots(game_id: int) -> int:
    # Idempotent: a second run finds no computer player awaited and does nothing.
    return services.play_bots(game_id)


@shared_task(ignore_result=True)
def deliver_outbox(ids: list[int]) -> int:
    """Send these outbox rows; a row another worker claimed or sent is left alone."""
    return mailer.deliver(ids)


@shared_task(ignore_result=True)
def sweep_outbox() -> int:
    """Beat: send every row no task delivered (lost task, broker or mail server down)."""
    return mailer.sweep()


@shared_task(ignore_result=True)
def run_deadlines() -> dict:
    """Beat: reminders, default moves for timed-out turns, timed flips."""
    return deadlines.sweep()


@shared_task(ignore_result=True)
def flip_timed(game_id: int) -> int:
    return deadlines.flip_timed(game_id)


@shared_task(ignore_result=True)
def send_digests() -> int:
    """Beat, daily: one e-mail per digest reader; a second run the same day adds nothing."""
    from django.db import transaction

    with transaction.atomic():
        ids = notifications.write(notifications.plan_digests(timezone.now()), enqueue=False)
    return mailer.deliver(ids)
