"""A group's game night on a phone in Chromium: the host starts the night, two tables end and a
paper sheet is attached by its link, and the TV view shows the night's standings; then a player's
page. Screenshots go to test-artifacts/."""

from __future__ import annotations

import random

import pytest
from django.test import Client
from django.urls import reverse
from django.utils import timezone

from games.models import Game
from games.play import seat_moves
from games.play import services as game_services
from groups import services
from scoresheets.models import ScoreSheet
from tests.e2e.accessibility import assert_accessible
from tests.e2e.layout import no_sideways_scroll, text_inside
from tests.paths import ARTIFACTS
from tests.platform.test_my_games import finish

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]


PHONE = {"width": 390, "height": 844}
LAPTOP = {"width": 1280, "height": 800}
TV = {"width": 1920, "height": 1080}


@pytest.fixture
def open_page(browser, live_server):
    contexts = []

    def open_(user, viewport=PHONE):
        client = Client()
        client.force_login(user)
        context = browser.new_context(viewport=viewport, base_url=live_server.url)
        context.add_cookies(
            [{"name": "sessionid", "value": client.cookies["sessionid"].value, "url": live_server.url}]
        )
        contexts.append(context)
        page = context.new_page()
        page.set_default_timeout(15_000)
        page.on("dialog", lambda dialog: dialog.accept())
        return page

    yield open_
    for context in contexts:
        context.close()


def table(host, others, kind="roads") -> Game:
    game = game_services.create_game(host, kind, {}, 1 + len(others), "seated")
    for other in others:
        game_services.join_game(game.pk, other)
    game_services.start_game(game.pk, host)
    return finish(Game.objects.get(pk=game.pk))


def test_a_game_night_with_two_tables_and_a_sheet(open_page, make_user, live_server):
    anna, ben, clara = make_user("Anna"), make_user("Ben"), make_user("Clara")
    group = services.create_group(anna, "The Romans")
    ARTIFACTS.mkdir(exist_ok=True)

    # Ben joins by the invite link, in one tap.
    bens = open_page(ben)
    bens.goto(reverse("group_join", args=[group.invite_token]))
    bens.get_by_role("button", name="Join The Romans").click()
    bens.wait_for_url(f"**{reverse('group', args=[group.pk])}")
    services.join_group(group, clara)

    annas = open_page(anna)
    annas.goto(reverse("group", args=[group.pk]))
    annas.get_by_role("button", name="Start a game night").click()
    assert annas.get_by_text("A game night is on since").is_visible()

    tonight = [table(anna, [ben]), table(ben, [clara, anna], kind="romirami")]
    sheet = ScoreSheet.objects.create(
        kind="roads", names=["Anna", "Clara"], entries=[{"type": "game", "winners": [1]}]
    )
    annas.get_by_text("A sheet started elsewhere? Count it by its link").click()
    annas.get_by_label("Link of a score sheet").fill(live_server.url + sheet.get_absolute_url())
    annas.get_by_role("button", name="Count this sheet for the group").click()
    assert annas.locator(".sheet-match select").count() == 2
    annas.screenshot(path=str(ARTIFACTS / "group-phone.png"), full_page=True)

    tv = open_page(anna, viewport=LAPTOP)
    tv.goto(reverse("group_tv", args=[group.pk]))
    rows = tv.locator(".night-standings tbody tr")
    assert rows.count() == 3
    text = tv.locator("#night-board").inner_text()
    for game in tonight:
        assert game.code in text
    assert "on paper" in text
    played = {row.locator(".name").inner_text(): row.locator("td").last.inner_text() for row in rows.all()}
    assert played == {"Anna": "3", "Ben": "2", "Clara": "2"}
    tv.screenshot(path=str(ARTIFACTS / "group-night-tv.png"))

    # Someone outside the group sees nothing of it.
    stranger = open_page(make_user("Marcus"))
    response = stranger.goto(reverse("group_tv", args=[group.pk]))
    assert response.status == 404 and "The Romans" not in stranger.content()

    # Anna's player page, from the standings.
    annas.goto(reverse("player", args=[anna.pk]))
    assert annas.get_by_role("heading", name="Anna").is_visible()
    assert annas.locator("table.stats tbody tr").count() == 2  # roads and romirami
    no_sideways_scroll(annas)
    text_inside(annas.locator("section", has=annas.locator("table.stats")))
    annas.screenshot(path=str(ARTIFACTS / "player-phone.png"), full_page=True)


