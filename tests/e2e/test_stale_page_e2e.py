"""A table left open in one tab while its player signs out and in again in another (which renews the
token every form carries): the old tab's move is answered with a sentence on top of the page (one,
however often it is sent), the board left as it was and the game unchanged; the sentence goes once a
move is taken; its other forms get the site's own page with the same sentence. Both answers pass
axe-core."""

from __future__ import annotations

import pytest
from django.contrib.auth.hashers import PBKDF2PasswordHasher
from playwright.sync_api import expect

from config.csrf import SENTENCE
from games.models import Game
from tests.e2e.accessibility import assert_accessible
from tests.e2e.test_presence_turn_e2e import live, phone, site, table  # noqa: F401 — fixtures
from tests.paths import ARTIFACTS

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]

PASSWORD = "a-long-Passw0rd"


def checkable(user):
    """``user`` with a password the web process (which hashes as production does) can check; set
    before the user's session is made, which holds a digest of it."""
    hasher = PBKDF2PasswordHasher()
    user.password = hasher.encode(PASSWORD, hasher.salt())
    user.save(update_fields=["password"])
    return user


def sign_in_again(page, user) -> None:
    """In another tab of the same browser: sign out, then in."""
    tab = page.context.new_page()
    tab.goto("/games/")
    tab.get_by_role("button", name="Sign out").click()
    tab.goto("/accounts/login/")
    tab.get_by_label("E-mail").fill(user.email)
    tab.get_by_label("Password").fill(PASSWORD)
    tab.get_by_role("button", name="Sign in").click()
    expect(tab.get_by_role("button", name="Sign out")).to_be_visible()
    tab.close()


def test_a_table_opened_before_a_new_sign_in_says_to_reload_and_then_plays(phone, make_user):  # noqa: F811
    ARTIFACTS.mkdir(exist_ok=True)
    game, people = table(make_user, names=("Julius", "Agrippina"))
    first = checkable(game.seats.get(position=game.engine.to_act(game.state)[0]).user)
    url = f"/g/{game.code}/"
    page = phone(first)
    page.goto(url)
    live(page)
    page.evaluate("() => { window.__sameDocument = true; }")
    (secret,) = [c["value"] for c in page.context.cookies() if c["name"] == "csrftoken"]  # the page's
    sign_in_again(page, first)

    version = Game.objects.get(pk=game.pk).version
    for _ in range(2):  # sent again: still one sentence, not two
        page.locator("#board").get_by_role("button", name="Roll a die").click()
        flash = page.locator("#flashes > .flash")
        expect(flash).to_have_text(SENTENCE)
    expect(page.locator("#board").get_by_role("button", name="Roll a die")).to_be_visible()
    assert page.evaluate("() => window.__sameDocument === true")
    assert Game.objects.get(pk=game.pk).version == version
    page.screenshot(path=ARTIFACTS / "stale-page-move.png", full_page=True, caret="initial")
    assert_accessible(page)

    # With the page's own token good again, its next move is taken and the sentence goes.
    (old,) = [c for c in page.context.cookies() if c["name"] == "csrftoken"]
    page.context.add_cookies([{**old, "value": secret}])
    page.locator("#board").get_by_role("button", name="Roll a die").click()
    expect(page.locator("#board .dice .die")).to_have_count(1)
    expect(flash).to_have_count(0)
    assert Game.objects.get(pk=game.pk).version == version + 1

    page.reload()
    live(page)
    expect(page.locator("#board .dice .die")).to_have_count(1)


def test_a_plain_form_of_a_page_from_before_a_new_sign_in_gets_the_sites_page(phone, make_user):  # noqa: F811
    user = checkable(make_user("Julius"))
    page = phone(user)
    page.goto("/notifications/")
    sign_in_again(page, user)
    page.get_by_role("button", name="Save").first.click()
    expect(page.get_by_role("heading", name="This page is out of date")).to_be_visible()
    expect(page.get_by_role("alert")).to_have_text(SENTENCE)
    page.screenshot(path=ARTIFACTS / "stale-page-form.png", full_page=True, caret="initial")
    assert_accessible(page)
    page.get_by_role("link", name="Back to the page").click()
    page.wait_for_url("**/notifications/")
