"""Building Roman Roads through the site: the lobby, the board, each kind of move as the page posts
it, and refusals (forged, stale, out of turn) that answer a sentence and change nothing."""

from __future__ import annotations

import json
import random
import re

import pytest
from django.urls import reverse
from django.utils.html import escape

from games.decks import card_info
from games.models import Game, Move
from games.play.replay import replay
from games.roads.bot import choose
from games.roads.tests.site import client_for, lobby_table, midturn_state, post_move, rig

pytestmark = pytest.mark.django_db


@pytest.fixture
def players(make_user):
    return make_user("Julius"), make_user("Agrippina")


def snapshot(game: Game) -> tuple:
    fresh = Game.objects.get(pk=game.pk)
    return fresh.state, fresh.version, fresh.move_count, fresh.tokens, Move.objects.filter(game=game).count()


def page(client, game) -> str:
    return client.get(game.get_absolute_url()).content.decode()


def test_the_home_page_offers_a_table_and_the_create_form_two_to_six_seats(client, players):
    client.force_login(players[0])
    assert "New Building Roman Roads table" in client.get(reverse("home")).content.decode()
    form = client.get(reverse("new_game", args=["roads"])).content.decode()
    assert '<option value="2"' in form and '<option value="6"' in form and '<option value="7"' not in form


def test_a_table_from_the_lobby_deals_and_shows_each_player_their_hand(players):
    julius, agrippina = players
    game = lobby_table(julius, [agrippina])
    assert game.kind == "roads" and game.players == 2 and game.state["turn"] == 1
    mine = page(client_for(agrippina), game)
    assert "Your turn: draw a card to begin." in mine and "Draw a card" in mine
    for card in game.state["hands"][1]:
        assert f'data-card="{card}"' in mine
    assert "Rome" in mine and "North road" in mine and "South-west corner" in mine
    assert 'src="/static/roads/roads.js"' in mine
    theirs = page(client_for(julius), game)
    assert "Waiting for Agrippina" in theirs and "Draw a card" not in theirs


def test_draw_play_move_a_road_part_and_end_the_turn_through_the_move_endpoint(players):
    julius, agrippina = players
    game = rig(lobby_table(julius, [agrippina]), midturn_state())
    client = client_for(agrippina)

    response = post_move(client, game, {"type": "draw"})
    body = response.content.decode()
    assert response.status_code == 200 and 'id="board"' in body
    assert re.search(
        r'class="brr-card brr-playable[^"]*brr-new"[^>]*data-card="lk-58-4" data-targets="E"', body
    )
    assert 'data-from="W" data-index="1" data-targets="S"' in body  # the west road's top card may move
    theirs = page(client_for(julius), game)  # the table's cross: nothing of it moves for Julius
    assert "North road" in theirs and "data-from=" not in theirs

    response = post_move(client, game, {"type": "play"}, card="lk-58-4", to="E")
    assert response.status_code == 200
    response = post_move(client, game, {"type": "play"}, card="mt-323-2", to="N", index="3", **{"from": "W"})
    assert response.status_code == 200  # fields a play does not take are left out of it
    game.refresh_from_db()
    assert game.state["spaces"]["E"] == ["mk-58-3", "lk-58-4"] and game.state["spaces"]["N"][-1] == "mt-323-2"

    response = post_move(client, game, {"type": "move"}, index="1", to="S", **{"from": "W"})
    assert response.status_code == 200
    game.refresh_from_db()
    assert game.state["spaces"]["W"] == ["jn-623-2"] and game.state["spaces"]["S"] == ["mk-623-2", "jn-623-3"]
    assert "End turn" in response.content.decode()

    response = post_move(client, game, {"type": "end_turn"})
    assert response.status_code == 200 and "Waiting for Julius" in response.content.decode()
    game.refresh_from_db()
    assert game.state["turn"] == 0 and game.state["phase"] == "draw"
    summaries = list(game.moves.order_by("number").values_list("summary", flat=True))
    assert summaries == [
        "Agrippina drew a card.",
        "Agrippina played Romans 5:8 #4 \u201cin that\u201d on the east space.",
        "Agrippina played Romans 3:23 #2 \u201call\u201d on the north space.",
        "Agrippina moved Romans 6:23 #3 \u201cis death,\u201d from the west space onto the south space.",
        "Agrippina ended the turn.",
    ]
    # Julius's page tells the turn card by card; the drawn card is not named.
    told = page(client_for(julius), game)
    story = told[told.index("What happened") :]
    assert (
        "drew a card" in story and "in that" in story and "is death," in story and "ended the turn" in story
    )


