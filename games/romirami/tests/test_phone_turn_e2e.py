"""Romi Rami's turn on a 390x844 phone: the turn's bar (Take, End the turn) stays on screen wherever
the page is scrolled and after a contract is completed, the page of a turn is at most two screens
high at two, three and four players, nothing scrolls sideways and the scan is clean; at 1280x800 the
bar follows too and the board's folds start open, as the page was before."""

from __future__ import annotations

import random
from concurrent.futures import ThreadPoolExecutor

import pytest
from django.db import connection, transaction
from playwright.sync_api import expect

from accounts.models import User
from games.contract.protocol import choose_move
from games.models import Game
from games.play.services import initial_state, record
from games.romirami import bot
from games.romirami.tests.helpers import table
from tests.e2e.accessibility import LAPTOP, PHONE, assert_accessible
from tests.e2e.layout import apart, inside, no_sideways_scroll, table_with_computers, wait_for_redraw
from tests.e2e.test_accessibility_e2e import sign_up
from tests.paths import ARTIFACTS

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]

TWO_SCREENS = 2 * PHONE["height"]


def _play(game_id: int, me: int, rounds: int, phase: str, seed: str) -> None:
    try:
        with transaction.atomic():
            game = Game.objects.select_for_update().get(pk=game_id)
            seats = list(game.seats.order_by("position"))
            game.seed = seed
            game.state = initial_state(game, seats)
            game.save(update_fields=["seed", "state"])
            rng = random.Random(seed)
            while True:
                (seat,) = game.engine.to_act(game.state)
                if seat == me and game.state["round"] > rounds and game.state["phase"] == phase:
                    break
                record(game, seat, choose_move(game.engine, bot.choose, game.state, seat, rng), seats)
    finally:
        connection.close()


def played_to(game: Game, me: int, rounds: int, phase: str, seed: str = "phone") -> Game:
    """``game`` played through the move path by the computer strategy at every seat, until ``me`` is
    at ``phase`` in round ``rounds`` + 1: a game in its middle, with contracts held, a hand and a
    log, the same every run. (In a thread of its own: the moves' pushes cannot be sent from the
    thread Playwright's event loop runs in.)"""
    with ThreadPoolExecutor(1) as pool:
        pool.submit(_play, game.pk, me, rounds, phase, seed).result()
    return Game.objects.get(pk=game.pk)


def a_turn(page, players: int, phase: str, rounds: int = 4) -> Game:
    """Julius (his address confirmed, as a player's is) hosts a table of computer players; his page
    is open in round ``rounds`` + 1 at ``phase`` of his turn."""
    julius = sign_up(page, "Julius")
    User.objects.filter(pk=julius.pk).update(email_verified=True)
    game = table_with_computers(julius, "romirami", players=players)
    game = played_to(game, game.seats.get(user=julius).position, rounds, phase)
    page.goto(f"/g/{game.code}/")
    return game


def shot(page, name: str, full_page: bool = False) -> None:
    ARTIFACTS.mkdir(exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / f"e2e_romirami_turn_{name}.png"), full_page=full_page)


def scroll_to(page, y: float | str) -> None:
    where = "document.documentElement.scrollHeight" if y == "bottom" else str(y)
    page.evaluate(f"window.scrollTo(0, {where})")


@pytest.mark.parametrize("players", [2, 3, 4])
@pytest.mark.parametrize("phase", ["take", "play"])
def test_a_turn_is_two_screens_at_most(new_page, players, phase):
    page = new_page(**PHONE)
    a_turn(page, players, phase)
    height = page.evaluate("document.documentElement.scrollHeight")
    shot(page, f"phone_{players}_{phase}", full_page=True)
    assert height <= TWO_SCREENS, f"the page of a turn is {height} px high"
    no_sideways_scroll(page)


def test_the_take_stays_on_screen(new_page):
    page = new_page(**PHONE)
    a_turn(page, 4, "take")
    take = page.locator(".rami-bar [data-take-button]")
    page.locator("form.rami-take label.rami-pick").first.click()
    for y in (0, 700, "bottom"):
        scroll_to(page, y)
        inside(page, take)
    assert take.is_enabled()
    assert "You may take this card." in page.locator(".rami-bar [data-take-status]").inner_text()
    version = page.locator("#board").get_attribute("data-version")
    take.click()
    wait_for_redraw(page, version)
    inside(page, page.get_by_role("button", name="End the turn"))


