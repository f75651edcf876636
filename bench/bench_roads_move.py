"""Server time of a Building Roman Roads move (POST -> board partial) on PostgreSQL.

Like ``bench.bench_moves`` (whose helpers and floors it uses): in-process through
Django's full request stack (middleware with the abuse limits, session, the move
view, the service, the board template), beside the two floors in the same run —
a bare view (``/healthz/``) and a bare authenticated view (``bench/floor_urls.py``).
Moves are the computer player's, posted as the page posts them (``move`` with the
type, and the card, spaces and index as form fields), in 4-player games. It also
counts the SQL queries of a draw, of a play and of a move that ends a turn, near
move 5 and move 150 of the first game.

    DATABASE_URL=postgres://postgres@127.0.0.1:5432/roman_bench .venv/bin/python -m bench.bench_roads_move
"""

from __future__ import annotations

import json
import os
import random
import statistics
import time
import uuid

from bench.database import ensure_database
from bench.results import publish

# The move limit stays on (its cache round trip is part of a move's cost) but high enough
# for a benchmark that moves faster than any person. Set before Django starts below.
os.environ.setdefault("RATE_LIMIT_MOVES", "1000000/m")

from bench import bench_moves  # noqa: E402  (PostgreSQL by default; starts Django)

FLOOR_URLS = "bench.floor_urls"  # the site's URLs plus the bare authenticated view

from django.conf import settings  # noqa: E402
from django.core.management import call_command  # noqa: E402
from django.db import connection  # noqa: E402
from django.test import Client  # noqa: E402
from django.test.utils import CaptureQueriesContext  # noqa: E402

from games.contract.protocol import choose_move  # noqa: E402
from games.models import Game  # noqa: E402
from games.roads.bot import choose  # noqa: E402

MOVES = int(os.environ.get("BENCH_MOVES", "600"))
PLAYERS = 4
QUERY_PROBES = (5, 150)
KINDS = ("draw", "play", "move", "end_turn")
QUERY_LABELS = {
    "draw": "the turn goes on",
    "play": "the turn goes on",
    "turn end": "any move that hands the turn on",
}


def form_data(move: dict, turn: int) -> dict:
    """The fields the board's forms post for ``move``."""
    data = {"move": json.dumps({"type": move["type"]}), "turn": turn, "request": str(uuid.uuid4())}
    data.update({field: str(value) for field, value in move.items() if field != "type"})
    return data


def main() -> None:
    # Not Django's test environment: its instrumented template rendering (a signal and a copy of
    # the context for every template drawn) is no part of a production request. Mail stays local.
    settings.EMAIL_BACKEND = "django.core.mail.backends.locmem.EmailBackend"
    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]
    settings.ROOT_URLCONF = FLOOR_URLS
    ensure_database(os.environ["DATABASE_URL"])
    call_command("migrate", verbosity=0)
    rng = random.Random(2026)
    times: dict[str, list[float]] = {kind: [] for kind in KINDS}
    queries: dict[tuple[int, str], tuple[int, int]] = {}
    bare, bare_times, signed_in_times = Client(), [], []
    games = 0
    while sum(map(len, times.values())) < MOVES:
        games += 1
        game, clients = bench_moves.new_game(f"{time.time_ns()}-{games}", "roads", PLAYERS)
        url = f"/g/{game.code}/move/"
        while game.status == Game.Status.ACTIVE and sum(map(len, times.values())) < MOVES:
            seat = game.engine.to_act(game.state)[0]
            move = choose_move(game.engine, choose, game.state, seat, rng)
            number = game.move_count
            with CaptureQueriesContext(connection) as captured:
                start = time.perf_counter()
                data = form_data(move, game.tokens[str(seat)])
                response = clients[seat].post(url, data, HTTP_HX_REQUEST="true")
                times[move["type"]].append(time.perf_counter() - start)
            assert response.status_code == 200, response.content[:300]
            game.refresh_from_db()
            # Like with like: a move that hands the turn on also writes the next player's mail.
            probe_kind = (
                "turn end"
                if game.state["turn"] != seat or game.status != Game.Status.ACTIVE
                else (move["type"] if move["type"] in ("draw", "play") else None)
            )
            for probe in QUERY_PROBES:
                if games == 1 and probe_kind and number >= probe and (probe, probe_kind) not in queries:
                    queries[(probe, probe_kind)] = (number, len(captured))
            start = time.perf_counter()
            bare.get("/healthz/")
            bare_times.append(time.perf_counter() - start)
            start = time.perf_counter()
            floor = clients[seat].get("/bench/signed-in/")
            signed_in_times.append(time.perf_counter() - start)
            assert floor.status_code == 200, floor.status_code
    report(times, bare_times, signed_in_times, queries, games)


def report(times: dict, bare_times: list, signed_in_times: list, queries: dict, games: int) -> None:
    ms = lambda s: f"{s * 1000:.2f} ms"  # noqa: E731
    every = [t for kind in KINDS for t in times[kind]]
    floor = statistics.median(signed_in_times)
    lines = [
        f"Building Roman Roads move, POST -> board partial, {len(every)} moves (the computer player's, "
        f"posted as the page's forms post them), {games} {PLAYERS}-player games, {connection.vendor}:",
        f"- every move: median {ms(statistics.median(every))}, p95 {ms(bench_moves.percentile(every, 0.95))}",
        *(
            f"- {kind.replace('_', ' ')} ({len(times[kind])}): median {ms(statistics.median(times[kind]))}, "
            f"p95 {ms(bench_moves.percentile(times[kind], 0.95))}"
            for kind in KINDS
            if times[kind]
        ),
        f"- bare Django view (/healthz/): median {ms(statistics.median(bare_times))}, "
        f"p95 {ms(bench_moves.percentile(bare_times, 0.95))}",
        f"- bare authenticated view (session, user, small template): median {ms(floor)}, "
        f"p95 {ms(bench_moves.percentile(signed_in_times, 0.95))}",
        f"- move / authenticated floor: {statistics.median(every) / floor:.1f}× (medians)",
        *(
            f"- SQL queries of a {kind} ({QUERY_LABELS[kind]}): move {queries[(5, kind)][0]}: "
            f"{queries[(5, kind)][1]}, move {queries[(150, kind)][0]}: {queries[(150, kind)][1]}"
            for kind in QUERY_LABELS
            if (5, kind) in queries and (150, kind) in queries
        ),
        f"- load average {os.getloadavg()[0]:.1f} at the end (other work shares this machine; "
        "compare the move with the floors of the same run)",
    ]
    publish("Building Roman Roads move (server time)", lines, stamped=True)


if __name__ == "__main__":
    main()
