"""Confirming an address in a browser: sign up on a phone, see *Check your inbox*, open the
mailed link on a laptop (signed out there, so it asks to sign in first), and the address is
confirmed; a damaged link shows a page that says so. Every page passes the accessibility scan."""

from __future__ import annotations

import re

import pytest
from django.core import mail

from accounts.models import User
from games.models import Notification
from games.notifications import mailer
from tests.e2e.accessibility import assert_accessible

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]

PHONE, LAPTOP = (390, 844), (1280, 800)


def test_sign_up_on_a_phone_confirm_on_a_laptop(new_page, settings):
    settings.EMAIL_BACKEND = "django.core.mail.backends.locmem.EmailBackend"
    phone = new_page(*PHONE)
    phone.goto("/accounts/signup/")
    phone.get_by_label("Your name").fill("Livia")
    phone.get_by_label("E-mail").fill("livia@example.com")
    phone.get_by_label("Password").fill("a-long-Passw0rd")
    phone.get_by_role("button", name="Create account").click()
    phone.wait_for_url("**/games/")
    phone.goto("/accounts/profile/")
    notice = phone.locator("#check-inbox")
    assert "Check your inbox" in notice.inner_text() and "livia@example.com" in notice.inner_text()
    assert_accessible(phone)

    mailer.deliver(Notification.objects.filter(kind="verify").values_list("pk", flat=True))
    [message] = mail.outbox
    link = re.search(r"/accounts/verify/\S+/", message.body).group(0)

    laptop = new_page(*LAPTOP)
    laptop.goto(link)
    laptop.wait_for_url("**/accounts/login/**")
    laptop.get_by_label("E-mail").fill("livia@example.com")
    laptop.get_by_label("Password").fill("a-long-Passw0rd")
    laptop.get_by_role("button", name="Sign in").click()
    laptop.wait_for_url("**/accounts/profile/")
    assert "is confirmed as your address" in laptop.locator("main").inner_text()
    assert laptop.locator("#check-inbox").count() == 0
    assert User.objects.get(email="livia@example.com").email_verified
    assert_accessible(laptop)

    phone.reload()
    assert phone.locator("#check-inbox").count() == 0


def test_a_damaged_link_says_so_and_offers_a_new_one(new_page, make_user, settings):
    make_user("Livia", verified=False)
    page = new_page(*PHONE)
    page.goto("/accounts/login/")
    page.get_by_label("E-mail").fill("livia@example.com")
    page.get_by_label("Password").fill("a-long-Passw0rd")
    page.get_by_role("button", name="Sign in").click()
    page.wait_for_load_state()
    response = page.goto("/accounts/verify/not-a-real-link/")
    assert response.status == 400
    assert "not one this site sent" in page.locator("main").inner_text()
    assert_accessible(page)
    page.get_by_role("button", name="Send a new link to livia@example.com").click()
    page.wait_for_url("**/accounts/profile/")
    assert "A new link is on its way" in page.locator("main").inner_text()
    assert Notification.objects.filter(kind="verify").count() == 1
