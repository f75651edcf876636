"""Screen readers hear the game: a move made on one page is read out on the other players' pages
(#turn-announce, aria-live), with "Your turn" when it comes to them."""

from __future__ import annotations

import re

import pytest

from accounts.models import User
from games.play import services
from tests.e2e.test_accessibility_e2e import sign_up

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]


def test_a_move_is_announced_on_the_other_page(new_page):
    julius_page, agrippina_page = new_page(), new_page(width=390, height=844)
    julius = sign_up(julius_page, "Julius")
    agrippina = sign_up(agrippina_page, "Agrippina")
    assert User.objects.count() == 2
    game = services.create_game(julius, "poker", {}, 2, "seated")
    services.join_game(game.pk, agrippina)
    services.start_game(game.pk, julius)
    julius_page.goto(f"/g/{game.code}/")
    agrippina_page.goto(f"/g/{game.code}/")
    assert agrippina_page.locator("#turn-announce").inner_text() == ""  # nothing read on arrival
    julius_page.get_by_role("button", name=re.compile("^Roll")).click()
    julius_page.locator("#board .log-turn").first.wait_for()
    agrippina_page.wait_for_function(
        "() => document.getElementById('turn-announce').textContent.includes('Julius rolled')", timeout=15_000
    )
    assert agrippina_page.locator("#turn-announce").get_attribute("aria-live") == "polite"
