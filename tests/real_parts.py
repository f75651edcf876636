"""What the tests that need real services share: the check that they are there, and threads
released together.

Where PostgreSQL or Redis is missing such a test is skipped with its reason, except under
``CI=true``, where it fails: CI always has them.
"""

from __future__ import annotations

import os
import threading

import pytest
from django.db import connection

from tests.integration.mail_harness import reachable

REDIS = ("127.0.0.1", 6379)


def require(what: str, *, redis: bool = False) -> None:
    """Skip (fail under CI) unless the database is PostgreSQL and, with ``redis``, Redis answers."""
    missing = []
    if connection.vendor != "postgresql":
        missing.append("PostgreSQL (set DATABASE_URL=postgres://…)")
    if redis and not reachable(*REDIS):
        missing.append(f"Redis at {REDIS[0]}:{REDIS[1]}")
    if not missing:
        return
    reason = f"{what} needs " + " and ".join(missing)
    if os.environ.get("CI") == "true":
        pytest.fail(f"CI: {reason}", pytrace=False)
    pytest.skip(reason)


def at_once(calls) -> list:
    """Run the calls in threads released together; each result is a value or the exception raised."""
    barrier = threading.Barrier(len(calls))
    results: list = [None] * len(calls)

    def run(index, call):
        try:
            barrier.wait(timeout=10)
            results[index] = call()
        except Exception as exc:  # noqa: BLE001 — the test inspects it
            results[index] = exc
        finally:
            connection.close()  # each thread has its own connection

    threads = [threading.Thread(target=run, args=(i, call)) for i, call in enumerate(calls)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=30)
    return results
