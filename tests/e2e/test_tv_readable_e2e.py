"""TVs read from the couch, 3 m away, at 1920x1080: on Roman Road's and Roman Catacombs' shared
screens the scores and the countdowns are drawn at least 32 px high, and who is away and whose
move the table waits for are written out large, not in small grey text."""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.utils import timezone

from games.catacombs.tests.test_table_e2e import TV, table
from games.models import Game, OpenPage
from games.romanroad.tests.test_web import end_hand_of, race_table, rig
from games.tables import tools
from tests.e2e.accessibility import assert_accessible
from tests.e2e.layout import inside
from tests.e2e.test_presence_turn_e2e import phone, site  # noqa: F401 — fixtures
from tests.paths import ARTIFACTS

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]

READABLE = 32  # px: a score or a countdown, read across a room

SIZE = "element => parseFloat(getComputedStyle(element).fontSize)"


def sizes(page, selector: str) -> list[float]:
    found = page.locator(selector)
    assert found.count(), f"nothing drawn for {selector}"
    return [found.nth(i).evaluate(SIZE) for i in range(found.count())]


def readable(page, selector: str, least: float = READABLE) -> None:
    small = [size for size in sizes(page, selector) if size < least]
    assert not small, f"{selector} drawn at {small} px, under {least} px"


def shot(page, name: str) -> None:
    ARTIFACTS.mkdir(exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / f"e2e_tv_{name}.png"))


def test_roman_road_tv_in_a_hand_between_hands_and_at_the_end(phone, make_user):  # noqa: F811
    pair = make_user("Julius"), make_user("Agrippina")
    game = race_table(pair)
    state = game.state
    state["away"] = [False, True]  # Agrippina's phone went to sleep
    state["totals"] = [12, 7]
    rig(game, state)
    tv = phone(viewport=TV)
    tv.goto(f"/g/{game.code}/tv/")
    readable(tv, ".rr-tv-store strong")
    readable(tv, ".rr-tv-total strong")
    away = tv.locator(".rr-tv-players .tv-away")
    assert away.count() == 1 and away.inner_text() == "away"
    readable(tv, ".rr-tv-players .tv-away")
    assert "Agrippina" in tv.locator(".rr-tv-players li", has=tv.locator(".tv-away")).inner_text()
    inside(tv, away)
    shot(tv, "romanroad_hand")
    assert_accessible(tv, sizes=(TV,))

    game = end_hand_of(Game.objects.get(pk=game.pk), pair)
    tv.goto(f"/g/{game.code}/tv/")
    readable(tv, ".rr-countdown")
    readable(tv, ".rr-between h2")  # how the hand ended
    readable(tv, ".rr-sheet tbody td, .rr-sheet tfoot td")
    inside(tv, tv.locator(".rr-countdown"))
    shot(tv, "romanroad_between")
    assert_accessible(tv, sizes=(TV,))

    tools.host_tool(game.pk, pair[0], "end")
    tv.goto(f"/g/{game.code}/tv/")
    readable(tv, ".rr-places strong")
    shot(tv, "romanroad_final")


def test_catacombs_tv_says_who_is_choosing_and_who_is_away(phone, make_user):  # noqa: F811
    game, (ann, _, _) = table(
        make_user, names=("Ann", "Tom", "Dora"), options={"flip_mode": "timed", "turn_seconds": 600}
    )
    # Ann and Tom have a page open at the table; Dora's phone went to sleep.
    now = timezone.now()
    for seat in game.seats.filter(name__in=("Ann", "Tom")):
        OpenPage.objects.create(seat=seat, channel=f"test:{seat.pk}", beat_at=now)
    game.seats.filter(name="Dora").update(last_seen=now - timedelta(minutes=3))
    tv = phone(viewport=TV)
    tv.goto(f"/g/{game.code}/tv/")
    readable(tv, ".cc-tv-players .cc-pscore")
    readable(tv, ".cc-tv-status time")
    choosing = tv.locator(".cc-tv-players .cc-tv-sub", has_text="choosing")
    assert choosing.count() == 3
    readable(tv, ".cc-tv-players .cc-tv-sub")
    away = tv.locator(".cc-tv-players .tv-away")
    assert away.count() == 1 and away.inner_text() == "away 3 min"  # since when, read from the couch
    assert "Dora" in tv.locator(".cc-tv-players li", has=tv.locator(".tv-away")).inner_text()
    readable(tv, ".cc-tv-players .tv-away")
    shot(tv, "catacombs_turn")
    assert_accessible(tv, sizes=(TV,))

    tools.host_tool(game.pk, ann, "end")
    tv.goto(f"/g/{game.code}/tv/")
    readable(tv, ".cc-tv-final strong")
    shot(tv, "catacombs_final")
