"""Roman Road in Chromium, for real: one person signs in on the sign-in page, opens a table with two
fast computer players and plays a whole hand against them in real time, dragging at least one
card, until the hand's score sheet; then says Ready and the next hand is dealt.

The parts are the ones production has: an ASGI web process (daphne) for the page and its
WebSocket, a Celery worker on Redis for the computer players and the clock, the channel layer
on Redis, PostgreSQL. Skipped (with the reason) when PostgreSQL or Redis is not there, except
under CI=true, where that fails the run.
"""

from __future__ import annotations

import re
import time
import uuid

import pytest
from django.db import connection

from games.models import Game, Move
from tests.integration.live_harness import asgi_server
from tests.integration.mail_harness import SmtpSink, database_url, forget_queue, worker
from tests.paths import ARTIFACTS
from tests.real_parts import REDIS, require

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]


PHONE = {"width": 390, "height": 844}
DESKTOP = {"width": 1280, "height": 900}
HAND_SECONDS = 240  # a hand with two fast computer players takes about a minute
PASSWORD = "a-long-Passw0rd"


@pytest.fixture
def site(tmp_path, monkeypatch):
    """A daphne process and a Celery worker over this test's PostgreSQL database and Redis."""
    require("the live Roman Road table", redis=True)
    database = database_url(connection.settings_dict)
    queue = f"rr-e2e-{uuid.uuid4().hex[:8]}"
    redis = f"redis://{REDIS[0]}:{REDIS[1]}"
    shared = {
        "CELERY_TASK_DEFAULT_QUEUE": queue,
        "CHANNEL_LAYER_URL": f"{redis}/14",
        "CACHE_URL": f"{redis}/13",  # the computer players' chain keys, shared by web and worker
    }
    for name, value in shared.items():
        monkeypatch.setenv(name, value)
    sink = SmtpSink().start()
    try:
        with (
            worker(
                database=database,
                broker=f"{redis}/15",
                queue=queue,
                smtp=sink.url,
                log=tmp_path / "worker.log",
                extra=shared,
            ),
            asgi_server(
                database=database, channel_layer=shared["CHANNEL_LAYER_URL"], broker=f"{redis}/15"
            ) as base,
        ):
            yield base
    finally:
        sink.stop()
        forget_queue(f"{redis}/15", queue)


@pytest.fixture
def browser_page(browser, site):
    contexts = []
    problems: list[str] = []

    def open_(viewport=DESKTOP):
        context = browser.new_context(viewport=viewport, base_url=site)
        context.set_default_timeout(15_000)
        contexts.append(context)
        page = context.new_page()
        page.on("pageerror", lambda error: problems.append(str(error)))
        # A page over the site's limits freezes (a poll answered 429 is not redrawn): none may be.
        page.on("response", lambda r: problems.append(f"{r.status} {r.url}") if r.status == 429 else None)
        return page

    yield open_, problems
    for context in contexts:
        context.close()


def board_version(page) -> int:
    return int(page.locator("#board").get_attribute("data-version") or 0)


def act(page, action) -> bool:
    """Do something on a board that may be redrawn at any moment (the computer players move);
    True if the board moved on after it."""
    before = board_version(page)
    try:
        action()
    except Exception:  # noqa: BLE001 — a redraw took the card away: look again
        return False
    # Polled from here: a predicate evaluated in the page would need the eval the policy refuses.
    for _ in range(60):
        if board_version(page) > before:
            return True
        page.wait_for_timeout(50)
    return False


def sign_in(page, email: str = "julius@example.com") -> None:
    """Through the real sign-in page."""
    page.goto("/accounts/login/")
    page.locator("input[name=username]").fill(email)
    page.locator("input[name=password]").fill(PASSWORD)
    page.get_by_role("button", name="Sign in").click()
    page.wait_for_url(re.compile(r"/games/$"))


