"""Roman Catacombs in Chromium: a called group game to its final scores, a solo run to its end screen,
and what each run's end offers next (a solo run plays again at once, a daily run never)."""

import re

import pytest
from django.db import connection
from django.test import Client

from games.models import Game
from tests.e2e.accessibility import assert_accessible
from tests.paths import ARTIFACTS

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]


PHONE = {"width": 390, "height": 844}
TV = {"width": 1920, "height": 1080}
# The live server shares one in-memory SQLite connection between its threads, so a poll that lands
# while a move writes fails with "table is locked". On SQLite, pages poll only when the test lets them
# (window.ccPolls); on PostgreSQL they poll freely, as in production.
POLL_SWITCH = """
window.ccPolls = %s;
Object.defineProperty(document, "visibilityState", {configurable: true,
  get: () => (window.ccPolls ? "visible" : "hidden")});
"""


@pytest.fixture
def open_page(browser, live_server):
    """A page in its own browser context, signed in as ``user`` (or a visitor)."""
    contexts = []

    def open_(user=None, viewport=PHONE):
        context = browser.new_context(viewport=viewport, base_url=live_server.url)
        context.add_init_script(POLL_SWITCH % ("false" if connection.vendor == "sqlite" else "true"))
        if user is not None:
            client = Client()
            client.force_login(user)
            context.add_cookies(
                [{"name": "sessionid", "value": client.cookies["sessionid"].value, "url": live_server.url}]
            )
        contexts.append(context)
        page = context.new_page()
        page.set_default_timeout(10_000)
        page.on("dialog", lambda dialog: dialog.accept())  # "leaves a slot dead: write it anyway?"
        return page

    yield open_
    for context in contexts:
        context.close()


def version(page) -> str:
    return page.locator("#board").get_attribute("data-version")


def click_and_wait(page, button) -> None:
    """Click a button that posts through HTMX and wait until the board is redrawn."""
    before = version(page)
    button.click()
    page.wait_for_function(
        "v => document.querySelector('#board') && document.querySelector('#board').dataset.version !== v",
        arg=before,
    )


def choose(page, pick: int) -> None:
    """Write one of the offered placements (the pick-th, wrapping) or pass.

    Placements that leave dead slots come first (their warning must be confirmed): sheets then
    run out of room sooner and a whole game fits in well under a minute.
    """
    writes = page.locator("button.cc-write.risky")
    if not writes.count():
        writes = page.locator("button.cc-write")
    count = writes.count()
    if count:
        # In card order (pile, then slot), as the cards list them: the game below replays the same.
        order = writes.evaluate_all(
            "buttons => buttons.map((b, i) => [+b.form.dataset.pile, +b.form.elements.slot.value, i])"
            ".sort((a, b) => a[0] - b[0] || a[1] - b[1]).map(t => t[2])"
        )
        button = writes.nth(order[pick % count])
        pile = button.locator("xpath=..").get_attribute("data-pile")
        page.locator(f"label[for=cc-pick-{pile}]").click()  # pick the card: its slots light up
        click_and_wait(page, button)
    else:
        click_and_wait(page, page.get_by_role("button", name="Pass (write nothing this turn)"))


def wait_for_poll(page, text: str) -> None:
    """Let the page poll until ``text`` shows, then pause its polling again (on SQLite)."""
    paused = page.evaluate("!window.ccPolls")
    page.evaluate("window.ccPolls = true")
    page.wait_for_function("t => document.body.innerText.includes(t)", arg=text, timeout=8_000)
    if paused:
        page.evaluate("window.ccPolls = false")


def shot(page, name: str, full_page: bool = True) -> None:
    ARTIFACTS.mkdir(exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / f"e2e_catacombs_{name}.png"), full_page=full_page)


