"""Server time of a Roman Poker move (POST -> partial) on PostgreSQL.

Runs in-process through Django's full request stack (middleware, session,
CSRF-exempt test client, service, template), beside two floors in the same
run — a bare view (no session, no database) and a bare authenticated view
(session, user, a small template: ``bench/floor_urls.py``) — and counts the
SQL queries of move 5 and move 150 of one game.

    DATABASE_URL=postgres://postgres@127.0.0.1:5432/roman_bench .venv/bin/python -m bench.bench_moves
"""

from __future__ import annotations

import json
import os
import random
import statistics
import time
import uuid

from bench.database import ensure_database
from bench.production import production_settings
from bench.results import percentile, publish

production_settings("postgres://postgres@127.0.0.1:5432/roman_bench")

import django  # noqa: E402

django.setup()

from django.conf import settings  # noqa: E402
from django.core.management import call_command  # noqa: E402

if not settings.DEBUG:  # production serves the collected, hashed static files: collect them first
    call_command("collectstatic", interactive=False, verbosity=0)

from django.db import connection  # noqa: E402
from django.test import Client  # noqa: E402
from django.test.utils import CaptureQueriesContext  # noqa: E402

from accounts.models import User  # noqa: E402
from games.contract.protocol import choose_move  # noqa: E402
from games.models import Game  # noqa: E402
from games.play import services  # noqa: E402
from games.poker.bot import choose  # noqa: E402

MOVES = int(os.environ.get("BENCH_MOVES", "600"))
PLAYERS = 6
QUERY_PROBES = (5, 150)


def new_game(tag: str, kind: str = "poker", players: int = PLAYERS) -> tuple[Game, list[Client]]:
    """A started table of ``players`` people, each with a signed-in client."""
    users = [
        User.objects.create_user(f"p{i}-{tag}@bench.local", "bench-pass", display_name=f"P{i}")
        for i in range(players)
    ]
    game = services.create_game(users[0], kind, {}, players, "seated")
    for user in users[1:]:
        services.join_game(game.pk, user)
    game = services.start_game(game.pk, users[0])
    clients = []
    for user in users:
        client = Client()
        client.force_login(user)
        clients.append(client)
    return game, clients


def record_probe(queries: dict, number: int, move: dict, count: int) -> None:
    """Queries of the first roll and the first turn-ending move at or after each probe.

    A move that hands the turn on also writes the next player's notification, so
    like is compared with like."""
    kind = "roll" if move["type"] == "roll" else "turn end" if move["type"] in ("stop", "pass") else None
    for probe in QUERY_PROBES:
        if kind and number >= probe and (probe, kind) not in queries:
            queries[(probe, kind)] = (number, count)


def main() -> None:
    # Not Django's test environment: its instrumented template rendering (a signal and a copy of
    # the context for every template drawn) is no part of a production request. Mail stays local.
    settings.EMAIL_BACKEND = "django.core.mail.backends.locmem.EmailBackend"
    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]
    settings.ROOT_URLCONF = "bench.floor_urls"
    ensure_database(os.environ["DATABASE_URL"])
    call_command("migrate", verbosity=0)
    rng = random.Random(2026)
    move_times: list[float] = []
    queries: dict[tuple[int, str], tuple[int, int]] = {}
    bare = Client()
    bare_times: list[float] = []
    signed_in_times: list[float] = []
    game_number = 0
    while len(move_times) < MOVES:
        game_number += 1
        game, clients = new_game(f"{time.time_ns()}-{game_number}")
        url = f"/g/{game.code}/move/"
        while game.status == Game.Status.ACTIVE and len(move_times) < MOVES:
            seat = game.engine.to_act(game.state)[0]
            move = choose_move(game.engine, choose, game.state, seat, rng)
            # A request id, as the site's script adds to every move.
            data = {"move": json.dumps(move), "turn": game.tokens[str(seat)], "request": str(uuid.uuid4())}
            number = game.move_count
            with CaptureQueriesContext(connection) as captured:
                start = time.perf_counter()
                response = clients[seat].post(url, data, HTTP_HX_REQUEST="true")
                move_times.append(time.perf_counter() - start)
            assert response.status_code == 200, response.content[:300]
            if game_number == 1:
                record_probe(queries, number, move, len(captured))
            start = time.perf_counter()
            bare.get("/healthz/")
            bare_times.append(time.perf_counter() - start)
            start = time.perf_counter()
            floor = clients[seat].get("/bench/signed-in/")
            signed_in_times.append(time.perf_counter() - start)
            assert floor.status_code == 200, floor.status_code
            game.refresh_from_db()
    report(move_times, bare_times, signed_in_times, queries)


def short(backend: str) -> str:
    return backend.rsplit(".", 1)[-1]


def report(
    move_times: list[float], bare_times: list[float], signed_in_times: list[float], queries: dict
) -> None:
    ms = lambda s: f"{s * 1000:.2f} ms"  # noqa: E731
    vendor = connection.vendor
    lines = [
        f"Roman Poker move, POST -> partial, {len(move_times)} moves, {PLAYERS}-player games, {vendor}:",
        f"- move: median {ms(statistics.median(move_times))}, p95 {ms(percentile(move_times, 0.95))}",
        f"- bare Django view (/healthz/): median {ms(statistics.median(bare_times))}, "
        f"p95 {ms(percentile(bare_times, 0.95))}",
        f"- bare authenticated view (session, user, small template): "
        f"median {ms(statistics.median(signed_in_times))}, p95 {ms(percentile(signed_in_times, 0.95))}",
        f"- settings: DEBUG {settings.DEBUG}, cache {short(settings.CACHES['default']['BACKEND'])}, "
        f"channel layer {short(settings.CHANNEL_LAYERS['default']['BACKEND'])}, "
        f"database pool {'on' if connection.settings_dict['OPTIONS'].get('pool') else 'off'}",
        f"- move / authenticated floor: "
        f"{statistics.median(move_times) / statistics.median(signed_in_times):.1f}× (medians)",
        *(
            f"- SQL queries of a {kind}: move {queries[(5, kind)][0]}: {queries[(5, kind)][1]}, "
            f"move {queries[(150, kind)][0]}: {queries[(150, kind)][1]}"
            for kind in ("roll", "turn end")
            if (5, kind) in queries and (150, kind) in queries
        ),
    ]
    with open("/proc/loadavg") as loadavg:
        lines.append(f"- load average {loadavg.read().split()[0]} at the end (other work shares the machine)")
    publish("Poker move (server time)", lines, stamped=True)


if __name__ == "__main__":
    main()
