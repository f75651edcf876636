"""Time of the Building Roman Roads engine and computer player (pure Python, no database).

Plays whole games between computer players at 2, 4 and 6 seats and times every
call of ``apply``, ``legal_moves``, ``view`` (with its JSON encoding, for the
seat to act) and the bot's ``choose``; then random legal games (the worst case
for road moves) for their length. Writes the section "Building Roman Roads
engine" of ``bench/RESULTS.md``.

    .venv/bin/python -m bench.bench_roads
"""

from __future__ import annotations

import json
import os
import platform
import random
import statistics
import subprocess
import time
from datetime import UTC, datetime

from bench.results import percentile, publish
from games.roads.bot import choose
from games.roads.engine import ROADS

GAMES = int(os.environ.get("BENCH_ROADS_GAMES", "40"))
TABLES = (2, 4, 6)


def timed(samples: dict[str, list[float]], name: str, action, *args):
    """Call ``action(*args)``, add its CPU microseconds to ``samples[name]``, return its result."""
    start = time.process_time_ns()
    result = action(*args)
    samples.setdefault(name, []).append((time.process_time_ns() - start) / 1000)
    return result


def _view_json(state: dict, seat: int) -> str:
    return json.dumps(ROADS.view(state, seat))


def bot_games(players: int) -> tuple[dict[str, list[float]], list[int], list[int], list[int], list[float]]:
    samples: dict[str, list[float]] = {}
    moves, turns, sizes, games = [], [], [], []
    for seed in range(GAMES):
        rng = random.Random(seed)
        state = ROADS.setup(players, {}, rng)
        count = 0
        start = time.process_time()
        while not ROADS.is_over(state):
            (seat,) = ROADS.to_act(state)
            timed(samples, "legal_moves", ROADS.legal_moves, state, seat)
            text = timed(samples, "view + JSON", _view_json, state, seat)
            sizes.append(len(text))
            move = timed(samples, "bot choose", choose, state, seat, rng)
            state = timed(samples, "apply", ROADS.apply, state, seat, move, rng)
            count += 1
        games.append((time.process_time() - start) * 1000)
        moves.append(count)
        turns.append(state["turn_number"])
    return samples, moves, turns, sizes, games


def random_games(players: int, count: int) -> tuple[list[int], list[float]]:
    lengths, times = [], []
    for seed in range(count):
        rng = random.Random(seed)
        state = ROADS.setup(players, {}, rng)
        steps = 0
        start = time.process_time()
        while not ROADS.is_over(state):
            (seat,) = ROADS.to_act(state)
            state = ROADS.apply(state, seat, rng.choice(ROADS.legal_moves(state, seat)), rng)
            steps += 1
        times.append((time.process_time() - start) * 1000)
        lengths.append(steps)
    return lengths, times


def machine() -> str:
    uname = subprocess.run(["uname", "-a"], capture_output=True, text=True).stdout.strip()
    cpus = subprocess.run(["nproc"], capture_output=True, text=True).stdout.strip()
    return f"`{uname}`; {cpus} CPUs (nproc); Python {platform.python_version()}"


def main() -> None:
    when = subprocess.run(
        ["date", "-u", "+%Y-%m-%d %H:%M UTC"], capture_output=True, text=True
    ).stdout.strip()
    lines = [
        f"`python -m bench.bench_roads`, {when or datetime.now(UTC).strftime('%Y-%m-%d %H:%M UTC')}, "
        f"{machine()}.",
        "",
        f"Computer players only, {GAMES} games per table size (seeds 0..{GAMES - 1}). CPU time of this "
        "process per call, in microseconds (steadier than wall clock on a shared machine).",
        "",
        "| Seats | Call | N | median µs | p95 µs | max µs |",
        "|---|---|---|---|---|---|",
    ]
    summary = []
    for players in TABLES:
        samples, moves, turns, sizes, games = bot_games(players)
        for name in ("apply", "legal_moves", "view + JSON", "bot choose"):
            values = samples[name]
            lines.append(
                f"| {players} | {name} | {len(values)} | {statistics.median(values):.0f} "
                f"| {percentile(values, 0.95):.0f} | {max(values):.0f} |"
            )
        summary.append(
            f"| {players} | {statistics.median(moves):.0f} | {max(moves)} | {statistics.median(turns):.0f} "
            f"| {statistics.median(games):.0f} | {statistics.median(sizes) / 1000:.1f} "
            f"| {max(sizes) / 1000:.1f} |"
        )
    lines += [
        "",
        "Per game (computer players; a game's CPU time includes every timed call above):",
        "",
        "| Seats | moves median | moves max | turns median | CPU ms per game | view JSON kB median "
        "| view JSON kB max |",
        "|---|---|---|---|---|---|---|",
        *summary,
        "",
        "Random legal moves (road moves included as often as anything else; the engine's limit of 10 "
        "road moves between two cards is what ends such turns):",
        "",
        "| Seats | games | moves median | moves max | CPU ms per game, median |",
        "|---|---|---|---|---|",
    ]
    for players in TABLES:
        lengths, times = random_games(players, GAMES // 2)
        lines.append(
            f"| {players} | {len(lengths)} | {statistics.median(lengths):.0f} | {max(lengths)} "
            f"| {statistics.median(times):.0f} |"
        )
    load = os.getloadavg()[0] if hasattr(os, "getloadavg") else float("nan")
    lines += ["", f"Load average {load:.1f} at the end."]
    publish("Building Roman Roads engine", lines)


if __name__ == "__main__":
    main()
