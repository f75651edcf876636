"""Speed of the pure Roman Road engine, measured on tables of computer players.

Plays whole games of computer players only (2, 3 and 4 seats, several seeds) and
times every ``apply``, ``legal_moves`` and ``view`` call and every computer
player's ``choose`` on the way; counts the legal moves offered and the moves a
hand takes. No Django, no database: the engine and its bot alone.

    .venv/bin/python -m bench.bench_romanroad_engine
"""

from __future__ import annotations

import os
import platform
import random
import statistics
import subprocess
import time

from bench.results import percentile, publish
from games.contract.protocol import State, has_move
from games.romanroad.bot import choose
from games.romanroad.engine import ROMANROAD

GAMES = int(os.environ.get("BENCH_ROMANROAD_GAMES", "8"))  # per table size
R = ROMANROAD


def micro(action) -> tuple[float, object]:
    start = time.perf_counter_ns()
    result = action()
    return (time.perf_counter_ns() - start) / 1000, result


def next_mover(state: State, chooser: random.Random) -> int | None:
    """The seat to move next, at random among the awaited seats with a move to make (a seat ready
    for a hand not yet begun is awaited with none); the table (None) between hands, where it deals,
    and once nobody has a move, where it says Begin."""
    if state["phase"] == "between":
        return None
    movers = [seat for seat in R.to_act(state) if has_move(R, state, seat)]
    return chooser.choice(movers) if movers else None


def play(
    players: int, seed: int, samples: dict[str, list[float]], hands: list[int], blocked: list[bool]
) -> int:
    """One game; returns its hands. Timings in microseconds go to ``samples``."""
    chooser = random.Random(seed)
    state = R.setup(players, {}, random.Random(f"{seed}:setup"))
    in_hand = number = 0
    while not R.is_over(state):
        seat = next_mover(state, chooser)
        if seat is not None:
            spent, legal = micro(lambda s=state, t=seat: R.legal_moves(s, t))
            samples["legal_moves"].append(spent)
            samples["legal_size"].append(len(legal))
            spent, _ = micro(lambda s=state, t=seat: R.view(s, t))
            samples["view"].append(spent)
        spent, move = micro(lambda s=state, t=seat: choose(s, t, chooser))
        samples["choose"].append(spent)
        rng = random.Random(f"{seed}:{number}")
        spent, after = micro(lambda s=state, t=seat, m=move, r=rng: R.apply(s, t, m, r))
        samples["apply"].append(spent)
        if after["phase"] != "hand" and state["phase"] == "hand":
            hands.append(in_hand + 1)
            blocked.append(after["ended"] == "blocked")
            in_hand = 0
        elif after["phase"] == "hand":
            in_hand += 1
        state = after
        number += 1
    return state["hand"]


def machine() -> str:
    uname = subprocess.run(["uname", "-a"], capture_output=True, text=True).stdout.strip()
    cores = subprocess.run(["nproc"], capture_output=True, text=True).stdout.strip()
    when = subprocess.run(
        ["date", "-u", "+%Y-%m-%d %H:%M UTC"], capture_output=True, text=True
    ).stdout.strip()
    return f"{when}, {uname}; {cores} CPUs; Python {platform.python_version()}"


def main() -> None:
    rows = []
    for players in (2, 3, 4):
        samples: dict[str, list[float]] = {
            "apply": [],
            "legal_moves": [],
            "legal_size": [],
            "view": [],
            "choose": [],
        }
        hands: list[int] = []
        blocked: list[bool] = []
        games_hands = [play(players, seed, samples, hands, blocked) for seed in range(GAMES)]
        rows.append((players, samples, hands, blocked, games_hands))
    lines = [
        f"`python -m bench.bench_romanroad_engine`, {machine()}.",
        "",
        f"Games of computer players only, {GAMES} per table size, every seat asked in a random order; "
        "microseconds per call of the pure engine (no Django, no database). `legal_moves` and `view` are "
        "timed for the seat about to move; a hand's moves count every move from the deal to the Amen "
        "(or the blocked hand), flips and Stuck included.",
        "",
        "| Seats | apply median µs | apply p95 µs | legal_moves median µs | p95 µs | legal moves mean / max "
        "| view median µs | bot choose median µs | hands | moves per hand median / p95 / max | blocked hands "
        "| hands per game |",
        "|---|---|---|---|---|---|---|---|---|---|---|---|",
    ]
    for players, samples, hands, blocked, games_hands in rows:
        sizes = samples["legal_size"]
        applies, legals = samples["apply"], samples["legal_moves"]
        lines.append(
            f"| {players} | {statistics.median(applies):.0f} | {percentile(applies, 0.95):.0f} "
            f"| {statistics.median(legals):.0f} | {percentile(legals, 0.95):.0f} "
            f"| {statistics.mean(sizes):.1f} / {max(sizes):.0f} | {statistics.median(samples['view']):.0f} "
            f"| {statistics.median(samples['choose']):.0f} | {len(hands)} "
            f"| {statistics.median(hands):.0f} / {percentile(hands, 0.95):.0f} / {max(hands)} "
            f"| {sum(blocked)} | {statistics.mean(games_hands):.1f} |"
        )
    publish("Roman Road engine", lines)


if __name__ == "__main__":
    main()
