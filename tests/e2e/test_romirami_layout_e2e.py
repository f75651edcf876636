"""Romi Rami on a 390x844 phone and a 1280x800 laptop: the Number market and the Take button are on
screen without sideways scrolling, and no contract's name is split inside a word; cards are taken
by keyboard alone; the table passes the scan."""

from __future__ import annotations

import pytest

from games.models import Game
from tests.e2e.accessibility import LAPTOP, PHONE, assert_accessible
from tests.e2e.layout import inside, no_sideways_scroll, table_with_computers, wait_for_redraw, words_whole
from tests.e2e.test_accessibility_e2e import sign_up

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]


def my_turn(page) -> Game:
    julius = sign_up(page, "Julius")
    game = table_with_computers(julius, "romirami")
    game.state["turn"] = game.seats.get(user=julius).position
    game.save()
    page.goto(f"/g/{game.code}/")
    return game


@pytest.mark.parametrize("size", [PHONE, LAPTOP], ids=["phone", "laptop"])
def test_the_market_and_take_fit_the_screen(new_page, size):
    page = new_page(**size)
    my_turn(page)
    no_sideways_scroll(page)
    words_whole(page.locator("#board .rami-contract-name"))
    market = page.locator("form.rami-take")
    for card in market.locator(".rami-pick").all():
        box = card.bounding_box()
        assert box["x"] >= 0 and box["x"] + box["width"] <= size["width"], box
    market.locator("[data-take-button]").scroll_into_view_if_needed()
    inside(page, market.locator("[data-take-button]"))
    assert_accessible(page)


def test_cards_are_taken_by_keyboard_alone(new_page):
    page = new_page(**PHONE)
    my_turn(page)
    page.wait_for_function("() => document.querySelector('[data-take-button]')?.disabled === true")
    version = page.locator("#board").get_attribute("data-version")
    for _ in range(80):
        page.keyboard.press("Tab")
        if page.evaluate("document.activeElement.name") == "cards":
            break
    else:
        raise AssertionError("Tab never reached the market")
    page.keyboard.press("Space")  # one card is always a group you may take
    for _ in range(20):
        page.keyboard.press("Tab")
        if page.evaluate("document.activeElement.hasAttribute('data-take-button')"):
            break
    else:
        raise AssertionError("Tab never reached the Take button")
    assert page.evaluate("document.activeElement.disabled") is False
    page.keyboard.press("Enter")
    wait_for_redraw(page, version)
    assert "Julius" in page.locator("#board").inner_text()
