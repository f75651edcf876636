"""Render time of the score pads (WeasyPrint), and their downloads over HTTP.

Each blank pad (one page, A4, three names) is rendered N times from its HTML
to PDF bytes. Then, through the full request stack (Django's test client) in
production settings (DEBUG off, the cache on Redis): ``warm_pads`` renders the
default blank pads, and each game's default blank pad (as the score-pad page
sends it) is fetched N times by a new visitor (the first request after warming)
and again by the same visitor with its ETag (a 304), beside a bare view's floor
(``/healthz/``) in the same run. Last, a Roman Poker game's filled pad: once
cold (rendered), then N times from the cache keyed on the game's version. Runs
on an in-memory SQLite database.

Then the embedded default (``make run``: no CACHE_URL, the pads kept in files under
VAR_DIR): ``manage.py warm_pads`` in a process of its own, a ``daphne`` web process
beside it on the same VAR_DIR, and each default blank pad fetched over real HTTP by
new visitors and again with its ETag, beside ``/healthz/`` over the same connection kind.

    .venv/bin/python -m bench.bench_pads
"""

from __future__ import annotations

import os
import random
import statistics
import subprocess
import sys
import tempfile
import time
import urllib.error
import urllib.parse
import urllib.request
from contextlib import ExitStack
from datetime import UTC, datetime
from pathlib import Path

from bench.results import machine, percentile, publish

os.environ["DATABASE_URL"] = "sqlite://:memory:"
os.environ.setdefault("SECRET_KEY", "bench-only-" + "x" * 50)  # DEBUG off, as in production
os.environ.setdefault("SECURE_SSL_REDIRECT", "false")  # plain HTTP in-process
# Redis db 9: the run clears its cache, and the test suite keeps keys in dbs 13-15 of the
# same server (the Roman Road E2E's computer players in 13), so a run beside the suite
# must not share one of those.
os.environ.setdefault("CACHE_URL", os.environ.get("BENCH_REDIS", "redis://127.0.0.1:6379") + "/9")
os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")

import django  # noqa: E402

django.setup()

from django.core.cache import cache  # noqa: E402
from django.core.management import call_command  # noqa: E402
from django.test import Client  # noqa: E402
from django.urls import reverse  # noqa: E402

from accounts.models import User  # noqa: E402
from games.models import Game, Seat  # noqa: E402
from games.poker.engine import POKER  # noqa: E402
from scoresheets.forms import page_query  # noqa: E402
from scoresheets.pads import blank_pad, html_to_pdf, render_html  # noqa: E402
from scoresheets.registry import pad_kinds  # noqa: E402
from scoresheets.warm import default_pads, warm_pads  # noqa: E402

N = int(os.environ.get("BENCH_PADS_N", "20"))
NAMES = ["Julius", "Agrippina", "Gaius"]


def timed(action) -> tuple[float, float]:
    """Wall-clock and CPU milliseconds of one call (CPU time is steadier on a busy machine)."""
    wall, cpu = time.perf_counter(), time.process_time()
    action()
    return (time.perf_counter() - wall) * 1000, (time.process_time() - cpu) * 1000


def ms(value: float) -> str:
    return f"{value:.1f}" if value < 10 else f"{value:.0f}"


def row(label: str, samples: list[tuple[float, float]]) -> str:
    wall = [w for w, _ in samples]
    cpu = [c for _, c in samples]
    return (
        f"| {label} | {len(samples)} | {ms(statistics.median(wall))} | {ms(percentile(wall, 0.95))} "
        f"| {ms(statistics.median(cpu))} | {ms(percentile(cpu, 0.95))} |"
    )


def blank_rows() -> list[str]:
    rows = []
    for game in pad_kinds():
        kind = game.slug
        pad = blank_pad(kind, names=NAMES if game.engine.max_players >= 3 else NAMES[:2])
        html = render_html(pad)
        html_to_pdf(html)  # warm-up: imports, font files read once per process
        rows.append(
            row(f"blank {game.name} (HTML → PDF)", [timed(lambda h=html: html_to_pdf(h)) for _ in range(N)])
        )
    return rows


