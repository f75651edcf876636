"""Settings read from the environment: what production refuses to run without."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def manage(*args: str, **env: str) -> subprocess.CompletedProcess:
    clean = {key: value for key, value in os.environ.items() if key not in {"SECRET_KEY", "DEBUG"}}
    return subprocess.run(
        [sys.executable, "manage.py", *args],
        cwd=ROOT,
        env={**clean, **env},
        capture_output=True,
        text=True,
        timeout=120,
    )


def test_debug_off_without_a_secret_key_refuses_to_start():
    result = manage("check", DEBUG="false")
    assert result.returncode != 0
    assert "Set SECRET_KEY" in result.stderr


def test_the_development_key_is_flagged_by_the_deploy_check():
    result = manage("check", "--deploy", "--fail-level", "WARNING")
    assert result.returncode != 0
    assert "security.W009" in result.stderr + result.stdout


def test_a_site_with_its_own_key_starts_with_debug_off():
    result = manage("check", DEBUG="false", SECRET_KEY="a-" + "k" * 60)
    assert result.returncode == 0, result.stderr


def test_a_sign_in_lasts_two_weeks_unless_set(settings):
    from django.conf import settings as live

    assert live.SESSION_COOKIE_AGE == 14 * 24 * 60 * 60
    result = subprocess.run(
        [sys.executable, "-c", "from django.conf import settings; print(settings.SESSION_COOKIE_AGE)"],
        cwd=ROOT,
        env={**os.environ, "SESSION_DAYS": "3", "DJANGO_SETTINGS_MODULE": "config.settings"},
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert result.stdout.strip() == str(3 * 24 * 60 * 60)


def test_a_dead_workers_tasks_return_within_minutes_not_an_hour():
    """Redis's own visibility timeout is an hour: a killed worker's computer-player steps waited that long."""
    script = (
        "from django.conf import settings as s; "
        "print(s.CELERY_BROKER_TRANSPORT_OPTIONS['visibility_timeout'])"
    )
    result = subprocess.run(
        [sys.executable, "-c", script],
        cwd=ROOT,
        env={
            **os.environ,
            "CELERY_BROKER_URL": "redis://127.0.0.1:6379/0",
            "DJANGO_SETTINGS_MODULE": "config.settings",
        },
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert result.returncode == 0, result.stderr
    assert 0 < int(result.stdout.strip()) <= 600


def test_postgresql_connections_come_from_a_bounded_pool_not_one_per_request():
    """Under ASGI a persistent connection per thread leaked dozens of connections per process."""
    script = (
        "from django.conf import settings; d = settings.DATABASES['default']; "
        "print(d['CONN_MAX_AGE'], d['OPTIONS']['pool']['max_size'])"
    )
    result = subprocess.run(
        [sys.executable, "-c", script],
        cwd=ROOT,
        env={
            **os.environ,
            "DATABASE_URL": "postgres://u@127.0.0.1:5432/x",
            "DATABASE_POOL_SIZE": "5",
            "DJANGO_SETTINGS_MODULE": "config.settings",
        },
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert result.returncode == 0, result.stderr
    assert result.stdout.split() == ["0", "5"]
