"""Blank pad downloads: options from the query string, clear answers to bad ones."""

from __future__ import annotations

import pytest
from django.core.cache import cache
from django.urls import reverse

from games.contract import kinds
from tests.scoresheets.pad_helpers import landscape, page_sizes, paper, pdf_text


@pytest.fixture(autouse=True)
def fresh_cache():
    cache.clear()


@pytest.mark.parametrize("kind", [kind.slug for kind in kinds.all_kinds() if kind.pad is not None])
def test_every_blank_pad_downloads_as_a_pdf(client, kind):
    response = client.get(reverse("pad_blank", args=[kind]))
    assert response.status_code == 200
    assert response["Content-Type"] == "application/pdf"
    assert paper(response.content) == "a4"


def test_names_paper_and_copies_come_from_the_query(client):
    url = reverse("pad_blank", args=["poker"])
    response = client.get(url, {"paper": "letter", "names": "Julius, Agrippina, Gaius", "copies": 2})
    assert paper(response.content) == "letter" and len(page_sizes(response.content)) == 2
    assert pdf_text(response.content).count("Agrippina") == 2
    repeated = client.get(url, {"paper": "letter", "names": ["Julius", "Agrippina", "Gaius"], "copies": 2})
    assert repeated.content == response.content


def test_roman_road_variants_come_from_the_query(client):
    response = client.get(reverse("pad_blank", args=["romanroad"]), {"amen_bonus": "on", "target": "50"})
    text = pdf_text(response.content)
    assert landscape(response.content)
    assert "Game to 50 points" in text and "Amen bonus: +10" in text


@pytest.mark.parametrize(
    ("query", "message"),
    [
        ({"paper": "A3"}, "Choose A4 or Letter paper."),
        ({"copies": "0"}, "Ask for 1 to 20 copies."),
        ({"copies": "500"}, "Ask for 1 to 20 copies."),
        ({"copies": "lots"}, "Give the number of copies as a whole number."),
        ({"names": "A,B,C,D,E,F,G"}, "A Roman Poker pad has room for 6 players at most."),
        ({"names": "Julius,Julius"}, "Give each player a different name."),
        ({"players": "9"}, "A Roman Poker pad is for 2 to 6 players."),
    ],
)
def test_bad_options_get_a_400_with_a_sentence(client, query, message):
    response = client.get(reverse("pad_blank", args=["poker"]), query)
    assert response.status_code == 400
    assert message in response.content.decode()


def test_too_many_pages_at_once_are_refused(client):
    names = ",".join(f"Player {n}" for n in range(12))
    response = client.get(reverse("pad_blank", args=["catacombs"]), {"names": names, "copies": 20})
    assert response.status_code == 400
    assert "That would be 60 pages: ask for 10 pages at most." in response.content.decode()


def test_an_unknown_game_has_no_pad(client):
    assert client.get(reverse("pad_blank", args=["chess"])).status_code == 404


@pytest.mark.django_db
def test_pad_renders_are_limited_per_client_and_the_cached_ones_stay_free(client, abuse_limits, pads_cache):
    from accounts.limits import SENTENCES

    abuse_limits.RATE_LIMITS = {**abuse_limits.RATE_LIMITS, "pads": "2/h"}
    url = reverse("pad_blank", args=["poker"])
    assert client.get(url, {"names": "Julius, Agrippina"}).status_code == 200  # a render
    assert client.get(url).status_code == 200  # a render, now cached
    refused = client.get(url, {"names": "Nero, Otho"})  # a third render
    assert refused.status_code == 429 and SENTENCES["pads"] in refused.content.decode()
    assert client.get(url).status_code == 200  # served from the cache: no render, no count
    assert not any("Nero" in str(key) for key in pads_cache._cache)


def test_a_pad_with_names_is_not_cached_but_the_plain_one_is():
    from scoresheets.pads import blank_key

    asked = {"paper": "a4", "names": [], "players": 4, "copies": 1, "options": {}}
    assert blank_key("poker", asked) is not None
    assert blank_key("poker", {**asked, "names": ["Julius", "Agrippina"]}) is None
