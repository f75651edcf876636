"""A game night at a Catacombs group table (a host who flips without playing on a laptop, two phones
at 390x844, a TV at 1920x1080): the join code stays in a corner while a seat is free, the host alone
starts the rematch, the TV follows to the new table by itself, the old code leads there, and a
latecomer's seat is pushed to the lobby and the TV."""

from __future__ import annotations

import pytest

from games.catacombs.tests.test_table_e2e import TV, live, shot, table
from games.models import Game
from games.tables import rematch, tools
from tests.e2e.accessibility import LAPTOP, assert_accessible
from tests.e2e.layout import inside
from tests.e2e.test_presence_turn_e2e import phone, site  # noqa: F401 — fixtures
from tests.paths import ARTIFACTS

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]


def test_the_room_outlives_its_game(phone, make_user):  # noqa: F811
    dad = make_user("Dad")
    game, (ann, tom) = table(make_user, names=("Ann", "Tom"), host=dad, seats=4)
    url = f"/g/{game.code}/"
    hers, tv, his = phone(ann), phone(viewport=TV), phone(dad, viewport=LAPTOP)
    for page, address in ((hers, url), (tv, f"/g/{game.code}/tv/"), (his, url)):
        page.goto(address)
        live(page)

    # Two seats are free: the code stays in a corner of the phone and of the TV.
    corner = hers.locator("#board .join-corner")
    assert game.code[:3] in corner.inner_text()
    inside(hers, corner)
    inside(tv, tv.locator(".join-corner img.qr"))
    shot(tv, "tv_join_corner")
    hers.screenshot(path=str(ARTIFACTS / "e2e_catacombs_table_phone_join_corner.png"))
    assert_accessible(hers)

    tools.host_tool(game.pk, dad, "end")
    tv.get_by_role("heading", name="Final scores").wait_for()
    waiting = hers.locator("#rematch")
    waiting.get_by_text("Dad, the host, starts the rematch").wait_for()
    assert not hers.get_by_role("button", name="Play again with the same table").count()

    his.get_by_role("button", name="Play again with the same table").click()
    his.get_by_role("button", name="Start the game").wait_for()
    new = rematch.rematch_of(Game.objects.get(pk=game.pk))
    tv.wait_for_url(f"**/g/{new.code}/tv/")  # by itself: nobody touched the TV
    assert "Ann, Tom" in tv.locator("#board").inner_text()
    hers.get_by_text("Dad started a rematch: you have a seat.").wait_for()
    hers.get_by_role("link", name="Go to the new table").click()
    hers.get_by_text("Waiting for Dad to start.").wait_for()

    # A latecomer types the old code from the TV's corner: it leads to the new table, and her seat is
    # pushed to the host's lobby and the TV (their safety-net poll would take 15 s).
    dora = phone(make_user("Dora"))
    dora.goto(f"/join/{game.code}/")
    assert f"/join/{new.code}/" in dora.url
    dora.get_by_role("button", name="Take a seat").click()
    dora.get_by_text("Waiting for Dad to start.").wait_for()
    tv.get_by_text("Seated: Ann, Tom, Dora.").wait_for(timeout=5_000)
    his.get_by_role("heading", name="Seats (3 of 4)").wait_for(timeout=5_000)
    shot(tv, "tv_followed")
    assert_accessible(tv)
