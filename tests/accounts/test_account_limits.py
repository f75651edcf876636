"""Sign-up and password-reset requests are limited per client, resets also per e-mail asked for."""

from __future__ import annotations

import pytest
from django.core import mail
from django.urls import reverse

from accounts.limits import SENTENCES
from accounts.models import User

pytestmark = pytest.mark.django_db


@pytest.fixture
def rates(abuse_limits):
    def set_rate(name: str, rate: str) -> None:
        abuse_limits.RATE_LIMITS = {**abuse_limits.RATE_LIMITS, name: rate}

    return set_rate


def sign_up(client, name: str, **extra):
    data = {"display_name": name, "email": f"{name.lower()}@example.com", "password": "a-long-Passw0rd"}
    return client.post(reverse("signup"), data, **extra)


def test_sign_ups_are_limited_per_address(client, rates):
    rates("signups", "2/h")
    for name in ("Julius", "Agrippina"):
        assert sign_up(type(client)(), name).status_code == 302
    response = sign_up(type(client)(), "Nero")
    assert response.status_code == 429 and SENTENCES["signups"] in response.content.decode()
    assert not User.objects.filter(display_name="Nero").exists()
    assert client.get(reverse("signup")).status_code == 200  # the form still opens
    assert sign_up(type(client)(), "Nero", REMOTE_ADDR="10.3.3.3").status_code == 302


def test_password_reset_requests_are_limited_per_client(client, rates, make_user):
    rates("password_resets", "2/h")
    make_user("Julius")
    for email in ("julius@example.com", "nobody@example.com"):
        assert client.post(reverse("password_reset"), {"email": email}).status_code == 302
    response = client.post(reverse("password_reset"), {"email": "julius@example.com"})
    assert response.status_code == 429 and SENTENCES["password_resets"] in response.content.decode()
    assert len(mail.outbox) == 1
    assert client.get(reverse("password_reset")).status_code == 200


def test_password_reset_mails_to_one_address_are_limited_from_anywhere(client, rates, make_user):
    rates("reset_mails", "2/h")
    make_user("Julius")
    url = reverse("password_reset")
    for address in ("10.0.0.1", "10.0.0.2"):
        response = client.post(url, {"email": "julius@example.com"}, REMOTE_ADDR=address)
        assert response.status_code == 302
    response = client.post(url, {"email": "Julius@Example.com"}, REMOTE_ADDR="10.0.0.3")
    # Answered as any request is (no 429 the owner of the address would see), and no mail sent.
    assert response.status_code == 302 and response["Location"] == reverse("password_reset_done")
    assert len(mail.outbox) == 2
