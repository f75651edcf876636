"""Random JSON posted as moves, with the right turn token so it reaches the engine: never a
500; a refused move changes nothing, an accepted one is logged like any other.

The fuzzing plays each real game's rules; what the move path refuses before any rules is shown on Nim.
"""

from __future__ import annotations

import json
import random

import pytest
from django.test import Client
from django.urls import reverse

from games.models import Game, Move
from games.play import services

pytestmark = pytest.mark.django_db

KEYS = ("type", "pile", "slot", "row", "value", "die", "dice", "count", "card", "as", "faces")
TYPES = ("roll", "stop", "card", "pass", "flip", "write", "", "ROLL", "wild")
WORDS = (
    "I",
    "V",
    "X",
    "wild",
    "duplicate",
    "remove_one",
    "reroll_one",
    "reroll_i",
    "ü\u202e",
    "",
    "0",
    "a\x00",
)
FORM_FIELDS = ("row", "value", "die", "count", "pile", "slot", "dice", "faces")
REQUESTS = 90


def junk(rng: random.Random, depth: int = 0):
    """A random JSON value: None, bools, floats, huge and negative ints, strings, nesting."""
    makers = [
        lambda: None,
        lambda: rng.random() < 0.5,
        lambda: rng.choice([0.5, -1e308, 1e308, float("nan"), float("inf")]),
        lambda: rng.choice([10**30, -(10**30), 2**63, -1, 0, 1, 2, 6, 7]),
        lambda: rng.choice(WORDS),
    ]
    if depth < 3:
        makers += [
            lambda: [junk(rng, depth + 1) for _ in range(rng.randrange(4))],
            lambda: {rng.choice(KEYS + ("x", "ü")): junk(rng, depth + 1) for _ in range(rng.randrange(3))},
        ]
    return rng.choice(makers)()


def random_move(rng: random.Random, legal: list[dict]) -> dict:
    """A legal move with junk mixed in, or junk with a move's shape."""
    roll = rng.random()
    if roll < 0.25 and legal:
        return dict(rng.choice(legal))
    move = dict(rng.choice(legal)) if roll < 0.7 and legal else {"type": rng.choice(TYPES)}
    for key in rng.sample(KEYS + ("x",), rng.randrange(1, 4)):
        move[key] = junk(rng)
    if rng.random() < 0.1:
        move.pop("type", None)
    return move


def form_fields(rng: random.Random) -> dict:
    """Fields a page may post beside the move, as junk strings."""
    values = ("²", "--5", "9" * 5000, "-1", "0", "2", "x v i", "ü")
    return {field: rng.choice(values) for field in rng.sample(FORM_FIELDS, rng.randrange(3))}


def seen(game: Game) -> tuple:
    fresh = Game.objects.get(pk=game.pk)
    return fresh.state, fresh.version, fresh.move_count, fresh.tokens, Move.objects.filter(game=game).count()


def mover(game: Game, users: dict[int | None, object]) -> tuple[object, int | None]:
    """Who moves now: the first seat awaited, else the host (a flip)."""
    waiting = game.engine.to_act(game.state)
    return (users[waiting[0]], waiting[0]) if waiting else (users[None], None)


def fuzz(game: Game, users: dict[int | None, object], seed: int) -> int:
    """Post REQUESTS random moves; returns how many were taken."""
    rng = random.Random(seed)
    clients = {}
    for key, user in users.items():
        clients[key] = Client(raise_request_exception=False)
        clients[key].force_login(user)
    taken = 0
    for _ in range(REQUESTS):
        game.refresh_from_db()
        if game.status != Game.Status.ACTIVE:
            break
        user, seat = mover(game, users)
        if rng.random() < 0.1:  # someone else, with their own (valid) token
            seat = rng.choice([key for key in users if key != seat])
        legal = game.engine.legal_moves(game.state, seat)
        move = random_move(rng, legal)
        data = {"move": json.dumps(move), "turn": game.tokens[services.seat_key(seat)], **form_fields(rng)}
        if seat is None:
            data["as"] = "host"
        before = seen(game)
        response = clients[seat].post(reverse("move", args=[game.code]), data, headers={"HX-Request": "true"})
        assert response.status_code < 500, (move, data)
        if response.status_code >= 400:
            assert seen(game) == before, f"{move} was refused ({response.status_code}) yet changed the game"
            assert 'role="alert"' in response.content.decode(), "a refusal must say why"
            continue
        assert response.status_code == 200
        after = seen(game)
        assert after[1] > before[1] and after[2] > before[2] and after[4] > before[4]
        summary = Move.objects.filter(game=game).order_by("-number").values_list("summary", flat=True).first()
        assert summary and "{player}" not in summary
        taken += 1
    return taken


