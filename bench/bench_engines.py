"""The template engine for the parts of a board drawn most: a Roman Catacombs library (the table's
part draws one per player every turn; a phone whose player is choosing draws its own, with a
write form in each lit slot). Drawn by Jinja2 from the site's ``catacombs/sheet.jinja`` against
the same library in Django's templates (``bench/engines/sheet.html``, the peer; tests/bench checks
that both draw the same page). CPU ms a drawing, over libraries of random games of six.

    .venv/bin/python -m bench.bench_engines
"""

from __future__ import annotations

import os
import random
import statistics
import time
from pathlib import Path

import django

from bench.results import machine, publish

PEER = Path(__file__).with_name("engines") / "sheet.html"
ROUNDS = int(os.environ.get("BENCH_ROUNDS", "200"))


def mid_game(rng: random.Random) -> dict:
    """A game of six some turns in, every seat playing a random legal move."""
    from games.catacombs.engine import CATACOMBS

    state = CATACOMBS.setup(6, {}, rng)
    for _ in range(rng.randrange(20, 140)):
        if CATACOMBS.is_over(state):
            break
        acting = CATACOMBS.to_act(state)
        if acting:
            seat = rng.choice(acting)
            move = rng.choice(CATACOMBS.legal_moves(state, seat))
        else:  # the table flips
            seat, move = None, CATACOMBS.default_move(state, None)
        state = CATACOMBS.apply(state, seat, move, rng)
    return state


def cases(seed: int = 2026) -> dict[str, list[dict]]:
    """The values of each kind of library over random games of six, mid-game, seat 0 choosing."""
    from games.catacombs.engine import CATACOMBS
    from games.catacombs.presenter import catacombs_context, libraries

    rng, compact, choosing = random.Random(seed), [], []
    while len(choosing) < 10:
        state = mid_game(rng)
        if state["phase"] != "write" or state["choices"][0] is not None:
            continue
        compact += [
            {"rows": library["rows"], "compact": True, "label": "Player"}
            for library in libraries(CATACOMBS.view(state, None))
        ]
        own = catacombs_context(CATACOMBS.view(state, 0))["cc_sheet"]
        choosing.append(
            {"rows": own, "compact": False, "label": "Your library", "choosing": True}
            | {"move_url": "/g/ABCDEF/move/", "turn": "t0", "csrf_token": ""}  # a board swapped in
        )
    return {"a library in the table's part": compact, "a choosing phone's own library": choosing}


def drawers() -> dict:
    from django.template import Context, Engine, engines

    jinja = engines["jinja2"].get_template("catacombs/sheet.jinja").template
    django_template = Engine(debug=False).from_string(PEER.read_text())
    return {
        "Django": lambda values: django_template.render(Context(values, autoescape=True, use_l10n=False)),
        "Jinja2": jinja.render,
    }


def per_drawing(draw, values: list[dict]) -> float:
    """Median CPU ms of one drawing, over ROUNDS rounds of every library."""
    times = []
    for _ in range(ROUNDS):
        start = time.process_time()
        for each in values:
            draw(each)
        times.append((time.process_time() - start) / len(values))
    return statistics.median(times) * 1000


def main() -> None:
    # Production's templates: DEBUG off (a SECRET_KEY set), so Django keeps its compiled templates.
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")
    os.environ.setdefault("SECRET_KEY", "bench-only-" + "x" * 50)
    django.setup()
    found = cases()
    engines_ = drawers()
    rows = []
    for name, values in found.items():
        ms = {engine: per_drawing(draw, values) for engine, draw in engines_.items()}
        ratio = ms["Django"] / ms["Jinja2"]
        rows.append(f"| {name} | {ms['Django']:.3f} | {ms['Jinja2']:.3f} | {ratio:.1f}× |")
    when = time.strftime("%Y-%m-%d %H:%M UTC", time.gmtime())
    publish(
        "Template engines: a Catacombs library",
        [
            f"`python -m bench.bench_engines` (BENCH_ROUNDS={ROUNDS}), {when}, {machine()}; "
            f"load average {os.getloadavg()[0]:.1f} at the end.",
            "",
            "CPU ms to draw one library (median of the rounds), the same page from both engines:",
            "",
            "| library | Django's templates (the peer) | Jinja2 (the site) | Jinja2 quicker by |",
            "|---|---|---|---|",
            *rows,
        ],
    )


if __name__ == "__main__":
    main()
