"""Romi Rami in Chromium: two people sign up, one invites the other, a computer fills the third seat,
and they tap cards and press buttons to the final scores and the filled pad."""

from __future__ import annotations

import json
import re
import time

import pytest
from django.db import connection
from playwright.sync_api import expect

from games.models import Game
from games.poker.tests.test_play_e2e import sign_up
from tests.paths import ARTIFACTS
from tests.scoresheets.pad_helpers import pdf_text

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]


PHONE = {"width": 390, "height": 844}
DESKTOP = {"width": 1280, "height": 900}
MAX_STEPS = 600
# As in the Catacombs browser test: on SQLite (one shared in-memory connection) pages poll only
# when the test lets them; on PostgreSQL they poll freely.
POLL_SWITCH = """
window.ramiPolls = %s;
Object.defineProperty(document, "visibilityState", {configurable: true,
  get: () => (window.ramiPolls ? "visible" : "hidden")});
"""


@pytest.fixture
def bots_play_at_once():
    """The computer player's task runs in the request that made its turn come (no worker here)."""
    from config.celery import app

    app.conf.task_always_eager = True
    yield
    app.conf.task_always_eager = False


@pytest.fixture
def open_page(browser, live_server):
    contexts = []

    def open_(viewport):
        context = browser.new_context(viewport=viewport, base_url=live_server.url)
        context.add_init_script(POLL_SWITCH % ("false" if connection.vendor == "sqlite" else "true"))
        context.set_default_timeout(10_000)
        contexts.append(context)
        return context.new_page()

    yield open_
    for context in contexts:
        context.close()


def shot(page, name: str, full_page: bool = True) -> None:
    ARTIFACTS.mkdir(exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / f"e2e_romirami_{name}.png"), full_page=full_page)


def version(page) -> str:
    return page.locator("#board").get_attribute("data-version")


def click_and_wait(page, control) -> None:
    """Press a control that posts through HTMX and wait until the board is redrawn."""
    before = version(page)
    control.click()
    page.wait_for_function("v => document.querySelector('#board')?.dataset.version !== v", arg=before)


def catch_up(page, game: Game, poll: bool = False) -> None:
    """Bring the page to the game's version: by its own poll where pages poll (or when ``poll``),
    else by reloading."""
    if version(page) == str(game.version):
        return
    if poll or page.evaluate("window.ramiPolls"):
        paused = page.evaluate("!window.ramiPolls")
        page.evaluate("window.ramiPolls = true")
        page.wait_for_function(
            "v => document.querySelector('#board')?.dataset.version === v", arg=str(game.version)
        )
        if paused:
            page.evaluate("window.ramiPolls = false")
    else:
        page.reload()


def take(page, shots: dict) -> None:
    """Tap the cards of the largest group the page lists as legal, then press Take."""
    form = page.locator("form.rami-take")
    groups = json.loads(form.get_attribute("data-takes"))
    button = page.locator(".rami-bar button[data-take-button]")  # in the turn's bar, tied to the form
    expect(button).to_be_disabled()  # nothing tapped yet, once the script has set up this board
    market = [int(v) for v in form.locator("input[name=cards]").evaluate_all("els => els.map(e => e.value)")]
    legal = {tuple(sorted(g)) for g in groups}
    wrong = next(
        ((a, b) for i, a in enumerate(market) for b in market[i + 1 :] if tuple(sorted((a, b))) not in legal),
        None,
    )
    if wrong and "wrong" not in shots:  # a pair that is no group: the button stays off
        for card in wrong:
            form.locator(f"label.rami-pick:has(input[value='{card}'])").click()
        expect(button).to_be_disabled()
        assert "not one group" in page.locator(".rami-bar [data-take-status]").inner_text()
        shots["wrong"] = True
        for card in wrong:
            form.locator(f"label.rami-pick:has(input[value='{card}'])").click()
    group = max(groups, key=len)
    if "keyboard" not in shots:  # tapping works from the keyboard too: Tab to a card, Space, Enter
        for card in group:
            form.locator(f"input[value='{card}']").focus()
            page.keyboard.press("Space")
        expect(button).to_be_enabled()
        shot(page, "keyboard_take", full_page=False)
        shots["keyboard"] = True
        before = version(page)
        button.focus()
        page.keyboard.press("Enter")
        page.wait_for_function("v => document.querySelector('#board')?.dataset.version !== v", arg=before)
        return
    for card in group:
        form.locator(f"label.rami-pick:has(input[value='{card}'])").click()
    expect(button).to_be_enabled()
    if len(group) > 1 and page.viewport_size["width"] < 500 and "phone_take" not in shots:
        shot(page, "phone_take", full_page=False)
        shots["phone_take"] = True
    click_and_wait(page, button)


