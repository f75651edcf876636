"""Screens in step: a click on one real Chromium page, the change drawn on every other person's page.

People at one table, each in a Chromium page of their own (separate browser contexts, each signed in
with a session of its own). For every move one page's button is clicked (Playwright's click, a real
pointer event) and every other page's board is watched:

- **click**: ``Date.now()`` in a capturing ``click`` listener on the clicking page;
- **drawn**: ``Date.now()`` in the first animation frame after a ``MutationObserver`` on a watched
  page saw ``#board``'s ``data-version`` move past the version it showed before the click (the
  frame the new board is painted in);
- between them: the move's request (Resource Timing on the clicking page), the push's arrival on
  each watched page (a ``message`` listener on its WebSocket, before live.js's) and, on a shared
  screen, its fetch of its own partial, so each result also says where the time went.

All pages run in one browser on this machine, so every ``Date.now()`` reads the same clock.
The tables:

- **Roman Poker, 2**: the page whose turn it is rolls, stops or passes, the other watches (so the
  direction alternates).
- **Roman Road, 2 and 4**: one page flips its stock (or lays a card on a Foundation when it cannot
  flip), the others watch; the table of 4 on phones (390x844).
- **Roman Catacombs, 6 phones and a TV**: a group table hosted by a seventh person who flips and
  does not play (flip mode "host"); the host clicks "Flip the next cards" on her phone, and the six
  players' phones and the TV (``/g/<code>/tv/``, 1920x1080, signed in as nobody) are watched. The
  TV's socket hears only the version, and the TV fetches its own partial. Between flips each
  player writes (every third turn, staggered by seat, so no library fills before the run ends) or
  passes by clicking on their own page, as people do: through the web processes, so their pushes
  reach every page in both set-ups (a move made in this process would reach no page of the
  embedded default's in-memory layer). The host flips only once every page shows the resolved
  turn and a moment has passed, so no write or its drawing is in flight during a measured flip.

The floor of the same run: a ``fetch('/healthz/')`` round trip from a page of the same browser (no
database, no session).

Set-ups, each in a process of its own:

- **production-like**: PostgreSQL (database ``roman_bench_screens``, or ``BENCH_DATABASE``), Redis
  as channel layer and cache (dbs ``BENCH_REDIS_DBS``, "11,10"), two ``daphne`` processes
  (``tests/integration/live_harness.web_process``); a table's pages are spread over both processes
  in turn, so every move crosses the Redis layer.
- **embedded default**: what ``make run`` has: SQLite, one ``daphne``, the in-memory layer.

    .venv/bin/python -m bench.bench_screens [--moves 40]

``--moves``: the moves of each table (the Catacombs table's flips). Writes the "## Screens in step"
section of bench/RESULTS.md, and leaves a screenshot of the TV and of a phone at the Catacombs
table's middle flip in test-artifacts/.
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from contextlib import ExitStack
from datetime import UTC, datetime
from pathlib import Path
from typing import TYPE_CHECKING

from bench.database import PG, ensure_database
from bench.results import machine, percentile, publish

if TYPE_CHECKING:
    from playwright.sync_api import Browser, Page

ROOT = Path(__file__).resolve().parents[1]
SHOTS = ROOT / "test-artifacts"  # ignored by git, as the suite's screenshots are
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
DESK = {"width": 1280, "height": 800}  # the two-person tables, as in the earlier runs
PHONE = {"width": 390, "height": 844}
TV = {"width": 1920, "height": 1080}
NAMES = ("Julius", "Agrippina", "Gaius", "Livia", "Octavia", "Claudius", "Tiberius")
QUIET_MS = 200  # between the last write's drawing and the flip: every page idle again

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


# --- The tables ------------------------------------------------------------------------------------


def people(tag: str, count: int) -> list:
    from accounts.models import User

    return [
        User.objects.create_user(f"screens-{n}-{tag}@bench.local", None, display_name=NAMES[n])
        for n in range(count)
    ]


def poker_table(tag: str) -> tuple:
    from games.play import services

    one, two = users = people(tag, 2)
    game = services.create_game(one, "poker", {}, 2, "seated")
    services.join_game(game.pk, two)
    return services.start_game(game.pk, one), users


def road_table(tag: str, count: int) -> tuple:
    """A Roman Road table of ``count`` past Begin, played to a far target so no hand ends the run."""
    from games.models import Game
    from games.notifications.deadlines import run_clock
    from games.play import services

    first, *others = users = people(tag, count)
    game = services.create_game(first, "romanroad", {"target": 500}, count, "seated")
    for user in others:
        services.join_game(game.pk, user)
    game = services.start_game(game.pk, first)
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


def catacombs_table(tag: str) -> tuple:
    """A Catacombs group table of six whose host, a seventh who does not play, flips (flip mode
    "host"); the first cards are up. Returns the game, the host and the six players."""
    from games.models import Game
    from games.play import services

    host, *seated = people(tag, 7)
    game = services.create_game(host, "catacombs", {"flip_mode": "host"}, 6, "seated", host_plays=False)
    for user in seated:
        services.join_game(game.pk, user)
    game = services.start_game(game.pk, host)
    services.submit_move(game.pk, host, {"type": "flip"}, game.tokens["host"], as_host=True)
    return Game.objects.get(pk=game.pk), host, seated


# --- Pages -----------------------------------------------------------------------------------------


def open_page(browser: Browser, base: str, user, viewport: dict) -> Page:
    """A page in a browser context of its own, signed in as ``user`` (None: nobody, as a TV)."""
    from tests.integration.live_harness import SignedIn

    context = browser.new_context(base_url=base, viewport=viewport, bypass_csp=True)
    if user is not None:
        signed = SignedIn(base, user)
        context.add_cookies(
            [
                {"name": name, "value": value, "url": base}
                for name, value in (pair.split("=", 1) for pair in signed.cookie.split("; "))
            ]
        )
    context.add_init_script(WATCH)
    context.set_default_timeout(15_000)
    page = context.new_page()
    page.on("dialog", lambda dialog: dialog.accept())  # a write that leaves a slot dead asks first
    return page


def open_table(browser: Browser, bases: list[str], people_at: list[tuple]) -> list[Page]:
    """A live page for each (user, path, viewport), spread over the web processes in turn."""
    pages = [
        open_page(browser, bases[n % len(bases)], user, viewport)
        for n, (user, _, viewport) in enumerate(people_at)
    ]
    for page, (_, path, _) in zip(pages, people_at, strict=True):
        page.goto(path)
        page.wait_for_selector("html[data-live=on]")
    return pages


def close(pages: list[Page]) -> None:
    for page in pages:
        page.context.close()


def version(page: Page) -> int:
    return int(page.evaluate("Number(document.querySelector('#board').dataset.version || 0)"))


def forget(pages: list[Page]) -> None:
    """Clear each page's stamps, so what it records next is the coming move's."""
    for page in pages:
        page.evaluate(
            "window.__drawn = []; window.__heard = []; window.__clickAt = null; "
            "performance.clearResourceTimings()"
        )


def poker_click(page: Page) -> bool:
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


def road_click(page: Page) -> bool:
    flip = page.locator('.rr [data-key="flip"]:not([disabled])')
    if flip.count():
        flip.first.click()
        return True
    fits = page.locator(".rr-you [data-card][data-foundation]:not([data-foundation=''])")
    if fits.count():
        fits.first.dblclick()
        return True
    return False


def drawn_after(page: Page, before: int) -> list:
    """[version, drawn, swapped] (``Date.now()``) of the first board newer than ``before`` that
    ``page`` drew, waiting for it."""
    handle = page.wait_for_function(
        "v => (window.__drawn || []).find(([seen]) => seen > v)", arg=before, timeout=15_000
    )
    return handle.json_value()


# The mover's request (Resource Timing, on the page's clock), the push's arrival on a watched page
# and a shared screen's fetch of its own partial (a presence redraw asks for version -1: not that).
STEPS = """
v => {
  const entries = performance.getEntriesByType('resource');
  const moves = entries.filter(e => /\\/move\\/$/.test(e.name));
  const post = moves[moves.length - 1];
  const partial = entries.find(e => /\\/tv\\/poll\\/\\?version=\\d/.test(e.name));
  const heard = (window.__heard || []).find(([seen]) => seen > v);
  const span = e => [performance.timeOrigin + e.startTime, performance.timeOrigin + e.responseEnd];
  return {
    post: post ? span(post) : null,
    partial: partial ? [...span(partial), partial.decodedBodySize] : null,
    heard: heard ? [heard[1], heard[2]] : null,
  };
}
"""


def steps_of(page: Page, before: int, clicked_at: float, sent: list | None, drawn: list) -> dict:
    """Where the time went between the click and ``page``'s drawing of the move."""
    _, painted, swapped = drawn
    seen = page.evaluate(STEPS, before)
    heard, partial = seen["heard"], seen["partial"]
    return {
        # click → the move's request leaves; its answer back; the push reaches the watched page; a
        # shared screen asks for its partial and has it; that page swaps its board in; the frame
        # it is painted in.
        "click → request": sent[0] - clicked_at if sent else None,
        "request → answer": sent[1] - sent[0] if sent else None,
        "click → push heard": heard[0] - clicked_at if heard else None,
        "push heard → swapped": swapped - heard[0] if heard else None,
        "heard → partial asked": partial[0] - heard[0] if heard and partial else None,
        "partial asked → answer": partial[1] - partial[0] if partial else None,
        "swapped → painted": painted - swapped,
        "push size": heard[1] if heard else None,
        "partial size": partial[2] if partial else None,
    }


