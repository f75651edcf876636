"""Building Roman Roads on a 390x844 phone and a 1280x800 laptop: choosing a card of the hand brings
the whole board into view (above the pick bar) with the spaces it may go to; no word of a card or a
space is split over two lines; a card is played by keyboard alone; the table passes the
accessibility scan."""

from __future__ import annotations

import pytest

from games.models import Game
from tests.e2e.accessibility import LAPTOP, PHONE, assert_accessible
from tests.e2e.layout import (
    no_sideways_scroll,
    table_with_computers,
    text_inside,
    wait_for_redraw,
    words_whole,
)
from tests.e2e.test_accessibility_e2e import sign_up
from tests.e2e.test_roads_e2e import rigged

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]

PICK_BAR = 80  # the bar at the bottom while a card is picked


def my_turn(page) -> Game:
    """A rigged table (tests.e2e.test_roads_e2e.rigged) with the viewer to draw."""
    julius = sign_up(page, "Julius")
    game = table_with_computers(julius, "roads")
    state = rigged()  # seat 1 to draw
    if game.seats.get(user=julius).position == 0:
        state["hands"] = list(reversed(state["hands"]))
        state["turn"] = 0
    game.state = state
    game.save()
    page.goto(f"/g/{game.code}/")
    before = page.locator("#board").get_attribute("data-version")
    page.get_by_role("button", name="Draw a card").click()
    wait_for_redraw(page, before)
    return game


def within_screen(page, locator) -> None:
    box = locator.bounding_box()
    height = page.viewport_size["height"]
    assert box["y"] >= -1 and box["y"] + box["height"] <= height - PICK_BAR + 1, f"{box} not in view"


@pytest.mark.parametrize("size", [PHONE, LAPTOP], ids=["phone", "laptop"])
def test_choosing_a_card_keeps_the_board_in_view(new_page, size):
    page = new_page(**size)
    my_turn(page)
    no_sideways_scroll(page)
    words_whole(page.locator("#board .brr-words"))
    text_inside(page.locator("#board .brr-words"))
    assert_accessible(page)
    card = page.locator(".brr-playable").first
    card.scroll_into_view_if_needed()  # the hand, below the board on a phone
    card.click()
    page.wait_for_timeout(900)  # the smooth scroll ends
    within_screen(page, page.locator(".brr-cross"))
    targets = page.locator(".brr-space.is-target")
    assert targets.count() >= 1
    for target in targets.all():
        within_screen(page, target)
    words_whole(targets.locator(".brr-spot"))
    assert_accessible(page)


def test_a_card_is_played_by_keyboard_alone(new_page):
    page = new_page(**PHONE)
    my_turn(page)
    version = page.locator("#board").get_attribute("data-version")
    for _ in range(80):
        page.keyboard.press("Tab")
        if page.evaluate("document.activeElement.classList.contains('brr-playable')"):
            break
    else:
        raise AssertionError("Tab never reached a card of the hand")
    page.keyboard.press("Enter")  # pick it: the first space it may go to takes the focus
    assert page.evaluate("document.activeElement.classList.contains('brr-spot')")
    page.keyboard.press("Enter")
    wait_for_redraw(page, version)
    assert page.locator(".brr-hand .brr-card, .brr-hand [data-card]").count() >= 0
    assert "played" in page.locator("#board").inner_text().lower()
