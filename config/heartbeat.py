"""Whether the site's background work runs: beat's heartbeat, written by the worker, read by pages.

Beat sends the ``heartbeat`` task every HEARTBEAT_SECONDS and once as it starts; the worker runs it
and stores the time in the cache every process shares (``shared``: Redis with CACHE_URL, else
files under VAR_DIR). A heartbeat older than a minute, or none, means computer players, clocks
and mail are waiting: ``/healthz/`` says so, and so does the page of a table that needs them.
"""

from __future__ import annotations

import time

from django.conf import settings
from django.core.cache import caches

STALE_AFTER_SECONDS = 60.0
DOWN = "Background work is not running: computer players and e-mail are waiting"


def _key() -> str:
    return f"background:heartbeat:{settings.CELERY_TASK_DEFAULT_QUEUE}"  # one per site sharing a Redis


def beat(now: float | None = None) -> None:
    caches["shared"].set(_key(), time.time() if now is None else now, timeout=None)


def age(now: float | None = None) -> float | None:
    """Seconds since the last heartbeat, or None when there never was one (or the cache is down)."""
    try:
        last = caches["shared"].get(_key())
    except Exception:  # noqa: BLE001 — a cache that is down knows of no heartbeat
        return None
    if last is None:
        return None
    return max(0.0, (time.time() if now is None else now) - float(last))


def running(now: float | None = None) -> bool:
    seconds = age(now)
    return seconds is not None and seconds <= STALE_AFTER_SECONDS


def report(now: float | None = None) -> str:
    """One line for ``/healthz/``."""
    seconds = age(now)
    if seconds is None:
        return "background: not running (no heartbeat yet)"
    if seconds > STALE_AFTER_SECONDS:
        return f"background: not running (last heartbeat {seconds:.0f} s ago)"
    return f"background: running (last heartbeat {seconds:.0f} s ago)"
