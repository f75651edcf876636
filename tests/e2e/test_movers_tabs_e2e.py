"""A player's own move, seen from the two tabs he has open and from the other player's phone: the tab
that moved swaps in its answer, his other tab (its socket hears the version alone) fetches its
board, the other phone is pushed hers; all three show the die, and nothing is left to redraw."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from tests.e2e.test_presence_turn_e2e import live, phone, site, table  # noqa: F401 — fixtures
from tests.paths import ARTIFACTS

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]


def test_a_move_reaches_the_movers_other_tab_and_the_other_players_phone(phone, make_user):  # noqa: F811
    game, (julius, agrippina) = table(make_user, names=("Julius", "Agrippina"))
    url = f"/g/{game.code}/"
    mover = game.seats.get(position=game.engine.to_act(game.state)[0]).user
    other = agrippina if mover == julius else julius
    first = phone(mover)
    second = first.context.new_page()
    hers = phone(other)
    for page in (first, second, hers):
        page.goto(url)
        live(page)
    version = int(first.locator("#board").get_attribute("data-version"))

    first.locator("#board").get_by_role("button", name="Roll a die").click()
    for page in (first, second, hers):
        expect(page.locator("#board")).to_have_attribute("data-version", str(version + 1))
        expect(page.locator("#board .dice .die")).to_have_count(1)
    expect(second.locator("#board").get_by_role("button", name="Roll a die")).to_be_visible()
    expect(hers.locator("#board").get_by_role("button", name="Roll a die")).to_have_count(0)
    ARTIFACTS.mkdir(exist_ok=True)
    second.screenshot(path=ARTIFACTS / "movers-other-tab.png", full_page=True, caret="initial")
