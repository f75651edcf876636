"""The production settings an in-process benchmark of the move path runs on, set before Django starts.

DEBUG off (a SECRET_KEY set), the cache and the channel layer on Redis (the rate limits' round trips
and the push are part of a move's cost), the pooled PostgreSQL connection, plain HTTP in-process (no
redirect to HTTPS). Tasks are published as in production, to an in-process broker, but not run:
the bench measures the web's work, not the mail or the computer players it hands on.
"""

from __future__ import annotations

import os

REDIS = os.environ.get("BENCH_REDIS", "redis://127.0.0.1:6379")


def production_settings(database: str) -> None:
    """Set the environment for ``database`` (a PostgreSQL URL) unless the caller set it already."""
    for name, value in {
        "DATABASE_URL": database,
        "DJANGO_SETTINGS_MODULE": "config.settings",
        "SECRET_KEY": "bench-only-" + "x" * 50,
        "SECURE_SSL_REDIRECT": "false",
        "CACHE_URL": f"{REDIS}/12",
        "CHANNEL_LAYER_URL": f"{REDIS}/12",
        "CELERY_BROKER_URL": "memory://",
    }.items():
        os.environ.setdefault(name, value)
