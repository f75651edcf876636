"""The Roman Poker in-person sheet on a 390x844 phone at a kitchen table: after each number the
next player in seat order is already picked, so two players' numbers in a row land in their own
columns without re-picking the name. Screenshot in test-artifacts/."""

from __future__ import annotations

import pytest

from scoresheets.models import ScoreSheet
from tests.e2e.accessibility import PHONE, assert_accessible
from tests.e2e.test_accessibility_e2e import sign_up
from tests.paths import ARTIFACTS

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]


def enter_number(page, value: int, row: int) -> None:
    form = page.locator("form", has=page.get_by_role("button", name="Enter the number"))
    form.get_by_label("Number").fill(str(value))
    form.get_by_label("Row").select_option(str(row))
    with page.expect_navigation():
        form.get_by_role("button", name="Enter the number").tap()


def test_two_players_in_a_row_need_no_re_picking(browser, live_server):
    context = browser.new_context(base_url=live_server.url, viewport=PHONE, has_touch=True, is_mobile=True)
    context.set_default_timeout(15_000)
    try:
        page = context.new_page()
        owner = sign_up(page, "Julius")
        sheet = ScoreSheet.objects.create(
            kind="poker", names=["Mum", "Dad", "Lucia"], owner=owner, options={}, entries=[]
        )
        page.goto(sheet.get_absolute_url())
        player = page.locator("form", has=page.get_by_role("button", name="Enter the number")).get_by_label(
            "Player"
        )
        assert player.evaluate("el => el.selectedOptions[0].text") == "Mum"
        enter_number(page, 15, 1)
        assert player.evaluate("el => el.selectedOptions[0].text") == "Dad"
        enter_number(page, 15, 1)
        assert player.evaluate("el => el.selectedOptions[0].text") == "Lucia"
        ARTIFACTS.mkdir(exist_ok=True)
        page.screenshot(path=str(ARTIFACTS / "poker_sheet_next_player_phone.png"), full_page=True)
        sheet.refresh_from_db()
        assert [(entry["seat"], entry["value"]) for entry in sheet.entries] == [(0, 15), (1, 15)]
        assert_accessible(page)
    finally:
        context.close()
