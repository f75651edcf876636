"""The same move sent twice without the page's request id (a second tap, a second tab) is answered
with a sentence saying it was already made, not "It is not your turn.", and changes nothing."""

from __future__ import annotations

import json

import pytest
from django.urls import reverse

from games.models import Game
from games.play import services
from tests.platform.test_endings_pushed import signed_in

pytestmark = pytest.mark.django_db


def post(client, game: Game, move: dict, turn: int):
    return client.post(reverse("move", args=[game.code]), {"move": json.dumps(move), "turn": turn})


def state_of(game: Game):
    game.refresh_from_db()
    return game.version, game.move_count, game.state


def test_a_write_sent_twice_says_it_was_already_made(make_user):
    ann, tom = make_user("Ann"), make_user("Tom")
    game = services.create_game(ann, "catacombs", {"flip_mode": "host"}, 2, "seated")
    services.join_game(game.pk, tom)
    services.start_game(game.pk, ann)
    game.refresh_from_db()
    services.submit_move(game.pk, ann, {"type": "flip"}, game.tokens["host"], as_host=True)
    game.refresh_from_db()
    hers, turn = signed_in(ann), game.tokens["0"]
    write = game.engine.legal_moves(game.state, 0)[0]
    assert post(hers, game, write, turn).status_code == 200
    before = state_of(game)

    again = post(hers, game, write, turn)
    assert again.status_code == 409 and services.ALREADY_MADE in again.content.decode()
    assert "It is not your turn." not in again.content.decode()
    assert state_of(game) == before

    other = next(m for m in game.engine.legal_moves({**game.state, "choices": [None, None]}, 0) if m != write)
    refused = post(hers, game, other, turn)
    assert refused.status_code == 409 and "It is not your turn." in refused.content.decode()
    assert state_of(game) == before


def test_a_flip_sent_twice_by_the_host_says_it_was_already_made(make_user):
    ann, tom = make_user("Ann"), make_user("Tom")
    game = services.create_game(ann, "catacombs", {"flip_mode": "host"}, 2, "seated")
    services.join_game(game.pk, tom)
    services.start_game(game.pk, ann)
    game.refresh_from_db()
    token = game.tokens["host"]
    services.submit_move(game.pk, ann, {"type": "flip"}, token, as_host=True)
    before = state_of(game)
    data = {"move": json.dumps({"type": "flip"}), "turn": token, "as": "host"}
    again = signed_in(ann).post(reverse("move", args=[game.code]), data)
    assert again.status_code == 409 and services.ALREADY_MADE in again.content.decode()
    assert state_of(game) == before
