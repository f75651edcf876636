"""A board's table's parts (``{% table_part %}``) are drawn once per version from the table's view
(seat None), and the same HTML serves every seat and watcher. Over random games of every game, a
table template drawn from a seat's own view instead (as the seat's whole board drew that section
for it alone before the board had a table's part) is the same HTML as the shared drawing, but for
what the game's profile declares the seat's own there (``Profile.own_in_table``: Catacombs' own
library with this turn's write, Romi Rami's own Suit Bonus count), which that seat's board shows
elsewhere. (Building Roman Roads' seat to play draws its own cross while it may move parts of the
roads: games/roads/tests/test_web.py.) So the shared part and a seat's
own part together show that seat what a drawing for it alone would; what differs per viewer only
in emphasis is marked on the page (site.css's ``data-you`` and ``data-not-you``)."""

from __future__ import annotations

import random
import re

import pytest
from django.conf import settings as django_settings
from django.template.loader import get_template
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from games.contract import kinds
from games.contract.kinds import GameKind
from games.templatetags.board_parts import _draw
from games.web.presenter import table_part_context
from tests.conformance.play import Game
from tests.conformance.profile import nothing_own
from tests.conformance.subjects import SUBJECTS, TOYS, Subject
from tests.conformance.test_board_parts import fake_game, fake_seats
from tests.hypothesis_profiles import examples

EVERY = 5  # the table's parts of every fifth state are compared, and the last state's


def table_templates(kind: GameKind) -> list[str]:
    """The game's table templates: its ``pages.table`` and any its board places by name."""
    if not kind.pages.board:
        return []
    source = get_template(kind.pages.board).template.source
    named = re.findall(r'{% table_part "([^"]+)" %}', source)
    placed = "{% table_part %}" in source
    return ([kind.pages.table] if placed else []) + named


WITH_TABLE = [subject for subject in SUBJECTS if subject.kind not in TOYS and table_templates(subject.kind)]


def test_every_game_draws_a_table_part() -> None:
    every_game = {"catacombs", "poker", "roads", "romanroad", "romirami"}
    assert {subject.slug for subject in WITH_TABLE} == every_game


def drawings(kind: GameKind, state: dict, players: int, viewer: int | None) -> list[str]:
    """Each of the game's table templates drawn as the site draws it, but from ``viewer``'s view."""
    seats, game = fake_seats(players), fake_game(kind, state, players)
    context = table_part_context(game, seats)  # the table's, as the site draws it
    if viewer is not None:
        view = kind.engine.view(state, viewer)
        context |= {"view": view, **kind.table_context(view, game)}
    return [_draw(template, dict(context)) for template in table_templates(kind)]


@pytest.mark.parametrize("subject", WITH_TABLE, ids=str)
def test_a_seat_reads_in_the_shared_table_part_what_a_drawing_for_it_alone_would_show(
    subject: Subject,
) -> None:
    kind, own = subject.kind, subject.profile.own_in_table
    compared = differed = 0

    def compare(state: dict, players: int) -> None:
        nonlocal compared, differed
        shared = drawings(kind, state, players, None)
        for seat in range(players):
            for alone, table in zip(drawings(kind, state, players, seat), shared, strict=True):
                assert own(alone, seat) == own(table, seat), seat
                compared += 1
                differed += alone != table

    @settings(max_examples=examples(4), deadline=None, suppress_health_check=[HealthCheck.too_slow])
    @given(table=subject.profile.tables(subject.engine), seed=st.integers(0, 10**6).map(str))
    def play(table, seed: str) -> None:
        players, options = table
        game = Game(subject, players, options, seed)
        state = game.start()
        compare(state, players)
        for step in game.steps(limit=300):
            state = step.after
            if step.number % EVERY == 0:
                compare(state, players)
        compare(state, players)

    play()
    assert compared > 20, "too few drawings compared"
    if subject.profile.own_in_table is not nothing_own:  # it names something: it can differ
        assert differed, "a seat's own never showed in the table's part: the comparison could not fail"


def test_a_table_part_drawn_from_a_seats_view_shows_its_own_where_the_profile_says() -> None:
    """The comparison can fail: a Catacombs seat that has written this turn sees its write in a
    drawing from its own view, and nowhere but in its own library."""
    subject = next(found for found in WITH_TABLE if found.slug == "catacombs")
    engine, rng = subject.engine, random.Random(7)
    state = engine.apply(engine.setup(3, {}, rng), None, {"type": "flip"}, rng)
    state = engine.apply(state, 0, engine.legal_moves(state, 0)[0], rng)
    (alone,), (table,) = drawings(subject.kind, state, 3, 0), drawings(subject.kind, state, 3, None)
    assert alone != table
    own = subject.profile.own_in_table
    assert own(alone, 0) == own(table, 0)
    assert own(alone, 1) != own(table, 1)


def test_site_css_marks_you_at_every_seat_a_game_has() -> None:
    """ "you" and a seat's own are marked by site.css for each seat number it names."""
    css = (django_settings.BASE_DIR / "static" / "css" / "site.css").read_text()
    most = max(kind.engine.max_players for kind in kinds.all_kinds())
    for seat in range(most):
        assert f'#board[data-seat="{seat}"] [data-you="{seat}"]' in css, seat
        assert f'#board[data-seat="{seat}"] [data-not-you="{seat}"]' in css, seat
