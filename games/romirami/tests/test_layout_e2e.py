"""Romi Rami on a 390x844 phone and a 1280x800 laptop: the Number market and the Take button are on
screen without sideways scrolling, and no contract's name is split inside a word; cards are taken
by keyboard alone; the table passes the scan. The final scores of four players fit a 360 px phone."""

from __future__ import annotations

from io import BytesIO

import pytest
from django.utils import timezone
from PIL import Image, ImageStat

from games.models import Game
from games.romirami.tests.helpers import table
from tests.e2e.accessibility import LAPTOP, PHONE, assert_accessible
from tests.e2e.layout import inside, no_sideways_scroll, table_with_computers, wait_for_redraw, words_whole
from tests.e2e.test_accessibility_e2e import sign_up
from tests.paths import ARTIFACTS

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]


SMALL_PHONE = {"width": 360, "height": 780}


def my_turn(page) -> Game:
    julius = sign_up(page, "Julius")
    game = table_with_computers(julius, "romirami")
    game.state["turn"] = game.seats.get(user=julius).position
    game.save()
    page.goto(f"/g/{game.code}/")
    return game


@pytest.mark.parametrize("size", [PHONE, LAPTOP], ids=["phone", "laptop"])
def test_the_market_and_take_fit_the_screen(new_page, size):
    page = new_page(**size)
    my_turn(page)
    no_sideways_scroll(page)
    words_whole(page.locator("#board .rami-contract-name"))
    market = page.locator("form.rami-take")
    for card in market.locator(".rami-pick").all():
        box = card.bounding_box()
        assert box["x"] >= 0 and box["x"] + box["width"] <= size["width"], box
    inside(page, page.locator(".rami-bar [data-take-button]"))  # in the turn's bar, at the screen's foot
    assert_accessible(page)


def test_cards_are_taken_by_keyboard_alone(new_page):
    page = new_page(**PHONE)
    my_turn(page)
    page.wait_for_function("() => document.querySelector('[data-take-button]')?.disabled === true")
    version = page.locator("#board").get_attribute("data-version")
    for _ in range(80):
        page.keyboard.press("Tab")
        if page.evaluate("document.activeElement.name") == "cards":
            break
    else:
        raise AssertionError("Tab never reached the market")
    page.keyboard.press("Space")  # one card is always a group you may take
    for _ in range(20):
        page.keyboard.press("Tab")
        if page.evaluate("document.activeElement.hasAttribute('data-take-button')"):
            break
    else:
        raise AssertionError("Tab never reached the Take button")
    assert page.evaluate("document.activeElement.disabled") is False
    page.keyboard.press("Enter")
    wait_for_redraw(page, version)
    assert "Julius" in page.locator("#board").inner_text()


def four_players_at_the_end(page, longest: str = "Julius") -> Game:
    """Agrippina's finished table of four, two-digit contract points each (as at a real end)."""
    agrippina = sign_up(page, "Agrippina")
    game = table_with_computers(agrippina, "romirami", players=4)
    game.seats.filter(position=2).update(name="Gaius")
    game.seats.filter(position=3).update(name=longest)
    many = ["run3+5-kind-heart", "3-kind+run4-diamond", "run3+4-kind-heart", "run4-cherry"]
    contracts = {0: many, 1: ["run3+5-kind-diamond", "pair+run5-clover"], 2: ["5-kind-cherry"], 3: []}
    empty = dict.fromkeys(range(4), "")
    state = table(players=4, hands=empty, contracts=contracts, phase="over", bonus={0: "1D", 1: "1C 2C"})
    state["end_reason"] = "contracts"
    game.state, game.status, game.finished_at = state, Game.Status.FINISHED, timezone.now()
    game.save()
    return game


@pytest.mark.parametrize("size", [SMALL_PHONE, PHONE], ids=["360", "390"])
def test_four_players_final_scores_fit_a_phone(new_page, size):
    page = new_page(**size)
    game = four_players_at_the_end(page)
    page.goto(f"/g/{game.code}/")
    final = page.locator("section.rami-final")
    final.get_by_role("heading", name="Final scores").wait_for()
    final.locator("table").scroll_into_view_if_needed()
    ARTIFACTS.mkdir(exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / f"e2e_romirami_final_four_{size['width']}.png"))
    no_sideways_scroll(page)
    scroller = final.locator(".rami-scroll")
    assert scroller.evaluate("e => e.scrollWidth <= e.clientWidth"), "the scores scroll inside the table"
    words_whole(final.locator("thead th, tbody th"))
    final.locator(".rami-total-row").scroll_into_view_if_needed()
    for seat in range(4):
        inside(page, final.locator(f"th[data-seat='{seat}'] .rami-name"))
        inside(page, final.locator(f"td.rami-total[data-seat='{seat}']"))
    assert_accessible(page)


def right_edge_shade(page, scroller) -> float:
    """How dark the strip just inside the right edge of ``scroller`` is, beside its second row (0 white;
    Pillow comes with the PDF pads' WeasyPrint)."""
    box, row = scroller.bounding_box(), scroller.locator("tbody tr").nth(1).bounding_box()
    clip = {"x": box["x"] + box["width"] - 8, "y": row["y"] + row["height"] / 2, "width": 6, "height": 1}
    strip = Image.open(BytesIO(page.screenshot(clip=clip))).convert("L")
    return 255 - ImageStat.Stat(strip).mean[0]


def test_a_table_still_too_wide_shows_that_it_scrolls(new_page):
    page = new_page(**SMALL_PHONE)
    game = four_players_at_the_end(page, longest="Maximilianusaurelius")
    page.goto(f"/g/{game.code}/")
    scroller = page.locator("section.rami-final .rami-scroll")
    scroller.scroll_into_view_if_needed()
    assert scroller.evaluate("e => e.scrollWidth > e.clientWidth")
    no_sideways_scroll(page)
    page.screenshot(path=str(ARTIFACTS / "e2e_romirami_final_too_wide_360.png"))
    assert right_edge_shade(page, scroller) > 15, "no sign of the hidden columns"
    scroller.evaluate("e => { e.scrollLeft = e.scrollWidth; }")
    page.screenshot(path=str(ARTIFACTS / "e2e_romirami_final_too_wide_scrolled_360.png"))
    assert right_edge_shade(page, scroller) < 8, "a shadow at the end of the table"
