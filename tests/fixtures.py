"""Fixtures of the whole suite (tests/ and each game folder's tests/): people, tables, pad pictures."""

from __future__ import annotations

import shutil
import subprocess
import time
from pathlib import Path

import pytest

from tests import hypothesis_profiles  # noqa: F401 — registers and loads the Hypothesis profile
from tests.paths import ARTIFACTS as PATHS_ARTIFACTS


@pytest.fixture(autouse=True, scope="session")
def tasks_go_nowhere():
    """Committing tests enqueue into memory, not into var/broker where `make run` would run them."""
    from kombu import pools

    from config.celery import app

    app.conf.update(broker_url="memory://", broker_transport_options={})
    pools.reset()
    app._pool = None
    yield


@pytest.fixture(autouse=True)
def fast_passwords(settings):
    # Hashing strength is Django's concern; the suite needs many users quickly.
    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]


@pytest.fixture(autouse=True)
def abuse_limits_off(settings):
    """Sign-in throttling and rate limits are off unless a test asks for ``abuse_limits``:
    the suite signs in with ``client.login`` (no request for django-axes) and sends far
    more requests from one address than any person would."""
    settings.AXES_ENABLED = False
    settings.RATELIMIT_ENABLE = False


@pytest.fixture(autouse=True)
def pads_cache(settings):
    """The pads' PDFs in this process's memory, empty for each test: the suite neither reads nor
    clears the files under var/ where `make run` keeps them."""
    from django.core.cache import caches

    memory = {"BACKEND": "django.core.cache.backends.locmem.LocMemCache", "LOCATION": "pads"}
    settings.CACHES = {**settings.CACHES, "pads": memory}
    caches["pads"].clear()
    return caches["pads"]


@pytest.fixture(autouse=True)
def background_running(settings):
    """The shared cache in this process's memory, holding a fresh heartbeat: the suite runs no beat,
    and its pages are those of a site whose background work runs. A test that stops it deletes
    the heartbeat (``caches["shared"].clear()``)."""
    from django.core.cache import caches

    from config import heartbeat

    memory = {"BACKEND": "django.core.cache.backends.locmem.LocMemCache", "LOCATION": "shared"}
    settings.CACHES = {**settings.CACHES, "shared": memory}
    caches["shared"].clear()
    heartbeat.beat(now=time.time() + 3600)  # fresh however long the test runs
    return caches["shared"]


@pytest.fixture
def abuse_limits(settings):
    """The limits on, with counters of earlier tests cleared."""
    from axes.models import AccessAttempt
    from django.core.cache import cache

    from accounts import limits

    settings.AXES_ENABLED = True
    settings.RATELIMIT_ENABLE = True
    cache.clear()
    limits._remembered.clear()  # the sessions this process noted in the cache just cleared
    AccessAttempt.objects.all().delete()
    yield settings
    cache.clear()


@pytest.fixture
def make_user(db):
    from accounts.models import User

    def make(
        name: str = "Julius",
        email: str | None = None,
        password: str = "a-long-Passw0rd",
        verified: bool = True,
    ) -> User:
        """A player with an account; their address confirmed unless ``verified=False``."""
        return User.objects.create_user(
            email or f"{name.lower()}@example.com", password, display_name=name, email_verified=verified
        )

    return make


@pytest.fixture
def make_table(db, make_user):
    """A started game with the given players seated in order; returns (game, users)."""
    from games.play import services

    def make(kind: str = "poker", names=("Julius", "Agrippina"), options=None, bots: int = 0):
        users = [make_user(name) for name in names]
        game = services.create_game(users[0], kind, options or {}, len(names) + bots, "seated")
        for user in users[1:]:
            services.join_game(game.pk, user)
        for _ in range(bots):
            services.add_bot(game.pk, users[0])
        services.start_game(game.pk, users[0])
        game.refresh_from_db()
        return game, users

    return make


@pytest.fixture
def toy_games(settings):
    """Nim (turn-based, with a pad and a sheet) and Race (realtime), the games only the tests know,
    registered with their templates: the platform's tests play them to show it hosts any game."""
    from games.contract import kinds
    from tests.platform.nim.web import NimKind
    from tests.platform.race.web import RaceKind

    toys = Path(__file__).parent / "platform"
    folders = [toys / "nim" / "templates", toys / "race" / "templates"]
    settings.TEMPLATES = [
        {**settings.TEMPLATES[0], "DIRS": [*settings.TEMPLATES[0]["DIRS"], *folders]},
        *settings.TEMPLATES[1:],
    ]
    registered = [kinds.register(NimKind()), kinds.register(RaceKind())]
    yield {kind.slug: kind for kind in registered}
    for kind in registered:
        kinds.unregister(kind.slug)


# Pad tests (tests/scoresheets/ and a game's test_pad.py) keep a picture of page 1 of each pad
# for a person to look at.
ARTIFACTS = PATHS_ARTIFACTS / "pads"


@pytest.fixture
def keep_picture(tmp_path):
    """Rasterise page 1 of a PDF to test-artifacts/pads/<name>.png for a person to look at."""

    def keep(name: str, pdf: bytes) -> Path | None:
        if shutil.which("pdftoppm") is None:
            return None
        ARTIFACTS.mkdir(parents=True, exist_ok=True)
        source = tmp_path / f"{name}.pdf"
        source.write_bytes(pdf)
        target = ARTIFACTS / name
        subprocess.run(
            ["pdftoppm", "-png", "-r", "70", "-f", "1", "-l", "1", "-singlefile", str(source), str(target)],
            check=True,
        )
        png = target.with_suffix(".png")
        assert png.stat().st_size > 1000
        return png

    return keep
