"""Building Roman Roads at its own pace: the next player is e-mailed, a turn that runs out is played
for the player, computer players take their turns, and the end is mailed with the pad."""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.utils import timezone

from games.models import Game, Move, Notification, Seat
from games.notifications import deadlines
from games.notifications.mailer import render
from games.play import services
from games.roads.tests.helpers import c, table
from games.roads.tests.site import client_for, lobby_table, midturn_state, post_move, rig

pytestmark = pytest.mark.django_db

DAY = 86400


@pytest.fixture
def players(make_user):
    return make_user("Julius"), make_user("Agrippina")


def overdue(game: Game, position: int) -> None:
    Seat.objects.filter(game=game, position=position).update(waiting_since=timezone.now() - timedelta(days=2))


def test_ending_a_turn_writes_the_next_players_turn_mail(players):
    julius, agrippina = players
    game = rig(lobby_table(julius, [agrippina]), midturn_state())
    client = client_for(agrippina)
    for move, fields in (
        ({"type": "draw"}, {}),
        ({"type": "play"}, {"card": "lk-58-4", "to": "E"}),
        ({"type": "play"}, {"card": "mt-323-2", "to": "N"}),
    ):
        assert post_move(client, game, move, **fields).status_code == 200
    assert not Notification.objects.filter(kind="turn", user=julius).exists()  # still Agrippina's turn
    assert post_move(client, game, {"type": "end_turn"}).status_code == 200
    note = Notification.objects.get(kind="turn", user=julius)
    assert note.context["game_name"] == "Building Roman Roads" and note.context["game_code"] == game.code
    assert note.context["lines"][-1] == "Agrippina ended the turn."
    mail = render(note)
    assert mail.subject == f"Building Roman Roads {game.code}: your turn"
    assert "Agrippina played Romans 5:8 #4 \u201cin that\u201d on the east space." in mail.body
    assert game.get_absolute_url() in mail.body


def test_the_turn_mail_lists_the_plays_in_order_and_counts_the_draw_after_them(players):
    julius, agrippina = players
    game = rig(lobby_table(julius, [agrippina]), midturn_state())
    client = client_for(agrippina)
    post_move(client, game, {"type": "draw"})
    post_move(client, game, {"type": "play"}, card="lk-58-4", to="E")
    post_move(client, game, {"type": "play"}, card="mt-323-2", to="N")
    post_move(client, game, {"type": "end_turn"})
    mail = render(Notification.objects.get(kind="turn", user=julius))
    since = mail.body.split("Since your last move:\n")[1].split("\n\n")[0].splitlines()
    assert since == [
        "  - Agrippina played Romans 5:8 #4 \u201cin that\u201d on the east space.",
        "  - Agrippina played Romans 3:23 #2 \u201call\u201d on the north space.",
        "  - Agrippina ended the turn.",
        "  Also 1 smaller move along the way (draws).",
    ]
    assert "drew" not in mail.body and "more move" not in mail.body


def test_a_turn_that_runs_out_is_played_for_the_player_by_the_default_moves(players):
    julius, agrippina = players
    game = rig(lobby_table(julius, [agrippina], turn_deadline=DAY), midturn_state())
    assert game.turn_deadline == DAY
    overdue(game, 1)
    assert deadlines.sweep()["default_moves"] >= 3
    game.refresh_from_db()
    assert game.state["turn"] == 0 and game.engine.to_act(game.state) == [0]
    made = list(Move.objects.filter(game=game).order_by("number"))
    assert [m.seat for m in made] == [1] * len(made)
    # Draw, then every card that fits, then the end of the turn (default moves never move roads).
    assert [m.payload["type"] for m in made] == ["draw", "play", "play", "end_turn"]
    assert game.state["spaces"]["E"][-1] == "lk-58-4" and game.state["spaces"]["N"][-1] == "mt-323-2"
    timeout = Notification.objects.get(kind="timeout")
    assert timeout.user == agrippina and timeout.context["lines"]
    assert Notification.objects.filter(kind="turn", user=julius).count() == 1
    assert deadlines.apply_default_moves(game.pk) == 0  # once only


def test_a_computer_player_takes_its_whole_turn(players):
    julius, _ = players
    game = services.create_game(julius, "roads", {}, 2, "seated")
    services.add_bot(game.pk, julius)
    services.start_game(game.pk, julius)
    game.refresh_from_db()
    assert game.state["turn"] == 1  # the computer player sits left of the dealer and plays first
    assert services.play_bots(game.pk) >= 2
    game.refresh_from_db()
    assert game.state["turn"] == 0 or game.status == Game.Status.FINISHED
    assert all(m.seat == 1 for m in Move.objects.filter(game=game))


def test_the_last_card_mails_the_end_with_the_pad(players):
    julius, agrippina = players
    state = table(
        [[c("mt 58 2"), c("mk 58 6")], [c("mt 323 2")]], {"N": [c("mk 323 1")]}, phase="draw", turn=1
    )
    game = rig(lobby_table(julius, [agrippina]), state)
    client = client_for(agrippina)
    assert post_move(client, game, {"type": "draw"}).status_code == 200
    game.refresh_from_db()
    last = [card for card in game.state["hands"][1] if card != "mt-323-2"][0]
    assert post_move(client, game, {"type": "play"}, card="mt-323-2", to="N").status_code == 200
    response = post_move(
        client,
        game,
        {"type": "play"},
        card=last,
        to=next(space for space in ("E", "S", "W") if not game.state["spaces"][space]),
    )
    assert response.status_code == 200 and "Agrippina wins!" in response.content.decode()
    game.refresh_from_db()
    assert game.status == Game.Status.FINISHED and game.state["winners"] == [1]
    for user in (julius, agrippina):
        mail = render(Notification.objects.get(kind="game_over", user=user))
        assert "Agrippina won" in mail.subject
        assert f"/pads/game/{game.code}/" in mail.body
