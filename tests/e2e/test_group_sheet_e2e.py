"""A paper game kept for a group on a 390x844 phone in Chromium: from the group page the host
starts a Roman Poker sheet whose names are already the members, enters every number with the
next player and the next row already picked, and the finished sheet stands in the group's (and
the night's) standings. Screenshots in test-artifacts/."""

from __future__ import annotations

import pytest
from django.test import Client
from django.urls import reverse

from groups import services
from groups.models import GroupSheet, Membership
from tests.e2e.accessibility import PHONE, assert_accessible
from tests.paths import ARTIFACTS

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]


def signed_in_phone(browser, live_server, user):
    client = Client()
    client.force_login(user)
    context = browser.new_context(base_url=live_server.url, viewport=PHONE, has_touch=True, is_mobile=True)
    context.add_cookies(
        [{"name": "sessionid", "value": client.cookies["sessionid"].value, "url": live_server.url}]
    )
    context.set_default_timeout(15_000)
    return context


def picked(form, label: str) -> str:
    return form.get_by_label(label).evaluate("el => el.selectedOptions[0].text")


def test_a_sheet_started_on_the_group_page_is_filled_row_by_row_and_stands(browser, live_server, make_user):
    anna, ben = make_user("Anna"), make_user("Ben")
    group = services.create_group(anna, "The Romans")
    services.join_group(group, ben)
    services.start_night(Membership.objects.get(group=group, user=anna))
    ARTIFACTS.mkdir(exist_ok=True)
    context = signed_in_phone(browser, live_server, anna)
    try:
        page = context.new_page()
        page.goto(reverse("group", args=[group.pk]))
        page.get_by_role("link", name="Start a Roman Poker score sheet").tap()
        names = page.get_by_label("Players, in seat order")
        assert names.input_value().split() == ["Anna", "Ben"]  # the members, nothing typed
        page.screenshot(path=str(ARTIFACTS / "group-sheet-start-phone.png"), full_page=True)
        assert_accessible(page)
        with page.expect_navigation():
            page.get_by_role("button", name="Start the sheet").tap()

        enter = page.locator("form", has=page.get_by_role("button", name="Enter the number"))
        for row in range(1, 8):
            for name, value in (("Anna", row), ("Ben", row + 10)):
                assert (picked(enter, "Player"), picked(enter, "Row")) == (name, str(row))
                enter.get_by_label("Number").fill(str(value))  # the only thing typed
                with page.expect_navigation():
                    enter.get_by_role("button", name="Enter the number").tap()
        assert page.get_by_text("The game is over.").is_visible()  # both columns full: the round too
        page.screenshot(path=str(ARTIFACTS / "group-sheet-filled-phone.png"), full_page=True)
        assert_accessible(page)

        attached = GroupSheet.objects.get()
        assert attached.group == group and attached.members == [anna.pk, ben.pk]
        page.goto(reverse("group", args=[group.pk]))
        standings = page.locator("table.stats tbody tr")
        # Points, won, played: Ben finished ahead of Anna.
        assert standings.nth(0).inner_text().split() == ["Ben", "1", "1", "1"]
        assert standings.nth(1).inner_text().split() == ["Anna", "0", "0", "1"]
        assert page.get_by_role("link", name="Roman Poker on paper").first.is_visible()
        page.screenshot(path=str(ARTIFACTS / "group-sheet-standings-phone.png"), full_page=True)
        assert_accessible(page)
    finally:
        context.close()
