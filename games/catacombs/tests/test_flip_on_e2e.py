"""A church group's Catacombs night: the host flips on a laptop (1280x800) for a table of phones
(390x844). A phone goes to sleep: the host flips anyway and the sleeping seat passes. A latecomer
takes the free seat by the join link and writes from the next cards on."""

from __future__ import annotations

import pytest

from games.catacombs.tests.test_table_e2e import accepting, live, pick_a_card
from games.models import Game
from games.play import services
from tests.e2e.accessibility import assert_accessible
from tests.e2e.test_presence_turn_e2e import phone, site  # noqa: F401 — fixtures
from tests.paths import ARTIFACTS

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]


LAPTOP = {"width": 1280, "height": 800}


def shot(page, name: str) -> None:
    ARTIFACTS.mkdir(exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / f"e2e_catacombs_flip_on_{name}.png"), full_page=True)


def test_the_host_flips_on_past_a_sleeping_phone_and_a_latecomer_sits_down(phone, make_user):  # noqa: F811
    host, ann, julius = make_user("Sister Mary"), make_user("Ann"), make_user("Julius")
    game = services.create_game(host, "catacombs", {"flip_mode": "host"}, 4, "seated", host_plays=False)
    for user in (ann, julius):
        services.join_game(game.pk, user)
    services.start_game(game.pk, host)
    game.refresh_from_db()
    services.submit_move(game.pk, host, {"type": "flip"}, game.tokens["host"], as_host=True)
    url = f"/g/{game.code}/"
    laptop = accepting(phone(host, viewport=LAPTOP))
    hers = accepting(phone(ann))
    for page in (laptop, hers):
        page.goto(url)
        live(page)

    pile = pick_a_card(hers)
    hers.locator(f"#board .cc-put-{pile} button.cc-write").first.click()
    laptop.get_by_text("Still choosing: Julius.").wait_for()
    flip_anyway = laptop.get_by_role("button", name="Flip anyway")
    assert flip_anyway.is_visible() and laptop.get_by_text("Julius passes this turn.").is_visible()
    shot(laptop, "host_before")
    assert_accessible(laptop)
    flip_anyway.click()
    laptop.get_by_text("The cards of turn 2").wait_for()
    assert (
        laptop.locator(".log li")
        .first.inner_text()
        .startswith("Julius passes: the host flipped on. Turn 1 resolved. The cards were flipped:")
    )
    hers.get_by_text("Your turn: write one of the three books").wait_for()  # pushed to her phone
    shot(laptop, "host_after")

    late = accepting(phone())
    late.goto(f"/join/{game.code}/")
    late.get_by_text("The game is under way: you write from the next cards on.").wait_for()
    late.get_by_label("Your name").fill("Dora")
    late.get_by_role("button", name="Take a seat").click()
    late.get_by_text("You sat down while these cards were up").wait_for()
    shot(late, "latecomer")
    assert_accessible(late)
    laptop.locator(".log li").get_by_text("Dora sat down; they write from the next cards on.").wait_for()
    game = Game.objects.get(pk=game.pk)
    assert game.players == 3 and game.engine.to_act(game.state) == [0, 1]
