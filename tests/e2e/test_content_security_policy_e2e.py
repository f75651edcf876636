"""The main pages in Chromium with the Content-Security-Policy on: none reports a violation
(the shared fixture in conftest.py fails any E2E test whose pages report one), and a move in each
game redraws its board with none in the console either."""

from __future__ import annotations

import pytest
from django.db import connection
from django.test import Client

from games.contract import kinds
from games.models import Game
from games.roads.tests.test_play_e2e import rigged
from games.romanroad.tests.site import begin
from scoresheets.models import ScoreSheet
from tests.e2e.layout import table_with_computers, wait_for_redraw

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]

PASSWORD = "a-long-Passw0rd"
# The live server shares one in-memory SQLite connection between its threads: pages there poll
# only when the test says so (a poll landing in a write fails with "table is locked").
POLL_SWITCH = """
window.pollsOn = %s;
Object.defineProperty(document, "visibilityState", {configurable: true,
  get: () => (window.pollsOn ? "visible" : "hidden")});
"""


def browser_page(new_page):
    page = new_page()
    page.context.add_init_script(POLL_SWITCH % ("false" if connection.vendor == "sqlite" else "true"))
    return page


def visit(page, path: str) -> None:
    response = page.goto(path)
    assert response.status == 200, f"{path}: {response.status}"
    assert "script-src 'self'" in response.headers["content-security-policy"]


def sign_up(page, name: str) -> None:
    page.goto("/accounts/signup/")
    page.get_by_label("Your name").fill(name)
    page.get_by_label("E-mail").fill(f"{name.lower()}@example.com")
    page.get_by_label("Password").fill(PASSWORD)
    page.get_by_role("button", name="Create account").click()
    page.wait_for_url("**/games/")


def start_a_table(host, guest, kind) -> str:
    """The host opens a table of ``kind``, the guest joins by its link, computer players fill it
    up to the minimum, and the host starts it; returns the table's address."""
    visit(host, f"/games/new/{kind.slug}/")
    host.get_by_role("button", name="Create the table").click()
    host.wait_for_url("**/g/*/")
    table = host.url
    invite = host.locator("a[href*='/join/']").first.get_attribute("href")
    visit(guest, invite)
    guest.get_by_role("button", name="Take a seat").click()
    guest.wait_for_url(table)
    host.reload()
    while host.locator("ol.seats li").count() < kind.engine.min_players:
        host.get_by_role("button", name="Add a computer player").click()
        host.wait_for_load_state()
    host.get_by_role("button", name="Start the game").click()
    host.wait_for_load_state()
    host.locator("#board").wait_for()
    return table


def test_the_main_pages_load_with_no_violation(new_page, live_server):
    julius, agrippina = browser_page(new_page), browser_page(new_page)
    for path in ["/", "/accounts/login/", "/accounts/signup/", "/accounts/password/reset/"]:
        visit(julius, path)
    for path in ["/pads/", "/join/"]:
        visit(julius, path)
    sign_up(julius, "Julius")
    sign_up(agrippina, "Agrippina")

    tables = {kind.slug: start_a_table(julius, agrippina, kind) for kind in kinds.all_kinds()}
    assert {"poker", "catacombs"} <= set(tables)
    for slug, table in tables.items():
        for page in (julius, agrippina):
            visit(page, table)
            assert page.locator(f"#board.{slug}").count() == 1
        visit(julius, table + "log/")
        pad = julius.request.get(table.replace("/g/", "/pads/game/") + "?scope=table")
        assert pad.status == 200 and pad.headers["content-type"] == "application/pdf"

    # The board keeps itself fresh through the poll (htmx, with no eval) and redraws.
    visit(agrippina, tables["poker"])
    agrippina.evaluate("window.pollsOn = true")
    with agrippina.expect_response(lambda r: "/poll/" in r.url, timeout=10_000) as polled:
        pass
    assert polled.value.status in (200, 204)
    agrippina.evaluate("window.pollsOn = false")

    sheet = ScoreSheet.objects.create(kind="poker", names=["Julius", "Gaius"])
    for path in [
        "/games/",
        "/pads/",
        "/pads/sheets/new/",
        "/pads/sheets/new/?kind=poker",
        sheet.get_absolute_url(),
        "/accounts/profile/",
        "/accounts/profile/close/",
        "/notifications/",
        "/accounts/password/change/",
    ]:
        visit(julius, path)


