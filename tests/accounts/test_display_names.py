"""Display names are shown to others: nothing hidden in them, none of the site's own names."""

from __future__ import annotations

import pytest
from django.urls import reverse

from accounts.models import User
from accounts.names import is_reserved, tidy

pytestmark = pytest.mark.django_db


@pytest.mark.parametrize(
    ("raw", "shown"),
    [
        ("Julius\u202eeilA", "JuliuseilA"),  # a right-to-left override
        ("Ju\u200blius", "Julius"),  # a zero-width space
        ("Ju\u200dli\ufeffus", "Julius"),
        ("Julius\x07\x1b[31m", "Julius[31m"),
        ("  Julius \u00a0 Caesar\t", "Julius Caesar"),
        ("Agrippina", "Agrippina"),
        ("Zoë", "Zoë"),
    ],
)
def test_hidden_characters_are_dropped(raw, shown):
    assert tidy(raw) == shown


@pytest.mark.parametrize(
    "name",
    ["Computer 1", "computer 12", "COMPUTER", "Ｃｏｍｐｕｔｅｒ ３", "Former player", "former  PLAYER"],
)
def test_the_sites_own_names_are_reserved(name):
    assert is_reserved(tidy(name))


@pytest.mark.parametrize("name", ["Computer fan", "Julius", "My Former Player Days"])
def test_other_names_are_not(name):
    assert not is_reserved(name)


def test_sign_up_cleans_the_name_and_refuses_a_reserved_one(client):
    data = {"email": "a@example.com", "password": "a-long-Passw0rd"}
    response = client.post(reverse("signup"), {**data, "display_name": "Computer\u200b 1"})
    assert response.status_code == 400 and "computer players" in response.content.decode()
    assert not User.objects.exists()
    response = client.post(reverse("signup"), {**data, "display_name": "Jul\u202eius"})
    assert response.status_code == 302
    assert User.objects.get().display_name == "Julius"


def test_a_name_of_nothing_visible_is_refused(client):
    response = client.post(
        reverse("signup"),
        {"email": "a@example.com", "password": "a-long-Passw0rd", "display_name": "\u200b\u200b"},
    )
    assert response.status_code == 400
    assert not User.objects.exists()


def test_the_settings_page_and_a_guest_seat_are_held_to_it(client, make_user, make_table):
    julius = make_user("Julius")
    client.force_login(julius)
    response = client.post(reverse("profile"), {"display_name": "Former player"})
    assert response.status_code == 400
    julius.refresh_from_db()
    assert julius.display_name == "Julius"
    client.logout()
    from games.play import services

    game = services.create_game(julius, "poker", {}, 3, "seated")
    response = client.post(reverse("join", args=[game.code]), {"display_name": "Computer 2"})
    assert response.status_code == 400
    assert game.seats.count() == 1
