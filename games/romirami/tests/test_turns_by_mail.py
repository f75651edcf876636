"""Romi Rami at its own pace: the next player is e-mailed, a turn that runs out is played for the
player by the engine's default moves, computer players take their turns, and the end is mailed."""

from __future__ import annotations

import json
from datetime import timedelta

import pytest
from django.test import Client
from django.urls import reverse
from django.utils import timezone

from games.models import Game, Move, Notification, Seat
from games.notifications import deadlines
from games.notifications.mailer import render
from games.play import services
from games.romirami.engine import ROMIRAMI
from games.romirami.tests.helpers import table

pytestmark = pytest.mark.django_db

DAY = 86400


def lay(game: Game, state: dict) -> Game:
    Game.objects.filter(pk=game.pk).update(state=state)
    game.refresh_from_db()
    return game


def post(user, game: Game, move: dict, **fields):
    client = Client()
    client.force_login(user)
    game.refresh_from_db()
    data = {"move": json.dumps(move), "turn": game.tokens[str(ROMIRAMI.to_act(game.state)[0])], **fields}
    return client.post(reverse("move", args=[game.code]), data, HTTP_HX_REQUEST="true")


def test_ending_a_turn_writes_the_next_players_turn_mail(make_table):
    game, (julius, agrippina) = make_table("romirami")
    lay(game, table(hands={0: "1C 2C 3C"}, market="4C 4D 4H 1D 2D 5L", phase="take"))
    cherry_four = game.state["market"][0]
    assert post(julius, game, {"type": "take"}, cards=[str(cherry_four)]).status_code == 200
    response = post(julius, game, {"type": "complete", "contract": "run4-cherry"}, way="1 2 3 4")
    assert response.status_code == 200
    assert not Notification.objects.filter(kind="turn").exists()  # still Julius's turn
    assert post(julius, game, {"type": "end_turn"}).status_code == 200

    note = Notification.objects.get(kind="turn")
    assert note.user == agrippina and note.context["game_name"] == "Romi Rami"
    assert note.context["lines"][0] == "Julius took Cherry 4 from the Number market."
    assert note.context["lines"][1].startswith("Julius completed Run4 (Cherry, 1 point) with 1 2 3 4.")
    mail = render(note)
    assert mail.subject == f"Romi Rami {game.code}: your turn"
    assert "Julius completed Run4" in mail.body and game.get_absolute_url() in mail.body


def test_a_turn_that_runs_out_is_played_by_the_default_moves(make_table):
    game, (julius, agrippina) = make_table("romirami")
    Game.objects.filter(pk=game.pk).update(turn_deadline=DAY)
    state = table(hands={0: "1C 2C 3C 4C 1D 1H 1L 2D 2H 2L"}, market="5C 5D 5H 3D 3H 3L", phase="take")
    lay(game, state)
    late = timezone.now() - timedelta(days=1, minutes=1)
    Seat.objects.filter(game=game, position=0).update(waiting_since=late)

    assert deadlines.sweep()["default_moves"] == 5
    game.refresh_from_db()
    made = list(Move.objects.filter(game=game).order_by("number"))
    hand = state["hands"][0]
    assert [m.seat for m in made] == [0] * 5
    assert [m.payload for m in made] == [
        {"type": "take", "cards": state["market"][:3]},  # the first take listed: the three 5s
        {"type": "end_turn"},  # completes nothing; 13 cards: discard down to 10, the lowest first
        *({"type": "discard", "card": c} for c in (hand[0], hand[4], hand[5])),  # 1C, 1D, 1H
    ]
    assert game.state["contracts"][0] == [] and len(game.state["hands"][0]) == 10
    assert ROMIRAMI.to_act(game.state) == [1]
    timeout = Notification.objects.get(kind="timeout")
    assert timeout.user == julius and timeout.context["lines"]
    assert "Julius discarded a card. The markets were refilled." in render(timeout).body
    assert Notification.objects.get(kind="turn").user == agrippina
    assert deadlines.apply_default_moves(game.pk) == 0 and deadlines.sweep()["default_moves"] == 0


def test_a_computer_player_takes_its_whole_turn(make_user):
    julius = make_user("Julius")
    game = services.create_game(julius, "romirami", {}, 2, "seated")
    services.add_bot(game.pk, julius)
    services.start_game(game.pk, julius)
    game.refresh_from_db()
    assert ROMIRAMI.to_act(game.state) == [0]
    post(julius, game, ROMIRAMI.default_move(game.state, 0))
    post(julius, game, {"type": "end_turn"})
    game.refresh_from_db()
    assert ROMIRAMI.to_act(game.state) == [1]
    assert services.play_bots(game.pk) >= 2  # a take and the end of its turn at least
    game.refresh_from_db()
    assert ROMIRAMI.to_act(game.state) == [0] and game.state["round"] == 2
    assert [m.payload["type"] for m in game.moves.filter(seat=1)][-1] in ("end_turn", "discard")


def test_the_end_of_a_game_is_mailed_with_the_scores_and_the_pad(make_table):
    game, (julius, agrippina) = make_table("romirami")
    held = ["run4-diamond", "run4-clover", "run5-heart", "run5-cherry", "4-kind-clover", "4-kind-diamond"]
    lay(game, table(hands={0: "1C 2C 3C 4C"}, contracts={0: held}, phase="play"))
    assert (
        post(julius, game, {"type": "complete", "contract": "run4-cherry"}, way="1 2 3 4").status_code == 200
    )
    assert "the game ends after this round" in game.moves.last().summary
    assert post(julius, game, {"type": "end_turn"}).status_code == 200
    game.refresh_from_db()
    assert post(agrippina, game, ROMIRAMI.default_move(game.state, 1)).status_code == 200
    assert post(agrippina, game, {"type": "end_turn"}).status_code == 200
    game.refresh_from_db()
    assert game.status == Game.Status.FINISHED and game.state["end_reason"] == "contracts"
    for user in (julius, agrippina):
        mail = render(Notification.objects.get(kind="game_over", user=user))
        assert reverse("pad_game", args=[game.code]) in mail.body
        assert "Julius" in mail.body and str(ROMIRAMI.scores(game.state)[0]) in mail.body
