"""Soak: the embedded default as `make run` starts it (config.embedded: the supervisor, daphne, the
worker and beat on the SQLite broker, a temporary VAR_DIR) for SOAK_SECONDS (7200 by default)
with TABLES tables of computer players playing on (a new one set up as one ends), people joining
and leaving the lobbies by script, and mail on (each person asks for a confirmation link).

Reported: whether the worker is the one started (no restart), tasks received vs finished and the
messages left in the broker's file, tables stalled (unfinished and unchanged for STALL_SECONDS),
mail written vs sent, each program's CPU share and memory over the first and the last
SAMPLE_SECONDS, and each program's memory every TIMELINE_SECONDS, which tells a program that
grows without end from one that settles after its first minutes. The script talks to the site's
SQLite database and broker from its own process, as a second web process would, and to its pages
over loopback only.
"""

from __future__ import annotations

import os
import re
import sqlite3
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from bench.results import machine, publish  # noqa: E402
from tests.integration.embedded_harness import embedded_site  # noqa: E402

SOAK_SECONDS = float(os.environ.get("SOAK_SECONDS", "7200"))
TABLES = int(os.environ.get("SOAK_TABLES", "10"))
STALL_SECONDS = 120.0
SAMPLE_SECONDS = 60.0
TIMELINE_SECONDS = float(os.environ.get("SOAK_TIMELINE_SECONDS", "600"))
PERSON_EVERY = 20.0  # a person joins a lobby, asks for a confirmation mail, and leaves


def sample(pids: dict[str, int]) -> dict[str, tuple[float, int]]:
    """Per program: CPU seconds so far (user + system) and resident memory in kB."""
    tick = os.sysconf("SC_CLK_TCK")
    found = {}
    for name, pid in pids.items():
        try:
            fields = (Path("/proc") / str(pid) / "stat").read_text().rsplit(")", 1)[1].split()
            status = (Path("/proc") / str(pid) / "status").read_text()
        except OSError:
            continue
        rss = int(re.search(r"VmRSS:\s+(\d+)", status).group(1))
        found[name] = ((int(fields[11]) + int(fields[12])) / tick, rss)
    return found


def share(before: dict, after: dict, seconds: float) -> dict[str, tuple[float, int]]:
    """Per program: CPU % over the interval, and memory (kB) at its end."""
    return {
        name: (100 * (after[name][0] - before[name][0]) / seconds, after[name][1])
        for name in after
        if name in before
    }