@pytest.mark.parametrize(
    ("move", "fields", "status", "sentence"),
    [
        ({"type": "play"}, {"card": "mt-58-2", "to": "E"}, 400, "That card is not in your hand."),  # Julius's
        ({"type": "play"}, {"card": "mt-323-2", "to": "E"}, 400, "Wrong verse: the east road needs"),
        ({"type": "play"}, {"card": "xx-1-1", "to": "N"}, 400, "Choose a card from your hand."),
        ({"type": "play"}, {"card": "mt-323-2", "to": "UP"}, 400, "Choose one of the eight spaces"),
        ({"type": "move"}, {"from": "W", "index": "x", "to": "S"}, 400, "Choose a card of the road"),
        ({"type": "move"}, {"from": "W", "index": "7", "to": "S"}, 400, "Choose a card of the road"),
        ({"type": "move"}, {"from": "W", "index": "0", "to": "E"}, 400, "does not continue the east road"),
        ({"type": "end_turn"}, {}, 400, "A card of your hand still fits"),
        ({"type": "draw"}, {}, 400, "A card of your hand fits: play it instead of drawing."),
        ({"type": "fly"}, {}, 400, "In Building Roman Roads you draw, play a card"),
        ("[1, 2]", {}, 400, "That is not a move this game understands."),
    ],
)
def test_forged_moves_are_refused_with_a_sentence_and_change_nothing(players, move, fields, status, sentence):
    julius, agrippina = players
    game = rig(lobby_table(julius, [agrippina]), midturn_state())
    client = client_for(agrippina)
    assert post_move(client, game, {"type": "draw"}).status_code == 200
    before = snapshot(game)
    response = post_move(client, game, move, **fields)
    body = response.content.decode()
    assert response.status_code == status and sentence in body and 'role="alert"' in body
    assert 'id="board"' in body  # the board as it is, to go on from
    assert snapshot(game) == before


def test_a_stale_page_a_double_click_and_a_move_out_of_turn_are_refused(players):
    julius, agrippina = players
    game = rig(lobby_table(julius, [agrippina]), midturn_state())
    client = client_for(agrippina)
    old = game.tokens["1"]
    assert post_move(client, game, {"type": "draw"}, turn=old).status_code == 200
    before = snapshot(game)
    # The same Draw pressed again from the page drawn before it: it was made, once.
    response = post_move(client, game, {"type": "draw"}, turn=old)
    assert response.status_code == 409 and "That move was already made" in response.content.decode()
    assert snapshot(game) == before
    # Julius, with his own current token, while it is Agrippina's turn.
    response = post_move(client_for(julius), game, {"type": "draw"}, turn=game.tokens["0"])
    assert response.status_code == 409 and "It is not your turn." in response.content.decode()
    # No turn token at all, and a visitor without a seat.
    response = post_move(client, game, {"type": "play"}, turn="", card="lk-58-4", to="E")
    assert response.status_code == 409
    client.logout()
    response = post_move(client, game, {"type": "play"}, card="lk-58-4", to="E")
    assert response.status_code == 403 and "Sign in to play" in response.content.decode()
    assert snapshot(game) == before


def test_a_game_played_to_the_end_through_the_endpoint_replays_and_shows_the_end(players):
    julius, agrippina = players
    game = lobby_table(julius, [agrippina])
    clients = {0: client_for(julius), 1: client_for(agrippina)}
    rng = random.Random(3)
    for _ in range(2000):
        game.refresh_from_db()
        if game.status == Game.Status.FINISHED:
            break
        seat = game.state["turn"]
        move = choose(game.state, seat, rng)
        fields = {k: str(v) for k, v in move.items() if k != "type"}
        response = post_move(clients[seat], game, {"type": move["type"]}, **fields)
        assert response.status_code == 200, response.content.decode()[:400]
    assert game.status == Game.Status.FINISHED
    assert replay(game) == game.state
    end = page(clients[0], game)
    winners = [("Julius", "Agrippina")[seat] for seat in game.state["winners"]]
    assert all(name in end[end.index("brr-end-title") :][:300] for name in winners)
    final = end[end.index("brr-end-title") : end.index("</section>", end.index("brr-end-title"))]
    kept = game.state["hands"][1]  # Agrippina's cards, shown to Julius once the game is over
    assert all(escape(card_info(card)["words"]) in final for card in kept)
    assert final.count('class="brr-rc ') == sum(len(hand) for hand in game.state["hands"])
    assert reverse("pad_game", args=[game.code]) + "?scope=table" in end
    assert "Draw a card" not in end and 'id="brr-move"' not in end


def test_random_junk_in_the_form_fields_is_refused_with_a_sentence_or_played(players):
    """The page's fields filled with junk (and legal values now and then), with the right token:
    never a server error; a refusal says why and changes nothing."""
    julius, agrippina = players
    game = lobby_table(julius, [agrippina])
    clients = {0: client_for(julius), 1: client_for(agrippina)}
    rng = random.Random(11)
    junk = ["", "N", "NE", "x", "-1", "0", "1", "7", "9" * 400, "²", "mt-323-1", "jn-58-8", "ü\u202e", "N "]
    taken = 0
    for _ in range(150):
        game.refresh_from_db()
        if game.status != Game.Status.ACTIVE:
            break
        seat = game.state["turn"]
        legal = game.engine.legal_moves(game.state, seat)
        if rng.random() < 0.35:
            move = rng.choice(legal)
            fields = {k: str(v) for k, v in move.items() if k != "type"}
            payload = {"type": move["type"]}
        else:
            payload = {"type": rng.choice(["play", "move", "draw", "end_turn", "", "Play"])}
            if rng.random() < 0.2:
                payload[rng.choice(["card", "to", "index", "from"])] = rng.choice(
                    [None, 3, [1], {"a": 1}, "N"]
                )
            fields = {
                f: rng.choice(junk) for f in rng.sample(["card", "from", "index", "to"], rng.randrange(5))
            }
        before = snapshot(game)
        response = post_move(clients[seat], game, json.dumps(payload), **fields)
        assert response.status_code < 500, (payload, fields)
        if response.status_code >= 400:
            assert snapshot(game) == before and 'role="alert"' in response.content.decode(), (payload, fields)
        else:
            taken += 1
    assert taken > 20
