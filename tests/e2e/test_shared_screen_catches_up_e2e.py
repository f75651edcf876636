"""A shared screen fetches its own board on each push. A push that comes while that fetch is out waits
for its answer, and then fetches again, even though the board just swapped in is not yet ready to
hear its own trigger (htmx binds a swapped-in board some 20 ms later), and even when a presence push
(someone came or went) asked for the board meanwhile: the screen shows the newest version within
moments, not at its next safety-net poll 15 s later."""

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


def open_screen(phone, user, game: Game):  # noqa: F811
    """The screen, live, once the redraw its own arrival asked for is in (the screen is opened by a
    seated player, whose coming is a presence push): nothing of the table's start is still on its way."""
    tv = phone(user, viewport=TV)
    tv.pushes = []  # what the screen's socket was told, in order
    tv.on("websocket", lambda socket: socket.on("framereceived", lambda push: tv.pushes.append(push)))
    with tv.expect_response(lambda answer: "/tv/poll/?version=-1" in answer.url):
        tv.goto(f"/g/{game.code}/tv/")
    live(tv)
    return tv


def presence_pushes(tv) -> int:
    return sum('"presence"' in str(push) for push in tv.pushes)


def hold_the_boards_own_fetch(tv, version: int, meanwhile) -> list:
    """The screen's own fetch of its board after ``version``: answered with the board as it was asked,
    but only after ``meanwhile()`` ran and HELD_MS passed (pushes are heard in that time)."""
    asked, held = [], []

    def hold(route) -> None:
        answer = route.fetch()
        if not asked:
            asked.append(route.request.url)
            meanwhile()
            held.append(answer)
            tv.wait_for_timeout(HELD_MS)  # Playwright's own wait: the pushes are heard meanwhile
        route.fulfill(response=answer)

    tv.route(lambda url: f"/tv/poll/?version={version}" in url, hold)
    return held


def wait_until_held(tv, held: list) -> None:
    """Until the screen fetched its board and what happens meanwhile has happened."""
    for _ in range(200):
        if held:
            return
        tv.wait_for_timeout(50)
    raise AssertionError("The screen did not fetch its board after the push.")


def test_a_push_heard_during_the_screens_own_fetch_is_fetched_after_it(phone, make_user):  # noqa: F811
    game, (ann, tom) = table(make_user)
    tv = open_screen(phone, ann, game)
    first = int(tv.locator("#board").get_attribute("data-version"))
    # htmx binds a swapped-in board after its settle delay (20 ms): made longer here, so that the
    # push is drawn inside that window every time rather than now and then.
    tv.evaluate("() => { htmx.config.defaultSettleDelay = 400; }")
    held = hold_the_boards_own_fetch(tv, first, lambda: pass_for(game, tom))
    pass_for(game, ann)
    wait_until_held(tv, held)  # the screen heard the move and fetched its board: the answer is held
    game.refresh_from_db()
    assert game.version == first + 2
    expect(tv.locator("#board")).to_have_attribute("data-version", str(first + 2), timeout=3_000)


def test_a_presence_redraw_during_the_screens_own_fetch_does_not_stop_it_following(phone, make_user):  # noqa: F811
    """Tom opens his phone while the screen's fetch is out: his coming is pushed and the screen asks
    for its board to show him here. The fetch's answer still lands, and the screen goes on following."""
    game, (ann, tom) = table(make_user)
    tv = open_screen(phone, ann, game)
    first = int(tv.locator("#board").get_attribute("data-version"))
    toms = phone(tom)

    def tom_comes_and_plays() -> None:
        before = presence_pushes(tv)
        toms.goto(f"/g/{game.code}/")
        live(toms)
        while presence_pushes(tv) == before:  # the screen hears that Tom came
            tv.wait_for_timeout(20)
        tv.wait_for_timeout(200)  # a redraw it asks for now has time to land before Tom moves
        pass_for(game, tom)

    held = hold_the_boards_own_fetch(tv, first, tom_comes_and_plays)
    pass_for(game, ann)
    wait_until_held(tv, held)
    expect(tv.locator("#board")).to_have_attribute("data-version", str(first + 2), timeout=3_000)
    game.refresh_from_db()  # the host flips: the next push is followed too, nothing waits on the held fetch
    services.submit_move(game.pk, ann, {"type": "flip"}, game.tokens["host"], as_host=True)
    expect(tv.locator("#board")).to_have_attribute("data-version", str(first + 3), timeout=3_000)
