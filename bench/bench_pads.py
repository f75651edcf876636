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

    .venv/bin/python -m bench.bench_pads
"""

from __future__ import annotations

import os
import platform
import random
import statistics
import subprocess
import time
from datetime import UTC, datetime

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
from bench.results import write_section  # noqa: E402
from games.models import Game, Seat  # noqa: E402
from games.poker.engine import POKER  # noqa: E402
from scoresheets.forms import page_query  # noqa: E402
from scoresheets.pads import blank_pad, html_to_pdf, render_html  # noqa: E402
from scoresheets.registry import pad_kinds  # noqa: E402
from scoresheets.warm import default_pads, warm_pads  # noqa: E402

N = int(os.environ.get("BENCH_PADS_N", "20"))
NAMES = ["Julius", "Agrippina", "Gaius"]


def percentile(values: list[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(share * (len(ordered) - 1)))]


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
        for _ in range(N):
            visitor = Client()
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


def machine() -> str:
    uname = subprocess.run(["uname", "-srm"], capture_output=True, text=True).stdout.strip()
    with open("/proc/cpuinfo") as info:
        models = [line.split(":", 1)[1].strip() for line in info if line.startswith("model name")]
    cpu = models[0] if models else platform.processor() or "unknown CPU"
    return f"{uname}; {cpu}; {os.cpu_count()} CPUs; Python {platform.python_version()}"


def main() -> None:
    call_command("migrate", verbosity=0)
    rows = blank_rows() + http_rows() + download_rows()
    load = os.getloadavg()[0]
    lines = [
        f"`python -m bench.bench_pads`, {datetime.now(UTC):%Y-%m-%d %H:%M} UTC, {machine()}; "
        f"load average {load:.1f} at the end.",
        "",
        "Milliseconds per pad (HTML → PDF: one A4 page, three names; over HTTP: the default pad,",
        "A4, as the score-pad page sends it): wall clock, and the CPU time of this process, which",
        "other work on the machine disturbs less. Over HTTP: Django's test client through the full",
        "request stack, DEBUG off, the cache on Redis; each first request is a new visitor's.",
        "",
        "| What | N | median ms | p95 ms | CPU median ms | CPU p95 ms |",
        "|---|---|---|---|---|---|",
        *rows,
    ]
    print("\n".join(lines))
    write_section("Score pads", lines)


if __name__ == "__main__":
    main()
