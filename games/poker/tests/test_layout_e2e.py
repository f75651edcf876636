"""Roman Poker on a 390x844 phone and a 1280x800 laptop: after a misthrow with all six action cards
in hand, the dice, the hand and every play of the picked card fit one screen, no choice is offered
twice, a card is played by keyboard alone, and every state passes the accessibility scan."""

from __future__ import annotations

import pytest

from games.models import Game
from tests.e2e.accessibility import LAPTOP, PHONE, assert_accessible
from tests.e2e.layout import inside, no_sideways_scroll, table_with_computers, wait_for_redraw
from tests.e2e.test_accessibility_e2e import sign_up

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]

MISTHROW = {"column": [3, None, 12, None, None, 27, None], "faces": "XVIV"}  # two Vs


def rigged_game(user, faces: str = MISTHROW["faces"]) -> Game:
    game = table_with_computers(user, "poker")
    game.state["columns"][0] = list(MISTHROW["column"])
    game.state["dice"] = [{"face": face, "removed": False} for face in faces]
    game.save()
    return game


@pytest.mark.parametrize("size", [PHONE, LAPTOP], ids=["phone", "laptop"])
def test_a_misthrow_with_six_cards_fits_one_screen_with_no_repeated_choice(new_page, size):
    page = new_page(**size)
    game = rigged_game(sign_up(page, "Julius"))
    page.goto(f"/g/{game.code}/")
    board = page.locator("#board")
    assert board.locator(".action-card").count() == 6
    assert [d.strip() for d in board.locator("ol.dice li").all_inner_texts()] == ["X", "V", "V", "I"]
    no_sideways_scroll(page)
    for die in board.locator("ol.dice li").all():
        inside(page, die)
    for card in board.locator(".action-card").all():
        inside(page, card)
    assert_accessible(page)
    playable = board.locator(".action-card.playable")
    assert playable.count() >= 3
    for index in range(playable.count()):
        playable.nth(index).click()
        plays = board.locator(".card-plays:visible")
        assert plays.count() == 1
        labels = [b.get_attribute("aria-label") or b.inner_text() for b in plays.locator("button").all()]
        per_form = [
            tuple(b.get_attribute("aria-label") or b.inner_text() for b in form.locator("button").all())
            for form in plays.locator("form").all()
        ]
        assert all(len(set(buttons)) == len(buttons) for buttons in per_form), labels
        for button in plays.locator("button").all():
            inside(page, button)
        inside(page, board.get_by_role("button", name="Pass (write nothing this turn)"))
    assert_accessible(page)  # with a card picked


def test_a_card_is_played_by_keyboard_alone(new_page):
    page = new_page(**PHONE)
    game = rigged_game(sign_up(page, "Julius"))
    page.goto(f"/g/{game.code}/")
    version = page.locator("#board").get_attribute("data-version")
    for _ in range(60):  # Tab to the hand of cards
        page.keyboard.press("Tab")
        if page.evaluate("document.activeElement.name") == "pick-card":
            break
    else:
        raise AssertionError("Tab never reached the action cards")
    page.keyboard.press("Space")  # pick the focused card
    while page.evaluate("document.activeElement.id") != "pick-reroll_v":
        page.keyboard.press("ArrowRight")  # arrows move between the cards
    for _ in range(10):  # on to the card's first play
        page.keyboard.press("Tab")
        if page.evaluate("document.activeElement.tagName") == "BUTTON":
            break
    assert page.evaluate("document.activeElement.closest('.card-plays').classList.contains('plays-reroll_v')")
    page.keyboard.press("Enter")
    wait_for_redraw(page, version)
    assert "played Reroll V" in page.locator("#board .log-turn").first.inner_text()
    assert page.locator("#board .action-card").count() == 5  # the used card is gone
    assert not page.locator("#pick-reroll_v").count()


def test_the_end_names_the_winner_and_the_rows_show_what_stays_open(new_page):
    page = new_page(**PHONE)
    julius = sign_up(page, "Julius")
    game = rigged_game(julius, faces="XXVI")
    page.goto(f"/g/{game.code}/")
    pad = page.locator("table.pad")
    assert "4–11" in pad.locator("tr").nth(2).inner_text()  # row 2, between 3 and 12
    # 26 in row 4 leaves nothing between 26 and 27 for row 5; in row 5 it closes nothing.
    stop = page.locator("form.stop").first
    assert "26" in stop.inner_text()
    assert stop.get_by_role("button", name="row 4 · closes row 5").count() == 1
    assert stop.get_by_role("button", name="row 5", exact=True).count() == 1
    game.refresh_from_db()
    game.state.update(over=True, turn=None, dice=[], final_round=True, end_reason="full")
    game.save()
    page.goto(f"/g/{game.code}/")
    assert page.locator(".poker-winner").inner_text().startswith("Julius wins with")
    assert_accessible(page)
