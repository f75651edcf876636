"""What a posted move may hold: bounded in size, only the keys its game reads, text PostgreSQL
can store. Each refusal is a 400 with a sentence and leaves the game as it was."""

from __future__ import annotations

import json

import pytest
from django.urls import reverse

from games.contract import kinds
from games.contract.protocol import IllegalMove, check_move_keys
from games.models import Move
from games.play import services
from tests.conformance.play import Game
from tests.conformance.subjects import subject

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("toy_games")]
TAKE = {"type": "take", "count": 1}


def post_move(client, game, move, turn, **fields):
    data = {"move": move if isinstance(move, str) else json.dumps(move), "turn": turn, **fields}
    return client.post(reverse("move", args=[game.code]), data, HTTP_HX_REQUEST="true")


def snapshot(game):
    game.refresh_from_db()
    return game.state, game.version, Move.objects.filter(game=game).count()


def a_playout(engine, seed: int, steps: int = 150):
    """Legal moves met along a random game."""
    for step in Game(subject(engine.slug), engine.max_players, {}, str(seed)).steps(steps):
        yield from engine.legal_moves(step.before, step.seat)


@pytest.mark.parametrize("slug", kinds.slugs())
def test_every_game_names_the_keys_of_each_of_its_moves(slug):
    engine = kinds.get(slug).engine
    assert engine.move_keys, f"{slug} declares no move keys"
    for seed in range(3):
        for move in a_playout(engine, seed):
            check_move_keys(engine, move)  # raises for a legal move the declaration leaves out


@pytest.mark.parametrize("slug", kinds.slugs())
def test_every_game_refuses_a_key_it_does_not_read(slug):
    engine = kinds.get(slug).engine
    for move in a_playout(engine, 0, steps=5):
        with pytest.raises(IllegalMove):
            check_move_keys(engine, {**move, "pile_of_junk": "x" * 100})


def test_an_extra_form_field_cannot_store_megabytes(client, make_table):
    game, (julius, _) = make_table("nim")
    client.force_login(julius)
    before = snapshot(game)
    response = post_move(client, game, TAKE, game.tokens["0"], pile="1" * 200_000)
    assert response.status_code == 400
    assert "far longer than any move" in response.content.decode()
    assert snapshot(game) == before


def test_an_unknown_key_is_refused_through_the_move_path(client, make_table):
    game, (julius, _) = make_table("nim")
    client.force_login(julius)
    before = snapshot(game)
    response = post_move(client, game, {**TAKE, "note": "hello"}, game.tokens["0"])
    assert response.status_code == 400
    assert "does not read" in response.content.decode()
    assert snapshot(game) == before


def test_the_stored_move_is_the_one_the_game_read(client, make_table):
    game, (julius, _) = make_table("nim")
    client.force_login(julius)
    response = post_move(client, game, TAKE, game.tokens["0"])
    assert response.status_code == 200
    assert Move.objects.get(game=game, seat=0).payload == TAKE


def test_a_lone_surrogate_is_a_400_not_a_500(client, make_table):
    game, (julius, _) = make_table("nim")
    client.force_login(julius)
    before = snapshot(game)
    response = post_move(client, game, '{"type": "take", "count": 1, "x": "\\udfff"}', game.tokens["0"])
    assert response.status_code == 400
    assert "not a move this game understands" in response.content.decode()
    assert snapshot(game) == before


def test_a_whole_request_past_the_cap_is_refused_before_it_is_read(client, make_table):
    game, (julius, _) = make_table("nim")
    client.force_login(julius)
    before = snapshot(game)
    response = post_move(client, game, TAKE, game.tokens["0"], padding="p" * 20_000)
    assert response.status_code == 400
    assert snapshot(game) == before


def test_the_service_refuses_unknown_keys_from_any_caller(make_table):
    game, (julius, _) = make_table("nim")
    with pytest.raises(services.MoveRejected):
        services.submit_move(game.pk, julius, {**TAKE, "junk": 1}, game.tokens["0"])