def watched(mover: Page, screens: list[Page], before: int) -> dict:
    """After a click on ``mover``: ms from the click to each screen's drawing (``other``), to the
    slowest of them and to the mover's own new board, with the steps of each screen."""
    drawn = [drawn_after(page, before) for page in screens]
    here = drawn_after(mover, before)[1]
    clicked_at = mover.evaluate("window.__clickAt")
    sent = mover.evaluate(STEPS, before)["post"]
    other = [painted - clicked_at for _, painted, _ in drawn]
    return {
        "other": other,
        "slowest": max(other),
        "own": here - clicked_at,
        "steps": [
            steps_of(page, before, clicked_at, sent, seen) for page, seen in zip(screens, drawn, strict=True)
        ],
    }


def one_move(pages: list[Page], click: Callable[[Page], bool]) -> dict | None:
    """One click on the first page that can move, every other page watched (``watched``), or None
    if no page could move."""
    for n, mover in enumerate(pages):
        before = max(version(page) for page in pages)
        forget(pages)
        if click(mover):
            return watched(mover, pages[:n] + pages[n + 1 :], before)
    return None


def tally(moves: list[dict]) -> dict:
    """The moves' results as flat lists: every screen's time, each move's slowest and own."""
    return {
        "other": [value for move in moves for value in move["other"]],
        "slowest": [move["slowest"] for move in moves],
        "own": [move["own"] for move in moves],
        "steps": [step for move in moves for step in move["steps"]],
    }