def attribute(locator, name: str) -> str | None:
    """An attribute of an element a redraw may take away at any moment (None if it went)."""
    try:
        return locator.get_attribute(name, timeout=1_000)
    except Exception:  # noqa: BLE001 — gone with the redraw
        return None


def play_one(page, state: dict) -> None:
    """One move as a person would: a card to its Foundation (dragged the first time, double-tapped
    after), else the Store top onto a Work pile (tap, tap), else flip, else Stuck."""
    fits = page.locator(".rr-you [data-card][data-foundation]:not([data-foundation=''])")
    if fits.count() and state["misses"] < 3:
        card = fits.first
        target = attribute(card, "data-foundation")
        if target is None:
            return  # the board was redrawn under us: look again
        zone = page.locator(f'.rr-zone[data-to="{target}"]')
        if state["drags"] == 0:
            landed = act(page, lambda: card.drag_to(zone))
            state["drags"] += landed
        else:
            landed = act(page, lambda: card.dblclick())
            state["taps"] += landed
        state["misses"] = 0 if landed else state["misses"] + 1  # too late three times: do something else
        return
    state["misses"] = 0
    store = page.locator(".rr-store-place [data-card][data-targets*='work:']")
    if store.count():
        card = store.first
        targets = attribute(card, "data-targets")
        if targets is None:
            return
        target = next(t for t in targets.split() if t.startswith("work:"))

        def tap_tap():
            card.click()
            page.locator(f'.rr-zone[data-to="{target}"]').click()

        if act(page, tap_tap):
            state["taps"] += 1
        return
    flip = page.locator('.rr [data-key="flip"]:not([disabled])')
    if flip.count() and state["flips"] < 12:
        if act(page, lambda: flip.click()):
            state["flips"] += 1
        return
    # Stuck once the flips went round without a play, else only where the board itself says nothing
    # else is left (its Stuck is the primary button): read mid-redraw, the flip above can look
    # missing on a board that offers it.
    flipped_round = state["flips"] >= 12
    stuck = page.locator('.rr [data-key="stuck"]' + ("" if flipped_round else ".primary"))
    if stuck.count():
        act(page, lambda: stuck.click())
        state["flips"] = 0
        return
    page.wait_for_timeout(300)  # stuck: wait for the others


def play_to_hand_end(page, state: dict, code: str, stalled_shot: str, after_each=None) -> None:
    """Play moves on ``page`` until the hand is over; a hand that does not end in time fails the test
    with a screenshot and the game's state."""
    deadline = time.monotonic() + HAND_SECONDS
    while not page.locator(".rr-between, .rr-final").count():
        if time.monotonic() > deadline:
            page.screenshot(path=str(ARTIFACTS / stalled_shot), full_page=True)
            pytest.fail(f"no end of hand after {HAND_SECONDS}s: {state}; {Game.objects.get(code=code).state}")
        play_one(page, state)
        if after_each:
            after_each()


