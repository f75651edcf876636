"""In-person score sheets on a 390x844 phone: no page scrolls sideways, no column heading splits a
name, the Roman Road sheet shows
every player's column on screen, a finished Roman Road sheet offers no more entry, and each sheet
passes the accessibility scan at phone and laptop sizes."""

from __future__ import annotations

import pytest

from accounts.models import User
from scoresheets.models import ScoreSheet
from tests.e2e.accessibility import PHONE, assert_accessible
from tests.e2e.layout import inside, text_inside, words_whole
from tests.e2e.test_accessibility_e2e import sign_up

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]

ROAD = {"amen_bonus": True, "negative": False, "target": 40}
FOUR = ["Julius", "Agrippina", "Gaius", "Livia"]
SHEETS = {
    "romanroad": (FOUR, ROAD, [{"type": "hand", "foundations": [12, 8, 15, 3], "store": [4, 6, 0, 2]}]),
    "catacombs": (FOUR[:3], {}, [{"type": "write", "seat": 0, "book": "1 Thessalonians", "slot": 0}]),
    "poker": (FOUR + ["Nero", "Otho"], {}, []),
    "romirami": (FOUR, {"trophies": ["suit"] * 4}, []),
    "roads": (FOUR[:3], {}, []),
}


def test_every_sheet_fits_a_phone_and_passes_the_scan(new_page):
    page = new_page(**PHONE)
    owner = sign_up(page, "Julius")
    for kind, (names, options, entries) in SHEETS.items():
        sheet = ScoreSheet.objects.create(
            kind=kind, names=names, owner=owner, options=options, entries=entries
        )
        page.goto(sheet.get_absolute_url())
        assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"], (
            f"{kind} scrolls sideways"
        )
        words_whole(page.locator(".sheet-score th"))  # "Agrippi|na" reads as two words
        text_inside(page.locator(".sheet-score"))  # and the widened columns stay inside the card
        page.screenshot(path=f"test-artifacts/sheet-{kind}-phone.png", full_page=True)
        if kind == "romanroad":
            for name in names:
                inside(page, page.locator(".sheet-score thead th", has_text=name))
        assert_accessible(page)


def test_a_finished_roman_road_sheet_takes_no_more_hands(new_page):
    page = new_page(**PHONE)
    owner = sign_up(page, "Julius")
    assert User.objects.get() == owner
    sheet = ScoreSheet.objects.create(
        kind="romanroad",
        names=FOUR[:2],
        owner=owner,
        options=ROAD,
        entries=[{"type": "hand", "foundations": [30, 3], "store": [0, 5]}],  # 30 + the Amen bonus 10
    )
    page.goto(sheet.get_absolute_url())
    assert "Julius wins with" in page.locator(".sheet-status").inner_text()
    assert page.get_by_role("button", name="Add the hand").count() == 0
    assert page.get_by_role("button", name="Undo the last entry").count() == 1
