"""A player whose address is not confirmed gets no mail from a table: the table tells her (with the
way to confirm) and its host, by name only, and nobody else."""

from __future__ import annotations

import pytest
from django.urls import reverse

from games.play import services

pytestmark = pytest.mark.django_db

NOTE = "Clara gets no e-mail from this table: their address is not confirmed."
HERS = "You get no e-mail from this table: your address is not confirmed."


@pytest.fixture
def table(make_user):
    """Hostess flips and does not play; Clara never confirmed her address, Paul did."""
    hostess, paul = make_user("Hostess"), make_user("Paul")
    clara = make_user("Clara", verified=False)
    game = services.create_game(hostess, "catacombs", {"flip_mode": "host"}, 2, "seated", host_plays=False)
    services.join_game(game.pk, clara)
    services.join_game(game.pk, paul)
    services.start_game(game.pk, hostess)
    return game, hostess, clara, paul


def page(client, user, game) -> str:
    client.force_login(user)
    return client.get(reverse("game", args=[game.code])).content.decode()


def test_the_host_sees_who_gets_no_mail_without_their_address(client, table):
    game, hostess, clara, _ = table
    html = page(client, hostess, game)
    assert NOTE in html and "Paul gets no e-mail" not in html
    assert clara.email not in html


def test_the_player_herself_is_told_with_the_way_to_confirm(client, table):
    game, _, clara, _ = table
    html = page(client, clara, game)
    assert HERS in html and f'href="{reverse("profile")}">Confirm your address' in html


def test_other_players_and_visitors_are_not_told(client, table, make_user):
    game, _, _, paul = table
    assert "gets no e-mail" not in page(client, paul, game)
    assert "gets no e-mail" not in page(client, make_user("Visitor"), game)


def test_confirming_ends_the_note(client, table):
    game, hostess, clara, _ = table
    clara.email_verified = True
    clara.save(update_fields=["email_verified"])
    assert "no e-mail from this table" not in page(client, hostess, game)
