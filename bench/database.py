"""The benchmarks' PostgreSQL databases: each bench has its own, made when missing."""

from __future__ import annotations

import os

PG = os.environ.get("BENCH_PG", "postgres://postgres@127.0.0.1:5432")


def ensure_database(url: str) -> None:
    """Create the PostgreSQL database ``url`` names unless it exists (a fresh machine has none)."""
    if not url.startswith(("postgres://", "postgresql://")):
        return
    import psycopg

    server, name = url.split("?")[0].rsplit("/", 1)
    with psycopg.connect(f"{server}/postgres", autocommit=True) as conn:
        if not conn.execute("SELECT 1 FROM pg_database WHERE datname = %s", [name]).fetchone():
            conn.execute(f'CREATE DATABASE "{name}"')


def fresh_database(name: str) -> None:
    """Drop the database ``name`` on the benches' server, with its sessions, and create it empty."""
    import psycopg

    with psycopg.connect(f"{PG}/postgres", autocommit=True) as conn:
        conn.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')
        conn.execute(f'CREATE DATABASE "{name}"')
