"""The CPU a Roman Catacombs flip costs the web processes in drawings: every phone's board and the
TV's screen, drawn as their sockets have them drawn (``live.boards.board_for``: the table's one
read, the viewer's view, the board), at tables of 2 to 6 phones whose host flips.

Production settings: DEBUG off, PostgreSQL, Redis as the cache. Each phone plays as people do
(mostly a write, sometimes a pass) between the flips; only the drawings after each flip are timed,
in CPU seconds of this process. Reported per flip, with the cost of each extra phone (the
least-squares slope over the table sizes) against the floor of the same run: the TV's drawing, a
board nobody's seat is in.

    .venv/bin/python -m bench.bench_flip
"""

from __future__ import annotations

import os
import random
import statistics
import time

from bench.database import ensure_database
from bench.production import production_settings
from bench.results import machine, publish

production_settings("postgres://postgres@127.0.0.1:5432/roman_bench_flip")

import django  # noqa: E402

django.setup()

from django.conf import settings  # noqa: E402
from django.core.management import call_command  # noqa: E402
from django.template.loader import render_to_string  # noqa: E402
from django.test import RequestFactory  # noqa: E402

from accounts.models import User  # noqa: E402
from config.heap import settle  # noqa: E402
from games.live.boards import board_for  # noqa: E402
from games.models import Game  # noqa: E402
from games.play import services  # noqa: E402
from games.web.presenter import tv_context  # noqa: E402

FLIPS = int(os.environ.get("BENCH_FLIPS", "12"))
PHONES = range(2, 7)
FLIP = {"type": "flip"}


def table(phones: int, tag: str) -> tuple[Game, list]:
    users = [
        User.objects.create_user(f"f{i}-{tag}@bench.local", "bench-pass", display_name=f"Player {i}")
        for i in range(phones)
    ]
    game = services.create_game(users[0], "catacombs", {"flip_mode": "host"}, phones, "seated")
    for user in users[1:]:
        services.join_game(game.pk, user)
    return services.start_game(game.pk, users[0]), users


def play_the_turn(game: Game, users: list, rng: random.Random) -> Game:
    """Every phone writes a book (or, one time in five, passes) until the host's flip is due."""
    while True:
        game.refresh_from_db()
        acting = game.engine.to_act(game.state)
        if not acting or game.status != Game.Status.ACTIVE:
            return game
        seat = acting[0]
        moves = game.engine.legal_moves(game.state, seat)
        writes = moves[:-1]
        move = rng.choice(writes) if writes and rng.random() < 0.8 else moves[-1]
        services.submit_move(game.pk, users[seat], move, game.tokens[str(seat)])


def drawings(game: Game, users: list, factory: RequestFactory) -> float:
    """CPU seconds to draw every phone's board and the TV's screen of the game as it is."""
    start = time.process_time()
    for user in users:
        scope = {
            "user": user,
            "path": f"/ws/g/{game.code}/",
            "headers": [(b"host", b"bench.local")],
            "url_route": {"kwargs": {"code": game.code}},
        }
        assert board_for(game.pk, scope, game.version) is not None  # as a socket that heard the version
    request = factory.get(f"/g/{game.code}/tv/")
    request.user = users[0]
    tv = time.process_time()
    current = Game.objects.get(pk=game.pk)
    render_to_string(current.game_kind.pages.tv, tv_context(request, current), request=request)
    end = time.process_time()
    drawings.tv.append(end - tv)
    return end - start


drawings.tv = []


def slope(xs: list[int], ys: list[float]) -> float:
    mean_x, mean_y = statistics.fmean(xs), statistics.fmean(ys)
    return sum((x - mean_x) * (y - mean_y) for x, y in zip(xs, ys, strict=True)) / sum(
        (x - mean_x) ** 2 for x in xs
    )


def main() -> None:
    ensure_database(os.environ["DATABASE_URL"])
    call_command("migrate", verbosity=0)
    if not settings.DEBUG:
        call_command("collectstatic", interactive=False, verbosity=0)
    settle()  # as a web process does once it has started (config/asgi.py)
    factory, rng = RequestFactory(HTTP_HOST="bench.local"), random.Random(2026)
    per_flip: dict[int, float] = {}
    mean_flip: dict[int, float] = {}
    for phones in PHONES:
        game, users = table(phones, f"{time.time_ns()}")
        costs = []
        for _ in range(FLIPS + 1):
            game = play_the_turn(game, users, rng)
            if game.status != Game.Status.ACTIVE:
                break
            services.submit_move(game.pk, users[0], FLIP, game.tokens["host"], as_host=True)
            game.refresh_from_db()
            costs.append(drawings(game, users, factory))
        per_flip[phones] = statistics.median(costs[1:])  # the first drawings warm the process
        mean_flip[phones] = statistics.fmean(costs[1:])  # with the garbage collector's passes
    tv = statistics.median(drawings.tv) * 1000
    each = slope(list(per_flip), list(per_flip.values())) * 1000
    when = time.strftime("%Y-%m-%d %H:%M UTC", time.gmtime())
    lines = [
        f"`python -m bench.bench_flip` (BENCH_FLIPS={FLIPS}), {when}, {machine()}; "
        f"load average {os.getloadavg()[0]:.1f} at the end.",
        "",
        "A host flips at a Roman Catacombs table; the web processes draw every phone's board and the TV's "
        "screen for the new version, as the sockets have them drawn. CPU ms of the drawings per flip "
        "(median of the flips after the first; the mean counts the garbage collector's passes too):",
        "",
        "| phones | drawings per flip | CPU ms per flip | mean |",
        "|---|---|---|---|",
        *(
            f"| {phones} | {phones + 1} | {ms * 1000:.1f} | {mean_flip[phones] * 1000:.1f} |"
            for phones, ms in per_flip.items()
        ),
        "",
        f"Each extra phone: **{each:.1f} ms** (goal: at most 1 ms). Floor of the same run, the TV's screen "
        f"(the table as nobody's seat sees it): {tv:.1f} ms.",
    ]
    publish("Catacombs flip: the drawings", lines)


if __name__ == "__main__":
    main()
