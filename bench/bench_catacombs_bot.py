"""Roman Catacombs computer player, pure Python (no Django, no database).

Measures, on one core of this machine:

- solo runs (seeds 0..N-1, the deck order of each seed): the bot's score beside random
  play (uniform over the legal moves, passes included);
- the bot's decision time (wall clock and CPU time of this thread), in solo runs and at
  4-seat tables, and its first decision with empty caches;
- 4-seat tables, the bots' seats rotating: 4 bots; 1 bot and 3 random players; and the race
  weighting on or off (``choose(..., races=False)`` ignores how close the other sheets are
  to completing a category).

    .venv/bin/python -m bench.bench_catacombs_bot            # writes its section of bench/RESULTS.md
    BENCH_RECORD=0 .venv/bin/python -m bench.bench_catacombs_bot
"""

from __future__ import annotations

import os
import random
import statistics
import subprocess
import sys
import time
from collections.abc import Callable
from functools import partial

from bench.results import percentile, publish
from games.catacombs import bot
from games.catacombs.engine import CATACOMBS, book_sheet, empty_slots
from games.contract.protocol import places

SOLO_RUNS = int(os.environ.get("BENCH_SOLO_RUNS", "300"))
TABLE_GAMES = int(os.environ.get("BENCH_TABLE_GAMES", "200"))
SECTION = "Roman Catacombs computer player"
FLIP = {"type": "flip"}

Strategy = Callable[[dict, int, random.Random], dict]


def random_move(state: dict, seat: int, rng: random.Random) -> dict:
    return rng.choice(CATACOMBS.legal_moves(state, seat))


blind = partial(bot.choose, races=False)


def play(strategies: list[Strategy], seed: int, times: list[tuple[float, float]] | None = None) -> dict:
    """A whole game with the deck order of ``seed``; times of the race-aware bot's decisions."""
    state = CATACOMBS.setup(len(strategies), {"deck_seed": seed}, random.Random(f"{seed}:setup"))
    rng = random.Random(seed)
    while not CATACOMBS.is_over(state):
        if CATACOMBS.awaits_table(state):
            state = CATACOMBS.apply(state, None, FLIP, rng)
            continue
        for seat in CATACOMBS.to_act(state):
            start, start_cpu = time.perf_counter(), time.thread_time()
            move = strategies[seat](state, seat, rng)
            if times is not None and strategies[seat] is bot.choose:
                times.append((time.perf_counter() - start, time.thread_time() - start_cpu))
            state = CATACOMBS.apply(state, seat, move, rng)
    return state


def ms(seconds: float) -> str:
    return f"{seconds * 1e3:.2f}"


def cold_first_decision(players: int) -> tuple[float, float]:
    """Wall clock and CPU time of a first decision with empty caches."""
    bot._gap_chances.cache_clear()
    state = CATACOMBS.setup(players, {"deck_seed": 1}, random.Random(1))
    state = CATACOMBS.apply(state, None, FLIP, random.Random(1))
    start, start_cpu = time.perf_counter(), time.thread_time()
    bot.choose(state, 0, random.Random(1))
    return time.perf_counter() - start, time.thread_time() - start_cpu


def solo_lines(times: list[tuple[float, float]]) -> list[str]:
    lines = [
        f"Solo runs (21 turns; seeds 0..{SOLO_RUNS - 1}, the same deck orders for both; "
        "the best possible score is 48):",
        "",
        "| Player | runs | mean score | std | median | min | max | categories completed | empty slots |",
        "|---|---|---|---|---|---|---|---|---|",
    ]
    for label, strategy in (("bot", bot.choose), ("random play", random_move)):
        scores, completed, empty = [], [], []
        for seed in range(SOLO_RUNS):
            state = play([strategy], seed, times)
            scores.append(CATACOMBS.scores(state)[0])
            completed.append(len(state["completions"]))
            empty.append(empty_slots(book_sheet(state["sheets"][0])))
        lines.append(
            f"| {label} | {SOLO_RUNS} | {statistics.mean(scores):.2f} | {statistics.stdev(scores):.2f} "
            f"| {statistics.median(scores):g} | {min(scores)} | {max(scores)} "
            f"| {statistics.mean(completed):.2f} | {statistics.mean(empty):.2f} |"
        )
    return lines


