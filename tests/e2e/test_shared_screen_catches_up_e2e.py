"""A shared screen fetches its own board on each push. A push that comes while that fetch is out waits
for its answer, and then fetches again, even though the board just swapped in is not yet ready to
hear its own trigger (htmx binds a swapped-in board some 20 ms later): the screen shows the newest
version within moments, not at its next safety-net poll 15 s later."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from games.catacombs.tests.test_table_e2e import TV, table
from games.models import Game
from games.play import services
from tests.e2e.test_presence_turn_e2e import live, phone, site  # noqa: F401 — fixtures

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]

HELD_MS = 800  # the first fetch's answer is held this long: the next move's push arrives meanwhile


def pass_for(game: Game, user) -> None:
    game.refresh_from_db()
    seat = game.seats.get(user=user).position
    services.submit_move(game.pk, user, {"type": "pass"}, game.tokens[str(seat)])


def test_a_push_heard_during_the_screens_own_fetch_is_fetched_after_it(phone, make_user):  # noqa: F811
    game, (ann, tom) = table(make_user)
    tv = phone(ann, viewport=TV)
    tv.goto(f"/g/{game.code}/tv/")
    live(tv)
    first = int(tv.locator("#board").get_attribute("data-version"))
    # htmx binds a swapped-in board after its settle delay (20 ms): made longer here, so that the
    # push is drawn inside that window every time rather than now and then.
    tv.evaluate("() => { htmx.config.defaultSettleDelay = 400; }")
    held = []

    def hold_the_first_answer(route) -> None:
        """The first fetch: the board as it is, answered only once the next move was made and pushed."""
        answer = route.fetch()
        if not held:
            held.append(answer)
            pass_for(game, tom)
            tv.wait_for_timeout(HELD_MS)  # Playwright's own wait: the push is heard meanwhile
        route.fulfill(response=answer)

    tv.route("**/tv/poll/**", hold_the_first_answer)
    pass_for(game, ann)
    while not held:  # the screen hears the move and fetches its board: the answer is held
        tv.wait_for_timeout(50)
    game.refresh_from_db()
    assert game.version == first + 2
    expect(tv.locator("#board")).to_have_attribute("data-version", str(first + 2), timeout=3_000)