def test_end_the_turn_stays_on_screen_after_a_contract(new_page):
    page = new_page(**PHONE)
    a_turn(page, 3, "play")
    bar, end = page.locator(".rami-bar"), page.get_by_role("button", name="End the turn")
    inside(page, end)  # at the top of the page
    way = page.locator("button.rami-way:not(.rami-way-star)").first
    way.scroll_into_view_if_needed()
    inside(page, way)  # not under the bar
    apart(way, bar)
    shot(page, "phone_ways")
    version = page.locator("#board").get_attribute("data-version")
    way.click()
    wait_for_redraw(page, version)
    assert "Completed" in page.locator(".rami-head").inner_text()
    shot(page, "phone_after_a_contract")
    inside(page, end)
    # At the end of the page the bar sits in its own place, under the board: it hides nothing.
    scroll_to(page, "bottom")
    inside(page, end)
    apart(bar, page.locator("section.rami-table"))
    apart(bar, page.locator("#here"))
    shot(page, "phone_bottom")
    no_sideways_scroll(page)
    assert_accessible(page)


def test_from_a_contract_to_end_the_turn_by_keyboard(new_page):
    page = new_page(**PHONE)
    a_turn(page, 3, "play")
    page.locator(".rami-ways > button.rami-way").last.focus()
    for _ in range(4):  # the bar comes right after the Contract market: its link, then End the turn
        page.keyboard.press("Tab")
        if page.evaluate("document.activeElement.textContent") == "End the turn":
            break
    else:
        raise AssertionError("Tab from the contracts never reached End the turn")
    inside(page, page.get_by_role("button", name="End the turn"))
    page.keyboard.press("Shift+Tab")  # the bar's link up to the contracts
    page.keyboard.press("Enter")
    inside(page, page.locator("#rami-offers-title"))


def test_the_cards_to_discard_are_said_at_the_screens_foot(new_page):
    page = new_page(**PHONE)
    julius = sign_up(page, "Julius")
    game = table_with_computers(julius, "romirami")
    twelve = "1C 2C 3C 4C 5C 1D 2D 3D 4D 5D 1H 2H"
    Game.objects.filter(pk=game.pk).update(state=table(hands={0: twelve}, phase="discard"))
    page.goto(f"/g/{game.code}/")
    bar = page.locator(".rami-bar")
    scroll_to(page, "bottom")
    inside(page, bar)
    assert "Tap 2 cards in your hand to discard them." in bar.inner_text()
    bar.get_by_role("link", name="Your hand").click()
    inside(page, page.locator("button.rami-discard").first)
    shot(page, "phone_discard")
    version = page.locator("#board").get_attribute("data-version")
    page.locator("button.rami-discard").first.click()
    wait_for_redraw(page, version)
    assert "Tap 1 card in your hand to discard it." in page.locator(".rami-bar").inner_text()
    assert_accessible(page)


def test_the_folds_stay_as_the_player_left_them(new_page):
    page = new_page(**PHONE)
    a_turn(page, 3, "play")
    log = page.locator("#rami-log")
    assert log.get_attribute("open") is None  # folded on a phone
    log.locator("summary").click()
    version = page.locator("#board").get_attribute("data-version")
    page.locator("button.rami-way").first.click()
    wait_for_redraw(page, version)
    expect(page.locator("#rami-log")).to_have_attribute("open", "")  # as he left it, once the board settles
    expect(page.locator("#rami-log .log")).to_be_visible()
    assert page.locator("#rami-trophies").get_attribute("open") is None


def test_a_laptop_turn(new_page):
    page = new_page(**LAPTOP)
    a_turn(page, 4, "play")
    shot(page, "laptop_4_play", full_page=True)
    no_sideways_scroll(page)
    for fold in ("#rami-trophies", "#rami-log", "#rami-player-0", "#rami-last-turn"):
        assert page.locator(fold).get_attribute("open") is not None, f"{fold} is folded on a laptop"
    end = page.get_by_role("button", name="End the turn")
    inside(page, end)
    scroll_to(page, "bottom")
    inside(page, end)
    apart(page.locator(".rami-bar"), page.locator("section.rami-table"))
    for shown in (".rami-trophies", "#rami-log .log", "#rami-player-1 .rami-facts"):
        expect(page.locator(shown)).to_be_visible()
    assert_accessible(page)