def test_a_called_group_game_to_the_final_scores(open_page, make_user):
    marcus = make_user("Marcus")
    players = [make_user(name) for name in ("Anna", "Ben", "Cleo")]

    host = open_page(marcus)
    host.goto("/games/new/catacombs/")
    host.get_by_label("Seats").select_option("3")
    host.get_by_label("As seated").check()
    host.get_by_label("I play too").uncheck()
    host.get_by_label(re.compile("I flip:")).check()
    host.get_by_role("button", name="Create the table").click()
    host.wait_for_url(re.compile(r"/g/\w+/$"))
    code = host.url.rstrip("/").rsplit("/", 1)[1]

    pages = []
    for user in players:
        page = open_page(user)
        page.goto(f"/join/{code}/")
        page.get_by_role("button", name="Take a seat").click()
        page.wait_for_url(re.compile(f"/g/{code}/$"))
        pages.append(page)

    # A known deck order keeps the game short (18 turns with these picks) and its result known.
    Game.objects.filter(code=code).update(options={"flip_mode": "host", "deck_seed": "e2e-17"})

    tv = open_page(viewport=TV)
    tv.goto(f"/g/{code}/tv/")
    assert code in tv.locator(".cc-tv").inner_text()

    host.goto(f"/g/{code}/")
    host.get_by_role("button", name="Start the game").click()
    host.get_by_role("button", name="Flip the first cards").wait_for()

    turns = 0
    while True:
        host.goto(f"/g/{code}/")
        if host.get_by_text("The game is over.").count():
            break
        click_and_wait(host, host.locator("button.cc-flip"))
        turns += 1
        for seat, page in enumerate(pages):
            page.goto(f"/g/{code}/")
            choose(page, pick=seat * 4)
            if turns == 3 and seat == 0:
                assert "You wrote" in page.content() or "You passed" in page.content()
                wait_for_poll(tv, "Turn 3")  # the table view redraws by itself
                assert "Anna" in tv.locator(".cc-tv-players li.chosen").inner_text()
                shot(tv, "tv_in_play", full_page=False)
                shot(page, "player_phone")
        assert turns <= 90

    wait_for_poll(tv, "Final scores")
    shot(tv, "tv_final", full_page=False)
    final = tv.locator(".cc-tv-final").inner_text()
    assert all(name in final for name in ("Anna", "Ben", "Cleo"))
    game = Game.objects.get(code=code)
    assert turns == game.state["turn"] and game.status == Game.Status.FINISHED
    assert game.engine.scores(game.state) == [6, 16, -4]
    for page in pages:
        page.goto(f"/g/{code}/")
        assert "Final scores" in page.content()
    shot(pages[0], "player_final")


def test_a_solo_run_to_its_end_screen(open_page, make_user):
    page = open_page(make_user("Paula"))
    page.goto("/")
    page.get_by_role("button", name="Play solo").click()
    page.wait_for_url(re.compile(r"/g/\w+/$"))
    assert "Turn 1 of 21" in page.content()
    for turn in range(21):
        choose(page, pick=turn)
    page.get_by_text("A new personal best!").wait_for()
    assert "Your score:" in page.content() and "Completed categories" in page.content()
    shot(page, "solo_end")
    page.get_by_role("link", name="My solo runs").first.click()
    assert "Personal best" in page.content()


def test_a_finished_solo_run_plays_again_and_a_daily_run_does_not(open_page, make_user):
    from django.utils import timezone

    from games.catacombs import runs

    def over(game: Game) -> Game:  # ended as it stands (moves here would push from the browser's loop)
        game.state["phase"] = "over"
        game.status, game.finished_at = Game.Status.FINISHED, timezone.now()
        game.save()
        return game

    paula = make_user("Paula")
    daily = over(runs.start_daily(paula).game)
    page = open_page(paula)
    page.goto(daily.get_absolute_url())
    page.locator("#cc-end-title").wait_for()
    shot(page, "daily_end")
    assert_accessible(page)
    body = page.content()
    assert "Play again" not in body and "Mute e-mail" not in body and "Host tools" not in body
    page.get_by_role("button", name="Play a solo run").click()
    page.wait_for_url(re.compile(r"/g/\w+/$"))
    assert "Solo run" in page.locator("h1").inner_text() and "Turn 1 of 21" in page.content()
    solo = over(Game.objects.get(code=page.url.rstrip("/").rsplit("/", 1)[1]))
    page.goto(solo.get_absolute_url())
    shot(page, "solo_end_play_again")
    page.get_by_role("button", name="Play again", exact=True).click()
    page.wait_for_url(re.compile(r"/g/\w+/$"))
    assert page.url.rstrip("/").rsplit("/", 1)[1] != solo.code
    assert "Turn 1 of 21" in page.content() and "Start the game" not in page.content()
    shot(page, "solo_played_again")
    assert runs.daily_runs(runs.today()).count() == 1