def test_confirmations_work_without_inline_handlers(new_page, live_server):
    page = browser_page(new_page)
    sign_up(page, "Julius")
    visit(page, "/games/new/poker/")
    page.get_by_role("button", name="Create the table").click()
    page.wait_for_url("**/g/*/")
    table = page.url
    page.once("dialog", lambda dialog: dialog.dismiss())
    page.get_by_role("button", name="Cancel the table").click()
    page.wait_for_timeout(300)
    assert page.url == table and page.get_by_role("button", name="Start the game").count() == 1
    page.once("dialog", lambda dialog: dialog.accept())
    page.get_by_role("button", name="Cancel the table").click()
    page.get_by_text("The table was cancelled").wait_for()


def test_a_violation_would_be_caught(new_page, live_server, csp_violations):
    page = browser_page(new_page)
    visit(page, "/")
    page.evaluate(
        """() => { const s = document.createElement("script"); s.textContent = "window.x = 1";
                   document.head.appendChild(s); }"""
    )
    for _ in range(50):
        if csp_violations:
            break
        page.wait_for_timeout(50)
    assert [v["directive"] for v in csp_violations] in (["script-src-elem"], ["script-src"])
    assert page.evaluate("window.x") is None
    csp_violations.clear()


# The board's root given a style attribute through the CSSOM (which the policy allows): what a
# browser extension, a translation tool or the browser itself may leave on it. htmx must not copy
# it onto the redrawn board with setAttribute, which the policy refuses ("Applying inline style").
STYLE_THE_BOARD = """() => { const board = document.getElementById("board");
  board.style.color = "inherit"; board.style.color = ""; return board.hasAttribute("style"); }"""


def my_table(user, slug: str) -> Game:
    """A started table of ``user`` and computer players, ``user`` to move."""
    if slug == "romanroad":
        return begin(table_with_computers(user, slug, players=3), [user])
    game = table_with_computers(user, slug, {"flip_mode": "auto"} if slug == "catacombs" else None)
    position = game.seats.get(user=user).position
    if slug == "roads":
        state = rigged()  # seat 1 to draw
        if position == 0:
            state["hands"] = list(reversed(state["hands"]))
            state["turn"] = 0
        game.state = state
    elif slug in ("romirami", "poker"):
        game.state["turn"] = position
    game.save()
    return game


def play_one_move(page, slug: str) -> None:
    board = page.locator("#board")
    if slug == "catacombs":
        board.get_by_role("button", name="Pass (write nothing this turn)").click()
    elif slug == "poker":
        board.get_by_role("button", name="Roll a die").click()
    elif slug == "roads":
        board.get_by_role("button", name="Draw a card").click()
    elif slug == "romirami":
        board.locator("form.rami-take .rami-pick").first.click()
        board.locator("[data-take-button]").click()
    elif slug == "romanroad":
        board.locator(".rr-you .rr-deck").click()  # flip the Search deck


@pytest.mark.parametrize("slug", kinds.slugs())
def test_a_move_redraws_the_board_with_no_violation(new_page, make_user, live_server, slug):
    user = make_user("Julius")
    game = my_table(user, slug)
    page = browser_page(new_page)
    client = Client()
    client.force_login(user)
    session = client.cookies["sessionid"].value
    page.context.add_cookies([{"name": "sessionid", "value": session, "url": live_server.url}])
    console = []
    page.on("console", lambda m: console.append(m.text) if "Content Security Policy" in m.text else None)
    visit(page, f"/g/{game.code}/")
    assert page.evaluate(STYLE_THE_BOARD)
    version = page.locator("#board").get_attribute("data-version")
    play_one_move(page, slug)
    wait_for_redraw(page, version)
    page.wait_for_timeout(100)  # the settle after the swap
    assert not console, console
