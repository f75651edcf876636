"""Phones see the winner: when a game ends while its page is open, each phone (390x844), however far
down the page it was (the library, the log), is brought to the final ranking, once; a page opened
on a finished game stays where it is."""

from __future__ import annotations

import pytest

from games.catacombs.tests.test_table_e2e import accepting, live, table
from games.tables import tools
from tests.e2e.accessibility import assert_accessible
from tests.e2e.layout import inside
from tests.e2e.test_presence_turn_e2e import phone, site  # noqa: F401 — fixtures
from tests.paths import ARTIFACTS

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]


def test_the_end_brings_each_phone_to_the_final_ranking(phone, make_user):  # noqa: F811
    game, (ann, tom) = table(make_user, names=("Ann", "Tom"))
    url = f"/g/{game.code}/"
    phones = accepting(phone(ann), phone(tom))
    for page in phones:
        page.goto(url)
        live(page)
        page.evaluate("() => window.scrollTo(0, document.documentElement.scrollHeight)")
        assert page.evaluate("() => window.scrollY") > 600  # far down, past the cards

    tools.host_tool(game.pk, ann, "end")
    for page in phones:
        ranking = page.locator("#board .cc-final")
        ranking.wait_for()
        page.wait_for_function("() => document.activeElement?.matches('[data-final-ranking]')")
        inside(page, page.get_by_role("heading", name="Final scores"))
        inside(page, ranking)
    phones[1].screenshot(path=str(ARTIFACTS / "e2e_final_ranking_phone.png"))
    assert_accessible(phones[1])

    # Once: a later redraw (the rematch offered) leaves the page where the player scrolled it.
    tom_phone = phones[1]
    tom_phone.evaluate("() => window.scrollTo(0, document.documentElement.scrollHeight)")
    phones[0].get_by_role("button", name="Play again with the same table").click()
    tom_phone.get_by_text("Ann started a rematch: you have a seat.").wait_for()
    tom_phone.wait_for_timeout(500)  # the box's redraw and anything it might set off
    assert tom_phone.get_by_role("heading", name="Final scores").bounding_box()["y"] < 0  # still above

    tom_phone.goto(url)  # opened on a finished game: it stays at the top
    tom_phone.locator("#board .cc-final").wait_for()
    tom_phone.wait_for_timeout(300)
    assert tom_phone.evaluate("() => window.scrollY") == 0
    assert not tom_phone.evaluate("() => document.activeElement.matches('[data-final-ranking]')")