def test_take_a_seat_on_the_group_page_seats_a_member_in_one_tap(open_page, make_user):
    anna, ben = make_user("Anna"), make_user("Ben")
    group = services.create_group(anna, "The Romans")
    services.join_group(group, ben)
    table = game_services.create_game(anna, "poker", {}, 4, "seated")
    ARTIFACTS.mkdir(exist_ok=True)

    annas = open_page(anna)
    annas.goto(reverse("group", args=[group.pk]))
    tables = annas.locator("section", has=annas.get_by_role("heading", name="Open tables"))
    assert tables.get_by_role("button", name="Take a seat").count() == 0
    assert tables.get_by_role("link", name="Open").get_attribute("href") == table.get_absolute_url()
    assert_accessible(annas)
    annas.screenshot(path=str(ARTIFACTS / "group-own-table-phone.png"), full_page=True)

    bens = open_page(ben)
    bens.goto(reverse("group", args=[group.pk]))
    bens.get_by_role("button", name="Take a seat").click()
    bens.wait_for_url(f"**{table.get_absolute_url()}")
    assert table.seats.filter(user=ben).exists()
    bens.screenshot(path=str(ARTIFACTS / "group-seated-in-one-tap-phone.png"), full_page=True)
    bens.goto(reverse("group", args=[group.pk]))
    tables = bens.locator("section", has=bens.get_by_role("heading", name="Open tables"))
    assert tables.get_by_role("link", name="Open").is_visible()
    assert tables.get_by_text("Anna's table · you have a seat").is_visible()
    assert_accessible(bens)


def test_an_ended_night_stays_on_the_group_page_and_a_signed_out_tv_shows_it_by_its_link(
    open_page, make_user, browser, live_server
):
    anna, ben, clara = make_user("Anna"), make_user("Agrippina"), make_user("Clara")
    group = services.create_group(anna, "St Mark's Tuesday Group")
    for person in (ben, clara):
        services.join_group(group, person)
    ARTIFACTS.mkdir(exist_ok=True)
    annas = open_page(anna)
    annas.goto(reverse("group", args=[group.pk]))
    annas.get_by_role("button", name="Start a game night").click()
    tonight = [table(anna, [ben]), table(ben, [clara, anna], kind="romirami")]

    # The TV in the church hall: nobody signed in, the link the host copied.
    screen = browser.new_context(viewport=TV, base_url=live_server.url).new_page()
    response = screen.goto(reverse("group_tv", args=[group.pk]))
    assert response.status == 404 and "TV link" in screen.content() and "Tuesday" not in screen.content()
    screen.goto(group.tv_url())
    board = screen.locator("#night-board")
    assert board.locator(".night-standings tbody tr").count() == 3
    assert all(game.code in board.inner_text() for game in tonight)
    assert screen.locator("header.site").count() == 0
    no_sideways_scroll(screen)
    screen.screenshot(path=str(ARTIFACTS / "group-tv-link-signed-out.png"))
    screen.context.close()

    annas.get_by_role("button", name="End the game night").click()
    assert annas.get_by_text("The game night is over.").is_visible()
    past = annas.locator("section", has=annas.get_by_role("heading", name="Past game nights"))
    assert past.locator("summary").first.is_visible()
    assert all(past.get_by_text(game.code, exact=False).is_visible() for game in tonight)
    no_sideways_scroll(annas)
    assert_accessible(annas)
    annas.screenshot(path=str(ARTIFACTS / "group-past-night-phone.png"), full_page=True)
    laptop = open_page(anna, viewport=LAPTOP)
    laptop.goto(reverse("group", args=[group.pk]))
    laptop.screenshot(path=str(ARTIFACTS / "group-past-night-laptop.png"), full_page=True)

    # Someone signed out opens the invite link.
    visitor = browser.new_context(viewport=PHONE, base_url=live_server.url).new_page()
    visitor.goto(reverse("group_join", args=[group.invite_token]))
    assert visitor.get_by_text("You were invited to join St Mark's Tuesday Group").is_visible()
    no_sideways_scroll(visitor)
    visitor.screenshot(path=str(ARTIFACTS / "group-invite-signed-out-phone.png"), full_page=True)
    visitor.context.close()


def test_a_players_stats_of_every_game_fit_a_phone(open_page, make_user):
    anna, ben = make_user("Anna"), make_user("Agrippina")
    for kind in ("poker", "romirami", "roads"):
        table(anna, [ben], kind=kind)
    for kind in ("catacombs", "romanroad"):  # ended as they stand, as the host's End does
        game = game_services.create_game(anna, kind, {}, 2, "seated")
        game_services.join_game(game.pk, ben)
        game_services.start_game(game.pk, anna)
        game = Game.objects.get(pk=game.pk)
        ended = seat_moves.apply(game.engine, game.state, seat_moves.make(seat_moves.END), random.Random(1))
        finished = {"state": ended, "status": Game.Status.FINISHED, "finished_at": timezone.now()}
        Game.objects.filter(pk=game.pk).update(**finished)
    page = open_page(anna)
    page.goto(reverse("player", args=[anna.pk]))
    assert page.locator("table.stats tbody tr").count() == 5
    page.screenshot(path=str(ARTIFACTS / "player-every-game-phone.png"), full_page=True)
    no_sideways_scroll(page)
    text_inside(page.locator("section", has=page.locator("table.stats")))
