"""The game-over e-mail ranks as the game does (its tie-breaks included) and names winners in words."""

from __future__ import annotations

import pytest

from games.contract.protocol import name_list
from games.models import Notification, Seat
from games.notifications import mailer, outbox
from games.romirami.tests.helpers import table

pytestmark = pytest.mark.django_db


def finished_romirami(make_table, state):
    game, (bob,) = make_table("romirami", names=("Bob",), bots=1)
    game.state, game.status = state, "finished"
    game.save()
    seats = list(Seat.objects.filter(game=game))
    [row_id] = outbox.write(outbox.plan_game_over(game, seats, outbox.people([bob.pk]), []), enqueue=False)
    return Notification.objects.get(pk=row_id)


def test_a_tie_the_suit_bonus_breaks_names_one_winner_first(make_table, mailoutbox):
    # Equal scores, Computer 1 holds more Suit Bonus cards: the table and the pad have it first.
    state = table(
        contracts={0: ["4-kind-diamond"], 1: ["run4-diamond"]},
        bonus={0: "1D", 1: "1C 2C"},
        trophies=("suit", "suit", "combo", "combo"),
        offers=[None] * 4,
    )
    state["star_used"] = [True, True]
    note = finished_romirami(make_table, state)
    rows = note.context["scores"]
    assert [(r["name"], r["score"], r["place"], r["won"]) for r in rows] == [
        ("Computer 1", 3, 1, True),
        ("Bob", 3, 2, False),
    ]
    assert mailer.deliver([note.pk]) == 1
    [mail] = mailoutbox
    assert mail.subject.endswith("— Computer 1 won")
    assert "1. Computer 1: 3 (winner)\n  2. Bob: 3\n" in mail.body


def test_a_shared_first_place_names_both_winners(make_table, mailoutbox):
    state = table(
        contracts={0: ["run4-cherry"], 1: ["run4-diamond"]},
        bonus={0: "1D 2D", 1: "1C 2C"},
        trophies=("combo",) * 4,
        offers=[None] * 4,
    )
    state["star_used"] = [True, True]
    note = finished_romirami(make_table, state)
    assert [r["place"] for r in note.context["scores"]] == [1, 1]
    assert mailer.deliver([note.pk]) == 1
    assert mailoutbox[0].subject.endswith("— Bob and Computer 1 won")


def test_names_read_as_a_sentence():
    assert name_list([]) == "" and name_list(["Bob"]) == "Bob"
    assert name_list(["Bob", "Ann", "Computer 1"]) == "Bob, Ann and Computer 1"
