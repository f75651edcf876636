"""A half-made choice outlives a reload (static/js/picks.js): a ticked Romi Rami market card and a
picked Catacombs card are there again, lit as before, when the page is drawn again at the same
version; once the table moved on they are not."""

from __future__ import annotations

import pytest
from django.test import Client

from games.catacombs import runs
from games.models import Game

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]

PHONE = {"width": 390, "height": 844}


@pytest.fixture
def signed_in_page(browser, live_server):
    contexts = []

    def open_(user):
        context = browser.new_context(viewport=PHONE, has_touch=True, base_url=live_server.url)
        client = Client()
        client.force_login(user)
        cookie = {"name": "sessionid", "value": client.cookies["sessionid"].value, "url": live_server.url}
        context.add_cookies([cookie])
        contexts.append(context)
        page = context.new_page()
        page.set_default_timeout(10_000)
        return page

    yield open_
    for context in contexts:
        context.close()


def test_a_ticked_market_card_is_ticked_again_after_a_reload(make_table, signed_in_page):
    game, users = make_table(kind="romirami", names=("Julius", "Agrippina"))
    to_act = game.engine.to_act(game.state)[0]
    page = signed_in_page(users[to_act])
    page.goto(game.get_absolute_url())
    market = page.locator("form[data-takes] input[name=cards]")
    card = market.first.get_attribute("value")
    page.locator(f"label.rami-pick:has(input[value='{card}'])").tap()
    take = page.locator("[data-take-button]")
    assert take.is_enabled() and take.inner_text() == "Take this card"

    page.reload()
    ticked = page.locator("form[data-takes] input[name=cards]:checked")
    assert ticked.count() == 1 and ticked.get_attribute("value") == card
    assert take.is_enabled() and take.inner_text() == "Take this card"  # the game's script heard it

    Game.objects.filter(pk=game.pk).update(version=game.version + 1)  # the table moved on meanwhile
    page.reload()
    assert page.locator("form[data-takes] input[name=cards]:checked").count() == 0
    assert not take.is_enabled()


def test_a_picked_catacombs_card_is_picked_again_after_a_reload(make_user, signed_in_page):
    gaius = make_user("Gaius")
    game = runs.start_solo(gaius)
    page = signed_in_page(gaius)
    page.goto(game.get_absolute_url())
    playable = page.locator(".cc-pick .pick:not([disabled])").first
    key = playable.get_attribute("data-keep")
    page.locator(f"label[for='{playable.get_attribute('id')}']").tap()
    slots = page.locator("button.cc-write:visible").count()
    assert slots >= 1  # the pick lights where it may go

    page.reload()
    assert page.locator(".cc-pick .pick:checked").get_attribute("data-keep") == key
    assert page.locator("button.cc-write:visible").count() == slots
