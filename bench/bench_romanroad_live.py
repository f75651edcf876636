"""Roman Road live: computer players racing at many tables, and how soon each move reaches open pages.

Production-like part (real parts only, production settings: DEBUG off): PostgreSQL (its own
database, ``roman_bench_live``), Redis as broker, channel layer and cache, two ASGI web processes
(``daphne``, as ``tests/integration/live_harness`` starts them), and Celery workers (solo pool, as
``tests/integration/mail_harness.worker`` starts them) that play the computer players. 25 tables
of 4 computer players at the fastest speed the site offers ("fast": a move about every second,
give or take a quarter) play a game to 500 points, so no table ends during the run. One
WebSocket client per table holds a socket on each web process (50 sockets in all), both reaching
the site by one address as they would behind a proxy. A second run does the same with 100 tables.

- **Moves applied per second**: ``Move`` rows created in the measuring window, over its length.
- **Latency**: for every "version N is out" a socket hears, the time it arrived minus the
  ``created_at`` of the move that made version N. ``created_at`` is stamped in the worker when
  the move's row is inserted, a few milliseconds before its transaction commits, so this is the
  time from the commit to the socket plus the end of the transaction: an upper bound of
  commit → socket by a few milliseconds. Every process runs on this one machine, so the clocks
  agree.
- **CPU per move**: each process's user + system time over the measuring window
  (``/proc/<pid>/stat``), over the moves applied: the workers, the web processes, the PostgreSQL
  server processes of the bench's database, Redis (shared with anything else on the machine) and
  this process's socket clients.

Embedded default part: what ``make run`` has — SQLite, no Redis, the SQLite broker (config.broker:
one worker, solo pool, polling its file every 0.2 s), one daphne with Channels' in-memory layer,
so a move made by the worker reaches the page through the web process's version watch (one query
every 0.2 s). One table of 4 fast computer players, one socket; the same latency.

    .venv/bin/python -m bench.bench_romanroad_live [--seconds 60] [--tables 25] [--many 100] [--workers 2]

Writes the "## Roman Road live" section of bench/RESULTS.md.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import subprocess
import sys
import tempfile
import time
import uuid
from contextlib import ExitStack
from datetime import UTC, datetime
from pathlib import Path

from bench.database import PG, ensure_database
from bench.results import machine, percentile, publish

ROOT = Path(__file__).resolve().parents[1]
DATABASE = os.environ.get("BENCH_DATABASE", "roman_bench_live")
REDIS = os.environ.get("BENCH_REDIS", "redis://127.0.0.1:6379")
# Redis databases for the cache, the channel layer and the broker (one apart from other users).
REDIS_DBS = [int(n) for n in os.environ.get("BENCH_REDIS_DBS", "10,11,12").split(",")]
TITLE = "Roman Road live"
WARMUP = 10.0  # seconds of play before the window opens (chains started, sockets busy)


# --- CPU per process -----------------------------------------------------------------------------

TICKS = os.sysconf("SC_CLK_TCK")


def cpu_seconds(pid: int) -> float:
    """User + system CPU a process has used so far (0 once it is gone)."""
    try:
        fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    except OSError:
        return 0.0
    return (int(fields[11]) + int(fields[12])) / TICKS


def database_backends(database: str) -> list[int]:
    """PostgreSQL's server processes serving ``database`` (one per connection)."""
    pids = []
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                command = (entry / "cmdline").read_bytes()
            except OSError:
                continue
            if command.startswith(b"postgres: ") and f" {database} ".encode() in command:
                pids.append(int(entry.name))
    return pids


def redis_servers() -> list[int]:
    pids = []
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                if (entry / "comm").read_text().strip() == "redis-server":
                    pids.append(int(entry.name))
            except OSError:
                continue
    return pids


class CpuMeter:
    """CPU used by named groups of processes between ``start`` and ``stop``."""

    def __init__(self, groups: dict) -> None:
        self.groups = groups  # name -> callable giving the pids now
        self.before: dict[int, float] = {}
        self.used: dict[str, float] = {}

    def start(self) -> None:
        self.before = {pid: cpu_seconds(pid) for pids in self.groups.values() for pid in pids()}

    def stop(self) -> None:
        for name, pids in self.groups.items():
            self.used[name] = sum(max(0.0, cpu_seconds(pid) - self.before.get(pid, 0.0)) for pid in pids())


# --- Sockets ------------------------------------------------------------------------------------


