"""Computer players at a Roman Road table, through the Celery task functions called directly on a
simulated clock: they keep their pace, come back after everyone was stuck and after the deal, stop
when the hand is over, and one table never runs two pacers."""

from __future__ import annotations

import heapq
import itertools
from datetime import datetime, timedelta
from unittest import mock

import pytest
from django.core.cache import cache
from django.utils import timezone

from games import tasks
from games.live import presence
from games.models import Game, Move
from games.notifications import deadlines
from games.play import services
from games.romanroad.bot import SPEEDS
from games.romanroad.tests.site import lay_out, lobby_table, rig
from games.romanroad.web import BETWEEN_SECONDS, PLAYS, absent_seconds, begin_seconds, idle_seconds

pytestmark = pytest.mark.django_db


class Clock:
    """The worker's side, run by hand: scheduled pacer steps and timed flips wait in time order and
    run when the simulated clock reaches them; ``timezone.now`` reads the simulated clock."""

    def __init__(self, capture) -> None:
        self.now = datetime(2026, 3, 1, 12, 0, tzinfo=timezone.get_current_timezone())
        self.queue: list = []
        self.order = itertools.count()
        self.capture = capture
        self.moves: dict[int, list[datetime]] = {}

    def later(self, task, args, kwargs=None, countdown=0.0) -> None:
        due = self.now + timedelta(seconds=countdown)
        heapq.heappush(self.queue, (due, next(self.order), task, tuple(args), kwargs or {}))

    def pending(self, seat: int) -> int:
        """Queued pacer steps that carry this seat's next time."""
        return sum(1 for _, _, task, args, _ in self.queue if task == "step" and str(seat) in args[1])

    def act(self, action):
        """Run ``action`` as a request or task would: its on-commit followers run after it."""
        with self.capture(execute=True):
            return action()

    def tick(self) -> bool:
        if not self.queue:
            return False
        due, _, task, args, kwargs = heapq.heappop(self.queue)
        self.now = max(self.now, due)
        if task == "step":
            before = Move.objects.filter(game_id=args[0]).count()
            self.act(lambda: tasks.pace_bots(*args, **kwargs))
            soon = self.now.timestamp() + tasks.PACER_LEAD
            due = [int(seat) for seat, when in args[1].items() if when <= soon]
            moved = Move.objects.filter(game_id=args[0], number__gte=before, seat__in=due)
            for seat in sorted(set(moved.values_list("seat", flat=True))):
                self.moves.setdefault(seat, []).append(self.now)
        else:
            self.act(lambda: deadlines.run_clock(args[0]))
        return True

    def run(self, until, limit: int = 3000) -> None:
        for _ in range(limit):
            if until() or not self.tick():
                return
        raise AssertionError("the clock ran out of steps")


@pytest.fixture
def clock(django_capture_on_commit_callbacks):
    cache.clear()
    sim = Clock(django_capture_on_commit_callbacks)

    def step(args, kwargs=None, countdown=0.0):
        sim.later("step", args, kwargs, countdown)

    def flip(args, countdown=0.0, **_):
        sim.later("flip", args, None, countdown)

    with (
        mock.patch.object(tasks.pace_bots, "apply_async", side_effect=step),
        mock.patch.object(tasks.run_clock, "apply_async", side_effect=flip),
        mock.patch("django.utils.timezone.now", side_effect=lambda: sim.now),
    ):
        yield sim


def table(make_user, bots: int = 2, speed: str = "fast") -> tuple[Game, object]:
    julius = make_user("Julius")
    return lobby_table(julius, bots=bots, bot_speed=speed), julius


def stuck(game: Game, user) -> None:
    services.submit_move(game.pk, user, {"type": "stuck"}, None)


def test_the_start_sets_one_pacer_for_the_table_and_each_computer_player_keeps_its_pace(clock, make_user):
    game, _ = table(make_user)
    assert clock.pending(1) == 0  # the lobby's start committed nothing in this test's transaction
    clock.act(lambda: tasks.wake_bots(Game, game=game, seats=list(game.seats.all()), source="lobby"))
    assert len(clock.queue) == 1 and clock.pending(1) == 1 and clock.pending(2) == 1
    clock.run(until=lambda: len(clock.moves.get(1, [])) >= 12)
    gaps = [(b - a).total_seconds() for a, b in itertools.pairwise(clock.moves[1])]
    # Up to the lead early to move with the other, never faster on average.
    low, high = SPEEDS["fast"] * 0.75 - tasks.PACER_LEAD, SPEEDS["fast"] * 1.25 + tasks.PACER_LEAD
    assert all(low - 1e-6 <= gap <= high + 1e-6 for gap in gaps), gaps
    assert abs(sum(gaps) / len(gaps) - SPEEDS["fast"]) < 0.2, gaps