def main() -> None:
    with tempfile.TemporaryDirectory() as tmp, embedded_site(Path(tmp)) as site:
        var = site.var_dir
        os.environ.update(
            {
                "DJANGO_SETTINGS_MODULE": "config.settings",
                "VAR_DIR": str(var),
                "DATABASE_URL": f"sqlite:///{var / 'db.sqlite3'}",
                "CELERY_BROKER_URL": f"sqla+sqlite:///{var / 'broker.sqlite3'}",
                "SECRET_KEY": "soak-" + "x" * 50,
            }
        )
        import django

        django.setup()
        from accounts import verification
        from accounts.models import User
        from games.models import Game, Notification
        from games.play import services

        pids = {
            name: site.program(word)
            for name, word in (("web", "daphne"), ("worker", "worker"), ("beat", "beat"))
        }
        host = User.objects.create_user(
            email="soak-host@example.com", password="a-long-Passw0rd", display_name="Host"
        )

        def bot_table() -> Game:
            game = services.create_game(host, "poker", {}, 4, "seated", host_plays=False)
            for _ in range(4):
                services.add_bot(game.pk, host)
            return services.start_game(game.pk, host)

        def lobby() -> Game:
            return services.create_game(host, "poker", {}, 4, "seated", host_plays=False)

        tables = [bot_table() for _ in range(TABLES)]
        lobbies = [lobby() for _ in range(3)]
        seen: dict[int, tuple[int, float]] = {}
        stalled_max, finished, people = 0, 0, 0
        started = time.monotonic()
        first = sample(pids)
        first_share = last_share = None
        last_sample, last_person = first, started
        last_sample_at = started
        timeline = [(0.0, {name: rss for name, (_cpu, rss) in first.items()})]
        while (now := time.monotonic()) - started < SOAK_SECONDS:
            time.sleep(5)
            now = time.monotonic()
            if now - last_person >= PERSON_EVERY:  # a person comes, asks for their mail, and goes
                people += 1
                person = User.objects.create_user(
                    email=f"soak-{people}@example.com",
                    password="a-long-Passw0rd",
                    display_name=f"Person {people}",
                )
                verification.send(person)
                table = lobbies[people % len(lobbies)]
                services.join_game(table.pk, person)
                services.leave_game(table.pk, person)
                last_person = now
            stalled = 0
            for index, table in enumerate(tables):
                game = Game.objects.get(pk=table.pk)
                if game.status == Game.Status.FINISHED:
                    finished += 1
                    tables[index] = bot_table()
                    continue
                version, since = seen.get(game.pk, (-1, now))
                if game.version != version:
                    seen[game.pk] = (game.version, now)
                elif now - since > STALL_SECONDS:
                    stalled += 1
            stalled_max = max(stalled_max, stalled)
            if now - last_sample_at >= SAMPLE_SECONDS:
                current = sample(pids)
                last_share = share(last_sample, current, now - last_sample_at)
                first_share = first_share or last_share
                last_sample, last_sample_at = current, now
                if now - started >= len(timeline) * TIMELINE_SECONDS:
                    timeline.append((now - started, {name: rss for name, (_cpu, rss) in current.items()}))
                    print(f"{(now - started) / 60:.0f} min: {timeline[-1][1]}", flush=True)
        elapsed = time.monotonic() - started
        timeline.append((elapsed, {name: rss for name, (_cpu, rss) in sample(pids).items()}))  # the end
        log = site.log_text()
        received = len(re.findall(r"Task \S+\[[^\]]+\] received", log))
        succeeded = len(re.findall(r"Task \S+\[[^\]]+\] succeeded", log))
        failed = len(re.findall(r"Task \S+\[[^\]]+\] (?:raised|failed)", log))
        with sqlite3.connect(var / "broker.sqlite3") as broker:
            waiting = broker.execute("SELECT count(*) FROM kombu_message WHERE visible = 1").fetchone()[0]
            held = broker.execute("SELECT count(*) FROM kombu_message WHERE visible = 0").fetchone()[0]
        written = Notification.objects.count()
        sent = Notification.objects.filter(sent_at__isnull=False).count()
        restarts = log.count("starting it again")
        worker_same = site.program("worker") == pids["worker"]
        still = sum(Game.objects.filter(pk=t.pk, status=Game.Status.ACTIVE).count() for t in tables)

    rows = [
        f"| {name} | {first_share[name][0]:.1f} | {first_share[name][1] / 1024:.0f} | "
        f"{last_share[name][0]:.1f} | {last_share[name][1] / 1024:.0f} |"
        for name in pids
        if first_share and name in first_share and name in last_share
    ]

    def megabytes(rss: dict, name: str) -> str:
        return f"{rss[name] / 1024:.0f}" if name in rss else "gone"  # the process started is gone

    memory = [
        "| " + " | ".join([f"{at / 60:.0f}", *(megabytes(rss, name) for name in pids)]) + " |"
        for at, rss in timeline
    ]
    when = time.strftime("%Y-%m-%d %H:%M UTC", time.gmtime())
    worker_note = "the one started, never restarted" if worker_same else "restarted"
    lines = [
        f"`python -m bench.bench_soak` (SOAK_SECONDS={SOAK_SECONDS:.0f}), {when}, "
        f"{machine()}; load average {os.getloadavg()[0]:.1f} at the end.",
        "",
        f"The embedded default as `make run` starts it, for {elapsed / 60:.1f} minutes: {TABLES} Roman Poker "
        f"tables of four computer players (a new one set up as one ends: {finished} ended), a person every "
        f"{PERSON_EVERY:.0f} s joining and leaving a lobby and asking for a confirmation mail "
        f"({people} people).",
        "",
        f"- worker: {worker_note}; supervisor restarts: {restarts}",
        f"- tasks: {received} received, {succeeded} succeeded, {failed} failed; "
        f"in the broker's file at the end: {waiting} waiting, {held} held (countdowns not yet due)",
        f"- tables stalled (unfinished, unchanged for {STALL_SECONDS:.0f} s): at most {stalled_max} at once "
        f"(goal 0); {still} of {TABLES} in play at the end",
        f"- mail: {written} written, {sent} sent (the rest dropped by their claim or not yet due)",
        "",
        f"CPU share and memory of each program over the first and the last {SAMPLE_SECONDS:.0f} s sampled:",
        "",
        "| program | CPU % first | MB first | CPU % last | MB last |",
        "|---|---|---|---|---|",
        *rows,
        "",
        f"Memory (MB) every {TIMELINE_SECONDS / 60:.0f} minutes:",
        "",
        "| minute | " + " | ".join(pids) + " |",
        "|---" * (len(pids) + 1) + "|",
        *memory,
    ]
    publish("Soak: make run's embedded default", lines)


if __name__ == "__main__":
    main()
