"""django-axes: an e-mail + address pair is locked after a few wrong passwords, for a while."""

from __future__ import annotations

from datetime import timedelta
from urllib.parse import urlsplit

import pytest
from axes.models import AccessAttempt
from django.core import mail
from django.urls import reverse

from accounts import tasks
from games.play import services

pytestmark = pytest.mark.django_db

PASSWORD = "a-long-Passw0rd"
ELSEWHERE = "10.20.30.40"


@pytest.fixture
def throttled(abuse_limits):
    abuse_limits.AXES_FAILURE_LIMIT = 3
    abuse_limits.AXES_COOLOFF_TIME = timedelta(minutes=15)
    return abuse_limits


def sign_in(client, email: str, password: str, **extra):
    return client.post(reverse("login"), {"username": email, "password": password}, **extra)


def signed_in(client) -> bool:
    return client.get(reverse("my_games")).status_code == 200


def fail(client, email: str, times: int, **extra) -> list:
    return [sign_in(client, email, "wrong-password", **extra) for _ in range(times)]


def test_failures_below_the_limit_are_answered_as_usual(client, throttled, make_user):
    make_user("Julius")
    for response in fail(client, "julius@example.com", 2):
        assert response.status_code == 200 and "enter a correct" in response.content.decode().lower()
    assert sign_in(client, "julius@example.com", PASSWORD).status_code == 302


def test_the_pair_is_locked_after_the_limit_even_for_the_right_password(client, throttled, make_user):
    make_user("Julius")
    *_, last = fail(client, "julius@example.com", 3)
    assert last.status_code == 429
    page = last.content.decode()
    assert "paused for 15 minutes" in page and reverse("password_reset") in page
    for response in fail(client, "JULIUS@example.com ", 47):  # the fifty, in any spelling
        assert response.status_code == 429
    response = sign_in(client, "julius@example.com", PASSWORD)
    assert response.status_code == 429 and not signed_in(client)


def test_the_lock_is_per_address(client, throttled, make_user):
    make_user("Julius")
    fail(client, "julius@example.com", 3)
    assert sign_in(client, "julius@example.com", PASSWORD, REMOTE_ADDR=ELSEWHERE).status_code == 302


def test_the_lock_lifts_after_the_window(client, throttled, make_user):
    make_user("Julius")
    fail(client, "julius@example.com", 3)
    assert sign_in(client, "julius@example.com", PASSWORD).status_code == 429
    # Fifteen minutes and a second later:
    window = throttled.AXES_COOLOFF_TIME + timedelta(seconds=1)
    for attempt in AccessAttempt.objects.all():
        attempt.attempt_time -= window
        attempt.save(update_fields=["attempt_time"])
    assert sign_in(client, "julius@example.com", PASSWORD).status_code == 302
    assert signed_in(client)


def test_password_reset_stays_open_and_a_new_password_lifts_the_lock(client, throttled, make_user):
    make_user("Julius")
    fail(client, "julius@example.com", 3)
    assert client.get(reverse("password_reset")).status_code == 200
    response = client.post(reverse("password_reset"), {"email": "julius@example.com"})
    assert response.status_code == 302 and len(mail.outbox) == 1
    link = next(line for line in mail.outbox[0].body.splitlines() if "/accounts/password/reset/" in line)
    response = client.get(urlsplit(link.strip()).path, follow=True)
    response = client.post(
        response.redirect_chain[-1][0],
        {"new_password1": "another-Passw0rd!", "new_password2": "another-Passw0rd!"},
    )
    assert response.status_code == 302
    assert sign_in(client, "julius@example.com", "another-Passw0rd!").status_code == 302


@pytest.mark.parametrize("attacker", [ELSEWHERE, "127.0.0.1"], ids=["elsewhere", "same wifi"])
def test_a_guest_claiming_an_email_is_not_locked_out_by_others_failures(
    client, throttled, make_user, attacker
):
    host = make_user("Julius")
    game = services.create_game(host, "poker", {}, 4, "seated")
    fail(type(client)(), "claimed@example.com", 5, REMOTE_ADDR=attacker)
    # A guest (at 127.0.0.1) joins by link, then saves the account with that e-mail.
    assert client.post(reverse("join", args=[game.code]), {"display_name": "Agrippina"}).status_code == 302
    response = client.post(
        reverse("signup"),
        {"display_name": "Agrippina", "email": "claimed@example.com", "password": PASSWORD},
    )
    assert response.status_code == 302 and signed_in(client)
    client.post(reverse("logout"))
    assert sign_in(client, "claimed@example.com", PASSWORD).status_code == 302
    assert game.seats.filter(user__email="claimed@example.com").exists()


def test_failures_are_kept_no_longer_than_their_window(client, throttled, make_user):
    make_user("Julius")
    fail(client, "julius@example.com", 1)
    fail(client, "julius@example.com", 1, REMOTE_ADDR=ELSEWHERE)
    old = AccessAttempt.objects.get(ip_address=ELSEWHERE)
    old.attempt_time -= throttled.AXES_COOLOFF_TIME + timedelta(seconds=1)
    old.save(update_fields=["attempt_time"])
    assert tasks.forget_signin_failures.apply().get() == 1
    assert list(AccessAttempt.objects.values_list("ip_address", flat=True)) == ["127.0.0.1"]
