"""Every page of the site, at a phone's and a laptop's size, passes axe-core with no serious or
critical violation; every page names its icon, manifest and theme colour, so none asks for a
favicon that is not there."""

from __future__ import annotations

import pytest

from accounts.models import User
from games.contract.kinds import all_kinds
from games.play import services
from tests.e2e.accessibility import assert_accessible

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]

PUBLIC = ["/", "/accounts/signup/", "/accounts/login/", "/accounts/password/reset/", "/pads/"]
SIGNED_IN = ["/", "/games/", "/pads/", "/accounts/profile/", "/notifications/"]


def sign_up(page, name: str) -> User:
    page.goto("/accounts/signup/")
    page.get_by_label("Your name").fill(name)
    page.get_by_label("E-mail").fill(f"{name.lower()}@example.com")
    page.get_by_label("Password").fill("a-long-Passw0rd")
    page.get_by_role("button", name="Create account").click()
    page.wait_for_url("**/games/")
    return User.objects.get(email=f"{name.lower()}@example.com")


def visit(page, url: str) -> None:
    response = page.goto(url)
    assert response.status == 200, f"{url} answered {response.status}"
    assert_accessible(page)


def test_public_pages(new_page):
    page = new_page()
    missing = []
    page.on("response", lambda r: r.status == 404 and missing.append(r.url))
    for url in PUBLIC:
        visit(page, url)
    assert not missing, f"these were asked for and not found: {missing}"


def test_signed_in_pages_lobbies_boards_and_logs(new_page):
    page = new_page()
    julius = sign_up(page, "Julius")
    missing = []
    page.on("response", lambda r: r.status == 404 and missing.append(r.url))
    for url in SIGNED_IN:
        visit(page, url)
    for kind in all_kinds():
        visit(page, f"/games/new/{kind.slug}/")
        waiting = services.create_game(julius, kind.slug, {}, 3, "seated")
        visit(page, f"/g/{waiting.code}/")
        playing = services.create_game(julius, kind.slug, {}, 2, "seated")
        services.add_bot(playing.pk, julius)
        services.start_game(playing.pk, julius)
        visit(page, f"/g/{playing.code}/")
        visit(page, f"/g/{playing.code}/log/")
    assert not missing, f"these were asked for and not found: {missing}"


def test_the_site_is_installable(new_page):
    page = new_page(width=390, height=844)
    page.goto("/")
    assert page.locator('meta[name="theme-color"]').get_attribute("content") == "#8a2b1e"
    manifest_url = page.locator('link[rel="manifest"]').get_attribute("href")
    manifest = page.request.get(manifest_url)
    assert manifest.ok and manifest.headers["content-type"] == "application/manifest+json"
    body = manifest.json()
    assert body["theme_color"] == "#8a2b1e" and body["display"] == "standalone"
    sizes = {icon["sizes"] for icon in body["icons"]}
    assert {"192x192", "512x512"} <= sizes
    for icon in body["icons"]:
        assert page.request.get(icon["src"]).ok, icon["src"]
    for link in page.locator('link[rel="icon"], link[rel="apple-touch-icon"]').all():
        assert page.request.get(link.get_attribute("href")).ok
    assert page.request.get("/favicon.ico").ok  # followed to the file
