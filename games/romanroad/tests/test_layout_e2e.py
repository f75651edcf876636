"""Roman Road on a 390x844 phone and a 1280x800 laptop: your Store top, the three Work piles, the
Search pile and every Foundation are on screen together with no scrolling; a card is moved by
keyboard alone; a Foundation's icon stays clear of its words and no word of a card or a verse is
split over two lines; the table passes the accessibility scan."""

from __future__ import annotations

import pytest

from games.models import Game
from games.romanroad.tests.site import begin
from tests.e2e.accessibility import LAPTOP, PHONE, assert_accessible
from tests.e2e.layout import (
    apart,
    inside,
    no_sideways_scroll,
    table_with_computers,
    wait_for_redraw,
    words_whole,
)
from tests.e2e.test_accessibility_e2e import sign_up
from tests.paths import ARTIFACTS

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]


def table(user) -> Game:
    return begin(table_with_computers(user, "romanroad", players=4), [user])


def with_foundations(game: Game, count: int) -> Game:
    """The table with ``count`` Foundations in play, each a 1 with the 2 and the 3 of its suit on
    it where those are still in a seat's hands (every card stays in exactly one place)."""
    state = game.state
    places = [place for seat in state["seats"] for place in (seat["store"], *seat["work"])]
    places += [seat[name] for seat in state["seats"] for name in ("search", "pile")]

    def take(card: str) -> bool:
        for place in places:
            if card in place:
                place.remove(card)
                return True
        return False

    ones = sorted(card for place in places for card in place if card.endswith("-1"))[:count]
    assert len(ones) == count
    state["foundations"] = []
    for number, one in enumerate(ones):
        take(one)
        deck, suit, _ = one.split("-")
        cards = [one]
        for rank in (2, 3):
            if not take(f"{deck}-{suit}-{rank}"):
                break
            cards.append(f"{deck}-{suit}-{rank}")
        state["foundations"].append({"id": number, "suit": suit, "cards": cards})
    state["next_foundation"] = count
    game.save()
    return game


def assert_one_screen(page) -> None:
    """Your Store top, the Work piles, the Search top and every Foundation inside the viewport."""
    no_sideways_scroll(page)
    board = page.locator("#board")
    for place in (".rr-store-place .rr-card", ".rr-search-place .rr-deck", ".rr-search-place .rr-pile-top"):
        inside(page, board.locator(place).first)
    work = board.locator(".rr-work-place .rr-work")
    assert work.count() == 3
    for pile in work.all():
        inside(page, pile.locator(".rr-card, .rr-slot").last)  # its top card, or the empty pile
    for foundation in board.locator(".rr-foundation").all():
        inside(page, foundation)
    assert page.evaluate("scrollY") == 0


@pytest.mark.parametrize("size", [PHONE, LAPTOP], ids=["phone", "laptop"])
def test_your_piles_and_every_foundation_share_one_screen(new_page, size):
    page = new_page(**size)
    game = table(sign_up(page, "Julius"))
    page.goto(f"/g/{game.code}/")
    assert_one_screen(page)
    assert_accessible(page)


@pytest.mark.parametrize("count", [7, 12, 16])
@pytest.mark.parametrize("size", [PHONE, LAPTOP], ids=["phone", "laptop"])
def test_many_foundations_still_share_one_screen_with_your_piles(new_page, size, count):
    page = new_page(**size)
    game = with_foundations(table(sign_up(page, "Julius")), count)
    page.goto(f"/g/{game.code}/")
    assert page.locator("#board .rr-foundation:not(.rr-new)").count() >= count
    assert_one_screen(page)
    assert_accessible(page)


@pytest.mark.parametrize("size", [PHONE, LAPTOP], ids=["phone", "laptop"])
def test_a_foundations_icon_clears_its_words_and_no_word_is_split(new_page, size):
    page = new_page(**size)
    game = with_foundations(table(sign_up(page, "Julius")), 5)
    page.goto(f"/g/{game.code}/")
    foundations = page.locator("#board .rr-foundation:not(.rr-new)")
    assert foundations.count() == 5
    name = "phone" if size == PHONE else "laptop"
    ARTIFACTS.mkdir(exist_ok=True)
    page.locator(".rr-middle").screenshot(path=str(ARTIFACTS / f"e2e_romanroad_foundations_{name}.png"))
    for foundation in foundations.all():
        card = foundation.locator(".rr-card")
        apart(card.locator(".rr-sym"), card.locator(".rr-words"))
        apart(card.locator(".rr-rank"), card.locator(".rr-words"))
    words_whole(page.locator("#board .rr-card .rr-words"))
    reads = page.locator("#board .rr-reads")
    words_whole(reads)
    for line in reads.all():
        if line.bounding_box()["width"] <= 1:
            continue  # on a phone the verse is read out only
        assert line.evaluate("e => e.scrollHeight <= e.clientHeight + 1"), "the preview is cut by the box"
        shown = line.locator("[aria-hidden=true]").inner_text()
        verse = line.locator(".rr-sr").inner_text().removeprefix("It reads: ")
        assert shown == verse or (shown.endswith("…") and verse.startswith(shown[:-1] + " "))