def play(
    browser: Browser,
    bases: list[str],
    table: tuple,
    click: Callable[[Page], bool],
    moves: int,
    viewport: dict,
) -> dict:
    game, users = table
    pages = open_table(browser, bases, [(user, f"/g/{game.code}/", viewport) for user in users])
    made: list[dict] = []
    idle = 0
    while len(made) < moves and idle < 50:
        move = one_move(pages, click)
        if move is None:
            idle += 1
            pages[0].wait_for_timeout(200)
            continue
        made.append(move)
    close(pages)
    if len(made) < moves:
        raise RuntimeError(f"only {len(made)} of {moves} moves could be made")
    return tally(made)


# --- The Catacombs table: the host flips, six phones and the TV are watched --------------------------


def tap(page: Page, turn: int, seat: int) -> None:
    """Write the first card that fits into its first lit slot, every third turn (staggered by seat,
    so no library fills before the run ends), or pass."""
    board = page.locator("#board")
    playable = board.locator(".cc-pick .pick:not([disabled])")
    if (turn + seat) % 3 == 0 and playable.count():
        pile = playable.first.get_attribute("value")
        page.locator(f"label[for=cc-pick-{pile}]").click()
        board.locator(f".cc-put-{pile} button.cc-write:visible").first.click(timeout=3_000)
    else:
        board.locator(".cc-pass button").click()


