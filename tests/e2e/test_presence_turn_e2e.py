"""Three people at a Roman Poker table on phones (390x844), on the embedded default's ASGI server
(in-memory channel layer): who is here is pushed, the tab title, favicon and screen-reader line
say whose turn it is, the sound is opt-in and remembered, a cancelled table tells the open page,
a signed-out visitor is offered to sign in to their seat, and a rematch asked on one phone
reaches the others' end screens and "My games"."""

from __future__ import annotations

import re

import pytest
from django.contrib.auth import BACKEND_SESSION_KEY, HASH_SESSION_KEY, SESSION_KEY
from django.contrib.sessions.backends.db import SessionStore
from django.db import connection
from playwright.sync_api import expect

from games.play import services
from games.poker.tests.test_play_e2e import play_one_step
from tests.integration.live_harness import asgi_server
from tests.integration.mail_harness import database_url
from tests.real_parts import require

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]

PHONE = {"width": 390, "height": 844}


@pytest.fixture
def site():
    require("the live table")
    with asgi_server(database=database_url(connection.settings_dict), channel_layer=None) as base:
        yield base


@pytest.fixture
def phone(browser, site):
    contexts = []

    def open_(user=None, viewport=PHONE):
        context = browser.new_context(viewport=viewport, base_url=site)
        context.set_default_timeout(15_000)
        contexts.append(context)
        if user is not None:
            session = SessionStore()
            session[SESSION_KEY] = str(user.pk)
            session[BACKEND_SESSION_KEY] = "django.contrib.auth.backends.ModelBackend"
            session[HASH_SESSION_KEY] = user.get_session_auth_hash()
            session.save()
            context.add_cookies([{"name": "sessionid", "value": session.session_key, "url": site}])
        return context.new_page()

    yield open_
    for context in contexts:
        context.close()


def table(make_user, start=True, names=("Julius", "Agrippina", "Marcus")):
    people = [make_user(name) for name in names]
    game = services.create_game(people[0], "poker", {}, 3, "seated")
    for user in people[1:]:
        services.join_game(game.pk, user)
    if start:
        services.start_game(game.pk, people[0])
    game.refresh_from_db()
    return game, people


def live(page) -> None:
    page.wait_for_function("() => document.documentElement.dataset.live === 'on'")


def test_who_is_here_and_whose_turn_it_is(phone, make_user):
    game, (julius, agrippina, marcus) = table(make_user)
    url = f"/g/{game.code}/"
    his = phone(julius)
    his.goto(url)
    live(his)
    strip = his.locator("#here li[data-seat='1']")
    assert "not seen yet" in strip.inner_text()
    hers = phone(agrippina)
    hers.goto(url)
    live(hers)
    # Pushed: Julius's page redraws its strip when Agrippina arrives (no reload, before the 30 s refresh).
    strip.filter(has_text="here now").wait_for(timeout=5_000)
    assert "not seen yet" in his.locator("#here li[data-seat='2']").inner_text()  # Marcus never came

    title = f"\u25cf Your turn \u2014 Roman Poker {game.code}"
    assert his.title() == title
    icons = "() => [...document.querySelectorAll(\"link[rel='icon']\")].map(link => link.href)"
    assert all(href.endswith("img/favicon-turn.svg") for href in his.evaluate(icons))
    assert not hers.title().startswith("\u25cf")
    assert not any(href.endswith("favicon-turn.svg") for href in hers.evaluate(icons))

    # The sound is off by default; turned on, it is remembered on this phone.
    box = hers.locator("#turn-sound")
    assert not box.is_checked()
    box.check()
    hers.reload()
    live(hers)
    assert hers.locator("#turn-sound").is_checked()

    # Julius ends his turn; Agrippina's page hears it over the socket and says it is hers.
    version = hers.locator("#board").get_attribute("data-version")
    while his.locator("#board").get_attribute("data-my-turn") == "1":
        assert play_one_step(his)
    hers.wait_for_function("v => document.querySelector('#board')?.dataset.version !== v", arg=version)
    hers.wait_for_function("t => document.title === t", arg=title)
    # The move that passed her the turn is read first, then the turn.
    assert hers.locator("#turn-announce").inner_text().endswith(f". Your turn in Roman Poker {game.code}.")
    assert not his.title().startswith("\u25cf")
    assert "Roman Poker" in his.title()
    assert any(href.endswith("icons/icon.svg") for href in his.evaluate(icons))  # its own icon again