def play_step(page, shots: dict) -> None:
    board = page.locator("#board")
    if board.locator("form.rami-take").count():
        take(page, shots)
    elif board.locator("button.rami-discard").count():
        click_and_wait(page, board.locator("button.rami-discard").first)
    elif board.locator("button.rami-way").count():
        name = "phone_ways" if page.viewport_size["width"] < 500 else "desktop_ways"
        if name not in shots:
            shot(page, name)
            shots[name] = True
        plain = board.locator("button.rami-way:not(.rami-way-star)")
        click_and_wait(page, plain.first if plain.count() else board.locator("button.rami-way").first)
    else:
        click_and_wait(page, board.get_by_role("button", name="End the turn"))


def test_two_players_and_a_computer_play_romi_rami_to_the_pad(open_page, bots_play_at_once):
    started = time.monotonic()
    julius, agrippina = open_page(DESKTOP), open_page(PHONE)
    sign_up(julius, "Julius")
    sign_up(agrippina, "Agrippina")

    julius.goto("/games/new/romirami/")
    julius.get_by_label("Seats").select_option("3")
    julius.get_by_label("As seated").check()
    julius.get_by_role("button", name="Create the table").click()
    invite = julius.locator("a[href*='/join/']").first.get_attribute("href")

    agrippina.goto(invite)
    agrippina.get_by_role("button", name="Take a seat").click()
    agrippina.get_by_text("Waiting for Julius to start").wait_for()

    julius.reload()
    julius.get_by_role("button", name="Add a computer player").click()
    julius.get_by_role("button", name="Start the game").click()
    julius.get_by_text("Your turn").first.wait_for()
    game = Game.objects.get()
    assert game.players == 3 and game.seats.get(position=2).is_bot

    pages = {0: julius, 1: agrippina}
    shots: dict = {}
    steps = 0
    while steps < MAX_STEPS:
        game.refresh_from_db()
        if game.status == Game.Status.FINISHED:
            break
        (seat,) = game.engine.to_act(game.state)
        assert seat in pages, "the computer player's turn was not played"
        page = pages[seat]
        # Agrippina's first turn comes by her page's own poll, which swaps the first board in for
        # the lobby she waited in: the board's script (loaded with the lobby) must still work.
        catch_up(page, game, poll=seat == 1 and not shots.get("first swap"))
        shots["first swap"] = shots.get("first swap") or seat == 1
        if steps == 12 and "desktop_board" not in shots:
            shot(julius, "desktop_board")
            catch_up(agrippina, game)
            shot(agrippina, "phone_board")
            shots["desktop_board"] = True
        play_step(page, shots)
        steps += 1
    assert steps < MAX_STEPS, "the game did not end"

    game.refresh_from_db()
    scores, places = game.engine.scores(game.state), game.engine.places(game.state)
    names = {s.position: s.name for s in game.seats.all()}
    for page, name in ((julius, "desktop_final"), (agrippina, "phone_final")):
        page.reload()
        final = page.locator("section.rami-final")
        final.get_by_role("heading", name="Final scores").wait_for()
        for seat, score in enumerate(scores):
            head = final.locator(f"th[data-seat='{seat}']")
            assert head.locator(".rami-name").inner_text().strip() == names[seat]
            assert head.locator(".rami-place").inner_text().startswith(str(places[seat]))
            assert final.locator(f"td.rami-total[data-seat='{seat}']").inner_text().strip() == str(score)
        shot(page, name)

    link = agrippina.get_by_role("link", name="The filled score pad (PDF)")
    pdf = agrippina.request.get(link.get_attribute("href"))
    assert pdf.ok and pdf.headers["content-type"] == "application/pdf"
    text = pdf_text(pdf.body())
    assert "Final score" in text and all(name in text for name in names.values())
    totals = re.search(r"Total ((?:\d+ \(\d\w\w\) ?)+)", text)
    assert totals, text
    assert [int(n) for n in re.findall(r"(\d+) \(\d\w\w\)", totals.group(1))] == scores
    assert time.monotonic() - started < 150