def choose(page: Page, turn: int, seat: int) -> int:
    """A player's write or pass, tapped again until their board takes it (a tap made as another
    player's push is drawn in can be lost); how many taps were made again."""
    from playwright.sync_api import TimeoutError as Late

    for again in range(5):
        try:
            tap(page, turn, seat)
            page.locator("#board .cc-pass").wait_for(state="detached", timeout=3_000)
            return again
        except Late:
            continue
    raise RuntimeError(f"turn {turn}: seat {seat} could not write or pass")


# When a page first drew a board of version v or later (Date.now()), from its stamps since the flip.
SHOWN_AT = "v => ((window.__drawn || []).find(([seen]) => seen >= v) || [0, null])[1]"


def everyone_chooses(host: Page, phones: list[Page], screens: list[Page], turn: int) -> dict:
    """Each player writes or passes on their own phone. Once every screen shows the resolved turn
    and all are idle: its version, how long after the host's page each screen drew it, and how many
    taps were made again."""
    again = sum(choose(page, turn, seat) for seat, page in enumerate(phones))
    host.get_by_role("button", name="Flip the next cards").wait_for()
    settled = version(host)
    for page in screens:  # a screen left behind catches up by its poll, every 15 s while live
        page.wait_for_function(
            "v => Number(document.querySelector('#board').dataset.version) >= v", arg=settled, timeout=30_000
        )
    for page in (host, *screens):
        page.evaluate("() => new Promise(done => requestIdleCallback(done, {timeout: 1000}))")
    host.wait_for_timeout(QUIET_MS)
    shown = [page.evaluate(SHOWN_AT, settled) for page in (host, *screens)]
    return {"version": settled, "behind": [at - shown[0] for at in shown[1:]], "again": again}


def shoot(pages: dict[str, Page], setup: str) -> None:
    SHOTS.mkdir(exist_ok=True)
    for name, page in pages.items():
        page.screenshot(path=str(SHOTS / f"bench_screens_catacombs_{setup}_{name}.png"), full_page=True)


def catacombs_play(browser: Browser, bases: list[str], table: tuple, flips: int, setup: str) -> dict:
    """``flips`` flips by the host, each watched on the six phones and the TV; the phones' times and
    the TV's apart as well as together."""
    game, host, seated = table
    path = f"/g/{game.code}/"
    people_at = [(host, path, PHONE), *((user, path, PHONE) for user in seated), (None, f"{path}tv/", TV)]
    pages = open_table(browser, bases, people_at)
    hosts, phones, tv = pages[0], pages[1:-1], pages[-1]
    made: list[dict] = []
    between: list[dict] = []
    for turn in range(1, flips + 1):
        between.append(everyone_chooses(hosts, phones, pages[1:], turn))
        forget(pages)
        hosts.get_by_role("button", name="Flip the next cards").click()
        made.append(watched(hosts, pages[1:], between[-1]["version"]))
        if turn == flips // 2:
            shoot({"tv": tv, "phone": phones[0]}, setup)
    close(pages)
    result = tally(made)
    screens = len(pages) - 1
    # Each screen's own times, in the pages' order: phone 1 to 6, then the TV.
    by_screen = [result["other"][n::screens] for n in range(screens)]
    steps = [result["steps"][n::screens] for n in range(screens)]
    result["by_screen"] = by_screen
    result["phones"] = [value for values in by_screen[:-1] for value in values]
    result["tv"] = by_screen[-1]
    result["steps"] = [step for each in steps[:-1] for step in each]
    result["tv_steps"] = steps[-1]
    # Between the flips: the resolved turn's last screen and the TV, behind the host's page.
    result["last_behind"] = [max(chosen["behind"]) for chosen in between]
    result["tv_behind"] = [chosen["behind"][-1] for chosen in between]
    result["again"] = sum(chosen["again"] for chosen in between)
    return result


