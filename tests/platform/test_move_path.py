"""submit_move and the move endpoint: who may move, stale pages, forged input.

Played on the toy Nim; the two tests that need a long game play Poker.
"""

import json

import pytest
from django.urls import reverse

from games.models import Game, Move
from games.play import services
from games.play.replay import replay

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("toy_games")]
TAKE = {"type": "take", "count": 1}


def post_move(client, game, move, turn, **extra):
    data = {"move": move if isinstance(move, str) else json.dumps(move), "turn": turn, **extra}
    return client.post(reverse("move", args=[game.code]), data, HTTP_HX_REQUEST="true")


def snapshot(game):
    game.refresh_from_db()
    return game.state, game.version, Move.objects.filter(game=game).count()


def test_a_move_lands_and_returns_the_new_partial(client, make_table):
    game, (julius, _) = make_table("nim")
    client.force_login(julius)
    version, heap = game.version, game.state["heap"]
    response = post_move(client, game, {"type": "take", "count": 2}, game.tokens["0"])
    assert response.status_code == 200
    game.refresh_from_db()
    assert game.version == version + 1 and game.state["heap"] == heap - 2
    body = response.content.decode()
    assert body.lstrip().startswith('<div id="board"') and "<html" not in body
    move = Move.objects.get(game=game)
    assert move.number == 0 and move.seat == 0 and move.payload == {"type": "take", "count": 2}
    assert move.summary.startswith("Julius took 2")


def test_double_click_is_answered_as_already_made_and_changes_nothing(client, make_table):
    game, (julius, agrippina) = make_table("nim")
    client.force_login(julius)
    token = game.tokens["0"]
    post_move(client, game, TAKE, token)
    before = snapshot(game)
    response = post_move(client, game, TAKE, token)
    assert response.status_code == 409
    assert "That move was already made, and it counts once" in response.content.decode()
    assert snapshot(game) == before
    game = services.submit_move(game.pk, agrippina, TAKE, game.tokens["1"])  # Julius's turn again
    before = snapshot(game)
    stale = post_move(client, game, {"type": "take", "count": 2}, token)  # another move, same old page
    assert stale.status_code == 409 and "The game moved on" in stale.content.decode()
    assert snapshot(game) == before


def test_out_of_turn_move_is_refused(client, make_table):
    game, (_, agrippina) = make_table("nim")
    client.force_login(agrippina)
    before = snapshot(game)
    response = post_move(client, game, {"type": "roll"}, game.tokens["1"])
    assert response.status_code == 409 and "It is not your turn." in response.content.decode()
    assert snapshot(game) == before


@pytest.mark.parametrize(
    "payload",
    [
        "not json",
        "[1, 2]",
        '"take"',
        json.dumps({"type": "fly"}),
        json.dumps({"type": "take"}),
        json.dumps({"type": "take", "count": 99}),
        json.dumps({"type": "take", "count": 0}),
        json.dumps({"type": "take", "count": "ten"}),
        json.dumps({"type": "take", "count": 1.5}),
        json.dumps({"type": "take", "count": 1, "faces": ["X"]}),
        json.dumps({"type": "pass"}),
        json.dumps({"nothing": True}),
    ],
)
def test_forged_or_malformed_moves_get_4xx_with_a_sentence(client, make_table, payload):
    game, (julius, _) = make_table("nim")
    client.force_login(julius)
    before = snapshot(game)
    response = post_move(client, game, payload, game.tokens["0"])
    assert 400 <= response.status_code < 500
    page = response.content.decode()
    assert 'class="error flash"' in page
    assert snapshot(game) == before


def test_missing_or_garbage_turn_token_is_stale(client, make_table):
    game, (julius, _) = make_table("nim")
    client.force_login(julius)
    for turn in ("", "abc", "-5", "999"):
        response = post_move(client, game, {"type": "roll"}, turn)
        assert response.status_code == 409
    assert Move.objects.count() == 0


