"""Leaving and the host's tools at a Roman Poker table on phones (390x844), three people on the
embedded default's ASGI server: one leaves (a computer player takes the seat), the host gives a seat
to a computer player, asked first (its player is told, pushed, and takes it back), pauses and resumes
the table, and ends the game; every other open page sees each step without a reload. The panel is
folded on a phone, usable by keyboard, and clean under the accessibility scan."""

from __future__ import annotations

import pytest
from django.contrib.auth import BACKEND_SESSION_KEY, HASH_SESSION_KEY, SESSION_KEY
from django.contrib.sessions.backends.db import SessionStore

from games.models import Game
from games.play import services
from tests.e2e.accessibility import LAPTOP, PHONE, assert_accessible
from tests.e2e.test_presence_turn_e2e import live, phone, site, table  # noqa: F401 — fixtures
from tests.paths import ARTIFACTS

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]


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
    assert not his.get_by_role("link", name="Host tools").is_visible()  # the panel is folded below
    for control in his.locator(".tool-seats button, .tool-seats summary").all():
        edge = control.bounding_box()
        assert edge is not None and edge["x"] >= 0 and edge["x"] + edge["width"] <= 390
    his.screenshot(path=ARTIFACTS / "tools-host-panel.png", full_page=True, caret="initial")
    assert_accessible(his)
    his.reload()  # the scan leaves marks on the page that a later redraw would copy (a style attribute)
    his.locator("#host-tools > summary").click()

    # Give to a computer asks first, saying what it means.
    seat = his.locator(".tool-seats li", has_text="Agrippina")
    seat.get_by_text("Give to a computer…").click()
    assert "Agrippina still watches, and can take it back at their next turn." in seat.inner_text()
    assert not game.moves.filter(payload__table="computer").exists()
    with his.expect_navigation():  # back to the table, the panel still open (#host-tools)
        seat.get_by_role("button", name="Yes, give Agrippina's seat to a computer").click()
    hers.get_by_text("The host gave your seat to a computer player").first.wait_for(timeout=PUSHED)  # pushed
    his.get_by_text("The host gave Agrippina's seat to a computer player.").first.wait_for()

    # She takes it back from her own page (its tools redraw on the push).
    take_back = hers.get_by_role("button", name="Take my seat back")
    take_back.wait_for(timeout=PUSHED)
    hers.screenshot(path=ARTIFACTS / "tools-take-back.png", full_page=True, caret="initial")
    with hers.expect_navigation():
        take_back.click()
    hers.get_by_text("You took your seat back: you play it from your next turn on.").wait_for()
    his.get_by_text("Agrippina took their seat back from the computer player.").first.wait_for(timeout=PUSHED)

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
        "leave",
        "computer",
        "back",
        "pause",
        "resume",
        "end",
    ]
    assert_accessible(hers)


def box(locator) -> dict:
    found = locator.bounding_box()
    assert found is not None, locator
    return found


