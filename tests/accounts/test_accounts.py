import pytest
from django.core import mail
from django.urls import reverse

from accounts.models import User

pytestmark = pytest.mark.django_db


def test_sign_up_signs_in_and_lands_on_my_games(client):
    response = client.post(
        reverse("signup"),
        {"display_name": "Julius", "email": "Julius@Example.com", "password": "a-long-Passw0rd"},
    )
    assert response.status_code == 302 and response.url == reverse("my_games")
    user = User.objects.get()
    assert user.email == "julius@example.com" and not user.is_guest
    assert client.get(reverse("my_games")).status_code == 200


def test_sign_up_refuses_a_taken_email_with_a_sentence(client, make_user):
    make_user("Julius")
    response = client.post(
        reverse("signup"),
        {"display_name": "Other", "email": "julius@example.com", "password": "a-long-Passw0rd"},
    )
    assert response.status_code == 400
    assert "already exists" in response.content.decode()


def test_sign_in_by_email_in_any_case(client, make_user):
    make_user("Julius")
    response = client.post(
        reverse("login"), {"username": "JULIUS@example.com", "password": "a-long-Passw0rd"}
    )
    assert response.status_code == 302
    assert client.get(reverse("my_games")).context["user"].display_name == "Julius"


def test_wrong_password_is_refused(client, make_user):
    make_user("Julius")
    response = client.post(reverse("login"), {"username": "julius@example.com", "password": "nope"})
    assert response.status_code == 200 and "enter a correct" in response.content.decode().lower()


def test_password_reset_mails_a_working_link_at_the_sites_address(client, make_user, settings):
    settings.SITE_URL = "http://games.test:8123"
    make_user("Julius")
    client.post(reverse("password_reset"), {"email": "julius@example.com"})
    assert len(mail.outbox) == 1
    body = mail.outbox[0].body
    link = next(line for line in body.splitlines() if "/accounts/password/reset/" in line)
    path = link.split("http://games.test:8123", 1)[1]
    response = client.get(path, follow=True)
    assert response.status_code == 200 and response.context["validlink"]
    response = client.post(
        response.redirect_chain[-1][0],
        {"new_password1": "another-Passw0rd!", "new_password2": "another-Passw0rd!"},
    )
    assert response.status_code == 302
    assert client.login(username="julius@example.com", password="another-Passw0rd!")


def test_guest_claims_account_and_keeps_games(client, make_user, settings):
    from games.play import services

    host = make_user("Julius")
    game = services.create_game(host, "poker", {}, 4, "seated")
    client.post(reverse("join", args=[game.code]), {"display_name": "Gaius"})
    guest = User.objects.get(display_name="Gaius")
    assert guest.is_guest and guest.email is None
    response = client.post(
        reverse("signup"),
        {"display_name": "Gaius", "email": "gaius@example.com", "password": "a-long-Passw0rd"},
    )
    assert response.status_code == 302
    guest.refresh_from_db()
    assert not guest.is_guest and guest.email == "gaius@example.com"
    assert game.seats.filter(user=guest).exists()
    assert User.objects.count() == 2
