"""A church group's Catacombs night, and a phone that goes to sleep mid-turn (390x844 phones, the host
on a laptop). The sleeping phone's socket drops and its page is hidden: it says it is offline; the
others read who they wait on and since when, and once the grace is over one of them moves the table
on (the host then flips). Woken, the phone shows the current cards at once and what happened while
it slept; a phone whose page was closed while it slept is told the same on the page it opens."""

from __future__ import annotations

import pytest
from django.db import connection

from games.catacombs.tests.test_table_e2e import accepting, live, pick_a_card
from games.models import Game
from games.play import services
from tests.e2e.accessibility import assert_accessible
from tests.e2e.test_presence_turn_e2e import phone  # noqa: F401 — a fixture
from tests.integration.live_harness import asgi_server
from tests.integration.mail_harness import database_url
from tests.paths import ARTIFACTS
from tests.real_parts import require

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]

LAPTOP = {"width": 1280, "height": 800}
TV = {"width": 1920, "height": 1080}
GRACE = 3  # seconds (AWAY_GRACE_SECONDS): the table may move on without a phone away this long


@pytest.fixture
def site():
    require("the live table")
    extra = {"AWAY_GRACE_SECONDS": str(GRACE)}
    with asgi_server(
        database=database_url(connection.settings_dict), channel_layer=None, extra=extra
    ) as base:
        yield base


def shot(page, name: str) -> None:
    ARTIFACTS.mkdir(exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / f"e2e_catacombs_away_{name}.png"), full_page=True)


def flipped(make_user, *names: str) -> tuple[Game, object, list]:
    """A table Sister Mary hosts without playing, for four, its first cards flipped: the game,
    the host and the players called ``names``."""
    host, players = make_user("Sister Mary"), [make_user(name) for name in names]
    game = services.create_game(host, "catacombs", {"flip_mode": "host"}, 4, "seated", host_plays=False)
    for user in players:
        services.join_game(game.pk, user)
    services.start_game(game.pk, host)
    game.refresh_from_db()
    services.submit_move(game.pk, host, {"type": "flip"}, game.tokens["host"], as_host=True)
    game.refresh_from_db()
    return game, host, players


class Sleep:
    """A phone's sleep for one page: its table socket goes through the test, which drops it (as
    the network does when a phone locks) and refuses new ones until the phone wakes; the page is
    told it is hidden, and visible again on waking."""

    def __init__(self, page) -> None:
        self.page, self.asleep, self.sockets = page, False, []
        page.route_web_socket("**/ws/g/**", self._route)

    def _route(self, ws) -> None:
        if self.asleep:
            ws.close()
            return
        ws.connect_to_server()
        self.sockets.append(ws)

    def _visibility(self, state: str) -> None:
        self.page.evaluate(
            """state => {
              Object.defineProperty(document, "visibilityState", { value: state, configurable: true });
              Object.defineProperty(document, "hidden", { value: state === "hidden", configurable: true });
              document.dispatchEvent(new Event("visibilitychange"));
            }""",
            state,
        )

    def fall_asleep(self) -> None:
        self._visibility("hidden")
        self.asleep = True
        for ws in self.sockets:
            ws.close()
        self.sockets.clear()

    def wake(self) -> None:
        self.asleep = False
        self._visibility("visible")


def test_a_sleeping_phone_is_moved_on_past_and_told_what_it_missed(phone, make_user):  # noqa: F811
    game, host, (ann, julius) = flipped(make_user, "Ann", "Julius")
    url = f"/g/{game.code}/"
    laptop = accepting(phone(host, viewport=LAPTOP))
    hers, his = accepting(phone(ann), phone(julius))
    tv = phone(viewport=TV)
    sleep = Sleep(his)
    for page in (laptop, hers, his):
        page.goto(url)
        live(page)
    tv.goto(f"/g/{game.code}/tv/")
    live(tv)
    his.get_by_text("Your turn: write one of the three books").wait_for()

    pile = pick_a_card(hers)
    hers.locator(f"#board .cc-put-{pile} button.cc-write").first.click()
    hers.get_by_text("Still choosing: Julius.").wait_for()
    assert not hers.locator("#away").is_visible()  # Julius is here: nobody is told to move on

    sleep.fall_asleep()
    his.locator("#offline").get_by_text("Offline: reconnecting").wait_for()
    waiting = hers.locator("#away")
    waiting.get_by_text("Waiting on Julius, away (seen just now).").wait_for()
    laptop.locator("#away").get_by_text("Waiting on Julius, away").wait_for()  # the host is told too
    tv.locator(".cc-tv-players li", has_text="Julius").locator(".tv-away").wait_for()  # and the TV
    move_on = hers.get_by_role("button", name="Move on without Julius")
    move_on.wait_for(timeout=GRACE * 1000 + 15_000)  # redrawn by itself once the grace is over
    shot(hers, "move_on")
    assert_accessible(hers)
    bar = move_on.bounding_box()
    assert bar is not None and bar["y"] + bar["height"] <= 844  # in view without scrolling
    # The host has Flip anyway for that, not a second button doing the same.
    assert laptop.get_by_role("button", name="Move on without Julius").count() == 0
    move_on.click()
    # Julius passes and the turn resolves; the next cards are still the host's to flip.
    moved_on = "Julius is away and passes: the table moved on. Turn 1 resolved."
    laptop.locator(".log li").first.get_by_text(moved_on).wait_for()
    laptop.get_by_role("button", name="Flip the next cards").click()
    hers.get_by_text("Your turn: write one of the three books").wait_for()
    # The new cards await Ann too, who is here: still told Julius is away, with nothing to move on.
    hers.locator("#away").get_by_text("Waiting on Julius, away").wait_for()
    assert hers.get_by_role("button", name="Move on without Julius").count() == 0

    his.wait_for_timeout(10_500)  # asleep long enough to be told what happened meanwhile
    sleep.wake()
    # At once: before the socket's first retry after waking could have brought it.
    his.locator(".cc-meta").get_by_text("Turn 2").wait_for(timeout=3_000)
    his.get_by_text("Your turn: write one of the three books").wait_for()
    told = his.locator("#while-away")
    told.get_by_text(moved_on).wait_for()
    live(his)
    assert his.locator("#offline").count() == 0
    assert his.get_by_text("Waiting on Julius").count() == 0  # whoever looks is here
    shot(his, "woken")
    assert_accessible(his)
    told.get_by_role("button", name="OK").click()
    assert his.locator("#while-away").count() == 0


def test_a_page_opened_afresh_after_sleep_is_told_what_it_missed(phone, make_user):  # noqa: F811
    game, host, (ann, ben) = flipped(make_user, "Ann", "Ben")
    hers = accepting(phone(ann))
    hers.goto(f"/g/{game.code}/")
    live(hers)
    Sleep(hers).fall_asleep()  # the page notes what it showed, then the browser drops it
    old_page_at = hers.evaluate("() => Date.now()")
    hers.evaluate(
        "at => { const k = Object.keys(localStorage).find(k => k.startsWith('away:')); "
        "const v = JSON.parse(localStorage.getItem(k)); v.at = at - 60000; "
        "localStorage.setItem(k, JSON.stringify(v)); }",
        old_page_at,
    )  # a minute ago
    game.refresh_from_db()
    services.submit_move(game.pk, host, {"type": "flip_on"}, game.tokens["host"], as_host=True)
    fresh = hers.context.new_page()
    hers.close()
    fresh.goto(f"/g/{game.code}/")
    fresh.locator("#while-away").get_by_text("Ann and Ben pass: the host flipped on.").wait_for()
    shot(fresh, "fresh_page")
