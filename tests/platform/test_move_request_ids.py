"""A move request sent again (its answer was lost on the way back) is answered, not applied twice.

Turn-based tables refuse it by their turn token; a live table has none, so each move the page
sends carries a request id, and a second arrival of one finds its move already made."""

from __future__ import annotations

import json

import pytest
from django.urls import reverse

from games.models import Move
from tests.games.romanroad.site import lobby_table

pytestmark = pytest.mark.django_db


def flip(client, game, request_id: str):
    data = {"move": json.dumps({"type": "flip"}), "hand": game.state["hand"], "request": request_id}
    return client.post(reverse("move", args=[game.code]), data, HTTP_HX_REQUEST="true")


def test_a_live_move_sent_twice_is_made_once(client, make_user):
    julius = make_user("Julius")
    game = lobby_table(julius, bots=1)
    client.force_login(julius)
    flips = Move.objects.filter(game=game, seat=0, payload__type="flip")
    first = flip(client, game, "3f0c6a52-9d1e-4b7a-9a51-0d7f2f8e4c11")
    assert first.status_code == 200
    again = flip(client, game, "3f0c6a52-9d1e-4b7a-9a51-0d7f2f8e4c11")
    assert again.status_code == 200  # answered with the table as it is
    assert flips.count() == 1
    another = flip(client, game, "8b1d0e22-5c6f-4e1a-8f0e-3a9b7c6d5e42")  # a new press is a new move
    assert another.status_code == 200
    assert flips.count() == 2


def test_a_malformed_request_id_is_no_id(client, make_user):
    julius = make_user("Julius")
    game = lobby_table(julius, bots=1)
    client.force_login(julius)
    for _ in range(2):
        assert flip(client, game, "<script>").status_code == 200
    assert Move.objects.filter(game=game, seat=0, payload__type="flip").count() == 2
    assert set(Move.objects.filter(game=game).values_list("request_id", flat=True)) == {""}


def test_every_htmx_move_gets_a_request_id_from_the_site_script():
    from pathlib import Path

    script = (Path(__file__).resolve().parents[2] / "static/js/site.js").read_text()
    assert "htmx:configRequest" in script and "parameters.request = requestId()" in script
