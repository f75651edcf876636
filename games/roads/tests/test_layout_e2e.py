"""Building Roman Roads on a 390x844 phone and a 1280x800 laptop: choosing a card of the hand brings
the whole board into view (above the pick bar) with the spaces it may go to; no word of a card or a
space is split over two lines; a card is played by keyboard alone; the table passes the
accessibility scan."""

from __future__ import annotations

import re

import pytest

from games.models import Game
from games.roads.tests.test_play_e2e import rigged, shot
from tests.e2e.accessibility import LAPTOP, PHONE, assert_accessible
from tests.e2e.layout import (
    no_sideways_scroll,
    table_with_computers,
    text_inside,
    wait_for_redraw,
    words_whole,
)
from tests.e2e.test_accessibility_e2e import sign_up

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]

PICK_BAR = 80  # the bar at the bottom while a card is picked


def my_turn(page) -> Game:
    """A rigged table (games.roads.tests.test_play_e2e.rigged) with the viewer to draw."""
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


def rgb(colour: str) -> tuple[float, ...]:
    """``rgb(179, 38, 30)`` or ``color(srgb 0.7 0.15 0.12)`` -> (179, 38, 30)."""
    numbers = [float(n) for n in re.findall(r"[\d.]+", colour.split("(", 1)[1])[:3]]
    return tuple(n * 255 for n in numbers) if colour.startswith("color(") else tuple(numbers)


def within_screen(page, locator) -> None:
    """On screen, and above the pick bar where it is fixed at the bottom of the screen."""
    box = locator.bounding_box()
    bottom = page.evaluate(
        "room => { const bar = document.querySelector('[data-brr-pickbar]');"
        " return getComputedStyle(bar).position === 'fixed'"
        " ? bar.getBoundingClientRect().top : innerHeight - room; }",
        PICK_BAR,
    )
    assert box["y"] >= -1 and box["y"] + box["height"] <= bottom + 1, f"{box} not in view"


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


def test_a_card_dragged_to_the_top_edge_scrolls_to_a_space_above_the_screen(browser, live_server):
    """On a touch phone the hand is under the cross: a card held near the top of the screen scrolls
    the page until the space it goes to shows, and lands there."""
    context = browser.new_context(base_url=live_server.url, viewport=PHONE, has_touch=True, is_mobile=True)
    context.set_default_timeout(15_000)
    try:
        page = context.new_page()
        game = my_turn(page)
        card = page.locator('.brr-hand [data-card="lk-58-4"]')
        space = page.locator('.brr-space[data-space="E"]')
        # Scrolled down to the hand: the space just above the screen.
        space.evaluate("e => window.scrollBy(0, e.getBoundingClientRect().bottom + 20)")
        start, above = card.bounding_box(), space.bounding_box()
        assert above["y"] + above["height"] < 0, "the space starts above the screen"
        assert 80 < start["y"] and start["y"] + start["height"] < PHONE["height"], "the card on screen"
        x0, y0 = start["x"] + start["width"] / 2, start["y"] + start["height"] / 2
        cdp = context.new_cdp_session(page)
        version = page.locator("#board").get_attribute("data-version")
        cdp.send("Input.dispatchTouchEvent", {"type": "touchStart", "touchPoints": [{"x": x0, "y": y0}]})
        page.wait_for_timeout(350)  # held: the drag begins
        for step in range(1, 11):
            y = y0 + (20 - y0) * step / 10
            cdp.send("Input.dispatchTouchEvent", {"type": "touchMove", "touchPoints": [{"x": x0, "y": y}]})
            page.wait_for_timeout(20)
        for _ in range(100):  # held at the top edge, still
            box = space.bounding_box()
            if box["y"] > 80:
                break
            page.wait_for_timeout(50)
        else:
            raise AssertionError(f"the page did not scroll up to the space: {box}")
        # Away from the edge (the page stops), then onto the space where it now is.
        cdp.send("Input.dispatchTouchEvent", {"type": "touchMove", "touchPoints": [{"x": x0, "y": 120}]})
        page.wait_for_timeout(100)
        box = space.bounding_box()
        x1, y1 = box["x"] + box["width"] / 2, box["y"] + box["height"] / 2
        for step in range(1, 6):
            y = 120 + (y1 - 120) * step / 5
            x = x0 + (x1 - x0) * step / 5
            cdp.send("Input.dispatchTouchEvent", {"type": "touchMove", "touchPoints": [{"x": x, "y": y}]})
            page.wait_for_timeout(20)
        cdp.send("Input.dispatchTouchEvent", {"type": "touchEnd", "touchPoints": []})
        wait_for_redraw(page, version)
        game.refresh_from_db()
        assert game.state["spaces"]["E"] == ["mk-58-3", "lk-58-4"]
    finally:
        context.close()