def fetch(client: Client, url: str, query: dict, **headers) -> tuple[float, float, object]:
    """Wall and CPU milliseconds of one GET, and its response."""
    got = []
    wall, cpu = timed(lambda: got.append(client.get(url, query, headers=headers)))
    return wall, cpu, got[0]


def http_rows() -> list[str]:
    cache.clear()
    wall, cpu = timed(warm_pads)
    rows = [f"| warm_pads: the {len(default_pads())} default blank pads | 1 | {wall:.0f} | | {cpu:.0f} | |"]
    bare = Client()
    bare.get("/healthz/")  # the first request of the process loads the URLs and middleware
    floor = [timed(lambda: bare.get("/healthz/")) for _ in range(N)]
    rows.append(row("floor: GET /healthz/ (a bare view)", floor))
    for kind in pad_kinds():
        url, query = reverse("pad_blank", args=[kind.slug]), page_query(kind.slug, "a4")
        first, repeat = [], []
        visitor = Client()
        visitor.get("/healthz/")  # a test client loads the middleware (WhiteNoise's file scan) once
        for _ in range(N):
            visitor.cookies.clear()  # a new visitor: no cookie, no ETag
            wall, cpu, response = fetch(visitor, url, query)
            assert response.status_code == 200 and response["Content-Type"] == "application/pdf"
            first.append((wall, cpu))
            wall, cpu, again = fetch(visitor, url, query, if_none_match=response["ETag"])
            assert again.status_code == 304, again.status_code
            repeat.append((wall, cpu))
        rows.append(row(f"blank {kind.name} over HTTP: a visitor's first request after warming", first))
        rows.append(row(f"blank {kind.name} over HTTP: the repeat with its ETag (304)", repeat))
    return rows


def poker_game() -> Game:
    engine = POKER
    users = [
        User.objects.create_user(f"{n.lower()}@bench.local", "bench-pass", display_name=n) for n in NAMES
    ]
    rng = random.Random(5)
    state = engine.setup(len(NAMES), {}, rng)
    while not engine.is_over(state):
        seat = engine.to_act(state)[0]
        state = engine.apply(state, seat, engine.default_move(state, seat), rng)
    game = Game.objects.create(
        kind="poker", host=users[0], status=Game.Status.FINISHED, players=3, state=state
    )
    for position, user in enumerate(users):
        Seat.objects.create(game=game, user=user, position=position, name=user.display_name)
    return game


def download_rows() -> list[str]:
    game = poker_game()
    client = Client()
    url = reverse("pad_game", args=[game.code])
    cold = []
    for _ in range(N):
        cache.clear()
        cold.append(timed(lambda: client.get(url)))
    assert client.get(url).status_code == 200
    cached = [timed(lambda: client.get(url)) for _ in range(N)]
    return [
        row("filled Roman Poker pad download, not cached", cold),
        row("filled Roman Poker pad download, cached (same version)", cached),
    ]


def embedded_env(var_dir: Path) -> dict[str, str]:
    """What `make run` has: nothing set but where its files go (no CACHE_URL, no SECRET_KEY)."""
    env = {
        name: value
        for name, value in os.environ.items()
        if name not in {"CACHE_URL", "CHANNEL_LAYER_URL", "SECRET_KEY", "SECURE_SSL_REDIRECT", "DATABASE_URL"}
    }
    return {
        **env,
        "DJANGO_SETTINGS_MODULE": "config.settings",
        "VAR_DIR": str(var_dir),
        "DATABASE_URL": f"sqlite:///{var_dir / 'db.sqlite3'}",
        "CELERY_BROKER_URL": "memory://",
        "CACHE_URL": "",
        "LOG_LEVEL": "WARNING",
    }


def http_get(url: str, **headers) -> tuple[float, int, dict]:
    """Wall milliseconds of one GET over a new connection, its status and headers."""
    request = urllib.request.Request(url, headers=headers)
    started = time.perf_counter()
    try:
        with urllib.request.urlopen(request, timeout=60) as response:
            response.read()
            status, got = response.status, dict(response.headers)
    except urllib.error.HTTPError as error:  # the 304
        status, got = error.code, dict(error.headers)
    return (time.perf_counter() - started) * 1000, status, got