def test_a_turn_around_brought_by_a_computer_player_brings_the_other_back(clock, make_user):
    """Julius and Computer 1 are stuck; Computer 2's Stuck turns the decks around, and the table's
    pacer, which had only Computer 2 in play, takes Computer 1 back in."""
    game, julius = table(make_user)
    state = game.state
    lay_out(state, 0, store=["mt-323-5"], work=(["mt-1013-8"], ["mt-623-8"], ["mt-58-8"]), stuck=True)
    lay_out(state, 1, store=["mk-323-5"], work=(["mk-1013-8"], ["mk-623-8"], ["mk-58-8"]), stuck=True)
    lay_out(state, 2, store=["lk-323-5"], work=(["lk-1013-8"], ["lk-623-8"], ["lk-58-8"]))
    state["seats"][2]["flips"] = 99  # it has seen its whole Search deck: its next move is Stuck
    rig(game, state)
    clock.later("step", (game.pk, {"2": clock.now.timestamp() + 1.0}, "pacer"), None, 1.0)
    clock.tick()
    game.refresh_from_db()
    assert game.state["turnarounds"] == 1 and game.engine.to_act(game.state) == [0, 1, 2]
    assert clock.pending(1) == 1 and clock.pending(2) == 1


def test_the_last_ready_brought_by_a_computer_player_deals_and_brings_the_others_back(clock, make_user):
    game, julius = table(make_user)
    state = game.state
    state.update(phase="between", ready=[True, True, False], hand=1, sheet=[], totals=[0, 0, 0])
    rig(game, state)
    clock.later("step", (game.pk, {"2": clock.now.timestamp() + 1.0}, "pacer"), None, 1.0)
    clock.tick()
    game.refresh_from_db()
    assert game.state["phase"] == "deal" and game.state["hand"] == 2
    assert game.state["ready"] == [False, True, True]  # the computer players are ready at once
    assert clock.pending(1) == 0 and clock.pending(2) == 0  # and wait for Begin: the pacer ends
    clock.run(until=lambda: Game.objects.get(pk=game.pk).state["phase"] == "hand")
    assert clock.pending(1) == 1 and clock.pending(2) == 1
    begun = Move.objects.filter(game=game, payload__type="begin").latest("number")
    clock.run(until=lambda: Move.objects.filter(game=game, seat__in=[1, 2], payload__type__in=PLAYS).exists())
    first = Move.objects.filter(game=game, seat__in=[1, 2], payload__type__in=PLAYS).earliest("number")
    assert first.number > begun.number
    assert first.created_at - begun.created_at >= timedelta(seconds=SPEEDS["fast"] * 0.75 - 1e-6)


def test_a_hand_plays_to_its_end_the_pacer_stops_and_the_clock_deals_the_next(clock, make_user):
    """Julius presses Stuck whenever he is awaited in a hand; the computer players play on."""
    game, julius = table(make_user)

    def julius_stuck_if_awaited() -> bool:
        game.refresh_from_db()
        if game.state["phase"] == "hand" and 0 in game.engine.to_act(game.state):
            clock.act(lambda: stuck(game, julius))
        return game.state["phase"] != "hand"

    clock.act(lambda: stuck(game, julius))
    clock.run(until=julius_stuck_if_awaited)
    game.refresh_from_db()
    assert game.state["phase"] == "between" and game.state["hand"] == 1
    ended = clock.now
    clock.run(until=lambda: all(Game.objects.get(pk=game.pk).state["ready"][1:]))
    assert clock.now - ended < timedelta(seconds=2)  # fast computer players say they are ready
    moves = Move.objects.filter(game=game).count()
    clock.run(until=lambda: Game.objects.get(pk=game.pk).state["phase"] == "deal")
    game.refresh_from_db()
    # The computer players only waited; Julius is taken as ready, which deals; they are ready at once.
    assert Move.objects.filter(game=game).count() == moves + 3
    assert clock.now - ended >= timedelta(seconds=BETWEEN_SECONDS)
    clock.run(until=lambda: Game.objects.get(pk=game.pk).state["phase"] == "hand")
    game.refresh_from_db()
    assert game.state["hand"] == 2 and not any(me["stuck"] for me in game.state["seats"])
    assert (
        Move.objects.filter(game=game, payload__type="begin")
        .latest("number")
        .summary.startswith("Begin! Hand 2")
    )
    assert clock.pending(1) == 1 and clock.pending(2) == 1