# --- One part: a set-up, every table -----------------------------------------------------------------


def floor(page: Page, times: int = 40) -> list[float]:
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


def part(moves: int, bases: list[str], setup: str) -> dict:
    from playwright.sync_api import sync_playwright

    tag = str(time.time_ns())
    result = {}
    # This process's few queries (tables, sessions) run beside Playwright's event loop; the web
    # processes, already started, keep Django's guard.
    os.environ["DJANGO_ALLOW_ASYNC_UNSAFE"] = "true"
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        try:
            result["poker"] = play(browser, bases, poker_table(tag + "p"), poker_click, moves, DESK)
            result["romanroad"] = play(browser, bases, road_table(tag + "r", 2), road_click, moves, DESK)
            result["romanroad4"] = play(browser, bases, road_table(tag + "q", 4), road_click, moves, PHONE)
            result["catacombs"] = catacombs_play(browser, bases, catacombs_table(tag + "c"), moves, setup)
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
        return part(moves, [web.url for web in webs], "production")


def part_embedded(moves: int) -> dict:
    import django

    django.setup()
    from django.core.management import call_command

    from tests.integration.live_harness import web_process

    call_command("migrate", verbosity=0)
    with web_process(database=os.environ["DATABASE_URL"], channel_layer=None, port=PORTS[0]) as web:
        return part(moves, [web.url], "embedded")


# --- The whole run ---------------------------------------------------------------------------------


def run_part(name: str, env: dict, moves: int) -> dict:
    command = [sys.executable, "-m", "bench.bench_screens", "--part", name, "--moves", str(moves)]
    done = subprocess.run(command, cwd=ROOT, env={**os.environ, **env}, capture_output=True, text=True)
    if done.returncode:
        raise SystemExit(f"the {name} part failed:\n{done.stderr[-4000:]}")
    return json.loads(done.stdout.strip().splitlines()[-1])


# Each table: its results' key, its name, and what its steps are of (the Catacombs TV's are apart).
TABLES = (
    ("poker", "Roman Poker, 2", "Roman Poker, 2"),
    ("romanroad", "Roman Road, 2", "Roman Road, 2"),
    ("romanroad4", "Roman Road, 4 phones", "Roman Road, 4 phones"),
    ("catacombs", "Roman Catacombs: host flips, 6 phones + TV", "Roman Catacombs flip, the 6 phones"),
)


def pair(values: list[float]) -> str:
    return f"{percentile(values, 0.5):.0f} / {percentile(values, 0.95):.0f}"


def row(label: str, game: str, result: dict, limit: int) -> str:
    values, slowest = result["other"], result["slowest"]
    p95 = percentile(values, 0.95)
    return (
        f"| {label} | {game} | {len(slowest)} | {len(values) // len(slowest)} | "
        f"{percentile(values, 0.5):.0f} | {p95:.0f} | {max(values):.0f} | "
        f"≤ {limit}: {'yes' if p95 <= limit else 'NO'} | {pair(slowest)} | {pair(result['own'])} |"
    )