async def listen(base: str, code: str, until: list[float], heard: list) -> None:
    """One page's socket: every version it hears, with the time it arrived (the first, sent on
    connecting, is the version the page already shows)."""
    from websockets.asyncio.client import connect

    # The site's one address (as a proxy in front of the web processes presents it), reached on
    # this web process's own port: the pages' absolute links are the same on every process.
    port = int(base.rsplit(":", 1)[1])
    url = f"ws://127.0.0.1/ws/g/{code}/"
    site = {"additional_headers": {"Origin": "http://127.0.0.1"}, "host": "127.0.0.1", "port": port}
    async with connect(url, open_timeout=20, **site) as socket:
        first = True
        while time.time() < until[0]:
            try:
                wait = max(0.1, min(1.0, until[0] - time.time()))
                raw = await asyncio.wait_for(socket.recv(), timeout=wait)
            except TimeoutError:
                continue
            arrived = time.time()
            if first:
                first = False
                continue
            heard.append((code, json.loads(raw)["version"], arrived, base))


async def hold_sockets(bases: list[str], codes: list[str], until: list[float], heard: list, ready) -> None:
    tasks = [asyncio.create_task(listen(base, code, until, heard)) for base in bases for code in codes]
    await asyncio.sleep(2.0)  # every socket open before the games start
    ready()
    await asyncio.gather(*tasks)


# --- One part, in its own process (its settings come from the environment) ----------------------


def make_tables(count: int, tag: str) -> list:
    from accounts.models import User
    from games.play import services

    host = User.objects.create_user(f"bench-live-{tag}@example.com", None, display_name="Host")
    options = {"amen_bonus": False, "negative": False, "target": 500, "bot_speed": "fast"}
    games = []
    for _ in range(count):
        game = services.create_game(host, "romanroad", options, 4, "seated", host_plays=False)
        for _ in range(4):
            services.add_bot(game.pk, host)
        games.append(game)
    return host, games


def measure(bases: list[str], tables: int, seconds: float, meter: CpuMeter | None = None) -> dict:
    """Start ``tables`` tables, hold the sockets, and read what was heard against the move log;
    ``meter`` is read over the measuring window."""
    import threading

    from django.db import connection

    from games.models import Game, Move
    from games.play import services

    host, games = make_tables(tables, uuid.uuid4().hex[:8])
    heard: list = []
    go = threading.Event()
    opened_at = time.time()
    until = [opened_at + 600.0]  # set once the games have started (starting 100 takes a while)
    thread = threading.Thread(
        target=lambda: asyncio.run(hold_sockets(bases, [g.code for g in games], until, heard, go.set))
    )
    thread.start()
    go.wait(30)
    for game in games:
        services.start_game(game.pk, host)
    window = (time.time() + WARMUP, time.time() + WARMUP + seconds)
    until[0] = window[1] + 2.0
    if meter is not None:
        time.sleep(max(0.0, window[0] - time.time()))
        meter.start()
        time.sleep(max(0.0, window[1] - time.time()))
        meter.stop()
    load = os.getloadavg()[0]
    thread.join()
    connection.close()
    ids = {g.code: g.pk for g in games}
    # Every version after the lobby's is one logged move (the computer players' "ready" at the deal
    # included): move number n made version (version - move_count) + n + 1.
    rows = Game.objects.filter(pk__in=ids.values()).values_list("pk", "version", "move_count")
    lobby = {pk: version - count for pk, version, count in rows}
    created = {}
    for game_id, number, at in Move.objects.filter(game_id__in=ids.values()).values_list(
        "game_id", "number", "created_at"
    ):
        created[(game_id, lobby[game_id] + 1 + number)] = at.timestamp()
    in_window = [t for t in created.values() if window[0] <= t < window[1]]
    latencies = []
    for code, version, arrived, _base in heard:
        made = created.get((ids[code], version))
        if made is not None and window[0] <= made < window[1]:
            latencies.append((arrived - made) * 1000)
    return {
        "tables": tables,
        "seconds": seconds,
        "moves": len(in_window),
        "moves_per_second": len(in_window) / seconds,
        "latencies": latencies,
        "sockets": len(bases) * tables,
        "load": load,
        "cpu": meter.used if meter is not None else {},
    }