def embedded_rows() -> list[str]:
    from tests.integration.live_harness import ROOT, web_process

    with tempfile.TemporaryDirectory() as tmp:
        env = embedded_env(Path(tmp))
        subprocess.run(
            [sys.executable, "manage.py", "migrate", "--noinput"],
            cwd=ROOT,
            env=env,
            check=True,
            capture_output=True,
        )
        started, cpu = time.perf_counter(), os.times()
        warmed = subprocess.run(
            [sys.executable, "manage.py", "warm_pads"],
            cwd=ROOT,
            env=env,
            check=True,
            capture_output=True,
            text=True,
        )
        wall, after = (time.perf_counter() - started) * 1000, os.times()
        cpu_ms = after.children_user + after.children_system - cpu.children_user - cpu.children_system
        cpu_ms *= 1000
        assert "10 rendered" in warmed.stdout, warmed.stdout
        rows = [
            f"| embedded default: `manage.py warm_pads` in its own process (the 10 default pads) | 1 "
            f"| {wall:.0f} | | {cpu_ms:.0f} | |"
        ]
        with ExitStack() as stack:
            # The web process inherits this one's environment, whose production settings are not make run's.
            kept = {
                name: os.environ.pop(name)
                for name in ("SECRET_KEY", "SECURE_SSL_REDIRECT")
                if name in os.environ
            }
            try:
                web = stack.enter_context(
                    web_process(database=env["DATABASE_URL"], channel_layer=None, extra=env)
                )
            finally:
                os.environ.update(kept)
            http_get(f"{web.url}/healthz/")  # the process's first request loads the URLs and middleware
            floor = [(http_get(f"{web.url}/healthz/")[0], 0.0) for _ in range(N)]
            rows.append(http_row("embedded default: floor, GET /healthz/ over HTTP", floor))
            for kind in pad_kinds():
                query = urllib.parse.urlencode(page_query(kind.slug, "a4"), doseq=True)
                url = f"{web.url}{reverse('pad_blank', args=[kind.slug])}?{query}"
                first, repeat = [], []
                for _ in range(N):
                    wall, status, headers = http_get(url)  # a new visitor: no cookie, no ETag
                    assert status == 200 and headers["Content-Type"] == "application/pdf", status
                    first.append((wall, 0.0))
                    wall, status, _ = http_get(url, **{"If-None-Match": headers["ETag"]})
                    assert status == 304, status
                    repeat.append((wall, 0.0))
                label = f"embedded default: blank {kind.name} over HTTP"
                rows.append(http_row(f"{label}, a visitor's first request", first))
                rows.append(http_row(f"{label}, the repeat (304)", repeat))
    return rows


def http_row(label: str, samples: list[tuple[float, float]]) -> str:
    wall = [w for w, _ in samples]
    return f"| {label} | {len(samples)} | {ms(statistics.median(wall))} | {ms(percentile(wall, 0.95))} | | |"


def main() -> None:
    call_command("migrate", verbosity=0)
    rows = blank_rows() + http_rows() + download_rows() + embedded_rows()
    load = os.getloadavg()[0]
    lines = [
        f"`python -m bench.bench_pads`, {datetime.now(UTC):%Y-%m-%d %H:%M} UTC, {machine()}; "
        f"load average {load:.1f} at the end.",
        "",
        "Milliseconds per pad (HTML → PDF: one A4 page, three names; over HTTP: the default pad,",
        "A4, as the score-pad page sends it): wall clock, and the CPU time of this process, which",
        "other work on the machine disturbs less. Over HTTP: Django's test client through the full",
        "request stack, DEBUG off, the cache on Redis; each first request is a new visitor's (the",
        "client's cookies cleared: its middleware is loaded once, as a server's is).",
        "The embedded default's rows: `make run`'s settings (no CACHE_URL: the pads in files under",
        "VAR_DIR, DEBUG on), `manage.py warm_pads` in its own process, then a `daphne` process beside",
        "it fetched over real HTTP (a new connection each, wall clock of this client; the server's CPU",
        "is not this process's).",
        "",
        "| What | N | median ms | p95 ms | CPU median ms | CPU p95 ms |",
        "|---|---|---|---|---|---|",
        *rows,
    ]
    publish("Score pads", lines)


if __name__ == "__main__":
    main()
