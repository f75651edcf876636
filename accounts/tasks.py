"""Celery tasks of accounts (thin: the work is in accounts.guests)."""

from __future__ import annotations

from celery import shared_task

from . import guests, limits


@shared_task(ignore_result=True)
def sweep_guests() -> int:
    """Beat, nightly: remove guests who hold no seat in an unfinished game and have not visited for long."""
    return guests.sweep()


@shared_task(ignore_result=True)
def forget_signin_failures() -> int:
    """Beat, nightly: failed sign-ins past their lock window are kept no longer."""
    return limits.forget_signin_failures()