def screens_row(label: str, screens: str, values: list[float], limit: int) -> str:
    p95 = percentile(values, 0.95)
    return (
        f"| {label} | {screens} | {len(values)} | {percentile(values, 0.5):.0f} | {p95:.0f} | "
        f"{max(values):.0f} | ≤ {limit}: {'yes' if p95 <= limit else 'NO'} |"
    )


def per_screen(result: dict) -> str:
    names = [f"phone {n}" for n in range(1, len(result["by_screen"]))] + ["TV"]
    return ", ".join(
        f"{name} {pair(values)}" for name, values in zip(names, result["by_screen"], strict=True)
    )


def between_flips(result: dict) -> str:
    late = [ms for ms in result["tv_behind"] if ms > 1000]
    behind = result["last_behind"]
    return (
        f"the resolved turn reached its last screen {pair(behind)} ms (p50 / p95; max {max(behind):.0f}) "
        f"after the host's page, the TV more than a second behind in {len(late)} of {len(behind)} "
        f"turns, a write or pass tapped again {result['again']} times in "
        f"{len(behind) * (len(result['by_screen']) - 1)}"
    )


STEP_NAMES = (
    "click → request",
    "request → answer",
    "click → push heard",
    "push heard → swapped",
    "swapped → painted",
)
TV_STEP_NAMES = (
    "click → push heard",
    "heard → partial asked",
    "partial asked → answer",
    "push heard → swapped",
    "swapped → painted",
)


def steps_row(label: str, game: str, steps: list[dict], names: tuple, size: str) -> str:
    cells = []
    for name in names:
        values = [step[name] for step in steps if step[name] is not None]
        cells.append(pair(values) if values else "–")
    sizes = [step[size] for step in steps if step[size]]
    kilobytes = f"{percentile(sizes, 0.5) / 1000:.1f}" if sizes else "–"
    return f"| {label} | {game} | {' | '.join(cells)} | {kilobytes} |"


# Each set-up: its results' key, its short and long labels, and the goal for its p95 in ms.
SETUPS = (
    (
        "production",
        "production-like",
        "production-like (PostgreSQL, Redis, 2 daphne, pages spread over both)",
        150,
    ),
    ("embedded", "embedded default", "embedded default (SQLite, in-memory layer, 1 daphne)", 400),
)


