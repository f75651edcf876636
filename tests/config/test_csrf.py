"""A form whose CSRF token no longer holds (a page opened before a sign-in in another tab) is
answered with a sentence in the site's page, or on top of the page for a move; nothing changes."""

import json

import pytest
from django.test import Client
from django.urls import reverse

from config.csrf import SENTENCE
from games.models import Move

pytestmark = pytest.mark.django_db


def a_page_opened_before_signing_in_again(user) -> tuple[Client, str]:
    """A client signed in as ``user`` and a form token of its page from before the sign-in (which
    renews the CSRF secret)."""
    client = Client(enforce_csrf_checks=True)
    client.get(reverse("home"))
    stale = client.cookies["csrftoken"].value
    client.force_login(user)
    client.get(reverse("home"))
    client.cookies["csrftoken"] = "x" * 32  # what a sign-in in another tab leaves: a new secret
    return client, stale


def test_a_move_with_a_stale_token_gets_the_sentence_on_top_of_its_page(make_table):
    game, (julius, _) = make_table()
    client, stale = a_page_opened_before_signing_in_again(julius)
    response = client.post(
        reverse("move", args=[game.code]),
        {"move": json.dumps({"type": "roll"}), "turn": game.tokens["0"], "csrfmiddlewaretoken": stale},
        HTTP_HX_REQUEST="true",
    )
    assert response.status_code == 403
    assert response["HX-Retarget"] == "#flashes" and response["HX-Reswap"] == "innerHTML"
    body = response.content.decode()
    assert SENTENCE in body and 'role="alert"' in body and "<html" not in body
    assert Move.objects.filter(game=game).count() == 0


def test_a_form_with_a_stale_token_gets_the_sites_page_with_the_sentence_and_a_way_back(make_user):
    user = make_user("Julius")
    client, stale = a_page_opened_before_signing_in_again(user)
    page = "http://testserver" + reverse("notify_prefs")
    response = client.post(reverse("notify_prefs"), {"csrfmiddlewaretoken": stale}, HTTP_REFERER=page)
    body = response.content.decode()
    assert response.status_code == 403
    assert SENTENCE in body and '<main id="main">' in body
    assert "CSRF verification failed" not in body and f'href="{page}"' in body


def test_a_way_back_never_leads_off_the_site(make_user):
    client, stale = a_page_opened_before_signing_in_again(make_user("Julius"))
    response = client.post(
        reverse("notify_prefs"), {"csrfmiddlewaretoken": stale}, HTTP_REFERER="https://elsewhere.example/x"
    )
    assert response.status_code == 403 and "elsewhere.example" not in response.content.decode()
