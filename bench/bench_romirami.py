"""Romi Rami engine and computer player, pure Python (no Django, no database).

Measures, on one core of this machine:

- ``legal_moves`` on the largest hands (10 cards, Star unused, 4 contracts on offer):
  how many moves it lists and how long it takes, over random hands and over hands
  built to have many ways (two of each number);
- the computer player's decision time per phase in games of bots;
- the computer player against random play (uniform over the legal moves), 2-4 players.

    .venv/bin/python -m bench.bench_romirami            # writes its section of bench/RESULTS.md
    BENCH_RECORD=0 .venv/bin/python -m bench.bench_romirami
"""

from __future__ import annotations

import os
import random
import statistics
import subprocess
import sys
import time

from bench.results import percentile, publish
from games.romirami.bot import choose
from games.romirami.engine import ROMIRAMI, contract_cards, number_cards, ways

HANDS = int(os.environ.get("BENCH_HANDS", "2000"))
GAMES = {2: 100, 3: 60, 4: 60}
BOT_GAMES = 30
SECTION = "Romi Rami engine"


def ten_card_state(rng: random.Random, hand: list[int] | None = None) -> dict:
    """A 2-player table at seat 0's play step with 10 cards in hand and 4 offers."""
    state = ROMIRAMI.setup(2, {}, rng)
    cards = list(range(len(number_cards())))
    rng.shuffle(cards)
    hand = hand if hand is not None else cards[:10]
    rest = [c for c in cards if c not in hand]
    state["hands"] = [hand, rest[:3]]
    state["market"] = rest[3:9]
    state["deck"] = rest[9:]
    offers = list(contract_cards())
    rng.shuffle(offers)
    state["contract_market"], state["contract_deck"] = offers[:4], offers[4:]
    state["phase"] = "play"
    return state


def two_of_each(rng: random.Random) -> list[int]:
    """Ten cards, two of each number: the hands with the most ways to meet a contract."""
    by_number: dict[int, list[int]] = {}
    for card_id, (_, number) in enumerate(number_cards()):
        by_number.setdefault(number, []).append(card_id)
    return [c for number in sorted(by_number) for c in rng.sample(by_number[number], 2)]


def time_legal(states: list[dict]) -> tuple[list[int], list[float], list[float], list[float]]:
    """Moves listed, and the time of a call with the cache of ``ways`` empty (cold: wall
    clock and this thread's CPU time) and of the same call again (warm, as a server that
    has seen these hands before)."""
    sizes, cold, cold_cpu, warm = [], [], [], []
    for state in states:
        ways.cache_clear()
        start, start_cpu = time.perf_counter(), time.thread_time()
        moves = ROMIRAMI.legal_moves(state, 0)
        cold_cpu.append(time.thread_time() - start_cpu)
        cold.append(time.perf_counter() - start)
        start = time.perf_counter()
        ROMIRAMI.legal_moves(state, 0)
        warm.append(time.perf_counter() - start)
        sizes.append(len(moves))
    return sizes, cold, cold_cpu, warm


