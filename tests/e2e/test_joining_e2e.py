"""Joining on a phone in Chromium: by the QR code on the host's lobby, by a code typed with
spaces and dashes, a full table that says so before any form, and a refused Start that leaves
the browser at the table's own address."""

import shutil
import subprocess
from pathlib import Path

import pytest
from django.test import Client
from playwright.sync_api import expect

from games.models import Game
from games.play import services
from tests.paths import ARTIFACTS

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]


PHONE = {"width": 390, "height": 844}


@pytest.fixture
def open_page(browser, live_server):
    contexts = []

    def open_(user=None, viewport=PHONE):
        context = browser.new_context(viewport=viewport, base_url=live_server.url)
        if user is not None:
            client = Client()
            client.force_login(user)
            cookie = client.cookies["sessionid"].value
            context.add_cookies([{"name": "sessionid", "value": cookie, "url": live_server.url}])
        contexts.append(context)
        page = context.new_page()
        page.set_default_timeout(10_000)
        return page

    yield open_
    for context in contexts:
        context.close()


def read_qr(png: Path) -> str:
    zbarimg = shutil.which("zbarimg")
    if zbarimg is None:
        pytest.fail("zbarimg is missing: make system-deps installs Debian's zbar-tools")
    command = [zbarimg, "--quiet", "--raw", str(png)]
    return subprocess.run(command, capture_output=True, text=True, check=True).stdout.strip()


def test_a_guest_joins_by_scanning_the_lobby_qr_code(open_page, make_user, live_server, settings):
    settings.SITE_URL = live_server.url  # the address the phones use
    host = make_user("Julius")
    game = services.create_game(host, "poker", {}, 3, "seated")
    lobby = open_page(host)
    lobby.goto(game.get_absolute_url())
    ARTIFACTS.mkdir(exist_ok=True)
    lobby.screenshot(path=str(ARTIFACTS / "lobby-invite-phone.png"), full_page=True)
    qr = lobby.locator("img.qr")
    qr.scroll_into_view_if_needed()
    assert lobby.evaluate("img => img.naturalWidth > 0", qr.element_handle())
    qr.screenshot(path=str(ARTIFACTS / "lobby-qr.png"))
    link = read_qr(ARTIFACTS / "lobby-qr.png")
    assert link == f"{live_server.url}/join/{game.code}/"

    phone = open_page()
    phone.goto(link)
    phone.get_by_label("Your name").fill("Agrippina")
    phone.get_by_role("button", name="Take a seat").click()
    phone.wait_for_url(f"**/g/{game.code}/")
    assert game.seats.filter(name="Agrippina").exists()


def test_a_code_typed_with_spaces_and_dashes_finds_the_table(open_page, make_user):
    game = services.create_game(make_user("Julius"), "poker", {}, 3, "seated")
    phone = open_page()
    phone.goto("/")
    phone.get_by_label("Join code").fill(f" {game.code[:3].lower()}-{game.code[3:].lower()} ")
    phone.get_by_role("button", name="Join", exact=True).click()
    phone.wait_for_url(f"**/join/{game.code}/")
    assert phone.get_by_role("button", name="Take a seat").is_visible()


def test_a_full_table_says_so_before_any_form(open_page, make_user):
    game = services.create_game(make_user("Julius"), "poker", {}, 2, "seated")
    services.join_game(game.pk, make_user("Agrippina"))
    phone = open_page()
    phone.goto(f"/join/{game.code.lower()}/")
    assert phone.get_by_role("alert").inner_text().startswith("This table is full")
    assert phone.locator("form[method=post]").count() == 0
    phone.screenshot(path=str(ARTIFACTS / "join-full-phone.png"), full_page=True)
    assert Game.objects.get(pk=game.pk).seats.count() == 2


def test_a_refused_start_shows_the_table_at_its_own_address_so_a_reload_sends_nothing(open_page, make_user):
    julius = make_user("Julius")
    game = services.create_game(julius, "poker", {}, 3, "seated")
    page = open_page(julius)
    page.goto(f"/g/{game.code}/")
    page.get_by_role("button", name="Start the game").click()
    expect(page.locator(".messages")).to_contain_text("player")
    assert page.url.endswith(f"/g/{game.code}/")
    answers = []
    page.on("request", lambda request: answers.append((request.method, request.url)))
    page.reload()
    assert answers[0] == ("GET", page.url)
    expect(page.get_by_role("button", name="Start the game")).to_be_visible()
    assert Game.objects.get(pk=game.pk).status == Game.Status.OPEN