def test_one_person_plays_a_whole_hand_against_two_fast_computer_players(browser_page, make_user, settings):
    open_page, problems = browser_page
    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.PBKDF2PasswordHasher"]  # as the server has
    make_user("Julius", password=PASSWORD)
    started = time.monotonic()
    page = open_page(DESKTOP)

    sign_in(page)

    page.goto("/games/new/romanroad/")
    page.locator("select[name=max_seats]").select_option("3")
    page.locator("select[name=bot_speed]").select_option("fast")
    page.get_by_role("button", name="Create the table").click()
    page.get_by_role("button", name="Add a computer player").click()
    page.get_by_role("button", name="Add a computer player").click()
    page.get_by_role("button", name="Start the game").click()
    page.wait_for_selector(".rr-you")
    code = page.url.rstrip("/").rsplit("/", 1)[-1]
    for _ in range(100):
        if page.locator("html[data-live=on]").count():
            break
        page.wait_for_timeout(50)
    assert page.locator("html[data-live=on]").count(), "the page's WebSocket did not open"

    watcher = open_page(PHONE)  # the same person on a phone, signed in there too: it follows every move
    sign_in(watcher)
    watcher.goto(f"/g/{code}/")
    watcher.wait_for_selector(".rr-you")
    ARTIFACTS.mkdir(exist_ok=True)

    state = {"drags": 0, "taps": 0, "flips": 0, "misses": 0}
    shot_midway = False

    def shoot_midway() -> None:
        nonlocal shot_midway
        if not shot_midway and Game.objects.get(code=code).move_count > 25:
            page.screenshot(path=str(ARTIFACTS / "romanroad-desktop-hand.png"), full_page=True)
            watcher.screenshot(path=str(ARTIFACTS / "romanroad-phone-hand.png"), full_page=True)
            shot_midway = True

    play_to_hand_end(page, state, code, "romanroad-stalled.png", after_each=shoot_midway)

    assert state["drags"] >= 1, state  # at least one card went by drag and drop
    sheet = page.locator(".rr-sheet")
    assert sheet.is_visible()
    for heading in ("Cards played", "Store left", "Hand score", "Total"):
        assert sheet.get_by_role("columnheader", name=heading).count() == 1
    assert sheet.locator("tbody tr").count() == 3
    assert page.locator(".rr-countdown").is_visible()
    watcher.wait_for_selector(".rr-between")  # the phone got there by itself
    page.screenshot(path=str(ARTIFACTS / "romanroad-desktop-sheet.png"), full_page=True)
    watcher.screenshot(path=str(ARTIFACTS / "romanroad-phone-sheet.png"), full_page=True)
    game = Game.objects.get(code=code)
    assert game.state["phase"] in ("between", "over") and len(game.state["sheet"]) == 1
    played_by_me = game.state["sheet"][0]["foundations"][0]
    assert played_by_me >= 1  # the dragged card counts for Julius

    if game.state["phase"] == "between":
        page.get_by_role("button", name="Ready").click()
        page.wait_for_selector(".rr-phase-hand", timeout=30_000)  # the computer players were ready
        assert "Hand 2" in page.locator(".rr-meta").inner_text()
        watcher.wait_for_selector(".rr-phase-hand", timeout=10_000)
    assert not problems, problems
    print(f"\nRoman Road E2E: a hand and a deal in {time.monotonic() - started:.0f}s; {state}")


IDLE_E2E = 6  # ROMANROAD_IDLE_SECONDS for the servers of the test below


@pytest.fixture
def quick_idle(monkeypatch):
    """The web process and the worker take a player gone for a few seconds as away."""
    monkeypatch.setenv("ROMANROAD_IDLE_SECONDS", str(IDLE_E2E))


def two_on_phones(open_page, make_user, settings):
    """Julius opens a three-seat table with fast computer players; Agrippina takes a seat from
    the invitation and a computer player takes the third. Both signed in on their own phones;
    the game is not started. Returns Julius's page, Agrippina's page and the table's code."""
    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.PBKDF2PasswordHasher"]  # as the server has
    make_user("Julius", password=PASSWORD)
    make_user("Agrippina", password=PASSWORD)
    ARTIFACTS.mkdir(exist_ok=True)
    julius, agrippina = open_page(PHONE), open_page(PHONE)
    sign_in(julius, "julius@example.com")
    sign_in(agrippina, "agrippina@example.com")
    julius.goto("/games/new/romanroad/")
    julius.locator("select[name=max_seats]").select_option("3")
    julius.locator("select[name=bot_speed]").select_option("fast")
    julius.get_by_role("button", name="Create the table").click()
    code = julius.url.rstrip("/").rsplit("/", 1)[-1]
    agrippina.goto(Game.objects.get(code=code).invite_url())
    agrippina.get_by_role("button", name="Take a seat").click()
    agrippina.wait_for_url(re.compile(rf"/g/{code}/$"))
    julius.get_by_role("button", name="Add a computer player").click()
    return julius, agrippina, code


