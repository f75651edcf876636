"""A move's writes as statements (``games.play.writes``) change the rows as the ORM would, sent together."""

from datetime import timedelta

import pytest
from django.db import IntegrityError, connection, transaction
from django.db.models.signals import post_save, pre_save
from django.utils import timezone

from games.models import Game, Move, Seat
from games.play import services, writes
from games.play.reads import together

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("toy_games")]


def test_an_update_writes_the_fields_named_and_stamps_updated_at(make_table):
    game, _ = make_table("nim")
    stale = Game.objects.get(pk=game.pk)
    game.version, game.log_tail, game.tokens = (
        game.version + 7,
        ["Julius took 1 and left 6."],
        {"0": 3, "1": 4},
    )
    game.finished_at = None
    game.code = "UNSAVED"  # not named: left as it is
    before = timezone.now()
    with transaction.atomic():
        fields = ("version", "log_tail", "tokens", "finished_at", "updated_at")
        (answer,) = together(writes.update(game, fields))
    fresh = Game.objects.get(pk=game.pk)
    assert answer == []
    assert fresh.version == stale.version + 7
    assert (fresh.log_tail, fresh.tokens) == (["Julius took 1 and left 6."], {"0": 3, "1": 4})
    assert fresh.code == stale.code and fresh.state == stale.state and fresh.finished_at is None
    assert fresh.updated_at >= before and fresh.updated_at == game.updated_at


def test_an_insert_gives_the_instance_its_id_when_it_runs(make_table):
    game, _ = make_table("nim")
    logged = Move(
        game=game,
        number=99,
        seat=1,
        payload={"type": "take", "count": 2},
        summary="Agrippina took 2.",
        request_id="r-1",
    )
    write = writes.insert(logged)
    assert logged.pk is None  # until the statement is answered
    with transaction.atomic():
        together(write)
    stored = Move.objects.get(pk=logged.pk)
    assert (stored.game_id, stored.number, stored.seat, stored.payload) == (
        game.pk,
        99,
        1,
        {"type": "take", "count": 2},
    )
    assert (stored.summary, stored.request_id) == ("Agrippina took 2.", "r-1")
    assert stored.created_at is not None
    assert not logged._state.adding


def clocks(game):
    return {seat.position: (seat.awaiting, seat.waiting_since) for seat in Seat.objects.filter(game=game)}


def test_awaiting_starts_a_seats_clock_when_it_becomes_awaited_and_keeps_it_while_it_stays(make_table):
    game, _ = make_table("race", names=("Julius", "Agrippina", "Gaius"))  # three seats
    earlier, now = timezone.now() - timedelta(hours=5), timezone.now()
    Seat.objects.filter(game=game).update(awaiting=False, waiting_since=None)
    Seat.objects.filter(game=game, position=0).update(awaiting=True, waiting_since=earlier)
    Seat.objects.filter(game=game, position=2).update(awaiting=True, waiting_since=earlier)

    writes.awaiting(game.pk, [0, 1], now).run()
    assert clocks(game) == {0: (True, earlier), 1: (True, now), 2: (False, None)}

    writes.awaiting(game.pk, [], now + timedelta(minutes=1)).run()
    assert clocks(game) == {0: (False, None), 1: (False, None), 2: (False, None)}


def test_a_new_turn_starts_the_clock_of_every_seat_awaited_in_it(make_table):
    game, _ = make_table("race", names=("Julius", "Agrippina", "Gaius"))
    earlier, now = timezone.now() - timedelta(hours=5), timezone.now()
    Seat.objects.filter(game=game).update(awaiting=True, waiting_since=earlier, turns=3)
    writes.awaiting(game.pk, [0, 1], now, new_turn=True).run()
    assert clocks(game) == {0: (True, now), 1: (True, now), 2: (False, None)}
    turns = dict(Seat.objects.filter(game=game).values_list("position", "turns"))
    assert turns == {0: 4, 1: 4, 2: 3}


def test_a_write_that_breaks_a_constraint_raises_and_takes_the_others_sent_with_it_back(make_table):
    game, (julius, _) = make_table("nim")
    services.submit_move(game.pk, julius, {"type": "take", "count": 1}, game.tokens["0"])
    first = Move.objects.filter(game=game).latest("number")
    Move.objects.filter(pk=first.pk).update(request_id="again")
    game.refresh_from_db()
    version = game.version
    game.version += 1
    repeat = Move(game=game, number=game.move_count, seat=first.seat, payload={}, request_id="again")
    with pytest.raises(IntegrityError), transaction.atomic():
        together(writes.update(game, ("version",)), writes.insert(repeat))
    assert Game.objects.get(pk=game.pk).version == version
    assert Move.objects.filter(game=game).count() == game.move_count


def test_a_move_sends_its_writes_in_one_pipeline_on_postgresql(make_table, pipelines):
    game, (julius, _) = make_table("nim")
    moved = services.submit_move(game.pk, julius, {"type": "take", "count": 1}, game.tokens["0"])
    assert Move.objects.filter(game=game).latest("number").summary == moved.log_tail[0]
    assert pipelines == ([1] if connection.vendor == "postgresql" else [])


def test_no_receiver_listens_to_the_saves_a_move_writes_as_statements():
    # ``writes`` sends no pre_save or post_save: a receiver added for these models would not hear a move.
    heard = [(signal, model) for signal in (pre_save, post_save) for model in (Game, Move, Seat)]
    assert not [(signal, model) for signal, model in heard if signal.has_listeners(model)]
