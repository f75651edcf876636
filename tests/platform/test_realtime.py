"""A realtime game (the toy Race under tests/platform/race/): no turn tokens, arrival order,
and computer players paced by one chain per table."""

from __future__ import annotations

from unittest import mock

import pytest
from channels.db import database_sync_to_async
from django.core.cache import cache
from django.utils import timezone

from games import tasks
from games.contract import kinds
from games.models import Game
from games.play import services
from tests.platform.race.web import BOT_DELAY, RaceKind
from tests.platform.test_my_games import player_socket, run, session_cookie

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
    after = services.play_due_bots(game.pk, {0: 0.0, 1: 0.0}, 0.0, 0.0)  # both seats due
    assert after == {1: BOT_DELAY}  # its next move a pause later
    game.refresh_from_db()
    assert game.state["presses"] == [0, 1] and game.move_count == 1  # a person's seat: no bot move


def test_a_change_starts_one_pacer_per_table_and_only_one(make_table):
    game, (julius,) = make_table("race", names=("Julius",), bots=2)
    seats = list(game.seats.all())
    with mock.patch.object(tasks.pace_bots, "apply_async") as scheduled:
        tasks.wake_bots(Game, game=game, seats=seats, source=services.Source.PLAYER)
        tasks.wake_bots(Game, game=game, seats=seats, source=services.Source.PLAYER)
    (call,) = scheduled.call_args_list
    game_id, due, chain = call.args[0]
    assert game_id == game.pk and sorted(due) == ["1", "2"]
    assert call.kwargs["countdown"] == pytest.approx(BOT_DELAY)
    assert cache.get(tasks.pacer_key(game.pk)) == chain


def test_one_step_plays_every_computer_seat_that_is_due_in_one_commit(
    make_table, django_capture_on_commit_callbacks
):
    game, _ = make_table("race", names=("Julius",), bots=3)
    now = timezone.now().timestamp()
    due = {"1": now - 1, "2": now + tasks.PACER_LEAD / 2, "3": now + 1.5}  # seat 3 is not due yet
    version = game.version
    with (
        mock.patch.object(tasks.pace_bots, "apply_async") as scheduled,
        django_capture_on_commit_callbacks() as announced,
    ):
        assert tasks.pace_bots(game.pk, due, "chain-a") is True
    game.refresh_from_db()
    assert game.state["presses"] == [0, 1, 1, 0] and game.version == version + 2
    assert len(announced) == 1  # one push for both moves
    (call,) = scheduled.call_args_list
    _, after, chain = call.args[0]
    assert chain == "chain-a" and after["3"] == due["3"]
    # Each keeps its own pace: a pause after its own time, or after the lead before now when it
    # was later than that; the next step is seat 3's, the earliest.
    assert after["1"] == pytest.approx(now - tasks.PACER_LEAD + BOT_DELAY, abs=0.05)
    assert after["2"] == due["2"] + BOT_DELAY
    assert call.kwargs["countdown"] == pytest.approx(due["3"] - now, abs=0.05)


def test_a_step_of_a_second_chain_ends_it_and_moves_nobody(make_table):
    game, _ = make_table("race", names=("Julius",), bots=1)
    cache.set(tasks.pacer_key(game.pk), "chain-a")
    with mock.patch.object(tasks.pace_bots, "apply_async") as scheduled:
        assert tasks.pace_bots(game.pk, {"1": 0.0}, "chain-b") is False
    assert not scheduled.called and cache.get(tasks.pacer_key(game.pk)) == "chain-a"
    game.refresh_from_db()
    assert game.move_count == 0


def test_a_pacer_steps_on_until_no_computer_seat_is_in_play(make_table):
    game, _ = make_table("race", names=("Julius",), bots=1)
    with mock.patch.object(tasks.pace_bots, "apply_async") as scheduled:
        for _ in range(2):
            assert tasks.pace_bots(game.pk, {"1": 0.0}, "chain-a") is True
        assert tasks.pace_bots(game.pk, {"1": 0.0}, "chain-a") is False  # its third press wins: the end
    assert scheduled.call_count == 2
    assert cache.get(tasks.pacer_key(game.pk)) is None
    game.refresh_from_db()
    assert game.state["winner"] == 1