def test_a_cancelled_table_tells_the_open_pages_and_a_removed_player_is_told(phone, make_user):
    game, (julius, agrippina, marcus) = table(make_user, start=False)
    url = f"/g/{game.code}/"
    his, hers, marcus_page = phone(julius), phone(agrippina), phone(marcus)
    for page in (his, hers, marcus_page):
        page.goto(url)
        live(page)
    his.on("dialog", lambda dialog: dialog.accept())
    his.get_by_role("button", name="Remove Marcus").click()
    marcus_page.get_by_text("The host took your seat away").wait_for(timeout=5_000)  # pushed
    assert hers.get_by_text("The host took your seat away").count() == 0
    his.get_by_role("button", name="Cancel the table").click()
    hers.get_by_text("The host cancelled this table.").wait_for(timeout=5_000)  # pushed, no reload
    assert "Page not found" not in hers.content() and "Not Found" not in hers.content()
    assert hers.get_by_role("link", name="My games").count() >= 1


def test_a_signed_out_visitor_is_offered_to_sign_in_to_their_seat(phone, make_user):
    game, _ = table(make_user, names=("Livia", "Octavia", "Tiberius"))
    visitor = phone()
    visitor.goto(f"/g/{game.code}/")
    link = visitor.get_by_role("link", name="Sign in to play your seat")
    assert link.get_attribute("href") == f"/accounts/login/?next=/g/{game.code}/"
    link.click()
    visitor.wait_for_url(re.compile(r"/accounts/login/"))


def finish(game, users) -> None:
    """Play the whole game through the move path: default moves, the computer player's own."""
    for _ in range(2000):
        game.refresh_from_db()
        if game.status != "active":
            return
        seat = game.engine.to_act(game.state)[0]
        user = next((u for u in users if game.seats.filter(user=u, position=seat).exists()), None)
        if user is None:
            services.play_bots(game.pk)
        else:
            move = game.engine.default_move(game.state, seat)
            services.submit_move(game.pk, user, move, game.tokens[str(seat)])
    raise AssertionError("the game did not end")


def test_a_rematch_asked_on_one_phone_reaches_the_others(phone, make_user):
    people = [make_user(name) for name in ("Julius", "Agrippina", "Marcus")]
    julius, agrippina, marcus = people
    game = services.create_game(julius, "poker", {}, 4, "seated")
    for user in people[1:]:
        services.join_game(game.pk, user)
    services.add_bot(game.pk, julius)
    services.start_game(game.pk, julius)
    finish(game, people)
    url = f"/g/{game.code}/"
    his, hers = phone(julius), phone(agrippina)
    for page in (his, hers):
        page.goto(url)
        live(page)
    # Julius hosts and is here: he starts the rematch; Agrippina's end screen says so.
    assert hers.get_by_role("button", name="Play again with the same table").count() == 0
    hers.get_by_text("Julius, the host, starts the rematch").wait_for()
    his.get_by_role("button", name="Play again with the same table").click()
    his.wait_for_url(re.compile(r"/g/(?!" + game.code + r")[A-Z0-9]+/$"))
    new_code = his.url.rstrip("/").rsplit("/", 1)[1]
    # Pushed to Agrippina's end screen: she has a seat already, one tap takes her there.
    hers.get_by_text("Julius started a rematch: you have a seat.").wait_for(timeout=5_000)
    hers.get_by_role("link", name="Go to the new table").click()
    hers.wait_for_url(f"**/g/{new_code}/")
    # Marcus was not looking: "My games" lists the new table he sits at.
    his_friend = phone(marcus)
    his_friend.goto("/games/")
    his_friend.get_by_role("link", name=f"Roman Poker · {new_code}").click()
    his_friend.wait_for_url(f"**/g/{new_code}/")
    lobby = his_friend.locator("#board").inner_text()
    for name in ("Julius", "Agrippina", "Marcus", "Computer 1"):
        assert name in lobby


def test_a_plain_form_on_a_pushed_board_posts_the_pages_own_token(phone, make_user):
    """A board swapped in by a push carries no CSRF token (one drawing serves every page): its plain
    forms (the mail toggle, the rematch) post the token of the page they are swapped into."""
    game, (julius, agrippina, _) = table(make_user)
    url = f"/g/{game.code}/"
    hers = phone(agrippina)
    hers.goto(url)
    live(hers)
    shown = int(hers.locator("#board").get_attribute("data-version"))
    game.refresh_from_db()
    position = game.engine.to_act(game.state)[0]
    mover = game.seats.get(position=position).user
    services.submit_move(game.pk, mover, {"type": "roll"}, game.tokens[str(position)])
    expect(hers.locator("#board")).to_have_attribute("data-version", str(shown + 1))
    assert hers.locator("#board input[name=csrfmiddlewaretoken]").count() == 0  # the pushed drawing
    hers.get_by_role("button", name="Mute e-mail for this game").click()
    expect(hers.get_by_role("button", name="Turn on e-mail for this game")).to_be_visible()
    assert game.seats.get(user=agrippina).muted
