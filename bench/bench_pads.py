"""Render time of the score pads (WeasyPrint), and of a cached filled-pad download.

Each blank pad (one page, A4, three names) is rendered N times from its HTML
to PDF bytes; then a Roman Poker game's filled pad is downloaded through the
full request stack: once cold (rendered), then N times from the cache keyed on
the game's version. Runs on an in-memory SQLite database.

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
from scoresheets.pads import blank_pad, html_to_pdf, render_html  # noqa: E402
from scoresheets.registry import pad_kinds  # noqa: E402

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


def row(label: str, samples: list[tuple[float, float]]) -> str:
    wall = [w for w, _ in samples]
    cpu = [c for _, c in samples]
    return (
        f"| {label} | {len(samples)} | {statistics.median(wall):.0f} | {percentile(wall, 0.95):.0f} "
        f"| {statistics.median(cpu):.0f} | {percentile(cpu, 0.95):.0f} |"
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
    call_command("migrate", verbosity=0)
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
    rows = blank_rows() + download_rows()
    load = os.getloadavg()[0]
    lines = [
        f"`python -m bench.bench_pads`, {datetime.now(UTC):%Y-%m-%d %H:%M} UTC, {machine()}; "
        f"load average {load:.1f} at the end.",
        "",
        "Milliseconds per pad (one A4 page, three names): wall clock, and the CPU time of this",
        "process, which other work on the machine disturbs less.",
        "",
        "| What | N | median ms | p95 ms | CPU median ms | CPU p95 ms |",
        "|---|---|---|---|---|---|",
        *rows,
    ]
    print("\n".join(lines))
    write_section("Score pads", lines)


if __name__ == "__main__":
    main()