def test_a_card_is_moved_by_keyboard_alone(new_page):
    page = new_page(**PHONE)
    game = table(sign_up(page, "Julius"))
    page.goto(f"/g/{game.code}/")
    page.locator(".rr-you .rr-deck").wait_for()
    playable = page.locator(".rr-you .rr-playable").count() > 0
    wanted = "rr-playable" if playable else "rr-deck"  # no card fits anywhere yet: flip the Search deck
    version = page.locator("#board").get_attribute("data-version")
    for _ in range(60):
        page.keyboard.press("Tab")
        if page.evaluate("c => document.activeElement.classList.contains(c)", wanted):
            break
    else:
        raise AssertionError(f"Tab never reached the {wanted}")
    page.keyboard.press("Enter")  # a card: pick it up, the first place it fits takes the focus
    if playable:
        assert page.evaluate("document.activeElement.classList.contains('rr-drop')")
        page.keyboard.press("Enter")  # put it there
    wait_for_redraw(page, version)
    assert "Julius" in page.locator(".rr-log").inner_text()


def test_a_touch_drag_puts_a_card_on_a_foundation(browser, live_server):
    context = browser.new_context(base_url=live_server.url, viewport=PHONE, has_touch=True, is_mobile=True)
    context.set_default_timeout(15_000)
    try:
        page = context.new_page()
        game = table(sign_up(page, "Julius"))
        seat = game.seats.get(user__display_name="Julius").position
        mine = game.state["seats"][seat]
        places = [mine["store"], *mine["work"], mine["search"], mine["pile"]]
        place = next(p for p in places if any(card.endswith("-1") for card in p))
        one = next(card for card in place if card.endswith("-1"))
        index = place.index(one)
        place[index], mine["store"][-1] = mine["store"][-1], one  # a 1 on top of the Store
        game.save()
        page.goto(f"/g/{game.code}/")
        source = page.locator(f'.rr-store-place [data-card="{one}"]')
        target = page.locator(".rr-new")
        start, end = source.bounding_box(), target.bounding_box()
        x0, y0 = start["x"] + start["width"] / 2, start["y"] + start["height"] / 2
        x1, y1 = end["x"] + end["width"] / 2, end["y"] + end["height"] / 2
        assert y1 < PHONE["height"]  # the Foundations are on screen: no scrolling mid-drag
        version = page.locator("#board").get_attribute("data-version")
        cdp = context.new_cdp_session(page)
        cdp.send("Input.dispatchTouchEvent", {"type": "touchStart", "touchPoints": [{"x": x0, "y": y0}]})
        page.wait_for_timeout(200)
        for step in range(1, 13):
            x, y = x0 + (x1 - x0) * step / 12, y0 + (y1 - y0) * step / 12
            cdp.send("Input.dispatchTouchEvent", {"type": "touchMove", "touchPoints": [{"x": x, "y": y}]})
            page.wait_for_timeout(20)
        cdp.send("Input.dispatchTouchEvent", {"type": "touchEnd", "touchPoints": []})
        wait_for_redraw(page, version)
        game.refresh_from_db()
        assert [f["cards"] for f in game.state["foundations"]] == [[one]]
    finally:
        context.close()


@pytest.mark.parametrize("size", [PHONE, LAPTOP], ids=["phone", "laptop"])
def test_before_begin_the_countdown_and_your_cards_share_the_first_screen(new_page, size):
    """A hand just dealt: who is awaited, then (everyone ready) the countdown in big figures, on the
    first screen with your Store and Work piles, and nothing to play yet."""
    page = new_page(**size)
    user = sign_up(page, "Julius")
    game = table_with_computers(user, "romanroad", players=4)
    page.goto(f"/g/{game.code}/")
    assert "Waiting for Julius" in page.locator(".rr-begin").inner_text()  # the computer players are ready
    page.get_by_role("button", name="I am ready").click()
    page.wait_for_selector(".rr-begin-countdown")
    countdown = page.locator(".rr-begin-countdown")
    inside(page, countdown)
    assert countdown.bounding_box()["height"] >= 50
    inside(page, page.locator(".rr-store-place .rr-card").first)
    for pile in range(3):
        inside(page, page.locator(f'.rr-zone[data-to="work:{pile}"]'))
    assert page.locator(".rr-you [data-card][data-targets]:not([data-targets=''])").count() == 0
    ARTIFACTS.mkdir(exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / f"romanroad-begin-{size['width']}.png"))
    assert_accessible(page)