@pytest.mark.parametrize(
    "options",
    [{}, {"multi_roll": True, "cards_anytime": True}, {"multi_roll": True, "physical_dice": True}],
    ids=["plain", "multi-anytime", "physical"],
)
def test_random_poker_moves(make_user, options):
    host, player = make_user("Hostia"), make_user("Paula")
    game = services.create_game(host, "poker", options, 2, "seated")
    services.join_game(game.pk, player)
    services.start_game(game.pk, host)
    assert fuzz(game, {0: host, 1: player, None: host}, seed=len(options)) > 5


def test_random_catacombs_moves(make_user):
    host, anna, ben = make_user("Hostia"), make_user("Anna"), make_user("Ben")
    game = services.create_game(host, "catacombs", {"flip_mode": "host"}, 2, "seated", host_plays=False)
    for user in (anna, ben):
        services.join_game(game.pk, user)
    services.start_game(game.pk, host)
    assert fuzz(game, {0: anna, 1: ben, None: host}, seed=7) > 5


def test_what_json_allows_but_a_database_cannot_store_is_no_move(client, make_table, toy_games):
    game, (julius, _) = make_table("nim")
    client.force_login(julius)
    texts = ['{"type": "take", "x": NaN}', '{"type": "take", "x": -Infinity}']
    texts += ['{"type": "take", "x": "\\u0000"}', '{"type": "take", "x": "\\udfff"}']
    long_texts = ["[" * 5000, '{"type": "take", "x": "' + "y" * 3000 + '"}']
    for text in texts + long_texts:
        response = client.post(reverse("move", args=[game.code]), {"move": text, "turn": game.tokens["0"]})
        assert response.status_code == 400
        sentence = "far longer than any move" if text in long_texts else "not a move this game understands"
        assert sentence in response.content.decode()
    assert seen(game)[1:3] == (game.version, game.move_count)


@pytest.mark.parametrize("value", ["²", "9" * 5000, "--5", ""])
def test_form_fields_that_are_no_number_reach_the_rules(client, make_table, toy_games, value):
    game, (julius, _) = make_table("nim")
    client.force_login(julius)
    data = {"move": '{"type": "take"}', "turn": game.tokens["0"], "count": value}
    response = client.post(reverse("move", args=[game.code]), data)
    assert response.status_code == 400 and 'role="alert"' in response.content.decode()


def test_a_move_that_names_another_seat_is_refused_and_moves_no_seat(client, make_user):
    host, anna, ben = make_user("Hostia"), make_user("Anna"), make_user("Ben")
    game = services.create_game(host, "catacombs", {"flip_mode": "auto"}, 2, "seated", host_plays=False)
    for user in (anna, ben):
        services.join_game(game.pk, user)
    services.start_game(game.pk, host)
    game.refresh_from_db()
    write = {**game.engine.legal_moves(game.state, 0)[0], "seat": 1}
    client.force_login(anna)
    data = {"move": json.dumps(write), "turn": game.tokens["0"]}
    response = client.post(reverse("move", args=[game.code]), data)
    assert response.status_code == 400  # "seat" is no key of a move: the mover is who sent it
    game.refresh_from_db()
    assert game.state["choices"][0] is None and game.state["choices"][1] is None


def test_a_player_cannot_move_in_anothers_turn(client, make_table, toy_games):
    game, (_, agrippina) = make_table("nim")
    client.force_login(agrippina)
    before = seen(game)
    data = {"move": '{"type": "take", "count": 1, "seat": 0}', "turn": game.tokens["0"]}
    response = client.post(reverse("move", args=[game.code]), data)
    assert response.status_code == 409 and "It is not your turn." in response.content.decode()
    assert seen(game) == before