@pytest.mark.parametrize("kind", ["poker", "romanroad"])
def test_on_a_laptop_the_host_finds_the_tools_and_removing_a_seat_asks_first(
    browser,
    site,  # noqa: F811 — a fixture
    make_user,
    kind,  # noqa: F811
):
    """At 1280x800 the tools sit below the board, out of sight on a long board: the site's bar links
    to them. They never overlap the board; Remove asks first with what it means; the keyboard
    goes through them in reading order."""
    julius, agrippina, marcus = (make_user(name) for name in ("Julius", "Agrippina", "Marcus"))
    options = {"bot_speed": "slow"} if kind == "romanroad" else {}
    game = services.create_game(julius, kind, options, 3, "seated")
    for user in (agrippina, marcus):
        services.join_game(game.pk, user)
    services.start_game(game.pk, julius)
    ARTIFACTS.mkdir(exist_ok=True)
    contexts = []
    try:
        pages = []
        for user in (julius, agrippina):  # the host, and a second player in a browser of her own
            context = browser.new_context(viewport=LAPTOP, base_url=site)
            contexts.append(context)
            context.add_cookies([{"name": "sessionid", "value": session_for(user), "url": site}])
            page = context.new_page()
            page.goto(f"/g/{game.code}/")
            live(page)
            pages.append(page)
        page, hers = pages
        assert page.locator("#host-tools").get_attribute("open") is not None
        assert page.locator("#leave-game").get_attribute("open") is None
        assert page.locator("#end-game").get_attribute("open") is None  # the last step always asks
        assert hers.get_by_role("link", name="Host tools").count() == 0  # hers is no host's page

        # In sight at once: the bar's link; the tools below the board, never over it.
        link = page.get_by_role("link", name="Host tools")
        assert link.is_visible() and box(link)["y"] + box(link)["height"] <= LAPTOP["height"]
        board, tools = box(page.locator("#board")), box(page.locator("#table-tools"))
        assert tools["y"] >= board["y"] + board["height"]
        assert tools["x"] >= 0 and tools["x"] + tools["width"] <= LAPTOP["width"]
        link.click()
        summary = box(page.locator("#host-tools > summary"))
        assert 0 <= summary["y"] and summary["y"] + summary["height"] <= LAPTOP["height"]

        # The keyboard: from the panel's own summary through each seat's tools to the last step.
        page.locator("#host-tools > summary").focus()
        order = []
        for _ in range(6):
            page.keyboard.press("Tab")
            order.append(page.evaluate("() => document.activeElement.textContent.trim()"))
        seats = ["Give to a computer\u2026", "Remove\u2026"] * 2
        assert order == ["Pause the game", *seats, "End the game now"], order  # a pause at any table

        # Remove asks first, saying what it means; nothing happens until the second button.
        closed = seat_row(page)
        assert closed["computer"]["y"] == closed["remove"]["y"], closed  # one row, as the other seats'
        page.locator("#remove-seat-1 > summary").click()
        means = page.locator("#remove-seat-1")
        note = "their seat counts as stuck" if kind == "romanroad" else "a computer player plays their seat"
        assert f"Agrippina no longer plays at this game, for good: {note}" in means.inner_text()
        confirm = page.get_by_role("button", name="Yes, remove Agrippina")
        assert confirm.is_visible()
        assert seat_row(page) == closed  # opened, Remove stays beside Give to a computer
        confirm_box = box(confirm)
        assert confirm_box["x"] + confirm_box["width"] <= LAPTOP["width"]
        assert confirm_box["y"] >= box(means.locator("summary"))["y"] + closed["remove"]["height"]
        page.screenshot(path=ARTIFACTS / f"tools-laptop-{kind}.png", full_page=True, caret="initial")
        assert_accessible(page)
        page.set_viewport_size(PHONE)  # the same open panel on a phone
        page.locator("#remove-seat-1 > summary").click()
        closed = seat_row(page)
        page.locator("#remove-seat-1 > summary").click()
        assert confirm.is_visible() and seat_row(page) == closed
        assert box(confirm)["x"] + box(confirm)["width"] <= PHONE["width"]
        page.screenshot(path=ARTIFACTS / f"tools-phone-{kind}.png", full_page=True, caret="initial")
        assert not game.moves.filter(payload__has_key="table").exists()
    finally:
        for context in contexts:
            context.close()


def seat_row(page) -> dict:
    """Where Agrippina's two tools sit beside her name in the host's panel (from the name's corner:
    a live board above may move the whole panel meanwhile)."""
    row = page.locator(".tool-seats li").filter(has=page.locator("#remove-seat-1"))
    name = box(row.locator(".name"))
    parts = {part: row.locator(f"#{part}-seat-1 > summary") for part in ("computer", "remove")}
    found = {part: box(locator) for part, locator in parts.items()}
    return {part: {**at, "x": at["x"] - name["x"], "y": at["y"] - name["y"]} for part, at in found.items()}


def session_for(user) -> str:
    session = SessionStore()
    session[SESSION_KEY] = str(user.pk)
    session[BACKEND_SESSION_KEY] = "django.contrib.auth.backends.ModelBackend"
    session[HASH_SESSION_KEY] = user.get_session_auth_hash()
    session.save()
    return session.session_key
