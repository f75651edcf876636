"""Fixtures the platform's tests share."""

import pytest
from django.db import connection


@pytest.fixture
def pipelines(db, monkeypatch) -> list:
    """A list that gains an item each time psycopg's pipeline mode is entered (PostgreSQL only):
    statements sent together (``reads.together``) enter it once."""
    entered: list = []
    if connection.vendor == "postgresql":
        connection.ensure_connection()
        raw = connection.connection
        enter = raw.pipeline
        monkeypatch.setattr(raw, "pipeline", lambda *a, **k: entered.append(1) or enter(*a, **k))
    return entered
