"""Screens in step: a click on one real Chromium page, the change drawn on another person's page.

Two people at one table, each in a Chromium page of their own (separate browser contexts, each
signed in with a session of its own). For every move one page's button is clicked (Playwright's
click, a real pointer event) and the other page's board is watched:

- **click**: ``Date.now()`` in a capturing ``click`` listener on the clicking page;
- **drawn**: ``Date.now()`` in the first animation frame after a ``MutationObserver`` on the
  other page saw ``#board``'s ``data-version`` move past the version it showed before the click
  (the frame the new board is painted in);
- between them: the move's request (Resource Timing on the clicking page) and the push's arrival
  on the other page (a ``message`` listener on its WebSocket, before live.js's), so each result
  also says where the time went.

Both pages run in one browser on this machine, so both ``Date.now()`` read the same clock.
Roman Poker: the page whose turn it is rolls, stops or passes, the other watches (so the
direction alternates). Roman Road: one page flips its stock (or lays a card on a Foundation when
it cannot flip), the other watches. The floor of the same run: a ``fetch('/healthz/')`` round
trip from the same pages (no database, no session).

Set-ups, each in a process of its own:

- **production-like**: PostgreSQL (database ``roman_bench_screens``, or ``BENCH_DATABASE``), Redis
  as channel layer and cache (dbs ``BENCH_REDIS_DBS``, "11,10"), two ``daphne`` processes
  (``tests/integration/live_harness.web_process``); the two pages are on different
  processes, so every change crosses the Redis layer.
- **embedded default**: what ``make run`` has: SQLite, one ``daphne``, the in-memory layer.

    .venv/bin/python -m bench.bench_screens [--moves 40]

Writes the "## Screens in step" section of bench/RESULTS.md.
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import tempfile
import time
from contextlib import ExitStack
from datetime import UTC, datetime
from pathlib import Path

from bench.database import PG, ensure_database
from bench.results import machine, percentile, publish

ROOT = Path(__file__).resolve().parents[1]
DATABASE = os.environ.get("BENCH_DATABASE", "roman_bench_screens")
LAYER_DB, CACHE_DB = os.environ.get("BENCH_REDIS_DBS", "11,10").split(",")
REDIS = os.environ.get("BENCH_REDIS", "redis://127.0.0.1:6379")
PORTS = (int(os.environ.get("BENCH_PORT", "21910")), int(os.environ.get("BENCH_PORT", "21910")) + 1)
TITLE = "Screens in step"
CHROMIUM = os.environ.get("BENCH_CHROMIUM", "/usr/bin/chromium")
CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
]

# Installed in every page before its own scripts: the click stamp and the watch on the board.
WATCH = """
(() => {
  window.__clickAt = null;
  window.__drawn = [];
  window.__heard = [];
  document.addEventListener('click', () => { window.__clickAt = Date.now(); }, true);
  // When each push reached the page (its version read from the text, not parsed twice).
  const Native = window.WebSocket;
  const Watched = function (url, protocols) {
    const socket = protocols === undefined ? new Native(url) : new Native(url, protocols);
    socket.addEventListener('message', (event) => {
      const found = /"version":\\s*(\\d+)/.exec(event.data);
      if (found) window.__heard.push([Number(found[1]), Date.now(), event.data.length]);
    });
    return socket;
  };
  Watched.prototype = Native.prototype;
  for (const name of ['CONNECTING', 'OPEN', 'CLOSING', 'CLOSED']) Watched[name] = Native[name];
  window.WebSocket = Watched;
  let shown = null;
  const look = () => {
    const board = document.querySelector('#board');
    const version = board ? Number(board.dataset.version || 0) : null;
    if (version !== null && version !== shown) {
      shown = version;
      const swapped = Date.now();
      requestAnimationFrame(() => window.__drawn.push([version, Date.now(), swapped]));
    }
  };
  new MutationObserver(look).observe(document, {subtree: true, childList: true, attributes: true,
                                                attributeFilter: ['data-version']});
  document.addEventListener('DOMContentLoaded', look);
})();
"""


def load() -> float:
    with open("/proc/loadavg") as loadavg:
        return float(loadavg.read().split()[0])


# --- One part: a set-up, both games ------------------------------------------------------------------


def players(tag: str) -> list:
    from accounts.models import User

    return [
        User.objects.create_user(f"screens-{n}-{tag}@bench.local", None, display_name=name)
        for n, name in enumerate(("Julius", "Agrippina"))
    ]


def poker_table(tag: str):
    from games.play import services

    one, two = users = players(tag)
    game = services.create_game(one, "poker", {}, 2, "seated")
    services.join_game(game.pk, two)
    return services.start_game(game.pk, one), users


def road_table(tag: str):
    """A two-person Roman Road table past Begin, played to a far target so no hand ends the run."""
    from games.models import Game
    from games.notifications.deadlines import run_clock
    from games.play import services

    one, two = users = players(tag)
    game = services.create_game(one, "romanroad", {"target": 500}, 2, "seated")
    services.join_game(game.pk, two)
    game = services.start_game(game.pk, one)
    for user in users:
        services.submit_move(game.pk, user, {"type": "ready"}, None)
    deadline = time.monotonic() + 20
    while time.monotonic() < deadline:  # the table's clock says Begin (a worker's task on the site)
        run_clock(game.pk)
        game = Game.objects.get(pk=game.pk)
        if game.state["phase"] == "hand":
            return game, users
        time.sleep(0.2)
    raise RuntimeError(f"Roman Road did not begin: phase {game.state['phase']}")


def open_page(browser, base: str, user):
    from tests.integration.live_harness import SignedIn

    signed = SignedIn(base, user)
    context = browser.new_context(base_url=base, viewport={"width": 1280, "height": 800}, bypass_csp=True)
    context.add_cookies(
        [
            {"name": name, "value": value, "url": base}
            for name, value in (pair.split("=", 1) for pair in signed.cookie.split("; "))
        ]
    )
    context.add_init_script(WATCH)
    context.set_default_timeout(15_000)
    return context.new_page()


def version(page) -> int:
    return int(page.evaluate("Number(document.querySelector('#board').dataset.version || 0)"))


def poker_click(page) -> bool:
    board = page.locator("#board")
    if board.get_by_text("Your turn").count() == 0:
        return False
    dice = board.locator("ul.dice li").count()
    roll = board.get_by_role("button", name="Roll")
    stops = board.locator("form.stop:not(.card-stop)")
    passing = board.get_by_role("button", name="Pass")
    if roll.count() and (dice < 3 or stops.count() == 0):
        roll.first.click()
    elif stops.count():
        stops.first.locator("button").first.click()
    elif passing.count():
        passing.first.click()
    else:
        return False
    return True


def road_click(page) -> bool:
    flip = page.locator('.rr [data-key="flip"]:not([disabled])')
    if flip.count():
        flip.first.click()
        return True
    fits = page.locator(".rr-you [data-card][data-foundation]:not([data-foundation=''])")
    if fits.count():
        fits.first.dblclick()
        return True
    return False


def drawn_after(page, before: int) -> list:
    """[version, drawn, swapped] (``Date.now()``) of the first board newer than ``before`` that
    ``page`` drew, waiting for it."""
    handle = page.wait_for_function(
        "v => (window.__drawn || []).find(([seen]) => seen > v)", arg=before, timeout=15_000
    )
    return handle.json_value()


# The mover's request (Resource Timing, on the page's clock) and the push's arrival on the other page.
STEPS = """
v => {
  const moves = performance.getEntriesByType('resource').filter(e => /\\/move\\/$/.test(e.name));
  const post = moves[moves.length - 1];
  const heard = (window.__heard || []).find(([seen]) => seen > v);
  return {
    post: post ? [performance.timeOrigin + post.startTime, performance.timeOrigin + post.responseEnd] : null,
    heard: heard ? [heard[1], heard[2]] : null,
  };
}
"""


def one_move(pages: list, click) -> dict | None:
    """One click on whichever page can move, then wait for the other to draw it: ms from the click
    to the other page's drawing (``other``) and to the clicking page's own new board (``own``), with
    the steps between, or None if neither page could move."""
    for mover, watcher in (pages, pages[::-1]):
        before = version(watcher)
        for page in pages:
            page.evaluate(
                "window.__drawn = []; window.__heard = []; window.__clickAt = null; "
                "performance.clearResourceTimings()"
            )
        if not click(mover):
            continue
        _, drawn, swapped = drawn_after(watcher, before)
        here = drawn_after(mover, before)[1]
        clicked_at = mover.evaluate("window.__clickAt")
        sent = mover.evaluate(STEPS, before)["post"]
        heard = watcher.evaluate(STEPS, before)["heard"]
        return {
            "other": drawn - clicked_at,
            "own": here - clicked_at,
            # click → the move's request leaves; its answer back; the push reaches the other page;
            # that page swaps its board in; the frame it is painted in.
            "steps": {
                "click → request": sent[0] - clicked_at if sent else None,
                "request → answer": sent[1] - sent[0] if sent else None,
                "click → push heard": heard[0] - clicked_at if heard else None,
                "push heard → swapped": swapped - heard[0] if heard else None,
                "swapped → painted": drawn - swapped,
                "push size": heard[1] if heard else None,
            },
        }
    return None


def floor(page, times: int = 40) -> list[float]:
    return page.evaluate(
        """async n => { const out = [];
             for (let i = 0; i < n; i++) {
               const t = performance.now();
               await (await fetch('/healthz/', {cache: 'no-store'})).text();
               out.push(performance.now() - t);
             }
             return out; }""",
        times,
    )


def play(browser, bases: list[str], table, click, moves: int) -> dict:
    game, users = table
    pages = [open_page(browser, base, user) for base, user in zip(bases, users, strict=True)]
    for page in pages:
        page.goto(f"/g/{game.code}/")
        page.wait_for_selector("html[data-live=on]")
    latencies: list[float] = []
    own: list[float] = []
    steps: list[dict] = []
    idle = 0
    while len(latencies) < moves and idle < 50:
        latency = one_move(pages, click)
        if latency is None:
            idle += 1
            pages[0].wait_for_timeout(200)
            continue
        latencies.append(latency["other"])
        own.append(latency["own"])
        steps.append(latency["steps"])
    for page in pages:
        page.context.close()
    if len(latencies) < moves:
        raise RuntimeError(f"only {len(latencies)} of {moves} moves could be made")
    return {"other": latencies, "own": own, "steps": steps}


def part(moves: int, bases: list[str]) -> dict:
    from playwright.sync_api import sync_playwright

    tag = str(time.time_ns())
    result = {}
    # This process's few queries (tables, sessions) run beside Playwright's event loop; the web
    # processes, already started, keep Django's guard.
    os.environ["DJANGO_ALLOW_ASYNC_UNSAFE"] = "true"
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        try:
            result["poker"] = play(browser, bases, poker_table(tag + "p"), poker_click, moves)
            result["romanroad"] = play(browser, bases, road_table(tag + "r"), road_click, moves)
            page = browser.new_page(base_url=bases[-1])
            page.goto("/healthz/")
            result["floor"] = floor(page)
            page.close()
        finally:
            browser.close()
    result["load"] = load()
    return result


def part_production(moves: int) -> dict:
    import django

    ensure_database(os.environ["DATABASE_URL"])
    django.setup()
    from django.core.management import call_command

    from tests.integration.live_harness import web_process

    call_command("migrate", verbosity=0)
    call_command("collectstatic", interactive=False, verbosity=0)  # DEBUG off: the hashed files
    with ExitStack() as stack:
        webs = [
            stack.enter_context(
                web_process(
                    database=os.environ["DATABASE_URL"],
                    channel_layer=os.environ["CHANNEL_LAYER_URL"],
                    port=port,
                )
            )
            for port in PORTS
        ]
        return part(moves, [web.url for web in webs])


def part_embedded(moves: int) -> dict:
    import django

    django.setup()
    from django.core.management import call_command

    from tests.integration.live_harness import web_process

    call_command("migrate", verbosity=0)
    with web_process(database=os.environ["DATABASE_URL"], channel_layer=None, port=PORTS[0]) as web:
        return part(moves, [web.url, web.url])


# --- The whole run ---------------------------------------------------------------------------------


def run_part(name: str, env: dict, moves: int) -> dict:
    command = [sys.executable, "-m", "bench.bench_screens", "--part", name, "--moves", str(moves)]
    done = subprocess.run(command, cwd=ROOT, env={**os.environ, **env}, capture_output=True, text=True)
    if done.returncode:
        raise SystemExit(f"the {name} part failed:\n{done.stderr[-4000:]}")
    return json.loads(done.stdout.strip().splitlines()[-1])


def row(label: str, game: str, result: dict, limit: int) -> str:
    values, own = result["other"], result["own"]
    p95 = percentile(values, 0.95)
    return (
        f"| {label} | {game} | {len(values)} | {percentile(values, 0.5):.0f} | {p95:.0f} | "
        f"{max(values):.0f} | ≤ {limit}: {'yes' if p95 <= limit else 'NO'} | "
        f"{percentile(own, 0.5):.0f} / {percentile(own, 0.95):.0f} |"
    )


STEP_NAMES = (
    "click → request",
    "request → answer",
    "click → push heard",
    "push heard → swapped",
    "swapped → painted",
)


def steps_row(label: str, game: str, result: dict) -> str:
    cells = []
    for name in STEP_NAMES:
        values = [step[name] for step in result["steps"] if step[name] is not None]
        cells.append(f"{percentile(values, 0.5):.0f} / {percentile(values, 0.95):.0f}" if values else "–")
    sizes = [step["push size"] for step in result["steps"] if step["push size"]]
    size = f"{percentile(sizes, 0.5) / 1000:.1f}" if sizes else "–"
    return f"| {label} | {game} | {' | '.join(cells)} | {size} |"


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--moves", type=int, default=40)
    parser.add_argument("--part", choices=["production", "embedded"])
    args = parser.parse_args()
    if args.part == "production":
        print(json.dumps(part_production(args.moves)))
        return
    if args.part == "embedded":
        print(json.dumps(part_embedded(args.moves)))
        return
    common = {
        "DJANGO_SETTINGS_MODULE": "config.settings",
        "LOG_LEVEL": "WARNING",
        "CELERY_BROKER_URL": "memory://",
    }
    production = run_part(
        "production",
        {
            **common,
            "DATABASE_URL": f"{PG}/{DATABASE}",
            # Production settings (a SECRET_KEY set: DEBUG off), plain HTTP on the loopback.
            "SECRET_KEY": "bench-only-" + "x" * 50,
            "SECURE_SSL_REDIRECT": "false",
            "CHANNEL_LAYER_URL": f"{REDIS}/{LAYER_DB}",
            "CACHE_URL": f"{REDIS}/{CACHE_DB}",
        },
        args.moves,
    )
    with tempfile.TemporaryDirectory() as tmp:
        embedded = run_part(
            "embedded",
            {
                **common,
                "DATABASE_URL": f"sqlite:///{Path(tmp) / 'db.sqlite3'}",
                "VAR_DIR": tmp,
                "CHANNEL_LAYER_URL": "",
                "CACHE_URL": "",
            },
            args.moves,
        )
    when = datetime.now(UTC).strftime("%Y-%m-%d %H:%M UTC")
    production_label = "production-like (PostgreSQL, Redis, 2 daphne, pages on different processes)"
    embedded_label = "embedded default (SQLite, in-memory layer, 1 daphne)"
    lines = [
        f"`python -m bench.bench_screens --moves {args.moves}`, {when}, {machine()}; load average "
        f"{production['load']:.1f} after the production-like part, {embedded['load']:.1f} after the "
        "embedded one (other work shares the machine).",
        "",
        "Click on one Chromium page (`Date.now()` in a capturing click listener) → the change drawn on "
        "the other person's page (`Date.now()` in the first animation frame after a MutationObserver "
        "saw `#board`'s version move on). Roman Poker: rolls, stops and passes by whoever's turn it is; "
        "Roman Road: stock flips (a card laid on a Foundation when a page cannot flip), back to back. "
        "One browser, two contexts, one machine clock. Celery is not running (the broker is in-memory): "
        "no mail, no computer players. Production-like runs the production settings (DEBUG off, hashed "
        "static files) over plain HTTP; embedded the `make run` defaults.",
        "",
        "| Set-up | game | moves | p50 ms | p95 ms | max ms | p95 within | own page p50 / p95 ms |",
        "|---|---|---|---|---|---|---|---|",
        row(production_label, "Roman Poker", production["poker"], 150),
        row(production_label, "Roman Road", production["romanroad"], 150),
        row(embedded_label, "Roman Poker", embedded["poker"], 400),
        row(embedded_label, "Roman Road", embedded["romanroad"], 400),
        "",
        '"Own page": the same click to the first newer board on the clicking page (the move\'s answer '
        "drawn by htmx), for comparison with the other page's.",
        "",
        "Where the time goes, p50 / p95 ms of each step: the click to the move's request leaving the "
        "clicking page and its answer back (Resource Timing), the click to the push reaching the other "
        "page's socket (a `message` listener), that page's drawing of the pushed board (JSON, live.js, "
        "htmx's swap, the game's script) and the frame it is painted in.",
        "",
        "| Set-up | game | click → request | request → answer | click → push heard | heard → swapped "
        "| swapped → painted | push kB |",
        "|---|---|---|---|---|---|---|---|",
        steps_row("production-like", "Roman Poker", production["poker"]),
        steps_row("production-like", "Roman Road", production["romanroad"]),
        steps_row("embedded default", "Roman Poker", embedded["poker"]),
        steps_row("embedded default", "Roman Road", embedded["romanroad"]),
        "",
        "Floor of the same run, `fetch('/healthz/')` from a page of the same browser (no session, no "
        f"database): production-like p50 {percentile(production['floor'], 0.5):.1f} ms, p95 "
        f"{percentile(production['floor'], 0.95):.1f} ms; embedded p50 "
        f"{percentile(embedded['floor'], 0.5):.1f} ms, p95 {percentile(embedded['floor'], 0.95):.1f} ms.",
    ]
    publish(TITLE, lines)


if __name__ == "__main__":
    main()