def legal_lines() -> list[str]:
    rng = random.Random(2026)
    random_states = [ten_card_state(rng) for _ in range(HANDS)]
    shaped_states = [ten_card_state(rng, two_of_each(rng)) for _ in range(HANDS // 4)]
    # Every contract on offer, four at a time, for hands of two of each number.
    every_offer = []
    ids = list(contract_cards())
    for start in range(0, len(ids), 4):
        state = ten_card_state(rng, two_of_each(rng))
        state["contract_market"] = ids[start : start + 4]
        every_offer.append(state)
    us = lambda seconds: f"{seconds * 1e6:.0f}"  # noqa: E731
    lines = [
        "`legal_moves` at the play step, 10 cards in hand, Star unused, 4 contracts on offer "
        "(µs per call; cold = the cache of ways per contract and hand emptied before the call; "
        "wall clock, and CPU time, which the other work on this machine disturbs less):",
        "",
        "| Hands | N | moves median | moves max | cold median | cold p95 | cold CPU p95 "
        "| warm median | warm p95 |",
        "|---|---|---|---|---|---|---|---|---|",
    ]
    for label, states in (
        ("random hands, random offers", random_states),
        ("two of each number, random offers", shaped_states),
        ("two of each number, all 36 contracts by fours", every_offer),
    ):
        sizes, cold, cold_cpu, warm = time_legal(states)
        lines.append(
            f"| {label} | {len(states)} | {statistics.median(sizes):.0f} | {max(sizes)} "
            f"| {us(statistics.median(cold))} | {us(percentile(cold, 0.95))} "
            f"| {us(percentile(cold_cpu, 0.95))} "
            f"| {us(statistics.median(warm))} | {us(percentile(warm, 0.95))} |"
        )
    take = ROMIRAMI.setup(4, {}, random.Random(1))
    takes = len(ROMIRAMI.legal_moves(take, 0))
    lines += [
        "",
        f"A take step lists at most 41 moves (6 market cards); the first of a 4-player game: {takes}.",
    ]
    return lines


def play(kinds: list[str], seed: int, times: dict[str, list[float]] | None = None) -> dict:
    state = ROMIRAMI.setup(len(kinds), {}, random.Random(f"{seed}:setup"))
    chooser = random.Random(seed)
    number = 0
    while not ROMIRAMI.is_over(state):
        (seat,) = ROMIRAMI.to_act(state)
        if kinds[seat] == "bot":
            start = time.perf_counter()
            move = choose(state, seat, chooser)
            if times is not None:
                times.setdefault(state["phase"], []).append(time.perf_counter() - start)
        else:
            move = chooser.choice(ROMIRAMI.legal_moves(state, seat))
        state = ROMIRAMI.apply(state, seat, move, random.Random(f"{seed}:{number}"))
        number += 1
    return state


def bot_time_lines() -> list[str]:
    times: dict[str, list[float]] = {}
    rounds = []
    for seed in range(BOT_GAMES):
        players = 2 + seed % 3
        rounds.append(play(["bot"] * players, 10_000 + seed, times)["round"])
    lines = [
        f"Bot decision time, {BOT_GAMES} games of bots "
        f"(2-4 players, {statistics.mean(rounds):.1f} rounds a game):",
        "",
        "| Step | decisions | median ms | p95 ms | max ms |",
        "|---|---|---|---|---|",
    ]
    for phase in ("take", "play", "discard"):
        spent = times.get(phase, [])
        if spent:
            lines.append(
                f"| {phase} | {len(spent)} | {statistics.median(spent) * 1e3:.2f} "
                f"| {percentile(spent, 0.95) * 1e3:.2f} | {max(spent) * 1e3:.2f} |"
            )
    return lines


def duel_lines() -> list[str]:
    lines = [
        "Bot against random play (one bot, the other seats uniform over the legal moves, the bot's seat "
        "rotating; seeds 0..N-1):",
        "",
        "| Players | games | bot mean score | random mean score | bot wins (1st place) | rounds |",
        "|---|---|---|---|---|---|",
    ]
    for players, games in GAMES.items():
        bot, others, wins, rounds = [], [], 0, []
        for seed in range(games):
            kinds = ["random"] * players
            kinds[seed % players] = "bot"
            state = play(kinds, seed)
            scores = ROMIRAMI.scores(state)
            seat = seed % players
            bot.append(scores[seat])
            others += [score for s, score in enumerate(scores) if s != seat]
            wins += ROMIRAMI.places(state)[seat] == 1
            rounds.append(state["round"])
        lines.append(
            f"| {players} | {games} | {statistics.mean(bot):.1f} | {statistics.mean(others):.1f} "
            f"| {wins} ({100 * wins / games:.0f}%) | {statistics.mean(rounds):.1f} |"
        )
    return lines


def machine() -> list[str]:
    def run(*command: str) -> str:
        return subprocess.run(command, capture_output=True, text=True).stdout.strip()

    return [
        f"`python -m bench.bench_romirami`, {run('date')}.",
        "",
        f"Machine: `{run('uname', '-a')}`; `nproc` {run('nproc')}; Python {sys.version.split()[0]}.",
    ]


def main() -> None:
    lines = [*machine(), "", *legal_lines(), "", *bot_time_lines(), "", *duel_lines()]
    with open("/proc/loadavg") as loadavg:
        load = loadavg.read().split()[0]
    lines += [
        "",
        f"Load average {load} at the end (other work shares this machine; the p95 columns show it).",
    ]
    publish(SECTION, lines)


if __name__ == "__main__":
    main()