@pytest.mark.parametrize("size", [PHONE, LAPTOP], ids=["phone", "laptop"])
def test_the_pick_bar_plays_the_card_on_a_space_it_names(new_page, size):
    """A phone player who picked a card plays it from the bar at the bottom of the screen, by touch
    or keyboard; the card's words are quoted once even when the verse opens a quotation."""
    page = new_page(**size)
    game = my_turn(page)
    game.refresh_from_db()  # drawn
    state = game.state  # the west road starts over at Romans 10:13 #1, so "Whoever (#2) fits there
    state["pile"].remove("mk-1013-1")
    state["pile"].insert(0, state["spaces"]["W"].pop())
    state["spaces"]["W"] = ["mk-1013-1"]
    game.state = state
    game.save()
    page.reload()
    page.locator('.brr-hand [data-card="jn-1013-2"]').click()
    bar = page.locator("[data-brr-pickbar]")
    assert bar.locator(".brr-pickbar-text").inner_text() == "Play “Whoever” on:"
    assert bar.get_by_role("button").all_inner_texts() == ["West road", "Put it back"]
    assert_accessible(page)
    shot(page, f"pick_bar_{size['width']}", full_page=False)
    version = page.locator("#board").get_attribute("data-version")
    bar.get_by_role("button", name="West road").focus()
    page.keyboard.press("Enter")
    wait_for_redraw(page, version)
    game.refresh_from_db()
    assert game.state["spaces"]["W"] == ["mk-1013-1", "jn-1013-2"]
    version = page.locator("#board").get_attribute("data-version")
    page.locator('.brr-hand [data-card="lk-58-4"]').click()
    bar.get_by_role("button", name="East road").click()
    wait_for_redraw(page, version)
    game.refresh_from_db()
    assert game.state["spaces"]["E"] == ["mk-58-3", "lk-58-4"]


@pytest.mark.parametrize("size", [PHONE, LAPTOP], ids=["phone", "laptop"])
def test_a_card_that_fits_nowhere_keeps_its_suit_colour(new_page, size):
    """Dimmed, not grey: a card of the hand that fits nowhere now keeps its suit's colour (Romans
    3:23 is red) on its words and its border, and its icon; only faded."""
    page = new_page(**size)
    my_turn(page)
    card = page.locator('.brr-hand [data-card="mk-323-6"]')
    assert "brr-nofit" in card.get_attribute("class")
    look = card.evaluate(
        """e => { const s = getComputedStyle(e); return {filter: s.filter, border: s.borderTopStyle,
        edge: s.borderTopColor, words: getComputedStyle(e.querySelector('.brr-words')).color,
        icon: getComputedStyle(e.querySelector('.brr-sym')).opacity}; }"""
    )
    assert look["filter"] == "none" and look["border"] == "solid"
    assert look["words"] == "rgb(179, 38, 30)"
    red, green, blue = rgb(look["edge"])
    assert red > green + 40 and red > blue + 40, f"the border is not red: {look['edge']}"
    assert 0.3 < float(look["icon"]) < 1
    shot(page, f"nofit_{size['width']}", full_page=False)
    assert_accessible(page)


@pytest.mark.parametrize("size", [PHONE, LAPTOP], ids=["phone", "laptop"])
def test_the_end_shows_the_cards_each_player_kept(new_page, size):
    page = new_page(**size)
    game = my_turn(page)
    game.refresh_from_db()
    game.state = {**game.state, "phase": "over", "winners": [1 - game.state["turn"]], "end_reason": "ended"}
    game.status = Game.Status.FINISHED
    game.save()
    page.reload()
    kept = page.locator(".brr-end .brr-kept")
    assert kept.count() == 2  # the computer player's hand too
    assert kept.locator(".brr-rc").count() == sum(len(hand) for hand in game.state["hands"])
    assert "Whoever" in page.locator(".brr-end").inner_text()
    no_sideways_scroll(page)
    words_whole(kept.locator(".brr-words"))
    text_inside(kept.locator(".brr-words"))
    page.locator(".brr-end").scroll_into_view_if_needed()
    shot(page, f"end_{size['width']}", full_page=False)
    assert_accessible(page)


def test_a_card_dragged_by_mouse_to_the_top_edge_scrolls_to_a_space_above_the_window(new_page):
    """A narrow window puts the hand under the cross: a card dragged with the mouse and held near
    the top of the window scrolls the page up to the space it goes to."""
    page = new_page(width=800, height=600)
    game = my_turn(page)
    card = page.locator('.brr-hand [data-card="lk-58-4"]')
    space = page.locator('.brr-space[data-space="E"]')
    space.evaluate("e => window.scrollBy(0, e.getBoundingClientRect().bottom + 20)")
    start = card.bounding_box()
    assert space.bounding_box()["y"] + space.bounding_box()["height"] < 0, "the space starts above the window"
    x0, y0 = start["x"] + start["width"] / 2, start["y"] + start["height"] / 2
    version = page.locator("#board").get_attribute("data-version")
    page.mouse.move(x0, y0)
    page.mouse.down()
    page.mouse.move(x0, y0 - 20, steps=4)
    page.mouse.move(x0, 20, steps=10)
    for _ in range(100):  # held near the top edge
        box = space.bounding_box()
        if box["y"] > 80:
            break
        page.mouse.move(x0 + 1, 20)
        page.mouse.move(x0, 20)
        page.wait_for_timeout(50)
    else:
        raise AssertionError(f"the page did not scroll up to the space: {box}")
    page.mouse.move(x0, 120, steps=2)  # away from the edge: the page stops
    page.wait_for_timeout(100)
    box = space.bounding_box()
    page.mouse.move(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2, steps=5)
    page.mouse.up()
    wait_for_redraw(page, version)
    game.refresh_from_db()
    assert game.state["spaces"]["E"] == ["mk-58-3", "lk-58-4"]
