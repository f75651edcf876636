"""`make run` as a family uses it, in Chromium: the site started as `make run` starts it (the
supervisor, the embedded default, a temporary VAR_DIR), the host's browser on 127.0.0.1 and a
phone reaching it by another address (127.0.0.2 stands for the Wi-Fi address). The host signs up
and confirms the address with the link from /dev/mail/, sets up a Catacombs table with a computer
player, the phone joins by the QR code's link, and a turn is played by all three (the computer
player's through the worker)."""

from __future__ import annotations

import re

import pytest

from games.catacombs.tests.test_play_e2e import choose
from tests.e2e.accessibility import assert_accessible
from tests.e2e.test_joining_e2e import read_qr
from tests.integration.embedded_harness import embedded_site
from tests.paths import ARTIFACTS

pytestmark = [pytest.mark.e2e]

PHONE = {"width": 390, "height": 844}
LAPTOP = {"width": 1280, "height": 800}
BANNER = "Background work is not running"


@pytest.fixture(scope="module")
def site(tmp_path_factory):
    with embedded_site(tmp_path_factory.mktemp("make-run")) as running:
        yield running


@pytest.fixture
def open_page(browser):
    contexts = []

    def open_(base_url: str, viewport=LAPTOP):
        context = browser.new_context(viewport=viewport, base_url=base_url)
        context.set_default_timeout(20_000)
        contexts.append(context)
        page = context.new_page()
        page.on("dialog", lambda dialog: dialog.accept())  # a write that leaves a slot dead asks first
        return page

    yield open_
    for context in contexts:
        context.close()


def sign_in(page, email: str, password: str) -> None:
    page.get_by_label("E-mail").fill(email)
    page.get_by_label("Password").fill(password)
    page.get_by_role("button", name="Sign in").click()


def test_sign_up_confirm_from_the_mail_viewer_and_a_phone_joins_by_the_qr_code(site, open_page):
    host = open_page(site.host_url)
    host.goto("/accounts/signup/")
    host.get_by_label("Your name").fill("Livia")
    host.get_by_label("E-mail").fill("livia@example.com")
    host.get_by_label("Password").fill("a-long-Passw0rd")
    host.get_by_role("button", name="Create account").click()
    host.wait_for_url("**/games/")

    # The worker writes the confirmation mail; the viewer lists it.
    host.goto("/dev/mail/")
    for _ in range(60):
        if host.get_by_role("link", name=re.compile("confirm your e-mail address")).count():
            break
        host.wait_for_timeout(500)
        host.reload()
    host.set_viewport_size(PHONE)
    assert_accessible(host, sizes=(PHONE,))
    host.get_by_role("link", name=re.compile("confirm your e-mail address")).first.click()
    host.wait_for_url(re.compile(r"/dev/mail/[^/]+/\d+/$"))
    body = host.frame_locator("iframe.mail-body")
    link = body.get_by_role("link", name="Confirm my e-mail address")
    assert link.get_attribute("href").startswith(f"{site.phone_url}/accounts/verify/")  # SITE_URL
    assert host.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]  # fits the phone
    ARTIFACTS.mkdir(exist_ok=True)
    host.screenshot(path=str(ARTIFACTS / "make_run_mail_phone.png"), full_page=True)
    assert_accessible(host)
    link.click()  # opens in the whole tab, at the site's address: signed out there, so it asks first
    host.wait_for_url("**/accounts/login/**")
    sign_in(host, "livia@example.com", "a-long-Passw0rd")
    host.wait_for_url("**/accounts/profile/")
    assert "is confirmed as your address" in host.locator("main").inner_text()

    # A Catacombs table on the host's own browser (127.0.0.1), with a computer player.
    host = open_page(site.host_url)
    host.goto("/accounts/login/")
    sign_in(host, "livia@example.com", "a-long-Passw0rd")
    host.wait_for_url("**/games/")
    host.goto("/games/new/catacombs/")
    host.get_by_label("Seats").select_option("3")
    host.get_by_label("As seated").check()
    host.get_by_role("button", name="Create the table").click()
    host.wait_for_url(re.compile(r"/g/\w+/$"))
    code = host.url.rstrip("/").rsplit("/", 1)[1]
    host.get_by_role("button", name="Add a computer player").click()
    host.get_by_text("computer player").first.wait_for()

    qr = host.locator("img.qr")
    qr.scroll_into_view_if_needed()
    qr.screenshot(path=str(ARTIFACTS / "make_run_qr.png"))
    join_link = read_qr(ARTIFACTS / "make_run_qr.png")
    assert join_link == f"{site.phone_url}/join/{code}/"  # the phones' address, not the host's 127.0.0.1

    phone = open_page(site.phone_url, viewport=PHONE)
    phone.goto(join_link)
    phone.get_by_label("Your name").fill("Agrippina")
    phone.get_by_role("button", name="Take a seat").click()
    phone.wait_for_url(f"**/g/{code}/")

    host.goto(f"/g/{code}/")
    host.get_by_role("button", name="Start the game").click()
    host.get_by_text("Turn 1").first.wait_for()
    assert BANNER not in host.content()  # the worker and beat are running

    phone.goto(f"/g/{code}/")
    choose(phone, pick=0)
    choose(host, pick=1)
    # The computer player chooses through the worker; then the next cards flip by themselves.
    for page in (host, phone):
        page.wait_for_function("t => document.body.innerText.includes(t)", arg="Turn 2", timeout=60_000)
    phone.screenshot(path=str(ARTIFACTS / "make_run_phone_turn2.png"), full_page=True)
    assert_accessible(phone, sizes=(PHONE,))