def test_two_people_on_phones_begin_together_and_one_finishes_the_hand_after_the_other_left(
    quick_idle, browser_page, make_user, settings
):
    """Julius and Agrippina on phones and a fast computer player: the hand is dealt at Start and
    a big countdown shows on both phones and the TV; nobody (the computer player included) moves
    before Begin. Agrippina closes her page; after the idle time she is away (counted as stuck),
    and Julius plays the hand to its end."""
    open_page, problems = browser_page
    julius, agrippina, code = two_on_phones(open_page, make_user, settings)
    tv = open_page(DESKTOP)
    tv.goto(f"/g/{code}/tv/")
    for page in (julius, agrippina, tv):
        page.wait_for_selector("html[data-live=on]")

    julius.get_by_role("button", name="Start the game").click()
    for page in (julius, agrippina, tv):
        page.wait_for_selector(".rr-begin-countdown", timeout=5_000)
    assert julius.locator(".rr-you [data-card][data-targets]:not([data-targets=''])").count() == 0
    assert julius.locator('.rr [data-key="flip"]').count() == 0  # no card, no flip before Begin
    agrippina.screenshot(path=str(ARTIFACTS / "romanroad-phone-begin.png"))
    tv.screenshot(path=str(ARTIFACTS / "romanroad-tv-begin.png"))
    countdown = agrippina.locator(".rr-begin-countdown")
    assert countdown.is_visible() and countdown.bounding_box()["height"] >= 50  # big
    game = Game.objects.get(code=code)
    for page in (julius, agrippina, tv):
        try:
            page.wait_for_selector(".rr-begin", state="detached", timeout=10_000)
        except Exception:
            summaries = list(Move.objects.filter(game=game).values_list("summary", flat=True))
            page.screenshot(path=str(ARTIFACTS / "romanroad-no-begin.png"), full_page=True)
            raise AssertionError(f"no Begin on a screen: {summaries}") from None
    assert julius.locator(".rr-phase-hand").count() == 1
    moves = list(Move.objects.filter(game=game).order_by("number"))
    begin = next(m for m in moves if m.payload["type"] == "begin")
    assert all(m.payload["type"] == "ready" for m in moves if m.number < begin.number), moves
    readies = [m for m in moves if m.number < begin.number]
    assert len(readies) == 3 and {m.seat for m in readies} == {0, 1, 2}  # all ready at once at Start
    assert 2.5 <= (begin.created_at - readies[-1].created_at).total_seconds() <= 5  # the countdown

    agrippina.close()  # her page goes: the phone is put away
    closed = time.monotonic()
    state = {"drags": 1, "taps": 0, "flips": 0, "misses": 0}
    shot_away = False
    deadline = time.monotonic() + HAND_SECONDS
    while not julius.locator(".rr-between, .rr-final").count():
        if time.monotonic() > deadline:
            julius.screenshot(path=str(ARTIFACTS / "romanroad-away-stalled.png"), full_page=True)
            pytest.fail(f"no end of hand after {HAND_SECONDS}s: {state}; {Game.objects.get(code=code).state}")
        play_one(julius, state)
        if not shot_away and julius.locator(".rr-other .rr-tag-stuck", has_text="away").count():
            julius.screenshot(path=str(ARTIFACTS / "romanroad-phone-away.png"), full_page=True)
            shot_away = True
    away = Move.objects.filter(game=game, payload__type="away").first()
    her_seat = game.seats.get(name="Agrippina").position
    assert away is not None and away.seat == her_seat, "Agrippina was never taken to be away"
    assert away.summary == "Agrippina is away: taken to be stuck until they are back."
    assert (
        Move.objects.filter(game=game, seat=her_seat, number__gt=begin.number)
        .exclude(payload__type="away")
        .count()
        == 0
    )
    game.refresh_from_db()
    assert len(game.state["sheet"]) == 1
    julius.screenshot(path=str(ARTIFACTS / "romanroad-phone-after-away.png"), full_page=True)
    tv.screenshot(path=str(ARTIFACTS / "romanroad-tv-after-away.png"))
    assert not problems, problems
    print(
        f"\nRoman Road away E2E: away {away.created_at - begin.created_at} after Begin; "
        f"the hand ended {time.monotonic() - closed:.0f}s after Agrippina left; {state}"
    )


