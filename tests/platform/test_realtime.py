"""A realtime game (the toy Race under tests/platform/race/): no turn tokens, arrival order,
and computer players paced one step at a time, one chain per seat."""

from __future__ import annotations

from unittest import mock

import pytest
from django.core.cache import cache

from games import kinds, services, tasks
from games.models import Game
from tests.platform.race.web import BOT_DELAY, RaceKind

pytestmark = pytest.mark.django_db
PRESS = {"type": "press"}


@pytest.fixture(autouse=True)
def race():
    kind = kinds.register(RaceKind())
    cache.clear()
    yield kind
    kinds.unregister(kind.slug)


def test_moves_apply_in_arrival_order_whatever_version_the_page_showed(make_table):
    game, (julius, agrippina) = make_table("race")
    shown = game.tokens["0"]
    services.submit_move(game.pk, julius, PRESS, shown)
    services.submit_move(game.pk, agrippina, PRESS, None)  # a page drawn before Julius pressed
    services.submit_move(game.pk, julius, PRESS, shown)
    game.refresh_from_db()
    assert game.state["presses"] == [2, 1] and game.move_count == 3


def test_a_move_after_the_end_is_refused_and_changes_nothing(make_table):
    game, (julius, agrippina) = make_table("race")
    for _ in range(3):
        services.submit_move(game.pk, julius, PRESS, None)
    with pytest.raises(services.MoveRejected) as refused:
        services.submit_move(game.pk, agrippina, PRESS, None)
    assert refused.value.message == "This game is over."
    game.refresh_from_db()
    assert game.state["presses"] == [3, 0] and game.status == Game.Status.FINISHED


def test_a_paced_computer_player_moves_one_step_at_a_time(make_table):
    game, _ = make_table("race", names=("Julius",), bots=1)
    assert services.play_bots(game.pk) == 0  # paced: not played in one go
    after = services.play_bot_step(game.pk, 1)
    assert after is not None and after.state["presses"] == [0, 1]
    assert services.play_bot_step(game.pk, 0) is None  # a person's seat: no bot move
    game.refresh_from_db()
    assert game.move_count == 1


def test_a_change_starts_one_chain_per_computer_seat_and_only_one(make_table):
    game, (julius,) = make_table("race", names=("Julius",), bots=2)
    seats = list(game.seats.all())
    with mock.patch.object(tasks.play_bot_step, "apply_async") as scheduled:
        tasks.wake_bots(Game, game=game, seats=seats, source=services.Source.PLAYER)
        tasks.wake_bots(Game, game=game, seats=seats, source=services.Source.PLAYER)
    assert sorted(call.args[0] for call in scheduled.call_args_list) == [(game.pk, 1), (game.pk, 2)]
    assert all(call.kwargs["countdown"] == BOT_DELAY for call in scheduled.call_args_list)


def test_a_chain_steps_on_until_its_seat_is_no_longer_awaited(make_table):
    game, _ = make_table("race", names=("Julius",), bots=1)
    with mock.patch.object(tasks.play_bot_step, "apply_async") as scheduled:
        for _ in range(3):
            assert tasks.play_bot_step(game.pk, 1) is True
        assert tasks.play_bot_step(game.pk, 1) is False  # the race is over: the chain ends
    assert scheduled.call_count == 3
    assert cache.get(tasks.bot_chain_key(game.pk, 1)) is None
    game.refresh_from_db()
    assert game.state["winner"] == 1


def test_the_engine_judges_a_realtime_seat_that_is_not_awaited(make_table):
    game, (julius, agrippina) = make_table("race")
    for _ in range(3):
        services.submit_move(game.pk, julius, PRESS, None)
    Game.objects.filter(pk=game.pk).update(status=Game.Status.ACTIVE)  # as if the race went on
    with pytest.raises(services.MoveRejected) as refused:
        services.submit_move(game.pk, agrippina, PRESS, None)
    assert refused.value.message == "Too late — the race is over."
