"""The table's part of a Catacombs board (``catacombs/board_table.html``) is drawn once, from the
table's view, for every viewer. Over random games: drawn from a seat's own view instead, it
differs in nothing but that seat's own library (which its view shows with this turn's write), so
every seat reads the same table as its whole board drawn for it alone would show."""

from __future__ import annotations

import random
import re
from types import SimpleNamespace

import pytest
from django.urls import reverse
from hypothesis import given, settings
from hypothesis import strategies as st

from games.catacombs.engine import CATACOMBS
from games.catacombs.tests.conformance import choose
from games.catacombs.web import CatacombsKind
from games.play import services
from games.templatetags import board_parts
from games.templatetags.board_parts import _draw
from games.web.presenter import table_seats
from tests.hypothesis_profiles import examples

TABLE = CatacombsKind.pages.table


def random_game(players: int, seed: int, steps: int) -> dict:
    rng = random.Random(seed)
    state = CATACOMBS.setup(players, {}, rng)
    for _ in range(steps):
        if CATACOMBS.is_over(state):
            break
        seat, move = choose(CATACOMBS, state, players, rng)
        state = CATACOMBS.apply(state, seat, move, rng)
    return state


def table_part(state: dict, viewer: int | None) -> str:
    """The table's part drawn from ``viewer``'s view (None: the table's, as the site draws it)."""
    view = CATACOMBS.view(state, viewer)
    seats = [
        SimpleNamespace(position=n, name=f"Player {n}", left=False, removed=False, is_bot=False)
        for n in range(state["players"])
    ]
    game = SimpleNamespace(options={}, state=state)
    names = [s.name for s in seats]
    context = {"seats": table_seats(seats), "view": view, "names": names, "log": ["A line."]}
    return _draw(TABLE, context | CatacombsKind().table_context(view, game))


def without_library(html: str, seat: int) -> str:
    own = re.compile(rf'<details class="cc-other" data-seat="{seat}">.*?</details>', re.S)
    found, count = own.subn("", html)
    assert count == 1, "each seat's library is in the table's part once"
    return found


@settings(max_examples=examples(40))
@given(players=st.integers(2, 6), seed=st.integers(0, 10**6), steps=st.integers(0, 150))
def test_the_table_part_is_what_every_seat_sees_of_the_table(players: int, seed: int, steps: int) -> None:
    state = random_game(players, seed, steps)
    table = table_part(state, None)
    for seat in range(players):
        assert without_library(table_part(state, seat), seat) == without_library(table, seat)


def test_a_seats_view_differs_in_its_own_library_while_its_write_is_unseen() -> None:
    """The comparison above can fail: a seat's own view shows its write of this turn, the table's
    does not."""
    state = random_game(3, seed=7, steps=1)  # the first flip
    seat, write = 0, CATACOMBS.legal_moves(state, 0)[0]
    assert write["type"] == "write"
    state = CATACOMBS.apply(state, seat, write, random.Random(0))
    assert table_part(state, seat) != table_part(state, None)
    assert without_library(table_part(state, seat), seat) == without_library(table_part(state, None), seat)


def table_parts_drawn() -> int:
    return sum(1 for template, _ in board_parts._drawn if template == TABLE)


def table_of(response) -> str:
    html = response.content.decode()
    start = html.index('<section class="card" aria-labelledby="cc-table-title">')
    return html[start : html.index('<ol class="log">', start)]


@pytest.mark.django_db
def test_every_viewer_gets_one_drawing_of_the_table_part_per_version(client, make_user):
    marcus, anna, ben = (make_user(name) for name in ("Marcus", "Anna", "Ben"))
    game = services.create_game(marcus, "catacombs", {"flip_mode": "auto"}, 3, "seated", False)
    for person in (anna, ben):
        services.join_game(game.pk, person)
    services.start_game(game.pk, marcus)
    game.refresh_from_db()
    board_parts.forget()

    def boards() -> list[str]:
        seen = []
        for viewer in (marcus, anna, ben, None):
            client.logout() if viewer is None else client.force_login(viewer)
            response = client.get(reverse("poll", args=[game.code]), {"version": 0}, HTTP_HX_REQUEST="true")
            assert response.status_code == 200
            seen.append(table_of(response))
        return seen

    first = boards()
    assert table_parts_drawn() == 1 and len(set(first)) == 1  # four viewers, one drawing, one HTML
    assert "Anna's library" in first[0] and "Ben's library" in first[0]

    seat = str(game.seats.get(user=anna).position)
    services.submit_move(game.pk, anna, {"type": "write", "pile": 0, "slot": 0}, game.tokens[seat])
    game.refresh_from_db()
    second = boards()
    assert table_parts_drawn() == 2 and len(set(second)) == 1  # the new version drawn once more
    assert second[0] != first[0]  # Anna has chosen: the table shows it (not what she wrote)
