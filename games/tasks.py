"""Celery tasks. Each takes ids and is safe to run twice."""

from __future__ import annotations

from celery import shared_task

from . import services


@shared_task(ignore_result=True)
def play_bots(game_id: int) -> int:
    # Idempotent: a second run finds no computer player awaited and does nothing.
    return services.play_bots(game_id)
