"""The Catacombs in-person sheet on a 390x844 phone and a 1280x800 laptop: the entry comes before
the scorecards, the book is picked by its category, a row is entered by tap and by keyboard alone,
nothing scrolls sideways and the page passes the accessibility scan; on a phone the scorecards'
words (Category, Revelation, 2 Thessalonians) stay whole."""

from __future__ import annotations

import pytest

from scoresheets.models import ScoreSheet
from tests.e2e.accessibility import LAPTOP, PHONE, assert_accessible
from tests.e2e.layout import inside, text_inside, words_whole
from tests.e2e.test_accessibility_e2e import sign_up
from tests.paths import ARTIFACTS

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]


NAMES = ["Julius", "Agrippina", "Gaius"]
ENTERED = {"type": "write", "seat": 1, "slot": 1, "rank": None, "book": "Luke"}


def open_sheet(page, size) -> ScoreSheet:
    owner = sign_up(page, "Julius")
    sheet = ScoreSheet.objects.create(kind="catacombs", names=NAMES, owner=owner, options={}, entries=[])
    page.goto(sheet.get_absolute_url())
    assert page.evaluate("document.documentElement.scrollWidth") <= size["width"]
    return sheet


def entered(page, sheet: ScoreSheet, size, send) -> None:
    with page.expect_navigation():
        send()
    sheet.refresh_from_db()
    assert sheet.entries == [ENTERED]
    card = page.locator(".sheet-table", has=page.locator("caption", has_text="Agrippina"))
    assert "Luke" in card.locator("tr", has_text="Gospels and Acts").inner_text()
    assert page.evaluate("document.documentElement.scrollWidth") <= size["width"]
    assert_accessible(page)


@pytest.mark.parametrize("size", [PHONE, LAPTOP], ids=["phone", "laptop"])
def test_a_row_is_entered_by_tap_with_the_book_picked_by_its_category(browser, live_server, size):
    phone = size is PHONE
    context = browser.new_context(base_url=live_server.url, viewport=size, has_touch=phone, is_mobile=phone)
    context.set_default_timeout(15_000)
    try:
        page = context.new_page()
        sheet = open_sheet(page, size)
        form = page.locator("form", has=page.get_by_role("button", name="Write it"))
        players = form.get_by_role("group", name="Player")
        inside(page, players)  # the entry is on the first screen, above the scorecards
        assert form.locator("label.cc-pick-book", has_text="Luke").is_hidden()  # until its category opens
        gospels = form.locator("summary", has_text="Gospels and Acts")
        inside(page, gospels)
        tap = (lambda locator: locator.tap()) if phone else (lambda locator: locator.click())
        tap(players.get_by_text("Agrippina"))
        tap(gospels)
        luke = form.locator("label.cc-pick-book", has_text="Luke")
        assert luke.is_visible() and form.locator("label.cc-pick-book", has_text="Genesis").is_hidden()
        tap(luke)
        tap(form.get_by_role("group", name="Slot").get_by_text("Middle"))
        assert_accessible(page)
        entered(page, sheet, size, lambda: tap(form.get_by_role("button", name="Write it")))
    finally:
        context.close()


def focus_on(page, test: str, arg=None, presses: int = 40) -> None:
    """Tab until ``test`` (a function of the focused element) holds."""
    for _ in range(presses):
        page.keyboard.press("Tab")
        if page.evaluate(f"a => ({test})(document.activeElement, a)", arg):
            return
    raise AssertionError(f"Tab never reached {test} {arg or ''}")


@pytest.mark.parametrize("size", [PHONE, LAPTOP], ids=["phone", "laptop"])
def test_a_row_is_entered_by_keyboard_alone(new_page, size):
    page = new_page(**size)
    sheet = open_sheet(page, size)
    focus_on(page, "el => el.name === 'seat'")
    while page.evaluate("document.activeElement.value") != "1":
        page.keyboard.press("ArrowRight")  # arrows move the choice through a radio group
    focus_on(
        page, "(el, name) => el.tagName === 'SUMMARY' && el.textContent.includes(name)", "Gospels and Acts"
    )
    page.keyboard.press("Enter")
    focus_on(page, "el => el.name === 'book'")
    while page.evaluate("document.activeElement.value") != "Luke":
        page.keyboard.press("ArrowRight")
    focus_on(page, "el => el.name === 'slot'")
    page.keyboard.press("ArrowRight")
    assert page.evaluate("document.activeElement.value") == "1"
    focus_on(page, "el => el.tagName === 'BUTTON' && el.textContent.trim() === 'Write it'")
    entered(page, sheet, size, lambda: page.keyboard.press("Enter"))


LONG_BOOKS = [
    {"type": "write", "seat": 0, "slot": 0, "rank": None, "book": "Deuteronomy"},
    {"type": "write", "seat": 0, "slot": 0, "rank": None, "book": "Lamentations"},
    {"type": "write", "seat": 0, "slot": 0, "rank": None, "book": "Philippians"},
    {"type": "write", "seat": 0, "slot": 1, "rank": None, "book": "1 Thessalonians"},
    {"type": "write", "seat": 0, "slot": 2, "rank": None, "book": "2 Thessalonians"},
]


def test_the_scorecards_keep_every_word_whole_on_a_phone(new_page):
    page = new_page(**PHONE)
    owner = sign_up(page, "Julius")
    sheet = ScoreSheet.objects.create(
        kind="catacombs", names=NAMES, owner=owner, options={}, entries=LONG_BOOKS
    )
    page.goto(sheet.get_absolute_url())
    card = page.locator(".sheet-table", has=page.locator("caption", has_text="Julius"))
    assert "2 Thessalonians" in card.locator("tr", has_text="Letters and Revelation").inner_text()
    card.scroll_into_view_if_needed()
    ARTIFACTS.mkdir(exist_ok=True)
    card.screenshot(path=str(ARTIFACTS / "e2e_catacombs_sheet_table_phone.png"))
    cells = page.locator(".sheet-table th, .sheet-table td")
    words_whole(cells)
    text_inside(cells)
    assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
