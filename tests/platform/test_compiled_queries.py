"""Queries compiled once (``games.play.reads``) read what their querysets read, table after table."""

from datetime import timedelta

import pytest
from django.db import connection, transaction
from django.utils import timezone

from games.live import presence
from games.models import Holiday, OpenPage, Seat
from games.play import services
from games.play.reads import Compiled, together
from games.play.services import _LOCKED_GAME

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("toy_games")]

FIELDS = (
    "pk",
    "game_id",
    "user_id",
    "position",
    "name",
    "is_bot",
    "left",
    "last_seen",
    "away_until",
    "here_now",
)


def reading(seats):
    return [tuple(getattr(seat, field) for field in FIELDS) for seat in seats]


def test_board_seats_read_who_is_away_and_who_is_here_as_the_queryset_does(make_table):
    first, (julius, agrippina, gaius) = make_table("race", names=("Julius", "Agrippina", "Gaius"))
    second, _ = make_table("nim", names=("Livia", "Tiberius"))
    today = timezone.now().date()
    Holiday.objects.create(user=agrippina, start=today - timedelta(days=1), end=today + timedelta(days=3))
    Holiday.objects.create(user=gaius, start=today + timedelta(days=2), end=today + timedelta(days=4))
    seats = {seat.user_id: seat for seat in first.seats.all()}
    OpenPage.objects.create(seat=seats[julius.pk], channel="a", beat_at=timezone.now())
    OpenPage.objects.create(seat=seats[gaius.pk], channel="b", beat_at=timezone.now() - 2 * presence.WINDOW)

    for game in (first, second, first):  # the SQL compiled once serves every table
        expected = list(presence.with_here(game.seats.with_away()))
        got = presence.board_seats(game.pk)
        assert reading(got) == reading(expected)
        assert all(isinstance(seat, Seat) for seat in got)
        by_code = presence.board_seats_read(code=game.code).run()
        assert reading(by_code) == reading(expected)
    got = {seat.user_id: seat for seat in presence.board_seats(first.pk)}
    assert got[agrippina.pk].away_until == today + timedelta(days=3) and got[gaius.pk].away_until is None
    assert got[julius.pk].here_now is True and got[gaius.pk].here_now is False


def test_a_sample_the_query_does_not_hold_is_refused():
    def build(game_id, other):
        return Seat.objects.filter(game_id=game_id)

    compiled = Compiled(Seat, build, game_id=-5, other=-6)
    with pytest.raises(ValueError, match="other"):
        compiled.rows(game_id=1, other=2)


def test_reads_sent_together_answer_as_each_alone_in_one_pipeline_on_postgresql(make_table, pipelines):
    first, _ = make_table("race", names=("Julius", "Agrippina", "Gaius"))
    second, _ = make_table("nim", names=("Livia", "Tiberius"))
    with transaction.atomic():
        games, seats, others = together(
            _LOCKED_GAME.read(code=first.code, objects=True),
            presence.board_seats_read(game_id=first.pk),
            presence.board_seats_read(code=second.code),
        )
    assert [game.pk for game in games] == [first.pk] and games[0].state == first.state
    assert reading(seats) == reading(presence.board_seats(first.pk))
    assert reading(others) == reading(presence.board_seats(second.pk))
    assert pipelines == ([1] if connection.vendor == "postgresql" else [])


def test_the_move_reads_its_locked_game_and_its_seats_together(make_table):
    game, _ = make_table("nim")
    with transaction.atomic():
        locked, seats = services.locked_game(game.code)
        missing, none = services.locked_game("NOSUCH")
    assert locked.pk == game.pk and [seat.position for seat in seats] == [0, 1]
    assert missing is None and none == []