def paused_table_whose_chain_ends(make_table, meanwhile) -> tuple[Game, object]:
    """A paused table whose pacer "chain-a" holds its key, and its step (``services.play_due_bots``,
    which finds no computer seat in play) followed by ``meanwhile`` before the chain ends."""
    game, _ = make_table("race", names=("Julius",), bots=1)
    Game.objects.filter(pk=game.pk).update(paused_at=timezone.now())
    cache.set(tasks.pacer_key(game.pk), "chain-a")
    step = services.play_due_bots

    def step_then(*args):
        after = step(*args)
        meanwhile(game)
        return after

    return game, step_then


def resume(game: Game) -> None:
    Game.objects.filter(pk=game.pk).update(paused_at=None)  # the host resumes
    resumed = Game.objects.get(pk=game.pk)
    tasks.wake_bots(Game, game=resumed, seats=list(resumed.seats.all()), source=services.Source.LOBBY)


def test_a_resume_committing_as_the_pacer_ends_is_paced_by_a_new_chain(make_table):
    game, step_then_resume = paused_table_whose_chain_ends(make_table, resume)
    with (
        mock.patch.object(services, "play_due_bots", step_then_resume),
        mock.patch.object(tasks.pace_bots, "apply_async") as scheduled,
    ):
        assert tasks.pace_bots(game.pk, {"1": 0.0}, "chain-a") is False
    (call,) = scheduled.call_args_list
    _, due, chain = call.args[0]
    assert sorted(due) == ["1"] and chain != "chain-a"
    assert cache.get(tasks.pacer_key(game.pk)) == chain


def test_an_ending_chain_leaves_another_chains_key_alone(make_table):
    def beat_restarts(game: Game) -> None:
        cache.set(tasks.pacer_key(game.pk), "chain-b")

    game, step_then_restart = paused_table_whose_chain_ends(make_table, beat_restarts)
    with mock.patch.object(services, "play_due_bots", step_then_restart):
        assert tasks.pace_bots(game.pk, {"1": 0.0}, "chain-a") is False
    assert cache.get(tasks.pacer_key(game.pk)) == "chain-b"


def test_a_paused_table_stops_its_pacer_and_resuming_starts_it_again(make_table):
    game, _ = make_table("race", names=("Julius",), bots=1)
    Game.objects.filter(pk=game.pk).update(paused_at=timezone.now())
    with mock.patch.object(tasks.pace_bots, "apply_async") as scheduled:
        assert tasks.pace_bots(game.pk, {"1": 0.0}, "chain-a") is False
        assert cache.get(tasks.pacer_key(game.pk)) is None
        game.refresh_from_db()
        tasks.wake_bots(Game, game=game, seats=list(game.seats.all()), source=services.Source.PLAYER)
        assert not scheduled.called  # paused: nothing starts
        Game.objects.filter(pk=game.pk).update(paused_at=None)
        game.refresh_from_db()
        tasks.wake_bots(Game, game=game, seats=list(game.seats.all()), source=services.Source.LOBBY)
    assert scheduled.call_count == 1
    game.refresh_from_db()
    assert game.move_count == 0


def test_the_engine_judges_a_realtime_seat_that_is_not_awaited(make_table):
    game, (julius, agrippina) = make_table("race")
    for _ in range(3):
        services.submit_move(game.pk, julius, PRESS, None)
    Game.objects.filter(pk=game.pk).update(status=Game.Status.ACTIVE)  # as if the race went on
    with pytest.raises(services.MoveRejected) as refused:
        services.submit_move(game.pk, agrippina, PRESS, None)
    assert refused.value.message == "Too late — the race is over."


@pytest.mark.django_db(transaction=True)
def test_computer_moves_reach_my_games_only_when_they_end_the_game(make_table):
    """Several a second at every live table: "My games" polls for them, and hears the end at once."""
    game, (julius,) = make_table("race", names=("Julius",), bots=1)
    cookie = session_cookie(julius)

    async def scenario():
        socket = player_socket(cookie)
        assert (await socket.connect())[0]
        step = database_sync_to_async(services.play_due_bots)
        await step(game.pk, {1: 0.0}, 0.0, 0.0)
        await step(game.pk, {1: 0.0}, 0.0, 0.0)
        quiet = await socket.receive_nothing(timeout=0.5)
        await step(game.pk, {1: 0.0}, 0.0, 0.0)  # the third press wins
        heard = await socket.receive_json_from(timeout=2)
        await socket.disconnect()
        return quiet, heard

    quiet, heard = run(scenario)
    assert quiet and heard == {"changed": True}
