"""Server time of a Romi Rami move (POST -> partial) on PostgreSQL, per kind of move.

Runs in-process through Django's full request stack, as ``bench.bench_moves`` does
for Roman Poker, beside the same two floors measured in the same run: a bare view
(``/healthz/``) and a bare authenticated view (``bench/floor_urls.py``). Every
seat is a person whose moves the computer player chooses, posted as the page
posts them (tapped cards, a contract way, a discarded card); the SQL queries of
each kind of move are counted in the first game.

    DATABASE_URL=postgres://postgres@127.0.0.1:5432/roman_bench .venv/bin/python -m bench.bench_romirami_move
"""

from __future__ import annotations

import os
import random
import statistics
import time
import uuid

import django

# The same database, settings and in-process broker as the Poker move bench, which sets them on import.
from bench.bench_moves import new_game, percentile
from bench.database import ensure_database
from bench.results import publish

django.setup()

from django.conf import settings  # noqa: E402
from django.core.management import call_command  # noqa: E402
from django.db import connection  # noqa: E402
from django.test import Client  # noqa: E402
from django.test.utils import CaptureQueriesContext  # noqa: E402

from games.contract.protocol import choose_move  # noqa: E402
from games.models import Game  # noqa: E402
from games.romirami.bot import choose  # noqa: E402
from games.romirami.presenter import STAR_WORD  # noqa: E402

MOVES = int(os.environ.get("BENCH_MOVES", "600"))
PLAYERS = 3
KINDS = ("take", "complete", "end_turn", "discard")
SECTION = "Romi Rami move (server time)"


def form(move: dict) -> dict:
    """The fields the board posts for a move: the JSON of its type (and contract), plus its cards."""
    kind = move["type"]
    if kind == "take":
        return {"move": '{"type":"take"}', "cards": [str(c) for c in move["cards"]]}
    if kind == "complete":
        way = " ".join([*(str(n) for n in move["numbers"]), *([STAR_WORD] if move["star"] else [])])
        return {"move": f'{{"type":"complete","contract":"{move["contract"]}"}}', "way": way}
    if kind == "discard":
        return {"move": '{"type":"discard"}', "card": str(move["card"])}
    return {"move": '{"type":"end_turn"}'}


def main() -> None:
    # Not Django's test environment: its instrumented template rendering (a signal and a copy of
    # the context for every template drawn) is no part of a production request. Mail stays local.
    settings.EMAIL_BACKEND = "django.core.mail.backends.locmem.EmailBackend"
    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]
    settings.ROOT_URLCONF = "bench.floor_urls"
    ensure_database(os.environ["DATABASE_URL"])
    call_command("migrate", verbosity=0)
    rng = random.Random(2026)
    times: dict[str, list[float]] = {kind: [] for kind in KINDS}
    queries: dict[str, list[int]] = {kind: [] for kind in KINDS}
    bare, bare_times, signed_in_times = Client(), [], []
    games = 0
    while sum(len(t) for t in times.values()) < MOVES:
        games += 1
        game, clients = new_game(f"{time.time_ns()}-{games}", "romirami", PLAYERS)
        url = f"/g/{game.code}/move/"
        while game.status == Game.Status.ACTIVE and sum(len(t) for t in times.values()) < MOVES:
            (seat,) = game.engine.to_act(game.state)
            move = choose_move(game.engine, choose, game.state, seat, rng)
            data = {**form(move), "turn": game.tokens[str(seat)], "request": str(uuid.uuid4())}
            with CaptureQueriesContext(connection) as captured:
                start = time.perf_counter()
                response = clients[seat].post(url, data, HTTP_HX_REQUEST="true")
                times[move["type"]].append(time.perf_counter() - start)
            assert response.status_code == 200, response.content[:300]
            if games == 1:
                queries[move["type"]].append(len(captured))
            start = time.perf_counter()
            bare.get("/healthz/")
            bare_times.append(time.perf_counter() - start)
            start = time.perf_counter()
            floor = clients[seat].get("/bench/signed-in/")
            signed_in_times.append(time.perf_counter() - start)
            assert floor.status_code == 200, floor.status_code
            game.refresh_from_db()
    report(times, bare_times, signed_in_times, queries, games)


def report(times: dict, bare_times: list, signed_in_times: list, queries: dict, games: int) -> None:
    ms = lambda s: f"{s * 1000:.2f}"  # noqa: E731
    every = [t for kind in KINDS for t in times[kind]]
    floor = statistics.median(signed_in_times)
    lines = [
        f"Romi Rami move, POST -> partial, {len(every)} moves in {games} {PLAYERS}-player games "
        f"(moves chosen by the computer player, posted as the board posts them), {connection.vendor}:",
        "",
        "| What | N | median ms | p95 ms | / authenticated floor | SQL queries (first game: min-max) |",
        "|---|---|---|---|---|---|",
    ]
    for kind in KINDS:
        spent = times[kind]
        if not spent:
            continue
        counted = queries[kind]
        span = f"{min(counted)}-{max(counted)}" if counted else "-"
        lines.append(
            f"| {kind} | {len(spent)} | {ms(statistics.median(spent))} | {ms(percentile(spent, 0.95))} "
            f"| {statistics.median(spent) / floor:.1f}× | {span} |"
        )
    lines += [
        f"| every move | {len(every)} | {ms(statistics.median(every))} | {ms(percentile(every, 0.95))} "
        f"| {statistics.median(every) / floor:.1f}× | |",
        f"| bare Django view (/healthz/) | {len(bare_times)} | {ms(statistics.median(bare_times))} "
        f"| {ms(percentile(bare_times, 0.95))} | | |",
        f"| bare authenticated view (session, user, small template) | {len(signed_in_times)} "
        f"| {ms(floor)} | {ms(percentile(signed_in_times, 0.95))} | 1.0× | |",
        "",
        "An end of turn that passes the turn on also writes the next player's e-mail row and "
        "refills the markets.",
    ]
    with open("/proc/loadavg") as loadavg:
        lines.append(f"Load average {loadavg.read().split()[0]} at the end (other work shares this machine).")
    publish(SECTION, lines, stamped=True)


if __name__ == "__main__":
    main()
