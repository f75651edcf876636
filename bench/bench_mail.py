"""Move to mail: how long from a committed move to its e-mail in the SMTP server.

Real parts only: PostgreSQL (its own database, ``roman_bench_mail``), one Celery
worker (solo pool) on Redis, an aiosmtpd server on a loopback port. Two players
play Roman Poker through ``services.submit_move``; every outbox row a move
writes is timed from the commit (the first on-commit callback, which enqueues
the delivery) to the moment the SMTP server has accepted the message. Moves are
played one at a time, each waiting for its mail, so this is the latency of an
idle site, not its throughput.

    .venv/bin/python -m bench.bench_mail [--samples 120]

Appends (or replaces) the "## Move to mail" section of bench/RESULTS.md.
"""

from __future__ import annotations

import argparse
import os
import platform
import statistics
import subprocess
import tempfile
import time
import uuid
from datetime import UTC, datetime
from pathlib import Path

from bench.database import PG, ensure_database
from bench.results import percentile, publish

DATABASE = "roman_bench_mail"
BROKER = os.environ.get("BENCH_BROKER", "redis://127.0.0.1:6379/14")
QUEUE = f"bench-mail-{uuid.uuid4().hex[:8]}"
WARMUP = 5
HEADING = "## Move to mail"

os.environ.update(
    DATABASE_URL=f"{PG}/{DATABASE}",
    CELERY_BROKER_URL=BROKER,
    CELERY_TASK_DEFAULT_QUEUE=QUEUE,
    DJANGO_SETTINGS_MODULE="config.settings",
    LOG_LEVEL="WARNING",
)


def cpu_model() -> str:
    try:
        for line in Path("/proc/cpuinfo").read_text().splitlines():
            if line.startswith("model name"):
                return line.split(":", 1)[1].strip()
    except OSError:
        pass
    return platform.processor() or "unknown"


def machine() -> str:
    uname = subprocess.run(["uname", "-srm"], capture_output=True, text=True).stdout.strip()
    return f"{uname}; {cpu_model()} ({os.cpu_count()} CPUs)"


def measure(samples: int) -> list[float]:
    import django

    django.setup()
    from django.core.management import call_command

    from accounts.models import User
    from games import notifications
    from games.models import Game
    from games.play import services
    from tests.integration.mail_harness import SmtpSink, worker

    call_command("migrate", verbosity=0)
    committed: dict[int, float] = {}
    original = notifications.enqueue_delivery

    def stamped(ids: list[int]) -> None:
        now = time.time()
        committed.update((pk, now) for pk in ids)
        original(ids)

    notifications.enqueue_delivery = stamped
    tag = uuid.uuid4().hex[:8]
    players = [
        User.objects.create_user(
            f"bench-{n}-{tag}@example.com", None, display_name=n, email_verified=True
        )
        for n in ("Julius", "Livia")
    ]
    smtp = SmtpSink().start()
    latencies: list[float] = []
    games: list[int] = []
    with (
        tempfile.TemporaryDirectory() as tmp,
        worker(
            database=os.environ["DATABASE_URL"],
            broker=BROKER,
            queue=QUEUE,
            smtp=smtp.url,
            log=Path(tmp) / "worker.log",
        ),
    ):
        try:
            game = None
            while len(latencies) < samples + WARMUP:
                if game is None or game.status != Game.Status.ACTIVE:
                    game = services.create_game(players[0], "poker", {}, 2, "seated")
                    services.join_game(game.pk, players[1])
                    services.start_game(game.pk, players[0])
                    games.append(game.pk)
                game.refresh_from_db()
                seat = game.engine.to_act(game.state)[0]
                before = set(committed)
                move = game.engine.default_move(game.state, seat)
                services.submit_move(game.pk, players[seat], move, game.tokens[str(seat)])
                game.refresh_from_db()
                for pk in sorted(set(committed) - before):
                    item = smtp.wait_for_notification(pk)
                    latencies.append(item.at - committed[pk])
        finally:
            smtp.stop()
            notifications.enqueue_delivery = original
            Game.objects.filter(pk__in=games).delete()
            User.objects.filter(pk__in=[p.pk for p in players]).delete()
    return latencies[WARMUP:]


def report(latencies: list[float]) -> list[str]:
    ms = [x * 1000 for x in latencies]
    return [
        f"`python -m bench.bench_mail`, {datetime.now(UTC).strftime('%Y-%m-%d %H:%M UTC')}, {machine()}; "
        f"Python {platform.python_version()}; load average {os.getloadavg()[0]:.1f} at the end.",
        "",
        "Time from a committed move (its first on-commit callback) to its e-mail accepted by the SMTP "
        f"server, {len(ms)} messages after {WARMUP} warm-up ones. Moves are played one at a time through "
        "`services.submit_move`, each waiting for its mail: one Celery worker (`--pool=solo`) on Redis, "
        "PostgreSQL, aiosmtpd on loopback, all on this machine.",
        "",
        "| N | median ms | p95 ms | min ms | max ms |",
        "|---|---|---|---|---|",
        f"| {len(ms)} | {statistics.median(ms):.1f} | {percentile(ms, 0.95):.1f} "
        f"| {min(ms):.1f} | {max(ms):.1f} |",
    ]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--samples", type=int, default=120)
    parser.add_argument("--no-record", action="store_true", help="print only; leave RESULTS.md alone")
    args = parser.parse_args()
    ensure_database(f"{PG}/{DATABASE}")
    lines = report(measure(max(100, args.samples)))
    print(HEADING, end="\n\n")
    publish(HEADING.removeprefix("## "), lines, record=not args.no_record)


if __name__ == "__main__":
    main()