def test_anonymous_and_unseated_users_cannot_move(client, make_table, make_user):
    game, _ = make_table("nim")
    response = post_move(client, game, {"type": "roll"}, game.tokens["0"])
    assert response.status_code == 403 and "Sign in" in response.content.decode()
    client.force_login(make_user("Stranger"))
    response = post_move(client, game, {"type": "roll"}, game.tokens["0"])
    assert response.status_code == 403 and "no seat" in response.content.decode()
    assert Move.objects.count() == 0


@pytest.mark.parametrize("move", [TAKE, {"type": "take", "count": 2}])
def test_host_cannot_move_for_the_seat_to_play(client, make_table, move):
    game, (julius, agrippina) = make_table("nim")
    game = services.submit_move(game.pk, julius, TAKE, game.tokens["0"])
    assert game.engine.to_act(game.state) == [1]
    before = snapshot(game)
    client.force_login(julius)  # the host, posting as host while Agrippina is to play
    response = post_move(client, game, move, game.tokens["host"], **{"as": "host"})
    assert response.status_code == 409
    assert "cannot move for them" in response.content.decode()
    assert snapshot(game) == before


def test_move_endpoint_needs_post_and_csrf(make_table):
    from django.test import Client

    game, (julius, _) = make_table("nim")
    client = Client(enforce_csrf_checks=True)
    client.force_login(julius)
    assert client.get(reverse("move", args=[game.code])).status_code == 405
    response = client.post(
        reverse("move", args=[game.code]), {"move": '{"type":"take","count":1}', "turn": game.tokens["0"]}
    )
    assert response.status_code == 403
    assert Move.objects.count() == 0


def test_moves_on_finished_or_open_games_are_refused(client, make_table, make_user):
    game, (julius, _) = make_table("nim")
    Game.objects.filter(pk=game.pk).update(status=Game.Status.FINISHED)
    client.force_login(julius)
    response = post_move(client, game, {"type": "roll"}, game.tokens["0"])
    assert response.status_code == 409 and "over" in response.content.decode()
    open_game = services.create_game(julius, "nim", {}, 2, "seated")
    response = post_move(client, open_game, {"type": "roll"}, 0)
    assert response.status_code == 409 and "not started" in response.content.decode()


def test_poll_is_204_when_nothing_changed_and_one_query(client, make_table, django_assert_num_queries):
    game, (julius, agrippina) = make_table("nim")
    client.force_login(agrippina)
    url = reverse("poll", args=[game.code])
    with django_assert_num_queries(1):
        response = client.get(url, {"version": game.version})
    assert response.status_code == 204 and response.content == b""
    services.submit_move(game.pk, julius, TAKE, game.tokens["0"])
    response = client.get(url, {"version": game.version})
    assert response.status_code == 200 and "Julius took 1" in response.content.decode()


def test_poll_refuses_garbage_versions(client, make_table):
    game, _ = make_table("nim")
    assert client.get(reverse("poll", args=[game.code]), {"version": "x"}).status_code == 400
    assert client.get(reverse("poll", args=["NOPE99"]), {"version": 1}).status_code == 404


def test_page_offers_controls_only_to_the_seat_to_act(client, make_table):
    game, (julius, agrippina) = make_table("nim")
    client.force_login(julius)
    assert "Take 1" in client.get(game.get_absolute_url()).content.decode()
    client.force_login(agrippina)
    page = client.get(game.get_absolute_url()).content.decode()
    assert "Take 1" not in page and "Stones left" in page  # the board, without its controls


def test_spectators_see_the_pad_but_no_controls(client, make_table):
    game, _ = make_table("nim")
    page = client.get(game.get_absolute_url()).content.decode()
    assert "Score pad" in page and "Take 1" not in page


def test_a_whole_game_through_the_service_replays_from_its_log(make_table):
    import random

    game, users = make_table("nim")
    rng = random.Random(7)
    while game.status == Game.Status.ACTIVE:
        seat = game.engine.to_act(game.state)[0]
        move = rng.choice(game.engine.legal_moves(game.state, seat))
        game = services.submit_move(game.pk, users[seat], move, game.tokens[str(seat)])
    assert game.status == Game.Status.FINISHED and game.finished_at is not None
    assert replay(game) == game.state
    assert game.move_count == Move.objects.filter(game=game).count()
    assert not game.seats.filter(awaiting=True).exists()


