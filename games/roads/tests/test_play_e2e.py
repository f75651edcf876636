"""Building Roman Roads in Chromium: Julius on a laptop, Agrippina on a phone (a guest by the invite
link), play a whole (short, rigged) game through the pages — by tapping, by a mouse drag and by a
touch drag — to the winner and the score pad."""

from __future__ import annotations

import re
import time

import pytest
from django.db import connection
from django.db.models import F

from games.models import Game
from games.roads.tests.helpers import c, run, table
from tests.paths import ARTIFACTS

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]


PHONE = {"width": 390, "height": 844}
DESKTOP = {"width": 1280, "height": 900}
# The live server shares one in-memory SQLite connection between its threads, so a poll landing
# while a move writes fails with "table is locked": on SQLite a page polls only while the test lets
# it (window.brrPolls); on PostgreSQL pages poll as in production.
POLL_SWITCH = """
window.brrPolls = %s;
Object.defineProperty(document, "visibilityState", {configurable: true,
  get: () => (window.brrPolls ? "visible" : "hidden")});
"""


def wait_for_poll(page, text: str) -> None:
    """Let the page poll until ``text`` shows (then pause it again on SQLite)."""
    paused = page.evaluate("!window.brrPolls")
    page.evaluate("window.brrPolls = true")
    page.get_by_text(text).wait_for()
    if paused:
        page.evaluate("window.brrPolls = false")


def shot(page, name: str, full_page: bool = True) -> None:
    ARTIFACTS.mkdir(exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / f"e2e_roads_{name}.png"), full_page=full_page)


def rigged() -> dict:
    """Agrippina (seat 1) to draw. Her draw (W 1013 6) and her 5:8 #4 build on the roads; then
    the south road's top card may move onto the north-east corner. Julius draws 5:8 #5, completes
    the north road with Romans 3:23 #8 and plays his last card into the emptied space."""
    spaces = {
        "N": run("mt", "323", 1, 7),
        "E": [c("mk 58 3")],
        "S": [c("mk 623 2"), c("mk 623 3")],
        "W": [c("jn 1013 5")],
        "NE": [c("jn 623 1"), c("jn 623 2")],
    }
    hands = [[c("lk 323 8"), c("mk 1013 7")], [c("lk 58 4"), c("jn 1013 2"), c("mk 323 6")]]
    state = table(hands, spaces, phase="draw", turn=1)
    for card in (c("mt 58 5"), c("jn 1013 6")):  # the top of the pile is the last item
        state["pile"].remove(card)
        state["pile"].append(card)
    return state


def version(page) -> str:
    return page.locator("#board").get_attribute("data-version")


def redrawn(page, before: str) -> None:
    page.wait_for_function("v => document.querySelector('#board')?.dataset.version !== v", arg=before)


def press(page, locator) -> None:
    before = version(page)
    locator.click()
    redrawn(page, before)


def targets(page) -> list[str]:
    return page.locator(".brr-space.is-target").evaluate_all("els => els.map(e => e.dataset.space)")


def tap_play(page, card: str) -> list[str]:
    """Tap a card of the hand, read the spaces the page offers, tap the first; returns the offer."""
    page.locator(f'.brr-hand [data-card="{card}"]').click()
    offered = targets(page)
    assert offered, "a playable card offers no space"
    press(page, page.locator(f'.brr-space[data-space="{offered[0]}"] .brr-spot'))
    return offered


def touch_drag(page, source, target) -> None:
    """A finger held on ``source``, slid onto ``target`` and lifted (real touch events).

    As a person would, the page is first scrolled so that the target space shows (the
    strip of who is here below the board can leave a phone scrolled past the roads)."""
    target.evaluate("e => { e.scrollIntoView({block: 'start'}); window.scrollBy(0, -8); }")
    start, end = source.bounding_box(), target.bounding_box()
    height = page.viewport_size["height"]
    assert 0 <= end["y"] and start["y"] + start["height"] <= height, "source and target on one screen"
    x0, y0 = start["x"] + start["width"] / 2, start["y"] + start["height"] / 2
    x1, y1 = end["x"] + end["width"] / 2, end["y"] + end["height"] / 2
    cdp = page.context.new_cdp_session(page)
    before = version(page)
    cdp.send("Input.dispatchTouchEvent", {"type": "touchStart", "touchPoints": [{"x": x0, "y": y0}]})
    page.wait_for_timeout(350)  # held: the drag begins
    for step in range(1, 11):
        x, y = x0 + (x1 - x0) * step / 10, y0 + (y1 - y0) * step / 10
        cdp.send("Input.dispatchTouchEvent", {"type": "touchMove", "touchPoints": [{"x": x, "y": y}]})
        page.wait_for_timeout(20)
    cdp.send("Input.dispatchTouchEvent", {"type": "touchEnd", "touchPoints": []})
    redrawn(page, before)