def test_a_second_pacer_for_one_table_ends_at_its_first_step(clock, make_user):
    """Where the pacer's key is not shared (the embedded default's local memory), a change can start
    a second pacer for a table that has one: the step that finds another pacer's name under the key
    ends its chain, so the seat keeps its pace."""
    game, julius = table(make_user, bots=1, speed="steady")
    clock.act(lambda: tasks.wake_bots(Game, game=game, seats=list(game.seats.all()), source="lobby"))
    clock.now += timedelta(seconds=0.9)
    cache.clear()  # another process's memory: it does not know the chain
    game.refresh_from_db()
    clock.act(lambda: tasks.wake_bots(Game, game=game, seats=list(game.seats.all()), source="player"))
    assert clock.pending(1) == 2
    clock.run(until=lambda: len(clock.moves.get(1, [])) >= 8)
    assert clock.pending(1) == 1
    gaps = [(b - a).total_seconds() for a, b in itertools.pairwise(clock.moves[1])]
    assert min(gaps) >= SPEEDS["steady"] * 0.75 - tasks.PACER_LEAD - 1e-6, gaps


def test_a_pacer_lost_with_the_broker_is_restarted_by_the_sweep_without_doubling(clock, make_user):
    """A Redis restart takes the queued steps and the pacer's key: the beat sweep finds the
    computer players that have not moved for a few of their pauses and starts the table's pacer again."""
    game, _ = table(make_user)
    clock.act(lambda: tasks.wake_bots(Game, game=game, seats=list(game.seats.all()), source="lobby"))
    clock.run(until=lambda: len(clock.moves.get(1, [])) >= 2)
    assert clock.act(tasks.wake_waiting_bots)["pacers"] == 0  # moving at their pace: nothing to do
    clock.queue.clear()  # the broker's queue and the cache are gone
    cache.clear()
    clock.now += timedelta(seconds=SPEEDS["fast"] * (deadlines.STALL_PAUSES + 1.5))
    assert clock.act(tasks.wake_waiting_bots)["pacers"] == 1
    assert len(clock.queue) == 1 and clock.pending(1) == 1 and clock.pending(2) == 1
    assert clock.act(tasks.wake_waiting_bots)["pacers"] == 1  # not yet moved: asked again
    assert len(clock.queue) == 2  # the first one's step will find the second's name and end
    moved = len(clock.moves[1])
    clock.run(until=lambda: len(clock.moves.get(1, [])) >= moved + 3)
    numbers = list(Move.objects.filter(game=game, seat=1).values_list("number", flat=True))
    assert len(numbers) == len(set(numbers))
    times = clock.moves[1][moved:]
    gaps = [(b - a).total_seconds() for a, b in itertools.pairwise(times)]
    assert all(gap >= SPEEDS["fast"] * 0.75 - tasks.PACER_LEAD - 1e-6 for gap in gaps), gaps  # one pacer
    assert len(clock.queue) == 1


def test_the_sweep_leaves_a_paused_table_alone(clock, make_user):
    game, _ = table(make_user)
    clock.act(lambda: tasks.wake_bots(Game, game=game, seats=list(game.seats.all()), source="lobby"))
    clock.run(until=lambda: len(clock.moves.get(1, [])) >= 1)
    Game.objects.filter(pk=game.pk).update(paused_at=clock.now)
    clock.queue.clear()
    cache.clear()
    clock.now += timedelta(seconds=SPEEDS["fast"] * (deadlines.STALL_PAUSES + 1.5))
    assert clock.act(tasks.wake_waiting_bots)["pacers"] == 0
    assert not clock.queue
    Game.objects.filter(pk=game.pk).update(paused_at=None)
    assert clock.act(tasks.wake_waiting_bots)["pacers"] == 1  # the same table in play is restarted


