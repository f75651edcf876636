"""The browser's own zone reaches the page: Chromium set to Tokyo reads the daily turnover in JST."""

import pytest
from django.test import Client

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]


@pytest.mark.parametrize(("zone", "abbreviation"), [("Asia/Tokyo", "JST"), ("America/Los_Angeles", "P")])
def test_the_page_learns_the_browsers_zone_and_the_account_keeps_it(
    browser, live_server, make_user, zone, abbreviation
):
    user = make_user("Julius")
    client = Client()
    client.force_login(user)
    phone = {"width": 390, "height": 844}
    context = browser.new_context(base_url=live_server.url, timezone_id=zone, viewport=phone)
    session = client.cookies["sessionid"].value
    context.add_cookies([{"name": "sessionid", "value": session, "url": live_server.url}])
    page = context.new_page()
    page.goto("/catacombs/daily/")
    page.wait_for_selector(f'html[data-tz="{zone}"]', state="attached")  # told, then reloaded
    turnover = page.locator("[data-local-time]").first.inner_text()
    assert f" {abbreviation}" in turnover and "UTC: for you" in turnover
    user.refresh_from_db()
    assert user.time_zone == zone
    context.close()
