"""Against a peer: the same Roman Poker turns on this site and on boardgame.io, one load driver for both.

The peer (``bench/peer/``) is Roman Poker written as a boardgame.io game on PostgreSQL
(bgio-postgres), its rules a port of ``games/poker/engine.py`` (``games/poker/tests/test_peer_rules.py``
replays its games through the engine). Both tables play with the dice brought by the table
(the *we roll real dice* option), so a seeded script of moves (``rules.mjs``: roll, stop, a
Reroll one card after a misthrow, pass) is the same game on both servers.

Each side gets a fresh database. This site runs production-like: two ``daphne`` processes
(``tests/integration/live_harness.web_process``), PostgreSQL, Redis as channel layer and cache,
DEBUG off; each table's seats are split over both processes. The peer is one ``node`` process
(boardgame.io's own server, which is one process). ``bench/peer/driver.mjs`` plays both: four
seats per table, each a signed-in session with its page's WebSocket here, a socket.io client
there; a move goes when every seat heard the one before. npm installs the peer's packages into
``bench/peer/node_modules`` when they are missing or older than the lockfile.

    .venv/bin/python -m bench.bench_peer [--tables 25] [--pause-ms 1000]

Writes the "## Against boardgame.io" section of bench/RESULTS.md.
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import subprocess
import sys
import tempfile
import time
from contextlib import ExitStack, contextmanager
from datetime import UTC, datetime
from pathlib import Path

from bench.database import PG, fresh_database
from bench.results import machine, percentile, publish

ROOT = Path(__file__).resolve().parents[1]
PEER = ROOT / "bench" / "peer"
OURS_DB = os.environ.get("BENCH_PEER_OURS_DB", "roman_bench_peer")
PEER_DB = os.environ.get("BENCH_PEER_DB", "bgio_peer")
REDIS = os.environ.get("BENCH_REDIS", "redis://127.0.0.1:6379")
REDIS_DBS = os.environ.get("BENCH_PEER_REDIS_DBS", "7,8").split(",")  # channel layer, cache
PORT = int(os.environ.get("BENCH_PORT", "21940"))  # two daphne processes, then the peer
TITLE = "Against boardgame.io"
GOAL = 2.0


def machine_and_node() -> str:
    node = subprocess.run(["node", "--version"], capture_output=True, text=True).stdout.strip()
    return f"{machine()}, Node {node}"


# --- The two sides --------------------------------------------------------------------------------


def npm_install() -> None:
    """The peer's packages, exactly as locked, unless those installed are from the same lockfile."""
    installed = PEER / "node_modules" / ".package-lock.json"
    if installed.exists() and installed.stat().st_mtime >= (PEER / "package-lock.json").stat().st_mtime:
        return
    if shutil.which("npm") is None:
        raise SystemExit("npm is not installed: the peer benchmark needs Node.js and npm.")
    subprocess.run(["npm", "ci", "--no-audit", "--no-fund"], cwd=PEER, check=True)


@contextmanager
def peer_server(port: int):
    """boardgame.io's server on its own database; yields the process."""
    log = tempfile.TemporaryFile()
    process = subprocess.Popen(
        ["node", "server.mjs"],
        cwd=PEER,
        stdout=log,
        stderr=subprocess.STDOUT,
        start_new_session=True,
        env={**os.environ, "DATABASE_URL": f"{PG}/{PEER_DB}", "PORT": str(port)},
    )
    try:
        from tests.integration.mail_harness import reachable, wait_for

        wait_for(lambda: reachable("127.0.0.1", port, 0.2) or process.poll() is not None, timeout=30)
        if process.poll() is not None:
            log.seek(0)
            raise RuntimeError(f"the peer exited: {log.read().decode()[-2000:]}")
        yield process
    finally:
        if process.poll() is not None:  # it died under the load: say why
            log.seek(0)
            said = log.read().decode()[-3000:]
            print(f"the peer exited with {process.returncode}: {said}", file=sys.stderr)
        else:
            process.terminate()
            try:
                process.wait(10)
            except subprocess.TimeoutExpired:
                process.kill()


def our_tables(count: int, bases: list[str]) -> list[dict]:
    """``count`` started tables of four people playing with real dice, each seat signed in on one
    of the web processes (two seats on each)."""
    from accounts.models import User
    from games.play import services
    from tests.integration.live_harness import SignedIn

    tag = str(time.time_ns())
    tables = []
    for number in range(count):
        users = [
            User.objects.create_user(f"peer-{tag}-{number}-{n}@bench.local", None, display_name=f"Seat {n}")
            for n in range(4)
        ]
        game = services.create_game(users[0], "poker", {"physical_dice": True}, 4, "seated")
        for user in users[1:]:
            services.join_game(game.pk, user)
        game = services.start_game(game.pk, users[0])
        by_seat = {seat.position: seat.user for seat in game.seats.all()}
        seats = []
        for position in range(4):
            base = bases[position % len(bases)]
            signed = SignedIn(base, by_seat[position])
            seats.append({"base": base, "cookie": signed.cookie, "csrf": signed.csrf})
        tables.append({"code": game.code, "seats": seats})
    return tables


