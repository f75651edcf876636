"""Fixtures of the integration tests that several files share."""

from __future__ import annotations

import os

import pytest
from django.db import connection

from tests.integration.live_harness import asgi_server
from tests.integration.mail_harness import database_url, reachable

REDIS = ("127.0.0.1", 6379)
LAYER = f"redis://{REDIS[0]}:{REDIS[1]}/14"


@pytest.fixture
def servers(settings):
    """Two ASGI web processes on this test's PostgreSQL database, their channel layer on Redis."""
    missing = []
    if connection.vendor != "postgresql":
        missing.append("PostgreSQL (set DATABASE_URL=postgres://…)")
    if not reachable(*REDIS):
        missing.append(f"Redis at {REDIS[0]}:{REDIS[1]}")
    if missing:
        reason = "two ASGI processes need " + " and ".join(missing)
        if os.environ.get("CI") == "true":
            pytest.fail(f"CI: {reason}", pytrace=False)
        pytest.skip(reason)
    database = database_url(settings.DATABASES["default"])
    with asgi_server(database=database, channel_layer=LAYER) as one, asgi_server(
        database=database, channel_layer=LAYER
    ) as other:
        yield one, other
