"""Resigning a two-person Roman Poker game on phones (390x844), two people on the embedded
default's ASGI server: one leaves through the Leave box (the confirm step included), which with two
players is resigning; the other's open page is told by push that they won, the end screen ranks the
resigner second, and both end screens offer a rematch."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import expect

from games.models import Game
from tests.e2e.accessibility import assert_accessible
from tests.e2e.test_presence_turn_e2e import live, phone, site, table  # noqa: F401 — fixtures
from tests.paths import ARTIFACTS

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]


def test_a_resignation_ends_a_two_person_game_and_the_other_is_told_they_won(phone, make_user):  # noqa: F811
    ARTIFACTS.mkdir(exist_ok=True)
    game, (julius, agrippina) = table(make_user, names=("Julius", "Agrippina"))
    assert game.seats.count() == 2
    url = f"/g/{game.code}/"
    his, hers = phone(julius), phone(agrippina)
    for page in (his, hers):
        page.goto(url)
        live(page)
    his.evaluate("() => { window.__sameDocument = true; }")  # gone if the page is reloaded

    # Agrippina resigns: the box says what leaving means with two players, then the button that does it.
    hers.get_by_text("Leave game", exact=True).click()
    box = hers.locator("#leave-game")
    assert box.get_attribute("open") is not None
    assert "You resign and the game ends: Julius wins." in box.inner_text()
    hers.screenshot(path=ARTIFACTS / "resign-confirm.png", full_page=True, caret="initial")
    hers.get_by_role("button", name="Yes, leave the game").click()
    line = "Agrippina resigned: Julius wins."
    hers.get_by_text(line).first.wait_for()

    # Julius's open page hears it by push, without a reload.
    his.locator("#board").get_by_text(line).first.wait_for(timeout=10_000)
    assert his.evaluate("() => window.__sameDocument === true")
    game.refresh_from_db()
    assert game.status == Game.Status.FINISHED
    for page in (his, hers):
        # The game's own ranking: the winner line, and the pad places the resigner second. (Retried:
        # the boxes around the board redraw on the same push, each in its own request.)
        board = page.locator("#board")
        expect(board).to_contain_text("Julius wins with 30 points. Agrippina resigned.")
        total = board.locator("tr", has=page.locator("th", has_text="\u03a3")).locator("td")
        expect(total).to_have_text([re.compile(r"30\s*1st place"), re.compile(r"30\s*2nd place")])
        expect(page.locator("#leave-game")).to_have_count(0)
    # Julius hosts and is here: the rematch is his to start, and her end screen says so.
    expect(his.get_by_role("button", name="Play again with the same table")).to_have_count(1)
    expect(hers.locator("#rematch")).to_contain_text("Julius, the host, starts the rematch")
    his.screenshot(path=ARTIFACTS / "resign-winner.png", full_page=True, caret="initial")
    hers.screenshot(path=ARTIFACTS / "resign-resigner.png", full_page=True, caret="initial")
    # Her page is still open: his strip says she is here.
    his.locator("#here li[data-seat='1']", has_text="here now").wait_for(timeout=10_000)
    assert_accessible(his)
    assert_accessible(hers)