def step_costs(steps: int = 200) -> dict:
    """What a pacer step costs in a worker per move it makes, measured here with the workers
    stopped (the step's next task is not enqueued; the table's clock is moved on at once when
    nobody can move): every computer player in play is due, as when the players at a table move
    together. And what one push from synchronous code costs."""
    from datetime import timedelta
    from unittest import mock

    from django.core.cache import cache
    from django.utils import timezone

    from games import tasks
    from games.live.push import announce_version
    from games.models import Game
    from games.notifications import deadlines
    from games.play import services

    host, (game,) = make_tables(1, uuid.uuid4().hex[:8])
    wall = cpu = 0.0
    made = tried = steps_made = 0
    due = {str(seat): 0.0 for seat in range(4)}
    with (
        mock.patch.object(tasks.pace_bots, "apply_async"),
        mock.patch.object(tasks.run_clock, "apply_async"),
    ):
        services.start_game(game.pk, host)
        while made < steps and tried < 20 * steps:
            tried += 1
            before = Game.objects.values_list("move_count", flat=True).get(pk=game.pk)
            chain = cache.get(tasks.pacer_key(game.pk)) or "bench"  # the one a change started, if any
            started, used = time.perf_counter(), time.process_time()
            tasks.pace_bots(game.pk, due, chain)
            spent_wall, spent_cpu = time.perf_counter() - started, time.process_time() - used
            moved = Game.objects.values_list("move_count", flat=True).get(pk=game.pk) - before
            if moved and tried > 10:  # past the first hand's start
                wall, cpu, made, steps_made = wall + spent_wall, cpu + spent_cpu, made + moved, steps_made + 1
            if not moved:  # between hands or before Begin: the clock runs out now
                deadlines.run_clock(game.pk, timezone.now() + timedelta(hours=1))
    push_wall, push_cpu = time.perf_counter(), time.process_time()
    for _ in range(steps):
        announce_version(game.pk, 0)
    push_wall, push_cpu = time.perf_counter() - push_wall, time.process_time() - push_cpu
    return {
        "step_ms": wall / max(1, made) * 1000,
        "step_cpu_ms": cpu / max(1, made) * 1000,
        "step_moves": made,
        "moves_per_step": made / max(1, steps_made),
        "push_ms": push_wall / steps * 1000,
        "push_cpu_ms": push_cpu / steps * 1000,
    }


def part_redis(tables: int, seconds: float, workers: int) -> dict:
    import django

    ensure_database(f"{PG}/{DATABASE}")
    django.setup()
    from django.core.management import call_command

    from tests.integration.live_harness import web_process
    from tests.integration.mail_harness import SmtpSink, forget_queue, worker

    call_command("migrate", verbosity=0)
    call_command("collectstatic", interactive=False, verbosity=0)  # DEBUG off: the hashed files
    sink = SmtpSink().start()
    with tempfile.TemporaryDirectory() as tmp, ExitStack() as stack:
        workers_ = []
        for number in range(workers):
            log = Path(tmp) / f"worker{number}" / "worker.log"
            log.parent.mkdir()
            workers_.append(
                stack.enter_context(
                    worker(
                        database=os.environ["DATABASE_URL"],
                        broker=os.environ["CELERY_BROKER_URL"],
                        queue=os.environ["CELERY_TASK_DEFAULT_QUEUE"],
                        smtp=sink.url,
                        log=log,
                    )
                )
            )
        layer = os.environ["CHANNEL_LAYER_URL"]
        webs = [
            stack.enter_context(web_process(database=os.environ["DATABASE_URL"], channel_layer=layer))
            for _ in range(2)
        ]
        meter = CpuMeter(
            {
                "workers": lambda: [w.pid for w in workers_],
                "web processes": lambda: [w.process.pid for w in webs],
                "PostgreSQL": lambda: database_backends(DATABASE),
                "Redis (shared)": lambda: redis_servers(),
                "socket clients (the bench)": lambda: [os.getpid()],
            }
        )
        result = measure([w.url for w in webs], tables, seconds, meter)
    result.update(step_costs())
    sink.stop()
    forget_queue(os.environ["CELERY_BROKER_URL"], os.environ["CELERY_TASK_DEFAULT_QUEUE"])
    result["workers"] = workers
    return result


def part_embedded(seconds: float) -> dict:
    import django

    django.setup()
    from django.core.management import call_command

    from tests.integration.live_harness import asgi_server
    from tests.integration.mail_harness import SmtpSink, worker

    call_command("migrate", verbosity=0)
    sink = SmtpSink().start()
    var = Path(os.environ["VAR_DIR"])
    with (
        worker(
            database=os.environ["DATABASE_URL"],
            broker=os.environ["CELERY_BROKER_URL"],
            queue="celery",
            smtp=sink.url,
            log=var.parent / "worker.log",
        ),
        asgi_server(
            database=os.environ["DATABASE_URL"], channel_layer="", broker=os.environ["CELERY_BROKER_URL"]
        ) as base,
    ):
        result = measure([base], 1, seconds)
    sink.stop()
    return result


