"""A group's game night on a TV at 1920x1080, read from the couch: two tables in play, each with its
game, players, whose turn (or what the table waits for), who is away and the scores so far, beside
the night's standings with points and wins. A move at a table and a table ending redraw it without
a reload, through its socket (the embedded default's ASGI server, in-memory layer)."""

from __future__ import annotations

import time
from datetime import timedelta

import pytest
from django.utils import timezone

from games.models import Game, OpenPage
from games.play import services as game_services
from games.play.services import seat_key
from games.tables import tools
from groups import services
from groups.models import Membership
from tests.e2e.accessibility import assert_accessible
from tests.e2e.layout import drawn_box, inside, no_sideways_scroll
from tests.e2e.test_presence_turn_e2e import PHONE, live, phone, site  # noqa: F401 — fixtures
from tests.e2e.test_tv_readable_e2e import READABLE, readable, shot
from tests.groups.test_night_tv import start

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]

TV = {"width": 1920, "height": 1080}
PUSHED = 10_000  # ms: well under the 30 s the board polls at while its socket is up


def tall(page, selector: str) -> None:
    """Each element's box is at least a readable line high, not only its computed size."""
    boxes = page.locator(selector)
    for i in range(boxes.count()):
        box = drawn_box(page, boxes.nth(i))
        assert box is not None and box["height"] >= READABLE, f"{selector} #{i} is {box} high"


def test_the_night_tv_shows_both_tables_and_follows_a_move_without_a_reload(phone, make_user):  # noqa: F811
    anna, ben, clara = make_user("Anna"), make_user("Ben"), make_user("Clara")
    group = services.create_group(anna, "The Romans")
    for person in (ben, clara):
        services.join_group(group, person)
    services.start_night(Membership.objects.get(group=group, user=anna))
    cards = start(anna, [ben], "catacombs", {"flip_mode": "host"})
    dice = start(ben, [clara], "poker")
    game_services.submit_move(dice.pk, ben, {"type": "roll"}, dice.tokens[seat_key(0)])  # still his turn
    now = timezone.now()
    for seat in Game.objects.get(pk=cards.pk).seats.all():  # both at the cards; Clara's phone asleep
        OpenPage.objects.create(seat=seat, channel=f"test:{seat.pk}", beat_at=now)
    OpenPage.objects.create(seat=dice.seats.get(user=ben), channel="test:dice-ben", beat_at=now)
    dice.seats.filter(user=clara).update(last_seen=now - timedelta(minutes=3))

    tv = phone(viewport=TV)
    tv.goto(group.tv_url())
    live(tv)
    tv.evaluate("window.sameTv = true")  # gone if the page reloads
    card_table = tv.locator(f"[data-table='{cards.code}']")
    dice_table = tv.locator(f"[data-table='{dice.code}']")
    assert "Roman Catacombs" in card_table.inner_text() and "Roman Poker" in dice_table.inner_text()
    assert card_table.locator(".night-awaits").inner_text() == "Turn 1 · choosing: Anna and Ben"
    assert dice_table.locator(".night-awaits").inner_text() == "Ben's turn"
    assert dice_table.locator(".is-awaited .night-name").inner_text() == "Ben"
    away = tv.locator(".night-table .tv-away")
    assert away.count() == 1 and "Clara" in dice_table.locator("li", has=tv.locator(".tv-away")).inner_text()
    assert away.inner_text() == "away 3 min"  # and since when, as the table's own TV says
    for selector in (
        ".night-name",
        ".night-score",
        ".night-awaits",
        ".night-table .tv-away",
        ".night-standings th[scope=row]",
        ".night-points",
        ".night-wins",
    ):
        readable(tv, selector)
    tall(tv, ".night-players li")
    tall(tv, ".night-awaits")
    for table in (card_table, dice_table):
        inside(tv, table.locator(".night-awaits"))
        inside(tv, table.locator(".night-players"))
    inside(tv, tv.locator(".night-standings"))
    no_sideways_scroll(tv)
    shot(tv, "night_two_tables")
    assert_accessible(tv, sizes=(TV,))

    # Anna passes at the cards, in another process than the TV's server.
    game = Game.objects.get(pk=cards.pk)
    moved_at = time.monotonic()
    game_services.submit_move(game.pk, anna, {"type": "pass"}, game.tokens[seat_key(0)])
    awaits = card_table.locator(".night-awaits")
    tv.wait_for_function(
        "code => document.querySelector(`[data-table='${code}'] .night-awaits`)?.textContent"
        " === 'Turn 1 · choosing: Ben'",
        arg=cards.code,
        timeout=PUSHED,
    )
    print(f"\nThe TV showed the move {time.monotonic() - moved_at:.2f} s after it was made.")
    assert awaits.inner_text() == "Turn 1 · choosing: Ben"
    assert card_table.locator(".is-awaited .night-name").inner_text() == "Ben"
    shot(tv, "night_after_a_move")

    # Ben's host ends the dice: the table leaves the screen and counts in the night's points.
    tools.host_tool(dice.pk, ben, "end")
    dice_table.wait_for(state="detached", timeout=PUSHED)
    rows = tv.locator(".night-standings tbody tr")
    assert rows.count() == 3
    assert "Poker" in tv.locator(".night-standing").inner_text()  # counted tonight
    points = {
        rows.nth(i).locator("th").inner_text(): rows.nth(i).locator(".night-points").inner_text()
        for i in range(3)
    }
    finished = Game.objects.get(pk=dice.pk)
    ranks = finished.engine.places(finished.state)
    ben_seat = finished.seats.get(user=ben).position
    assert points["Ben"] == str(sum(1 for r in ranks if r > ranks[ben_seat])) and points["Anna"] == "0"
    assert tv.evaluate("window.sameTv") is True
    readable(tv, ".night-points")
    shot(tv, "night_after_a_table_ended")
    assert_accessible(tv, sizes=(TV, PHONE))
    tv.set_viewport_size(PHONE)  # the same link opened on a phone
    no_sideways_scroll(tv)
    shot(tv, "night_on_a_phone")
