"""Two people sign up in their own browsers and play Roman Poker to the final pad."""

from __future__ import annotations

import re

import pytest

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]

MAX_CLICKS = 2500


def sign_up(page, name: str) -> None:
    page.goto("/accounts/signup/")
    page.get_by_label("Your name").fill(name)
    page.get_by_label("E-mail").fill(f"{name.lower()}@example.com")
    page.get_by_label("Password").fill("a-long-Passw0rd")
    page.get_by_role("button", name="Create account").click()
    page.wait_for_url("**/games/")


def play_one_step(page) -> bool:
    """Make one move if it is this page's turn; returns whether it clicked."""
    board = page.locator("#board")
    if board.get_by_text("Your turn").count() == 0:
        return False
    version = board.get_attribute("data-version")
    dice = board.locator("ul.dice li").count()
    roll = board.get_by_role("button", name=re.compile(r"^Roll"))
    stops = board.locator("form.stop:not(.card-stop)")
    playable = board.locator(".action-card.playable")
    pass_button = board.get_by_role("button", name=re.compile(r"^Pass"))
    if roll.count() and (dice < 3 or stops.count() == 0):
        roll.click()
    elif stops.count():
        stops.first.locator("button").first.click()
    elif playable.count() and dice % 2:
        playable.first.click()  # pick the card, then the first play it offers
        board.locator(".card-plays:visible button").first.click()
    elif pass_button.count():
        pass_button.click()
    else:
        raise AssertionError("it is my turn but the page offers no move:\n" + board.inner_text())
    # The move answers with the new board; wait for it before reading the page again.
    page.wait_for_function("v => document.querySelector('#board')?.dataset.version !== v", arg=version)
    return True


def test_two_players_play_a_whole_game(new_page):
    julius, agrippina = new_page(), new_page(width=390, height=844)  # a laptop and a phone
    sign_up(julius, "Julius")
    sign_up(agrippina, "Agrippina")

    julius.goto("/games/new/poker/")
    julius.get_by_label("Seats").select_option("2")
    julius.get_by_label("As seated").check()
    julius.get_by_role("button", name="Create the table").click()
    invite = julius.locator("a[href*='/join/']").first.get_attribute("href")

    agrippina.goto(invite)
    agrippina.get_by_role("button", name="Take a seat").click()
    agrippina.get_by_text("Waiting for Julius to start").wait_for()

    julius.reload()  # the lobby also polls; a reload keeps the test quick
    julius.get_by_role("button", name="Start the game").click()
    julius.get_by_text("Your turn").wait_for()

    clicks = 0
    while clicks < MAX_CLICKS:
        if julius.locator("#board .poker-winner").count():
            break
        moved = play_one_step(julius) or play_one_step(agrippina)
        if not moved:
            # The other page learns of the new turn by polling.
            agrippina.wait_for_timeout(300)
            julius.wait_for_timeout(300)
        clicks += moved
    assert clicks < MAX_CLICKS, "the game did not end"

    agrippina.locator("#board .poker-winner").wait_for(timeout=10_000)
    assert re.search(r"(wins|share the win) with \d+ points", agrippina.locator(".poker-winner").inner_text())
    from games.models import Game

    game = Game.objects.get()
    assert game.status == Game.Status.FINISHED
    expected = game.engine.scores(game.state)
    for page in (julius, agrippina):
        totals_row = page.locator("table.pad tr").last
        shown = [
            int(re.match(r"\s*(-?\d+)", cell).group(1)) for cell in totals_row.locator("td").all_inner_texts()
        ]
        assert shown == expected
        assert "1st place" in totals_row.inner_text()