def phases(tables: int, pause_ms: int) -> list[dict]:
    return [
        # Not recorded: the first requests of each server (templates, pools, JIT) before the measures.
        {"name": "warm-up", "tables": 2, "moves": 20, "pause_ms": 0, "warmup": True},
        {"name": "1 table, flat out", "tables": 1, "moves": 120, "pause_ms": 0},
        {"name": f"{tables} tables × 4, flat out", "tables": tables, "moves": 40, "pause_ms": 0},
        {"name": "1 table, paced", "tables": 1, "moves": 20, "pause_ms": pause_ms},
        {"name": f"{tables} tables × 4, paced", "tables": tables, "moves": 20, "pause_ms": pause_ms},
    ]


def run(tables: int, pause_ms: int) -> tuple[list[dict], float]:
    os.environ.update(
        {
            "DJANGO_SETTINGS_MODULE": "config.settings",
            "DATABASE_URL": f"{PG}/{OURS_DB}",
            "SECRET_KEY": "bench-only-" + "x" * 50,  # production settings: DEBUG off
            "SECURE_SSL_REDIRECT": "false",  # plain HTTP on the loopback
            "CHANNEL_LAYER_URL": f"{REDIS}/{REDIS_DBS[0]}",
            "CACHE_URL": f"{REDIS}/{REDIS_DBS[1]}",
            "CELERY_BROKER_URL": "memory://",
            "LOG_LEVEL": "WARNING",
            # Four seats of a table flat out make more moves a minute than one person's limit allows.
            "RATE_LIMIT_MOVES": "100000/m",
        }
    )
    npm_install()
    fresh_database(OURS_DB)
    fresh_database(PEER_DB)
    import django

    django.setup()
    from django.core.management import call_command

    from tests.integration.live_harness import web_process

    call_command("migrate", verbosity=0)
    call_command("collectstatic", interactive=False, verbosity=0)
    plan = phases(tables, pause_ms)
    first = 0
    for spec in plan:
        spec["first"], first = first, first + spec["tables"]
    with ExitStack() as stack, tempfile.TemporaryDirectory() as tmp:
        webs = [
            stack.enter_context(
                web_process(
                    database=os.environ["DATABASE_URL"],
                    channel_layer=os.environ["CHANNEL_LAYER_URL"],
                    port=port,
                )
            )
            for port in (PORT, PORT + 1)
        ]
        peer = stack.enter_context(peer_server(PORT + 2))
        bases = [web.url for web in webs]
        config = {
            "pg": PG,
            "clk_tck": os.sysconf("SC_CLK_TCK"),
            "phases": plan,
            "ours": {
                "pids": [web.process.pid for web in webs],
                "database": OURS_DB,
                "tables": our_tables(first, bases),
            },
            "peer": {"pids": [peer.pid], "database": PEER_DB, "url": f"http://127.0.0.1:{PORT + 2}"},
        }
        path = Path(tmp) / "config.json"
        path.write_text(json.dumps(config))
        answer = Path(tmp) / "results.json"
        # The driver says how each phase goes on stderr, passed through.
        done = subprocess.run(["node", "driver.mjs", str(path), str(answer)], cwd=PEER)
        if done.returncode:
            raise SystemExit("the driver failed (its errors are above)")
        load = os.getloadavg()[0]
        return json.loads(answer.read_text()), load


# --- The section ----------------------------------------------------------------------------------


def compare(label: str, peer: float, ours: float, higher_is_better: bool = False, digits: int = 1) -> str:
    """A row: both values, this site's over the peer's, and how many times worse this site is
    (the peer's over this site's where more is better)."""
    high, low = (peer, ours) if higher_is_better else (ours, peer)
    worse = high / low if low else float("inf")
    return (
        f"| {label} | {peer:.{digits}f} | {ours:.{digits}f} | {ours / peer if peer else float('inf'):.2f} | "
        f"{worse:.1f}× | {'yes' if worse <= GOAL else 'NO'} |"
    )