def test_no_computer_player_moves_before_begin_and_an_absent_person_is_not_waited_for(clock, make_user):
    """The host pressed Start and shut the page: the computer players are ready at once, the table
    takes Julius as ready a few seconds after the deal, counts down to Begin, and only then do
    the computer players' pacer starts, each first move a pause after Begin (or the lead less, with
    the other)."""
    julius = make_user("Julius")
    game = lobby_table(julius, bots=2, bot_speed="fast", begun=False)
    started = clock.now
    assert game.state["phase"] == "deal" and game.state["ready"] == [False, True, True]
    clock.act(lambda: services.announce(game, list(game.seats.all()), services.Source.LOBBY))
    assert clock.pending(1) == 0 and clock.pending(2) == 0  # ready, and waiting for Begin
    clock.run(until=lambda: Game.objects.get(pk=game.pk).state["phase"] == "hand")
    moves = list(Move.objects.filter(game=game).order_by("number"))
    assert [m.summary for m in moves[-2:]] == [
        "Julius is ready. Everyone is ready.",
        "Begin! Hand 1 is under way: everyone plays at once.",
    ]
    assert moves[-2].created_at - started == timedelta(seconds=absent_seconds())
    assert moves[-1].created_at - moves[-2].created_at == timedelta(seconds=begin_seconds())
    assert all(m.payload["type"] == "ready" for m in moves[:-1])  # nobody played before Begin
    clock.run(until=lambda: len(clock.moves.get(1, [])) >= 1 and len(clock.moves.get(2, [])) >= 1)
    for seat in (1, 2):
        first = clock.moves[seat][0] - moves[-1].created_at
        assert first >= timedelta(seconds=SPEEDS["fast"] * 0.75 - tasks.PACER_LEAD - 1e-6)


def test_a_person_gone_from_the_table_is_away_and_the_computer_players_finish_the_hand(
    clock, make_user, settings
):
    """Julius plays no card and has no page open: after the idle time the table marks him away, which
    counts as stuck, and the computer players' hand goes on to its end without him."""
    # Shorter than a Store takes to empty at the fast pace (one move a second each), so no
    # computer player can call Amen before Julius is away, whatever the deal.
    settings.ROMANROAD_IDLE_SECONDS = 6
    julius = make_user("Julius")
    game = lobby_table(julius, bots=2, bot_speed="fast")
    begun = Move.objects.filter(game=game, payload__type="begin").get().created_at
    clock.act(lambda: tasks.wake_bots(Game, game=game, seats=list(game.seats.all()), source="lobby"))
    clock.run(until=lambda: Game.objects.get(pk=game.pk).state["phase"] != "hand")
    game.refresh_from_db()
    away = Move.objects.filter(game=game, payload__type="away").get()
    assert away.seat == 0 and away.summary == "Julius is away: taken to be stuck until they are back."
    assert away.created_at - game.started_at >= timedelta(seconds=idle_seconds())
    assert away.created_at - begun < timedelta(seconds=idle_seconds() + 2 * SPEEDS["fast"])
    assert game.state["phase"] in ("between", "over") and game.state["away"] == [True, False, False]
    assert not Move.objects.filter(game=game, seat=0, payload__type__in=PLAYS).exists()


def test_the_beat_sweep_marks_a_person_gone_away_when_no_task_asked_the_table(clock, make_user):
    """Two people, no computer player: Agrippina's phone went to sleep and the task its closing
    scheduled was lost with the broker. Julius, whose page is open, is stuck and waits; nothing
    moves at the table, so the beat sweep asks it, Agrippina is away and the decks turn around."""
    julius, agrippina = make_user("Julius"), make_user("Agrippina")
    game = lobby_table(julius, others=[agrippina])
    seat = game.seats.get(user=julius)
    presence.opened(seat.pk, "julius-phone")  # Julius's page holds the table's socket
    clock.act(lambda: stuck(game, julius))
    with mock.patch.object(tasks.table_moves, "delay", side_effect=tasks.table_moves):
        assert clock.act(tasks.wake_waiting_bots)["tables"] == 0  # it just changed
        clock.now += timedelta(seconds=idle_seconds() + 1)
        presence.beat(seat.pk, "julius-phone")
        assert clock.act(tasks.wake_waiting_bots)["tables"] == 1
    game.refresh_from_db()
    her = game.seats.get(user=agrippina).position
    assert game.state["away"][her] and not game.state["away"][seat.position]
    assert game.state["turnarounds"] == 1 and game.engine.to_act(game.state) == [seat.position]
    assert Move.objects.filter(game=game).latest("number").summary == (
        "Agrippina is away: taken to be stuck until they are back. "
        "Everyone is stuck: each Search deck's top card goes to the bottom."
    )
