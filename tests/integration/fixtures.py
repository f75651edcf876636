"""Fixtures of the integration tests that several files share."""

from __future__ import annotations

import pytest

from tests.integration.live_harness import asgi_server
from tests.integration.mail_harness import database_url
from tests.real_parts import REDIS, require

LAYER = f"redis://{REDIS[0]}:{REDIS[1]}/14"


@pytest.fixture
def servers(settings):
    """Two ASGI web processes on this test's PostgreSQL database, their channel layer on Redis."""
    require("two ASGI processes", redis=True)
    database = database_url(settings.DATABASES["default"])
    with (
        asgi_server(database=database, channel_layer=LAYER) as one,
        asgi_server(database=database, channel_layer=LAYER) as other,
    ):
        yield one, other