def test_one_leaves_through_the_leave_box_mid_hand_and_the_other_finishes_the_hand(
    browser_page, make_user, settings
):
    """Julius and Agrippina on phones and a fast computer player: after Begin, Agrippina leaves
    through the Leave box (the confirm step included). Julius's open page shows her seat away by
    push, long before the idle time would; the hand goes on without her and Julius finishes it.
    Her page stays open all along, and the table never takes her back."""
    open_page, problems = browser_page
    julius, agrippina, code = two_on_phones(open_page, make_user, settings)
    for page in (julius, agrippina):
        page.wait_for_selector("html[data-live=on]")
    julius.get_by_role("button", name="Start the game").click()
    for page in (julius, agrippina):
        page.wait_for_selector(".rr-phase-hand", timeout=10_000)
        page.wait_for_selector(".rr-begin", state="detached", timeout=10_000)
    game = Game.objects.get(code=code)
    her_seat = game.seats.get(name="Agrippina").position
    julius.evaluate("() => { window.__sameDocument = true; }")  # gone if the page is reloaded

    # Agrippina leaves: the box says what it means, then the button that does it.
    agrippina.get_by_text("Leave game", exact=True).click()
    box = agrippina.locator("#leave-game")
    assert "counts as stuck" in box.inner_text(), box.inner_text()
    agrippina.screenshot(path=str(ARTIFACTS / "romanroad-leave-confirm.png"), full_page=True)
    agrippina.get_by_role("button", name="Yes, leave the game").click()
    left = time.monotonic()
    line = "Agrippina left; their seat counts as stuck for the rest of the game."
    agrippina.get_by_text(line).first.wait_for()
    assert agrippina.locator("#leave-game").count() == 0
    # Pushed to Julius's page: her seat shows away, well before the idle time (20 s) would say so.
    her_tile = julius.locator(".rr-other", has_text="Agrippina")
    her_tile.locator(".rr-tag-stuck", has_text="away").wait_for(timeout=8_000)
    assert time.monotonic() - left < 10
    assert julius.evaluate("() => window.__sameDocument === true")
    julius.screenshot(path=str(ARTIFACTS / "romanroad-left-pushed.png"), full_page=True)
    agrippina.screenshot(path=str(ARTIFACTS / "romanroad-leaver.png"), full_page=True)

    state = {"drags": 1, "taps": 0, "flips": 0, "misses": 0}
    play_to_hand_end(julius, state, code, "romanroad-left-stalled.png")
    agrippina.wait_for_selector(".rr-between, .rr-final", timeout=10_000)  # her open page follows
    julius.screenshot(path=str(ARTIFACTS / "romanroad-left-hand-over.png"), full_page=True)
    agrippina.screenshot(path=str(ARTIFACTS / "romanroad-leaver-hand-over.png"), full_page=True)
    game.refresh_from_db()
    assert her_seat in game.state["left"]
    leave = Move.objects.get(game=game, payload__table="leave")
    # Nothing of hers after she left but the table's marks; never "back", though her page is open.
    after = Move.objects.filter(game=game, seat=her_seat, number__gt=leave.number)
    assert not after.filter(payload__type="back").exists()
    kinds = set(after.values_list("payload__type", flat=True))
    assert kinds <= {"away", "ready"}, list(after.values("payload"))
    assert not problems, problems
    print(
        f"\nRoman Road leave E2E: the hand ended {time.monotonic() - left:.0f}s after Agrippina left; {state}"
    )
