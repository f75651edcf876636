"""The boards keep their parts (a road, a card, a finished turn, a score pad) once drawn, per process. A
board drawn that way is the same HTML as the board drawn with every part included afresh inside
the whole page (as ``{% include %}`` did), for every seat and a watcher, over random
games: so no part reads anything of the page it is not given, and no kept part is
answered for values it was not drawn from."""

from __future__ import annotations

from datetime import UTC, datetime
from types import SimpleNamespace

import pytest
from django.conf import settings
from django.template import Context, Engine
from django.template.backends.django import DjangoTemplates
from django.template.loader import get_template

from games.contract import kinds, platform
from tests.conformance.play import Game
from tests.conformance.subjects import subject

INCLUDED = "tests.conformance.include_parts"


def kept_parts(kind) -> bool:
    """The game's board draws parts it keeps (it loads ``board_parts``)."""
    return bool(kind.pages.board) and "board_parts" in get_template(kind.pages.board).template.source


GAMES = [kind.slug for kind in kinds.all_kinds() if kept_parts(kind)]


def reference_engine() -> Engine:
    """The site's templates, with the boards' ``part`` tag drawing as a plain include."""
    params = {key: value for key, value in settings.TEMPLATES[0].items() if key != "BACKEND"}
    libraries = {"board_parts": INCLUDED}
    params.update(NAME="reference", OPTIONS={**params["OPTIONS"], "libraries": libraries})
    return DjangoTemplates(params).engine


def states(slug: str, players: int, seed: int, every: int, limit: int = 400):
    """(number, state): every ``every``-th state of a random game (at most ``limit`` moves), and
    its last."""
    game = Game(subject(slug), players, {}, str(seed))
    state, number = game.start(), 0
    for step in game.steps(limit):
        if number % every == 0:
            yield number, state
        state, number = step.after, step.number + 1
    yield number, state


def fake_seats(players: int) -> list[SimpleNamespace]:
    """Names that need escaping, a computer player and a seat left: each shows on a board."""
    return [
        SimpleNamespace(position=n, name=f"<P{n}> & 'co'", is_bot=n == 1, left=n == 2, removed=False)
        for n in range(players)
    ]


def fake_game(kind, state: dict, players: int, version: int = 0, created_at: int = 0) -> SimpleNamespace:
    """What a board reads of a game in play, without a database row."""
    return SimpleNamespace(
        code="ABCDEF",
        created_at=created_at,
        version=version,
        kind=kind.slug,
        game_kind=kind,
        engine=kind.engine,
        players=players,
        log_tail=["<b>a move</b>"],
        options={},
        state=state,
        status="active",  # a finished table's end screen reads its runs from the database
        host_name="<Host>",
        paused_at=None,
    )


def boards(slug: str, players: int, seed: int, every: int):
    """A context for each viewer of every ``every``-th state of a random game, and of its last."""
    kind = kinds.get(slug)
    engine = kind.engine
    seats = fake_seats(players)
    for number, state in states(slug, players, seed, every):
        for viewer in [None, *range(players)]:
            view = engine.view(state, viewer)
            game = fake_game(kind, state, players, version=number, created_at=seed)
            yield {
                "game": game,
                "seats": seats,
                "names": [s.name for s in seats],
                "view": view,
                "turn": 7,
                "log": ["<b>a move</b>"],
                "csrf_token": "token",
                **kind.board_context(view, game),
            }


def test_the_boards_of_games_that_keep_parts_are_checked():
    assert GAMES, "no board loads board_parts: the check below would check nothing"


@pytest.mark.parametrize("slug", GAMES)
def test_a_board_with_its_parts_kept_is_the_board_drawn_afresh(slug, monkeypatch):
    # A timed table's clock is read from its moves in the database; these games have none there.
    monkeypatch.setattr(platform, "clock_due_at", lambda game: datetime(2026, 1, 1, tzinfo=UTC))
    kind = kinds.get(slug)
    board, sizes = kind.pages.board, (kind.engine.min_players, kind.engine.max_players)
    kept, afresh = get_template(board).template, reference_engine().get_template(board)
    drawn = 0
    for players in sizes:
        for context in boards(slug, players, seed=players, every=4):
            html = kept.render(Context(context, use_l10n=False))
            assert html == afresh.render(Context(context, use_l10n=False))
            drawn += 1
    assert drawn > 100 and 'class="' in html


def test_a_process_keeps_parts_up_to_its_size_in_characters_forgetting_the_oldest(monkeypatch):
    """A table of six changes its Catacombs libraries every turn, each some thousands of characters:
    what a process keeps is bounded by their size, not their number."""
    from games.templatetags import board_parts

    monkeypatch.setattr(board_parts, "_drawn", board_parts.OrderedDict())
    monkeypatch.setattr(board_parts, "_kept", 0)
    size = len(board_parts.part("decks/symbols.html", prefix="p0"))
    monkeypatch.setattr(board_parts, "KEPT_CHARACTERS", 3.5 * size)  # three drawings
    drawn = [board_parts.part("decks/symbols.html", prefix=f"p{n}") for n in range(30)]
    assert 0 < board_parts._kept <= 3.5 * size
    assert board_parts._kept == sum(len(html) for html in board_parts._drawn.values())
    kept = list(board_parts._drawn.values())
    assert kept == drawn[-3:] and len(kept) == 3  # the newest, in order
    assert board_parts.part("decks/symbols.html", prefix="p29") is kept[-1]  # taken, not drawn again


def test_an_edited_jinja_part_is_forgotten_under_the_development_server(monkeypatch):
    """Django's reloader watches its own template folders only: the Jinja2 parts' folders are
    watched too, and an edit there forgets the kept parts without restarting the server."""
    from pathlib import Path

    from games.templatetags import board_parts

    class Reloader:
        watched: list = []

        def watch_dir(self, folder, glob):
            self.watched.append((Path(folder), glob))

    reloader = Reloader()
    board_parts._watch_jinja(reloader)
    assert (Path(settings.BASE_DIR) / "games/catacombs/jinja2", "**/*.jinja") in reloader.watched

    monkeypatch.setattr(board_parts, "_drawn", board_parts.OrderedDict({("x.jinja", b"k"): "old"}))
    monkeypatch.setattr(board_parts, "_kept", 3)
    edited = Path("games/catacombs/jinja2/catacombs/sheet.jinja")
    assert board_parts._jinja_changed(reloader, file_path=edited)
    assert not board_parts._drawn and board_parts._kept == 0
    assert board_parts._jinja_changed(reloader, file_path=Path("games/views.py")) is None  # a restart