def test_replay_command_reports_mismatch(make_table):
    from django.core.management import CommandError, call_command

    game, (julius, _) = make_table("nim")
    services.submit_move(game.pk, julius, TAKE, game.tokens["0"])
    call_command("replay_game", game.code)
    Game.objects.filter(pk=game.pk).update(state={**game.state, "heap": 99})
    with pytest.raises(CommandError):
        call_command("replay_game", game.code)


def test_bots_play_their_turns_after_a_human_move(make_table, django_capture_on_commit_callbacks, settings):
    settings.CELERY_TASK_ALWAYS_EAGER = True
    game, (julius,) = make_table("nim", names=("Julius",), bots=1)
    with django_capture_on_commit_callbacks(execute=True):
        services.submit_move(game.pk, julius, TAKE, game.tokens["0"])
    game.refresh_from_db()
    # After Julius's move, the computer took its turn and handed back.
    assert game.engine.to_act(game.state) == [0] or game.status == Game.Status.FINISHED
    assert Move.objects.filter(game=game, seat=1).exists()


def test_a_moves_cost_does_not_grow_with_the_log(client, make_table):
    """Queries of a roll early and late in one long game are the same, and few. Poker: a game of
    150 moves, which Nim never lasts."""
    import random

    from django.db import connection
    from django.test.utils import CaptureQueriesContext

    from games.contract.protocol import choose_move
    from games.poker.bot import choose

    game, users = make_table(names=("A", "B", "C", "D", "E", "F"))
    # The dice follow the game's seed: a fixed one makes the game's length the same in every run.
    Game.objects.filter(pk=game.pk).update(seed="a-long-evening")
    game.refresh_from_db()
    rng, counts = random.Random(5), {}
    while game.status == Game.Status.ACTIVE and len(counts) < 2:
        seat = game.engine.to_act(game.state)[0]
        move = choose_move(game.engine, choose, game.state, seat, rng)
        probe = 5 if game.move_count < 150 else 150
        client.force_login(users[seat])
        with CaptureQueriesContext(connection) as captured:
            post_move(client, game, move, game.tokens[str(seat)])
        if move["type"] == "roll" and game.move_count >= probe and probe not in counts:
            counts[probe] = len(captured)
        game.refresh_from_db()
    # The game row once (locked), session, user, the seats with who is here (the board's strip),
    # the state, the move, the log; the test's savepoint pair stands for the transaction.
    assert counts[5] == counts[150] <= 9


def _tokens_from_scratch(engine, before, after, earlier_tokens, version, mover, players):
    """What decision_tokens must give: each seat's legal moves before and after, compared."""
    tokens = {}
    for seat in [*range(players), None]:
        key = services.seat_key(seat)
        changed = key == mover or engine.legal_moves(before, seat) != engine.legal_moves(after, seat)
        tokens[key] = version if changed else earlier_tokens.get(key, version)
    return tokens


def test_a_moves_tokens_are_those_a_comparison_of_legal_moves_gives(make_table):
    """A seat's token moves on when it moved or when its legal moves changed, over 40 moves of Poker
    (longer than Nim lasts, and a game where a move can change another seat's choices)."""
    import random

    from games.contract.protocol import choose_move
    from games.poker.bot import choose

    game, users = make_table(names=("A", "B", "C", "D"))
    rng = random.Random(7)
    moved_on = set()
    for _ in range(40):
        seat = game.engine.to_act(game.state)[0]
        move = choose_move(game.engine, choose, game.state, seat, rng)
        before, earlier_tokens = game.state, dict(game.tokens)
        services.submit_move(game.pk, users[seat], move, game.tokens[str(seat)])
        game.refresh_from_db()
        expected = _tokens_from_scratch(
            game.engine, before, game.state, earlier_tokens, game.version, str(seat), game.players
        )
        assert game.tokens == expected
        moved_on |= {key for key, token in game.tokens.items() if token == game.version and key != str(seat)}
    assert moved_on  # some moves changed what another seat may do (a turn handed on)
