"""The first PDF of a game in a fresh process against the later ones, without and with the web
process's warm-up (``scoresheets.warm.warm_renderer``, started by ``config/asgi.py``).

For each game, new Python processes (R of each kind) set Django up, then, in half of them, run
the warm-up as a web process does at start; then each renders that game's blank pad with three
names (a pad no cache holds, rendered for every request) and a score sheet's filled pad, first
once, then N times more. "Without" is what a process did before the warm-up existed: its first
PDF of a game paid for WeasyPrint's C bindings, the fonts and the first layout.

Then over real HTTP: fresh ``daphne`` web processes (R per row, production settings, the pads
cache in files) with ``WARM_PDF_RENDERER`` off and on, asked SETTLE seconds after they listen (or
at once, while the warm-up still runs) for each game's blank pad with names, once, then N more.

    .venv/bin/python -m bench.bench_pads_first
"""

from __future__ import annotations

import json
import os
import statistics
import subprocess
import sys
import tempfile
import time
import urllib.parse
import urllib.request
from datetime import UTC, datetime
from pathlib import Path

from bench.results import machine, percentile, publish

R = int(os.environ.get("BENCH_PADS_FIRST_R", "5"))  # fresh processes per game and kind
N = int(os.environ.get("BENCH_PADS_FIRST_N", "5"))  # later renders in each
SETTLE = float(os.environ.get("BENCH_PADS_FIRST_SETTLE", "10"))  # seconds before the first request
NAMES = ["Julius", "Agrippina", "Gaius"]
ROOT = Path(__file__).resolve().parents[1]


def timed(action) -> tuple[float, float]:
    """Wall-clock and CPU milliseconds of one call."""
    wall, cpu = time.perf_counter(), time.process_time()
    action()
    return (time.perf_counter() - wall) * 1000, (time.process_time() - cpu) * 1000


def child(slug: str, warm: bool) -> dict:
    """In a fresh process: the warm-up if asked, then the first and the later renders of ``slug``."""
    os.environ["DATABASE_URL"] = "sqlite://:memory:"
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")
    import django

    django.setup()
    from django.utils import timezone

    from scoresheets.models import ScoreSheet
    from scoresheets.pads import blank_pad, render_pdf
    from scoresheets.presenter import sheet_pad
    from scoresheets.registry import pad_kind
    from scoresheets.warm import warm_renderer

    warmed = timed(warm_renderer) if warm else (0.0, 0.0)
    names = NAMES[: pad_kind(slug).engine.max_players]
    sheet = ScoreSheet(kind=slug, names=names, created_at=timezone.now())
    blank = lambda: render_pdf(blank_pad(slug, names=names))  # noqa: E731
    filled = lambda: render_pdf(sheet_pad(sheet, "a4"))  # noqa: E731
    return {
        "warm": warmed,
        "blank_first": timed(blank),
        "filled_first": timed(filled),
        "blank_later": [timed(blank) for _ in range(N)],
        "filled_later": [timed(filled) for _ in range(N)],
    }


def run_child(slug: str, warm: bool) -> dict:
    args = [sys.executable, "-m", "bench.bench_pads_first", "--child", slug, "warm" if warm else "cold"]
    done = subprocess.run(args, cwd=ROOT, check=True, capture_output=True, text=True)
    return json.loads(done.stdout.strip().splitlines()[-1])


def ms(value: float) -> str:
    return f"{value:.1f}" if value < 10 else f"{value:.0f}"


def row(label: str, samples: list[list[float]]) -> str:
    wall = [w for w, _ in samples]
    cpu = [c for _, c in samples]
    return (
        f"| {label} | {len(samples)} | {ms(statistics.median(wall))} | {ms(max(wall))} "
        f"| {ms(statistics.median(cpu))} | {ms(percentile(cpu, 1.0))} |"
    )


def http_ms(url: str) -> float:
    """Wall milliseconds of one GET of a PDF over a new connection."""
    started = time.perf_counter()
    with urllib.request.urlopen(url, timeout=120) as response:
        assert response.status == 200 and response.headers["Content-Type"] == "application/pdf"
        response.read()
    return (time.perf_counter() - started) * 1000