def rows(result: list[dict]) -> list[str]:
    lines = []
    for row in result:
        peer, ours = row["peer"], row["ours"]
        for share in (0.5, 0.95, 0.99):
            lines.append(
                compare(
                    f"{row['name']}: move → other seats p{round(share * 100)} (ms)",
                    percentile(peer["latencies"], share),
                    percentile(ours["latencies"], share),
                )
            )
        lines.append(
            compare(
                f"{row['name']}: moves/s",
                peer["moves_per_second"],
                ours["moves_per_second"],
                higher_is_better=True,
            )
        )
    for row in result:
        if row["pause_ms"]:
            continue
        peer, ours = row["peer"], row["ours"]
        per_move = {
            side: {part: data["cpu"][part] / data["moves"] * 1000 for part in ("app", "database")}
            for side, data in (("peer", peer), ("ours", ours))
        }
        lines.append(
            compare(
                f"{row['name']}: server CPU per move, server processes (ms)",
                per_move["peer"]["app"],
                per_move["ours"]["app"],
            )
        )
        lines.append(
            compare(
                f"{row['name']}: server CPU per move, PostgreSQL backends (ms)",
                per_move["peer"]["database"],
                per_move["ours"]["database"],
            )
        )
        lines.append(
            compare(
                f"{row['name']}: server CPU per move, both (ms)",
                sum(per_move["peer"].values()),
                sum(per_move["ours"].values()),
            )
        )
    busiest = max(result, key=lambda row: row["tables"] * (row["pause_ms"] == 0))
    lines.append(
        compare(
            f"memory after {busiest['name']}: RSS of the server processes (MB)",
            busiest["peer"]["rss_kb"] / 1024,
            busiest["ours"]["rss_kb"] / 1024,
            digits=0,
        )
    )
    return lines


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--tables", type=int, default=25)
    parser.add_argument("--pause-ms", type=int, default=1000)
    args = parser.parse_args()
    result, load = run(args.tables, args.pause_ms)
    result = [row for row in result if not row.get("warmup")]
    failures = [
        f"{row['name']}, {side}: {row[side]['error_count']} errors, first: {row[side]['errors'][:1]}"
        for row in result
        for side in ("peer", "ours")
        if row[side]["error_count"]
    ]
    when = datetime.now(UTC).strftime("%Y-%m-%d %H:%M UTC")
    loads = ", ".join(
        f"{row['name']} {row['peer']['load']:.1f} / {row['ours']['load']:.1f}" for row in result
    )
    lines = [
        f"`python -m bench.bench_peer`, {when}, {machine_and_node()}; load average {load:.1f} at the end; "
        f"after each phase (boardgame.io / this site): {loads}. Other work shares the machine.",
        "",
        "The same seeded Roman Poker turns (four seats a table, the dice brought by the table: "
        "rolls, stops, a Reroll one after a misthrow, passes) on this site and on "
        "[boardgame.io](https://boardgame.io) 0.50 with bgio-postgres (`bench/peer/`), both on "
        "PostgreSQL, driven by one Node script (`bench/peer/driver.mjs`). Here: two daphne "
        "processes, Redis as channel layer and cache, DEBUG off; each seat a signed-in session "
        "posting its move (CSRF token, the turn token from its board) and hearing the others' moves "
        "on its page's WebSocket, which carries the board drawn for it. boardgame.io: its one "
        "server process; each seat its socket.io client, the moves run on the server only. A move "
        "goes when every seat heard the one before; *paced* waits "
        f"{args.pause_ms // 2}–{args.pause_ms * 3 // 2} ms before each move.",
        "",
        "Not the same work: this site commits the move before it pushes (the push leaves after "
        "the transaction), while boardgame.io pushes the new state to the sockets before it "
        "writes it to PostgreSQL; this site also draws each seat's board (HTML) for its socket, "
        "where boardgame.io sends the state. CPU is read from /proc before and after each "
        "phase: the server processes (2 daphne, 1 node) and the PostgreSQL backends connected to "
        "each side's database at the end; Redis (shared with other work) is not counted.",
        "",
        "| measure | boardgame.io | this site | ratio | this site worse by | within 2× |",
        "|---|---|---|---|---|---|",
        *rows(result),
    ]
    if failures:
        lines += ["", "Errors: " + "; ".join(failures)]
    fetched = sum(row["ours"]["boards_fetched"] for row in result)
    if fetched:
        lines += ["", f"{fetched} pushes came without their board; the seat fetched it (`/g/<code>/poll/`)."]
    lines += [
        "",
        "On a loaded machine the latencies and moves per second show the share of the two cores each "
        "server got; the CPU per move is what a move costs whatever the load, and the steadiest row "
        "from run to run.",
    ]
    misses = sum(1 for line in lines if line.endswith("| NO |"))
    lines += [
        "",
        f"Goal, within {GOAL:.0f}× of boardgame.io on every row: "
        + ("met." if not misses else f"missed on {misses} rows."),
    ]
    publish(TITLE, lines)


if __name__ == "__main__":
    main()