# --- The whole run ----------------------------------------------------------------------------------


def run_part(name: str, env: dict, *, seconds: float, tables: int, workers: int) -> dict:
    command = [
        sys.executable,
        "-m",
        "bench.bench_romanroad_live",
        "--part",
        name,
        "--seconds",
        str(seconds),
        "--tables",
        str(tables),
        "--workers",
        str(workers),
    ]
    done = subprocess.run(command, cwd=ROOT, env={**os.environ, **env}, capture_output=True, text=True)
    if done.returncode:
        raise SystemExit(f"the {name} part failed:\n{done.stderr[-4000:]}")
    return json.loads(done.stdout.strip().splitlines()[-1])


def row(label: str, result: dict) -> str:
    values = result["latencies"]
    head = f"| {label} | {result['moves_per_second']:.1f} | {result['load']:.1f} | {len(values)} |"
    if not values:
        return head + " – | – | – |"
    return head + f" {percentile(values, 0.5):.0f} | {percentile(values, 0.95):.0f} | {max(values):.0f} |"


GROUPS = ("workers", "web processes", "PostgreSQL", "Redis (shared)", "socket clients (the bench)")


def cpu_row(label: str, result: dict) -> str:
    """CPU milliseconds per move applied, each group of processes, over the measuring window."""
    moves = max(1, result["moves"])
    used = [result["cpu"].get(name, 0.0) * 1000 / moves for name in GROUPS]
    return f"| {label} | " + " | ".join(f"{ms:.1f}" for ms in used) + f" | {sum(used):.1f} |"


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--seconds", type=float, default=60.0)
    parser.add_argument("--tables", type=int, default=25)
    parser.add_argument("--many", type=int, default=100, help="tables of the second, larger run (0: none)")
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--part", choices=["redis", "embedded"])
    args = parser.parse_args()
    queue = f"bench-live-{uuid.uuid4().hex[:8]}"
    if args.part == "redis":
        print(json.dumps(part_redis(args.tables, args.seconds, args.workers)))
        return
    if args.part == "embedded":
        print(json.dumps(part_embedded(args.seconds)))
        return
    cache_db, layer_db, broker_db = (REDIS_DBS * 3)[:3]
    redis_env = {
        "DATABASE_URL": f"{PG}/{DATABASE}",
        "CELERY_BROKER_URL": f"{REDIS}/{broker_db}",
        "CELERY_TASK_DEFAULT_QUEUE": queue,
        "CHANNEL_LAYER_URL": f"{REDIS}/{layer_db}",
        "CACHE_URL": f"{REDIS}/{cache_db}",
        # Production settings (a SECRET_KEY set: DEBUG off), plain HTTP on the loopback.
        "SECRET_KEY": "bench-only-" + "x" * 50,
        "SECURE_SSL_REDIRECT": "false",
        "DJANGO_SETTINGS_MODULE": "config.settings",
        "LOG_LEVEL": "WARNING",
    }
    production = run_part("redis", redis_env, seconds=args.seconds, tables=args.tables, workers=args.workers)
    many = None
    if args.many:
        redis_env["CELERY_TASK_DEFAULT_QUEUE"] = f"{queue}-many"
        many = run_part("redis", redis_env, seconds=args.seconds / 2, tables=args.many, workers=args.workers)
    # The pace's own ceiling: one table with a worker to itself, nothing waiting for a CPU.
    redis_env["CELERY_TASK_DEFAULT_QUEUE"] = f"{queue}-one"
    alone = run_part("redis", redis_env, seconds=args.seconds / 2, tables=1, workers=1)
    with tempfile.TemporaryDirectory() as tmp:
        var = Path(tmp) / "var"
        var.mkdir()
        embedded_env = {
            "DATABASE_URL": f"sqlite:///{var / 'db.sqlite3'}",
            "VAR_DIR": str(var),
            "CELERY_BROKER_URL": f"sqla+sqlite:///{var / 'broker.sqlite3'}",
            "CELERY_TASK_DEFAULT_QUEUE": "celery",
            "CHANNEL_LAYER_URL": "",
            "CACHE_URL": "",
            "DJANGO_SETTINGS_MODULE": "config.settings",
            "LOG_LEVEL": "WARNING",
        }
        embedded = run_part("embedded", embedded_env, seconds=args.seconds, tables=1, workers=1)
    when = datetime.now(UTC).strftime("%Y-%m-%d %H:%M UTC")
    label = "PostgreSQL + Redis, 2 web processes, {} tables"
    rows = [row(label.format(production["tables"]), production)]
    cpu_rows = [cpu_row(label.format(production["tables"]), production)]
    if many is not None:
        rows.append(row(label.format(many["tables"]) + f" ({many['seconds']:.0f} s)", many))
        cpu_rows.append(cpu_row(label.format(many["tables"]), many))
    rows += [
        row(f"PostgreSQL + Redis, 2 web processes, 1 table alone ({alone['seconds']:.0f} s)", alone),
        row("embedded default, 1 table", embedded),
    ]
    cpu_rows.append(cpu_row("PostgreSQL + Redis, 1 table alone", alone))
    ceiling = 2000 / max(1e-9, sum(production["cpu"].values()) * 1000 / max(1, production["moves"]))
    lines = [
        f"`python -m bench.bench_romanroad_live`, {when}, {machine()}; the load average (1 minute) "
        "at the end of each measuring window is in the table: other work on the machine shares its "
        "two cores, so the CPU each move costs (second table) is the steadier measure.",
        "",
        f"Production-like: production settings (DEBUG off), PostgreSQL, Redis (broker, channel layer, "
        f"cache), two daphne processes, {production['workers']} Celery workers (solo pool); "
        f'{production["tables"]} tables × 4 computer players at "fast" (a move every 0.75–1.25 s '
        f"each, up to 0.25 s early to move with the others, so at most about "
        f"{production['tables'] * 4} moves a second), tables that play to 500 "
        f"so none ends; {production['sockets']} sockets, one per table on each web process, both "
        "reaching the site by one address (as behind a proxy), as watchers who are not signed in. "
        "Embedded default (`make run`): SQLite, the SQLite broker (one worker, solo pool, polling "
        "every 0.2 s), one daphne with the in-memory layer and its 0.2 s version watch; 1 table × 4 "
        f"fast computer players, 1 socket. {production['seconds']:.0f} s measured after {WARMUP:.0f} s "
        "of play.",
        "",
        'Latency: a socket hearing "version N is out" (with its board) minus the `created_at` of '
        "the move that made version N (stamped at the row's INSERT, a few ms before the commit: "
        "commit → socket plus the end of the transaction). Every version a socket hears counts; a "
        "socket still drawing when newer versions come is sent only the newest.",
        "",
        "| Setup | moves applied / s | load | pushes heard | median ms | p95 ms | max ms |",
        "|---|---|---|---|---|---|---|",
        *rows,
        "",
        "CPU milliseconds per move applied, over the measuring window (`/proc/<pid>/stat` before and "
        "after; PostgreSQL: the server processes of the bench's database; Redis is shared with the "
        "rest of the machine):",
        "",
        "| Setup | " + " | ".join(GROUPS) + " | all |",
        "|---|" + "---|" * (len(GROUPS) + 1),
        *cpu_rows,
        "",
        f"At {production['tables']} tables a move costs the processes above "
        f"{sum(production['cpu'].values()) * 1000 / max(1, production['moves']):.1f} ms of CPU in all, "
        f"so two cores left to this site alone would carry about {ceiling:.0f} moves a second. One "
        f"table alone makes {alone['moves_per_second']:.1f} moves a second (its computer players also "
        f"wait while stuck, and between hands): that is the pace's own ceiling per table. Where a "
        "move's CPU goes (py-spy on a worker and a web process during a run): in the workers, the "
        "step itself (below) and Celery's handling of its task (receiving it, the countdown's "
        "timer, the acknowledgement, publishing the next step); in the web processes, mostly "
        "drawing the board, a third of it the template.",
        "",
        f"A pacer step with every computer player at the table due (lock; choose, apply, save, log "
        f"for each; one commit and its followers), measured after the run in this process with the "
        f"workers stopped, per move it makes ({production['moves_per_step']:.1f} a step): "
        f"{production['step_ms']:.1f} ms, {production['step_cpu_ms']:.1f} ms of it CPU; the push "
        f'"version N is out" takes {production["push_ms"]:.2f} ms ({production["push_cpu_ms"]:.2f} ms '
        "CPU) of it: the step only queues it for the process's sender thread (`games/live/sender.py`). "
        "Each web process's consumers then draw the board once per version and viewer "
        "(`games/live/boards.py`): the second socket of a viewer takes the first one's drawing from "
        "the cache. Here each table's two sockets are one viewer (a watcher who is not signed in), "
        "so each move is drawn once; at a table of people every seat is a viewer of its own, and "
        "each of their sockets is drawn for.",
    ]
    publish(TITLE, lines)


if __name__ == "__main__":
    main()
