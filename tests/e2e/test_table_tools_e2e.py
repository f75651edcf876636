"""Leaving and the host's tools at a Roman Poker table on phones (390x844), three people on the
embedded default's ASGI server: one leaves (a computer player takes the seat), the host gives a seat
to a computer player (its player is told, pushed), pauses and resumes the table, and ends the game;
every other open page sees each step without a reload. The panel is folded on a phone, usable by
keyboard, and clean under the accessibility scan."""

from __future__ import annotations

from pathlib import Path

import pytest
from django.contrib.auth import BACKEND_SESSION_KEY, HASH_SESSION_KEY, SESSION_KEY
from django.contrib.sessions.backends.db import SessionStore

from games.models import Game
from tests.e2e.accessibility import assert_accessible
from tests.e2e.test_presence_turn_e2e import live, phone, site, table  # noqa: F401 — fixtures

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]

ARTIFACTS = Path(__file__).resolve().parents[2] / "test-artifacts"  # screenshots for a person to look at
# (caret="initial": hiding the caret marks every input with a style attribute, which a later board
# redraw would copy, a violation of the page's Content-Security-Policy that the page itself never makes)
PUSHED = 10_000  # ms a push may take to be drawn on a busy machine (the page is never reloaded)


def test_leave_give_a_seat_pause_resume_and_end(phone, make_user):  # noqa: F811
    ARTIFACTS.mkdir(exist_ok=True)
    game, (julius, agrippina, marcus) = table(make_user)
    Game.objects.filter(pk=game.pk).update(turn_deadline=86400)  # a table on a turn clock
    url = f"/g/{game.code}/"
    his, hers, marcus_page = phone(julius), phone(agrippina), phone(marcus)
    for page in (his, hers, marcus_page):
        page.goto(url)
        live(page)

    # Marcus leaves: a disclosure, the sentence saying what it means, then the button that does it.
    leave = marcus_page.locator("#leave-game")
    assert leave.get_attribute("open") is None
    marcus_page.get_by_text("Leave game", exact=True).click()
    assert "a computer player plays your seat" in leave.inner_text()
    marcus_page.screenshot(path=ARTIFACTS / "tools-leave-confirm.png", full_page=True, caret="initial")
    marcus_page.get_by_role("button", name="Yes, leave the game").click()
    line = "Marcus left; a computer player plays their seat."
    marcus_page.get_by_text(line).first.wait_for()
    # Pushed to the others: the log line reaches their boards without a reload.
    his.locator("#board").get_by_text(line).first.wait_for(timeout=PUSHED)
    assert marcus_page.locator("#leave-game").count() == 0  # he watches now
    # Marcus has gone from the seats the host can act on: the host's panel redrew on the push.
    his.locator(".tool-seats li", has_text="Marcus").wait_for(state="detached", timeout=PUSHED)

    # The host's panel is folded on a phone; opened by keyboard alone.
    tools = his.locator("#host-tools")
    assert tools.get_attribute("open") is None
    his.locator("#host-tools > summary").focus()
    his.keyboard.press("Enter")
    assert tools.get_attribute("open") is not None
    his.screenshot(path=ARTIFACTS / "tools-host-panel.png", full_page=True, caret="initial")
    assert_accessible(his)
    his.reload()  # the scan leaves marks on the page that a later redraw would copy (a style attribute)
    his.locator("#host-tools > summary").click()

    seat = his.locator(".tool-seats li", has_text="Agrippina")
    with his.expect_navigation():  # back to the table, the panel still open (#host-tools)
        seat.get_by_role("button", name="Give to a computer").click()
    hers.get_by_text("The host gave your seat to a computer player").wait_for(timeout=PUSHED)  # pushed
    his.get_by_text("The host gave Agrippina's seat to a computer player.").first.wait_for()

    # Pause: every open page says so (the panel redraws on the push); then resume.
    assert his.locator("#host-tools").get_attribute("open") is not None  # open again (the address names it)
    with his.expect_navigation():
        his.get_by_role("button", name="Pause the game").click()
    for page in (hers, marcus_page):
        page.get_by_text("The host paused the game: no move").wait_for(timeout=PUSHED)
    his.screenshot(path=ARTIFACTS / "tools-paused.png", full_page=True, caret="initial")
    if his.locator("#host-tools").get_attribute("open") is None:
        his.locator("#host-tools > summary").click()
    with his.expect_navigation():
        his.get_by_role("button", name="Resume the game").click()
    marcus_page.get_by_text("The host paused the game: no move").wait_for(state="detached", timeout=PUSHED)

    # End the game as it stands: asked once more, then every page shows the end.
    if his.locator("#host-tools").get_attribute("open") is None:
        his.locator("#host-tools > summary").click()
    his.get_by_text("End the game now").click()
    his.get_by_role("button", name="Yes, end the game").click()
    his.get_by_text("The host ended the game as it stood.").first.wait_for()
    for page in (hers, marcus_page):
        page.get_by_text("The host ended the game as it stood.").first.wait_for(timeout=PUSHED)
    assert his.get_by_role("button", name="Play again with the same table").count() == 1
    assert his.locator("#host-tools").count() == 0
    his.screenshot(path=ARTIFACTS / "tools-ended.png", full_page=True, caret="initial")
    game.refresh_from_db()
    assert game.status == Game.Status.FINISHED
    assert [m.payload.get("table") for m in game.moves.filter(payload__has_key="table")] == [
        "leave", "computer", "pause", "resume", "end"
    ]
    assert_accessible(hers)


def test_on_a_laptop_the_host_tools_start_open(browser, site, make_user):  # noqa: F811
    game, (julius, *_) = table(make_user)
    ARTIFACTS.mkdir(exist_ok=True)
    context = browser.new_context(viewport={"width": 1280, "height": 800}, base_url=site)
    try:
        session = SessionStore()
        session[SESSION_KEY] = str(julius.pk)
        session[BACKEND_SESSION_KEY] = "django.contrib.auth.backends.ModelBackend"
        session[HASH_SESSION_KEY] = julius.get_session_auth_hash()
        session.save()
        context.add_cookies([{"name": "sessionid", "value": session.session_key, "url": site}])
        page = context.new_page()
        page.goto(f"/g/{game.code}/")
        live(page)
        assert page.locator("#host-tools").get_attribute("open") is not None
        assert page.locator("#leave-game").get_attribute("open") is None
        assert page.locator("#end-game").get_attribute("open") is None  # the last step always asks
        page.screenshot(path=ARTIFACTS / "tools-laptop.png", full_page=True, caret="initial")
    finally:
        context.close()