def table_lines(times: list[tuple[float, float]]) -> list[str]:
    lines = [
        f"4-seat tables, {TABLE_GAMES} games each (seeds 0..{TABLE_GAMES - 1}); player A sits at seat "
        "seed mod 4, the three B players elsewhere. Mean score per seat; first place counts ties; "
        "“first” is the share of a kind's completions that scored the category's first value:",
        "",
        "| A | B (3 seats) | A mean | B mean | A − B | A first place | A first | B first | turns |",
        "|---|---|---|---|---|---|---|---|---|",
    ]
    tables = (
        ("bot", "bot", bot.choose, bot.choose),
        ("bot", "random play", bot.choose, random_move),
        ("bot", "bot without races", bot.choose, blind),
        ("bot without races", "bot", blind, bot.choose),
    )
    for a_label, b_label, a, b in tables:
        a_scores, b_scores, wins, turns = [], [], 0, []
        firsts = {True: [0, 0], False: [0, 0]}  # is A -> [first, all]
        for seed in range(TABLE_GAMES):
            seat_a = seed % 4
            strategies = [a if seat == seat_a else b for seat in range(4)]
            state = play(strategies, seed, times)
            scores = CATACOMBS.scores(state)
            a_scores.append(scores[seat_a])
            b_scores.append(statistics.mean(s for seat, s in enumerate(scores) if seat != seat_a))
            wins += places(scores)[seat_a] == 1
            turns.append(state["turn"])
            for completion in state["completions"]:
                tally = firsts[completion["seat"] == seat_a]
                info = bot.categories()[completion["category"]]
                tally[0] += completion["points"] == info["first"]
                tally[1] += 1
        share = lambda tally: f"{100 * tally[0] / max(1, tally[1]):.0f}%"  # noqa: E731
        diffs = [x - y for x, y in zip(a_scores, b_scores, strict=True)]
        error = statistics.stdev(diffs) / len(diffs) ** 0.5
        lines.append(
            f"| {a_label} | {b_label} | {statistics.mean(a_scores):.2f} | {statistics.mean(b_scores):.2f} "
            f"| {statistics.mean(diffs):+.2f} ± {error:.2f} | {100 * wins / TABLE_GAMES:.0f}% "
            f"| {share(firsts[True])} | {share(firsts[False])} | {statistics.mean(turns):.1f} |"
        )
    lines += ["", "± is one standard error of the mean difference (paired per game)."]
    return lines


def time_lines(solo: list[tuple[float, float]], table: list[tuple[float, float]], cold: dict) -> list[str]:
    lines = [
        "Bot decision time (`choose`, the seat's view included), ms; wall clock and CPU time of this thread:",
        "",
        "| Games | decisions | median | p95 | max | CPU median | CPU p95 |",
        "|---|---|---|---|---|---|---|",
    ]
    for label, times in (("solo runs", solo), ("4-seat tables", table)):
        wall, cpu = [t[0] for t in times], [t[1] for t in times]
        lines.append(
            f"| {label} | {len(times)} | {ms(statistics.median(wall))} | {ms(percentile(wall, 0.95))} "
            f"| {ms(max(wall))} | {ms(statistics.median(cpu))} | {ms(percentile(cpu, 0.95))} |"
        )
    lines += [
        "",
        "The completion chances of canon gaps are cached per process; the first decision with empty "
        f"caches took {ms(cold[1][0])} ms ({ms(cold[1][1])} ms CPU) solo and {ms(cold[4][0])} ms "
        f"({ms(cold[4][1])} ms CPU) at 4 seats; the max column includes such fills.",
    ]
    return lines


def machine() -> list[str]:
    def run(*command: str) -> str:
        return subprocess.run(command, capture_output=True, text=True).stdout.strip()

    return [
        f"`python -m bench.bench_catacombs_bot`, {run('date')}.",
        "",
        f"Machine: `{run('uname', '-a')}`; `nproc` {run('nproc')}; Python {sys.version.split()[0]}.",
    ]


def main() -> None:
    cold = {players: cold_first_decision(players) for players in (1, 4)}
    bot._gap_chances.cache_clear()
    solo_times: list[tuple[float, float]] = []
    table_times: list[tuple[float, float]] = []
    solo = solo_lines(solo_times)
    tables = table_lines(table_times)
    lines = [*machine(), "", *solo, "", *time_lines(solo_times, table_times, cold), "", *tables]
    with open("/proc/loadavg") as loadavg:
        load = loadavg.read().split()[0]
    lines += ["", f"Load average {load} at the end (other work shares this machine)."]
    publish(SECTION, lines)


if __name__ == "__main__":
    main()
