"""An ASGI web process borrows PostgreSQL connections from its pool: never one per request, never
more than ``DATABASE_POOL_SIZE`` however many requests arrive at once."""

from __future__ import annotations

import threading
import time

import pytest
from django.db import connection

from tests.integration.live_harness import SignedIn, asgi_server
from tests.integration.mail_harness import database_url
from tests.real_parts import require

pytestmark = [pytest.mark.integration, pytest.mark.django_db(transaction=True)]

POOL_SIZE = 3
REQUESTS = 60
AT_ONCE = 20


APPLICATION = "pool-under-test"


def _backends(database: str) -> set[int]:
    """The server's sessions on the test database, known by the application name it connects with."""
    with connection.cursor() as cursor:
        cursor.execute(
            "SELECT pid FROM pg_stat_activity WHERE datname = %s AND application_name = %s",
            [database, APPLICATION],
        )
        return {pid for (pid,) in cursor.fetchall()}


def test_concurrent_requests_stay_within_the_pool(settings, make_table):
    require("a Daphne process on PostgreSQL")
    game, (julius, agrippina) = make_table()
    name = settings.DATABASES["default"]["NAME"]
    with asgi_server(
        database=database_url(settings.DATABASES["default"]) + f"?application_name={APPLICATION}",
        channel_layer="",
        extra={"DATABASE_POOL_SIZE": str(POOL_SIZE)},
    ) as base:
        clients = [SignedIn(base, julius), SignedIn(base, agrippina)]
        statuses: list[int] = []
        seen: set[int] = set()
        most = 0
        done = threading.Event()

        def load(index: int) -> None:
            for number in range(index, REQUESTS, AT_ONCE):
                path = f"/g/{game.code}/" if number % 2 else f"/g/{game.code}/poll/?version=0"
                statuses.append(clients[number % 2].get(path))

        threads = [threading.Thread(target=load, args=(i,)) for i in range(AT_ONCE)]
        for thread in threads:
            thread.start()
        while not done.is_set():
            pids = _backends(name)
            seen |= pids
            most = max(most, len(pids))
            done.wait(0.01) if any(thread.is_alive() for thread in threads) else done.set()
        for thread in threads:
            thread.join()
        time.sleep(0.2)
        kept = _backends(name)
    assert statuses == [200] * REQUESTS
    assert 1 <= most <= POOL_SIZE
    assert len(seen) <= POOL_SIZE  # the same few connections served every request
    assert kept and kept <= seen  # and stay open for the next ones