def report(moves: int, results: dict) -> list[str]:
    """The section's lines from both parts' results (``results["production"]``, ``["embedded"]``)."""
    production, embedded = results["production"], results["embedded"]
    when = datetime.now(UTC).strftime("%Y-%m-%d %H:%M UTC")
    return [
        f"`python -m bench.bench_screens --moves {moves}`, {when}, {machine()}; load average "
        f"{production['load']:.1f} after the production-like part, {embedded['load']:.1f} after the "
        "embedded one (other work shares the machine).",
        "",
        "Click on one Chromium page (`Date.now()` in a capturing click listener) → the change drawn on "
        "each other person's page (`Date.now()` in the first animation frame after a MutationObserver "
        "saw `#board`'s version move on). Roman Poker: rolls, stops and passes by whoever's turn it is; "
        "Roman Road: stock flips by the first page (a card laid on a Foundation when it cannot flip), "
        "back to back, the others watching; Roman Catacombs: a group table of six whose host (a "
        'seventh, without a seat, flip mode "host") clicks *Flip the next cards* on her phone, watched '
        "on the six phones and the TV (`/g/<code>/tv/`, which hears the version and fetches its own "
        "partial). Between two flips each player writes (every third turn, staggered by seat) or "
        "passes by a click on their own page; the host flips once every page shows the resolved turn "
        f"and {QUIET_MS} ms have passed, so nothing else is in flight during a measured flip. Phones "
        "390x844 (the 2-person tables 1280x800, as before), the TV 1920x1080. One browser, a context "
        "per person, one machine clock; production-like spreads a table's pages over both processes "
        "in turn (the Catacombs host and three phones on one, three phones and the TV on the other). "
        "Celery is not running (the broker is in-memory): no mail, no computer players. "
        "Production-like runs the production settings (DEBUG off, hashed static files) over plain "
        "HTTP; embedded the `make run` defaults.",
        "",
        "| Set-up | table | moves | screens watched | p50 ms | p95 ms | max ms | p95 within "
        "| slowest screen of a move p50 / p95 ms | own page p50 / p95 ms |",
        "|---|---|---|---|---|---|---|---|---|---|",
        *(
            row(long, name, results[key][game], limit)
            for key, _, long, limit in SETUPS
            for game, name, _ in TABLES
        ),
        "",
        "p50, p95 and max are over every watched screen of every move; the slowest screen of a move is "
        'when the whole table has it (a Catacombs table waits for its last phone). "Own page": the '
        "same click to the first newer board on the clicking page (the move's answer drawn by htmx).",
        "",
        "The Catacombs flip, its phones and its TV apart:",
        "",
        "| Set-up | screens | N | p50 ms | p95 ms | max ms | p95 within |",
        "|---|---|---|---|---|---|---|",
        *(
            screens_row(label, screens, results[key]["catacombs"][which], limit)
            for key, label, _, limit in SETUPS
            for screens, which in (("6 phones", "phones"), ("TV", "tv"))
        ),
        "",
        "Each screen's p50 / p95 ms (production-like: the host's page and phones 2, 4 and 6 on one "
        "process, phones 1, 3, 5 and the TV on the other): "
        + "; ".join(f"{label}: {per_screen(results[key]['catacombs'])}" for key, label, _, _ in SETUPS)
        + ".",
        "",
        "Between the flips (the players' writes, none of it in the numbers above): "
        + "; ".join(f"{label}: {between_flips(results[key]['catacombs'])}" for key, label, _, _ in SETUPS)
        + ". A screen more than a second behind waited for the table's next push or its own poll "
        "(every 15 s while its socket is up).",
        "",
        "Where the time goes, p50 / p95 ms of each step: the click to the move's request leaving the "
        "clicking page and its answer back (Resource Timing), the click to the push reaching a watched "
        "page's socket (a `message` listener), that page's drawing of the pushed board (JSON, live.js, "
        "htmx's swap, the game's script) and the frame it is painted in.",
        "",
        "| Set-up | table | click → request | request → answer | click → push heard | heard → swapped "
        "| swapped → painted | push kB |",
        "|---|---|---|---|---|---|---|---|",
        *(
            steps_row(label, name, results[key][game]["steps"], STEP_NAMES, "push size")
            for key, label, _, _ in SETUPS
            for game, _, name in TABLES
        ),
        "",
        "The TV's steps: its socket hears the version alone, then it asks for its own partial "
        "(`/g/<code>/tv/poll/`, Resource Timing on the TV's page) and swaps it in (heard → swapped "
        "holds the request).",
        "",
        "| Set-up | screen | click → push heard | heard → partial asked | partial asked → answer "
        "| heard → swapped | swapped → painted | partial kB |",
        "|---|---|---|---|---|---|---|---|",
        *(
            steps_row(
                label, "Catacombs TV", results[key]["catacombs"]["tv_steps"], TV_STEP_NAMES, "partial size"
            )
            for key, label, _, _ in SETUPS
        ),
        "",
        "Floor of the same run, `fetch('/healthz/')` from a page of the same browser (no session, no "
        f"database): production-like p50 {percentile(production['floor'], 0.5):.1f} ms, p95 "
        f"{percentile(production['floor'], 0.95):.1f} ms; embedded p50 "
        f"{percentile(embedded['floor'], 0.5):.1f} ms, p95 {percentile(embedded['floor'], 0.95):.1f} ms.",
    ]


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
    results = {
        "production": run_part(
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
    }
    with tempfile.TemporaryDirectory() as tmp:
        results["embedded"] = run_part(
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
    publish(TITLE, report(args.moves, results))


if __name__ == "__main__":
    main()