def web_run(var_dir: Path, warm: bool, settle: float, games: list) -> dict[str, list[float]]:
    """One fresh web process: each game's pad with names, first once, then N more."""
    from tests.integration.live_harness import web_process

    env = {
        "VAR_DIR": str(var_dir),
        "DATABASE_URL": f"sqlite:///{var_dir / 'db.sqlite3'}",
        "CACHE_URL": "",
        "SECRET_KEY": "bench-only-" + "x" * 50,  # DEBUG off, as in production
        "SECURE_SSL_REDIRECT": "false",
        "RATE_LIMIT_PADS": "1000/m",
        "LOG_LEVEL": "WARNING",
        "WARM_PDF_RENDERER": "true" if warm else "false",
    }
    found: dict[str, list[float]] = {"process": [], "game": [], "later": []}
    with web_process(database=env["DATABASE_URL"], channel_layer=None, extra=env) as web:
        time.sleep(settle)
        for number, kind in enumerate(games):
            names = ",".join(NAMES[: kind.engine.max_players])
            url = f"{web.url}/pads/blank/{kind.slug}/?" + urllib.parse.urlencode({"names": names})
            found["game" if number else "process"].append(http_ms(url))
            found["later"] += [http_ms(url) for _ in range(N)]
    return found


def http_rows(games: list) -> list[str]:
    rows = []
    modes = [
        (False, SETTLE, f"without the warm-up (WARM_PDF_RENDERER=false), asked {SETTLE:.0f} s after start"),
        (True, SETTLE, f"with the warm-up, asked {SETTLE:.0f} s after start"),
        (True, 0.0, "with the warm-up, asked the moment the process listens (the warm-up still running)"),
    ]
    with tempfile.TemporaryDirectory() as tmp:
        var_dir = Path(tmp)
        env = {**os.environ, "DATABASE_URL": f"sqlite:///{var_dir / 'db.sqlite3'}", "VAR_DIR": tmp}
        migrate = [sys.executable, "manage.py", "migrate", "--noinput"]
        subprocess.run(migrate, cwd=ROOT, env=env, check=True, capture_output=True)
        for warm, settle, when in modes:
            runs = []
            for number in range(R):
                order = games[number % len(games) :] + games[: number % len(games)]  # each first in turn
                runs.append(web_run(var_dir, warm, settle, order))
            for key, what in (
                ("process", "the process's first PDF"),
                ("game", "the first PDF of each other game"),
                ("later", "later ones"),
            ):
                samples = [[wall, 0.0] for run in runs for wall in run[key]]
                rows.append(http_row(f"over HTTP, {what}, {when}", samples))
    return rows


def http_row(label: str, samples: list[list[float]]) -> str:
    wall = [w for w, _ in samples]
    return f"| {label} | {len(samples)} | {ms(statistics.median(wall))} | {ms(max(wall))} | | |"


def main() -> None:
    os.environ["DATABASE_URL"] = "sqlite://:memory:"
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")
    import django

    django.setup()
    from scoresheets.registry import pad_kinds

    rows, warmups = [], []
    for kind in pad_kinds():
        for warm in (False, True):
            runs = [run_child(kind.slug, warm) for _ in range(R)]
            when = "with the warm-up" if warm else "without a warm-up (before)"
            for pad in ("blank", "filled"):
                what = "blank pad, three names" if pad == "blank" else "a sheet's filled pad"
                first = [run[f"{pad}_first"] for run in runs]
                later = [sample for run in runs for sample in run[f"{pad}_later"]]
                rows.append(row(f"{kind.name}, {what}: first in the process, {when}", first))
                rows.append(row(f"{kind.name}, {what}: later ones, {when}", later))
            if warm:
                warmups += [run["warm"] for run in runs]
    rows.append(row("the warm-up itself (every game's blank pad once), at process start", warmups))
    rows += http_rows(pad_kinds())
    load = os.getloadavg()[0]
    lines = [
        f"`python -m bench.bench_pads_first`, {datetime.now(UTC):%Y-%m-%d %H:%M} UTC, {machine()}; "
        f"load average {load:.1f} at the end.",
        "",
        f"Milliseconds per PDF (A4) in fresh processes, {R} per game without and {R} with the web",
        f'process\'s warm-up; "later ones" are the {N} renders after the first in each. Wall clock and',
        "the process's CPU time (steadier on a busy machine); the max columns are the worst seen.",
        f"Over HTTP: {R} fresh `daphne` processes per kind (DEBUG off, the pads cache in files, a pad",
        "with names is never cached, so each request renders), a new connection per request, wall",
        "clock of this client; the server's CPU is not this process's.",
        "",
        "| What | N | median ms | max ms | CPU median ms | CPU max ms |",
        "|---|---|---|---|---|---|",
        *rows,
    ]
    publish("Score pads: the first PDF of a process", lines)


if __name__ == "__main__":
    if sys.argv[1:2] == ["--child"]:
        print(json.dumps(child(sys.argv[2], sys.argv[3] == "warm")))
    else:
        main()
