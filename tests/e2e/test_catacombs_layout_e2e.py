"""Roman Catacombs on a 390x844 phone and a 1280x800 laptop: the three cards and the whole library
are on one screen; picking a card lights the slots it may take; a book is written by keyboard
alone; the final table is ranked and each verse shows once; every state passes the scan."""

from __future__ import annotations

import pytest

from games.models import Game
from tests.e2e.accessibility import LAPTOP, PHONE, assert_accessible
from tests.e2e.layout import inside, no_sideways_scroll, table_with_computers, wait_for_redraw
from tests.e2e.test_accessibility_e2e import sign_up

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]


def table(user) -> Game:
    return table_with_computers(user, "catacombs", {"flip_mode": "auto", "deck_seed": "w2"})


@pytest.mark.parametrize("size", [PHONE, LAPTOP], ids=["phone", "laptop"])
def test_the_cards_and_the_whole_library_share_one_screen(new_page, size):
    page = new_page(**size)
    game = table(sign_up(page, "Julius"))
    page.goto(f"/g/{game.code}/")
    board = page.locator("#board")
    no_sideways_scroll(page)
    cards = board.locator(".cc-pickable")
    assert cards.count() == 3
    for card in cards.all():
        inside(page, card)
    rows = board.locator(".cc-play .cc-row")
    assert rows.count() == 7
    for row in rows.all():
        inside(page, row)
    inside(page, board.get_by_role("button", name="Pass (write nothing this turn)"))
    assert board.locator(".cc-write:visible").count() == 0  # nothing lit before a card is picked
    assert_accessible(page)
    card = board.locator(".cc-pickable.playable").first
    card.click()
    lit = board.locator(".cc-write:visible")
    assert lit.count() >= 1
    book = card.locator(".cc-book").inner_text().strip()
    for button in lit.all():
        inside(page, button)
        assert book in button.inner_text()
    assert_accessible(page)


def test_a_book_is_written_by_keyboard_alone(new_page):
    page = new_page(**PHONE)
    game = table(sign_up(page, "Julius"))
    page.goto(f"/g/{game.code}/")
    version = page.locator("#board").get_attribute("data-version")
    for _ in range(60):
        page.keyboard.press("Tab")
        if page.evaluate("document.activeElement.name") == "cc-pick":
            break
    else:
        raise AssertionError("Tab never reached the cards")
    page.keyboard.press("Space")
    picked = page.evaluate("document.activeElement.value")
    book = page.locator(f"label[for=cc-pick-{picked}] .cc-book").inner_text().strip()
    for _ in range(10):
        page.keyboard.press("Tab")
        if page.evaluate("document.activeElement.classList.contains('cc-write')"):
            break
    else:
        raise AssertionError("Tab never reached a lit slot")
    risky = page.evaluate("document.activeElement.classList.contains('risky')")
    if risky:
        page.once("dialog", lambda dialog: dialog.accept())
    page.keyboard.press("Enter")
    wait_for_redraw(page, version)
    assert f"You wrote {book}" in page.locator("#board").inner_text()


def test_the_end_ranks_the_table_and_shows_each_verse_once(new_page):
    page = new_page(**PHONE)
    game = table(sign_up(page, "Julius"))
    # Both completed the Law with Genesis in turn 3; the computer (seat 1) also History: it wins.
    game.state["completions"] = [
        {"seat": 0, "category": 0, "turn": 3, "card": 0, "points": 8},
        {"seat": 1, "category": 0, "turn": 3, "card": 0, "points": 8},
        {"seat": 1, "category": 1, "turn": 5, "card": 10, "points": 7},
    ]
    game.state["phase"] = "over"
    game.status = Game.Status.FINISHED
    game.save()
    page.goto(f"/g/{game.code}/")
    final = page.locator(".cc-final li")
    assert final.count() == 2
    assert "1st" in final.nth(0).inner_text() and "Computer" in final.nth(0).inner_text()
    assert "2nd" in final.nth(1).inner_text() and "Julius" in final.nth(1).inner_text()
    verses = page.locator(".cc-end .cc-verse")
    assert verses.count() == 2  # Genesis once, for both players, then Joshua
    assert "Julius and Computer 1: Law" in verses.nth(0).inner_text()
    assert page.get_by_text("In the beginning God created").count() == 1
    assert_accessible(page)