def test_two_players_play_a_whole_game_by_tap_and_drag(browser, live_server):
    started = time.monotonic()
    contexts = []

    def open_page(viewport, **options):
        context = browser.new_context(base_url=live_server.url, viewport=viewport, **options)
        context.set_default_timeout(15_000)
        context.add_init_script(POLL_SWITCH % ("false" if connection.vendor == "sqlite" else "true"))
        contexts.append(context)
        page = context.new_page()
        errors: list[str] = []
        page.on("pageerror", lambda error: errors.append(str(error)))
        page.js_errors = errors
        return page

    try:
        julius = open_page(DESKTOP)
        agrippina = open_page(PHONE, has_touch=True, is_mobile=True)

        julius.goto("/accounts/signup/")
        julius.get_by_label("Your name").fill("Julius")
        julius.get_by_label("E-mail").fill("julius@example.com")
        julius.get_by_label("Password").fill("a-long-Passw0rd")
        julius.get_by_role("button", name="Create account").click()
        julius.wait_for_url("**/games/")
        julius.goto("/games/new/roads/")
        julius.get_by_label("Seats").select_option("2")
        julius.get_by_label("As seated").check()
        julius.get_by_role("button", name="Create the table").click()
        julius.wait_for_url(re.compile(r"/g/\w+/$"))
        code = julius.url.rstrip("/").rsplit("/", 1)[1]
        invite = julius.locator("a[href*='/join/']").first.get_attribute("href")

        agrippina.goto(invite)
        agrippina.get_by_label("Your name").fill("Agrippina")
        agrippina.get_by_role("button", name="Take a seat").click()
        agrippina.get_by_text("Waiting for Julius to start").wait_for()
        # The board's script must not depend on htmx running a script that a swap brings.
        agrippina.evaluate("htmx.config.allowScriptTags = false")
        julius.reload()
        julius.get_by_role("button", name="Start the game").click()
        julius.get_by_text("Waiting for Agrippina").wait_for()

        # From here on a rigged deal keeps the game to two turns with every kind of move.
        Game.objects.filter(code=code).update(state=rigged(), version=F("version") + 1)
        julius.reload()

        # Agrippina's page, still the lobby, redraws itself as the first board (the board's script
        # came with the lobby). On her phone: draw, drag a card with her finger, tap the next one,
        # move a road part.
        wait_for_poll(agrippina, "Your turn: draw a card to begin.")
        shot(agrippina, "phone_draw")
        press(agrippina, agrippina.get_by_role("button", name="Draw a card"))
        hand = agrippina.locator(".brr-hand")
        assert "just drawn" in hand.locator('[data-card="jn-1013-6"]').text_content()
        touch_drag(
            agrippina, hand.locator('[data-card="lk-58-4"]'), agrippina.locator('.brr-space[data-space="E"]')
        )
        game = Game.objects.get(code=code)
        assert game.state["spaces"]["E"] == ["mk-58-3", "lk-58-4"]
        agrippina.locator('.brr-hand [data-card="jn-1013-6"]').tap()
        assert targets(agrippina) == ["W"]
        shot(agrippina, "phone_picked", full_page=False)
        press(agrippina, agrippina.locator('.brr-space[data-space="W"] .brr-spot'))
        assert agrippina.locator(".brr-playable").count() == 0  # nothing more fits
        part = agrippina.locator('.brr-movable[data-from="S"][data-index="1"]')
        part.click()
        assert "NE" in targets(agrippina)
        assert agrippina.locator(".brr-rc.is-lifted").count() == 1
        press(agrippina, agrippina.locator('.brr-space[data-space="NE"] .brr-spot'))
        game = Game.objects.get(code=code)
        assert game.state["spaces"]["NE"] == ["jn-623-1", "jn-623-2", "mk-623-3"]
        shot(agrippina, "phone_end_turn")
        press(agrippina, agrippina.get_by_role("button", name="End turn"))
        agrippina.get_by_text("Waiting for Julius").wait_for()

        # Julius, at his desk: the page shows Agrippina's turn card by card; he draws, drags
        # the card that completes the north road, and plays the rest by tapping.
        wait_for_poll(julius, "Your turn: draw a card to begin.")
        story = julius.locator(".brr-story").inner_text()
        assert (
            "drew a card" in story and "in that" in story and "moved" in story and "ended the turn" in story
        )
        press(julius, julius.get_by_role("button", name="Draw a card"))
        shot(julius, "desktop_play")
        before = version(julius)
        julius.locator('.brr-hand [data-card="lk-323-8"]').drag_to(
            julius.locator('.brr-space[data-space="N"]')
        )
        redrawn(julius, before)
        assert (
            "For all have sinned and fall short of the glory of God."
            in julius.locator(".brr-news").inner_text()
        )
        shot(julius, "desktop_completed")
        # By keyboard: Enter on a card moves the focus to the first space it may go to.
        julius.locator(".brr-playable").first.focus()
        julius.keyboard.press("Enter")
        focused = julius.evaluate("document.activeElement.closest('.brr-space')?.dataset.space")
        assert focused == targets(julius)[0]
        before = version(julius)
        julius.keyboard.press("Enter")
        redrawn(julius, before)
        clicks = 0
        while julius.locator(".brr-playable").count():
            tap_play(julius, julius.locator(".brr-playable").first.get_attribute("data-card"))
            clicks += 1
            assert clicks < 10
        julius.get_by_text("Julius wins!").wait_for()
        shot(julius, "desktop_end")

        game = Game.objects.get(code=code)
        assert game.status == Game.Status.FINISHED and game.state["winners"] == [0]
        wait_for_poll(agrippina, "Julius wins!")
        shot(agrippina, "phone_end")
        pad = agrippina.get_by_role("link", name="The score pad (PDF)", exact=True)
        response = agrippina.request.get(pad.get_attribute("href"))
        assert response.ok and response.headers["content-type"] == "application/pdf"
        assert response.body().startswith(b"%PDF-")
        assert not julius.js_errors and not agrippina.js_errors
    finally:
        for context in contexts:
            context.close()
    assert time.monotonic() - started < 120
