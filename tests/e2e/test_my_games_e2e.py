"""My games on a phone, kept current by a push: the host starts a table in her browser and the
player's open My games page moves it to "Your turn" without a reload, and its tab's title counts it.

A daphne process serves both browsers (pages and WebSockets), its channel layer on Redis, over
this test's PostgreSQL database, as in production.
"""

from __future__ import annotations

import pytest
from django.db import connection
from django.test import Client
from playwright.sync_api import expect

from games.play import services
from tests.integration.live_harness import asgi_server
from tests.integration.mail_harness import database_url
from tests.paths import ARTIFACTS
from tests.real_parts import REDIS, require

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]


PHONE = {"width": 390, "height": 844}


@pytest.fixture
def site():
    require("My games' push", redis=True)
    layer = f"redis://{REDIS[0]}:{REDIS[1]}/14"
    with asgi_server(database=database_url(connection.settings_dict), channel_layer=layer) as base:
        yield base


@pytest.fixture
def phone_of(browser, site):
    contexts = []

    def open_(user):
        client = Client()
        client.force_login(user)
        context = browser.new_context(viewport=PHONE, base_url=site)
        context.add_cookies([{"name": "sessionid", "value": client.cookies["sessionid"].value, "url": site}])
        contexts.append(context)
        page = context.new_page()
        page.set_default_timeout(15_000)
        return page

    yield open_
    for context in contexts:
        context.close()


def test_my_games_moves_a_started_table_to_your_turn_without_a_reload(phone_of, make_user):
    agrippina, julius = make_user("Agrippina"), make_user("Julius")
    table = services.create_game(agrippina, "poker", {}, 2, "seated", host_plays=False)
    services.join_game(table.pk, julius)
    services.add_bot(table.pk, agrippina)

    mine = phone_of(julius)
    mine.goto("/games/")
    waiting = mine.locator("#my-games").get_by_text("waiting for Agrippina to start")
    assert waiting.is_visible()
    assert mine.title() == "My games · Roman Games"
    mine.wait_for_selector("html[data-live=on]", state="attached")  # the player's socket is up
    mine.evaluate("window.__samePage = true")

    hosts = phone_of(agrippina)
    hosts.goto(table.get_absolute_url())
    hosts.get_by_role("button", name="Start the game").click()

    your_turn = mine.locator("#my-games .your-turn")
    your_turn.get_by_text(table.code).wait_for(timeout=5_000)  # pushed: well before the 30 s poll
    assert mine.evaluate("window.__samePage === true")  # no reload
    assert "no time limit" in your_turn.inner_text()
    expect(mine).to_have_title("(1) My games · Roman Games")  # the tab says so too (once the list settles)
    ARTIFACTS.mkdir(exist_ok=True)
    mine.screenshot(path=str(ARTIFACTS / "my-games-phone.png"), full_page=True)
