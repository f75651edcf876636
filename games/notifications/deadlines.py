"""Turn deadlines, run by beat: reminders, default moves when time is up, clocks that are due.

A seat's clock starts at ``Seat.waiting_since`` and stands still on the days its
player is on holiday. When it runs out, the engine's ``default_move`` is played
for that seat through ``services.record`` — the same path as every other move,
so the log, the tokens and the notifications stay right — under the game's row
lock, and a second run finds nothing left to do. A table whose host gives the
next step (``GameKind.host_acts``) gets seat None's default move once the
deadline has passed since the last move. A table on a clock
(``GameKind.timed_turn``) moves on when each turn is up: the seats that have not
chosen get their default move, then seat None's.
"""

from __future__ import annotations

import logging
from datetime import datetime, timedelta

from django.conf import settings
from django.core.cache import cache
from django.db import transaction
from django.db.models import OuterRef, Subquery
from django.utils import timezone

from games.contract import kinds
from games.contract.protocol import awaits_table, has_move
from games.models import Game, Move, Seat
from games.notifications import outbox as notifications
from games.notifications.holidays import covers, holidays_for, paused
from games.play import services

log = logging.getLogger(__name__)

MAX_DEFAULT_MOVES = 60  # per seat and run: a turn of default moves always ends well before
LAST_CALL = timedelta(hours=1)
# A computer player awaited this long on a turn-based table lost its task (a worker died, the
# broker restarted): beat, every BOT_SWEEP_SECONDS, sets it going again.
BOT_GRACE = timedelta(seconds=20)
# A paced computer player (its own pause between moves) with no move for this many pauses has
# lost its chain of steps.
STALL_PAUSES = 4
# Longer waits are left to beat: Redis redelivers unacknowledged ETA tasks after its visibility timeout.
MAX_ETA = timedelta(seconds=max(30, settings.BROKER_VISIBILITY_SECONDS - 60))


def is_timed(game: Game) -> bool:
    return kinds.get(game.kind).timed_turn(game) is not None


def speaks_of_turns(game: Game) -> bool:
    """Whether reminders and time-out notices may speak of a player's time for a turn: not at a
    table on a clock (its turns move on for everyone), nor at a live one (a race has hands, and
    its clocks, the idle limit too, are the table's)."""
    return not is_timed(game) and not kinds.get(game.kind).realtime


def seat_due_at(seat: Seat, deadline: int, days: list, now: datetime) -> datetime:
    """When the seat's turn runs out, its holidays so far added."""
    return seat.waiting_since + timedelta(seconds=deadline) + paused(days, seat.waiting_since, now)


def _last_move_at(game: Game, **filters) -> datetime | None:
    return (
        Move.objects.filter(game=game, **filters)
        .order_by("-number")
        .values_list("created_at", flat=True)
        .first()
    )


def clock_due_at(game: Game) -> datetime | None:
    """A timed table: when its turn is up (at once if none was dealt yet)."""
    kind = kinds.get(game.kind)
    seconds = kind.timed_turn(game)
    if game.status != Game.Status.ACTIVE or seconds is None or game.paused_at is not None:
        return None
    began = kind.turn_started_at(game)
    return began + timedelta(seconds=seconds) if began else game.started_at or timezone.now()


def clocked_games() -> list[Game]:
    """The games in play that may be on a clock, as each game declares (``GameKind.clock_options``)."""
    found: list[Game] = []
    for kind in kinds.all_kinds():
        if kind.clock_options is not None:
            options = {f"options__{name}": value for name, value in kind.clock_options.items()}
            found += Game.objects.filter(status=Game.Status.ACTIVE, kind=kind.slug, **options)
    return found


def _holidays(seats: list[Seat], now: datetime) -> dict[int, list]:
    """The holidays that can pause these seats' clocks (one query)."""
    since = min((s.waiting_since for s in seats if s.waiting_since), default=now)
    return holidays_for([s.user_id for s in seats if s.user_id], since)


def _overdue_seat(game: Game, seats: list[Seat], skip: set[int], now: datetime) -> Seat | None:
    waiting = [s for s in seats if s.awaiting and not s.is_bot and s.waiting_since and s.position not in skip]
    days = _holidays(waiting, now)
    for seat in waiting:
        mine = days.get(seat.user_id, [])
        if not covers(mine, now) and seat_due_at(seat, game.turn_deadline, mine, now) <= now:
            return seat
    return None


def _play_defaults(
    game: Game, seat: int | None, seats: list[Seat], while_due: datetime | None = None
) -> list[str]:
    """Default moves for ``seat`` until its decision is over; the summaries of what was played.

    ``while_due``: only while the timed turn due then is still the current one (a default that
    ends the turn, such as the last Ready that deals the next hand, plays nothing into the next).
    """
    summaries = []
    for _ in range(MAX_DEFAULT_MOVES):
        if game.status != Game.Status.ACTIVE:
            break
        if while_due is not None and clock_due_at(game) != while_due:
            break
        if seat is None:
            awaited = awaits_table(game.engine, game.state)
        else:
            awaited = has_move(game.engine, game.state, seat)
        if not awaited:
            break
        move = services.record(game, seat, game.engine.default_move(game.state, seat), seats)
        summaries.append(move.summary)
        services.play_table_moves(game, seats)  # e.g. a table's own step once the turn resolves
    return summaries


def _tell_timeout(game: Game, seat: Seat, summaries: list[str], version: int) -> None:
    if not speaks_of_turns(game):
        return
    person = notifications.people([seat.user_id]).get(seat.user_id) if seat.user_id else None
    if person is None or seat.muted or person.mode == notifications.NONE:
        return
    context = {
        "game_code": game.code,
        "game_name": game.engine.name,
        "lines": summaries[-3:],
        "deadline": game.turn_deadline,
    }
    key = f"timeout:{game.pk}:{seat.position}:{version}"
    timeout = notifications.Planned(seat.user_id, game.pk, "timeout", key, context, seat=seat.position)
    notifications.write([timeout])


def _host_move_overdue(game: Game, now: datetime) -> bool:
    """A host who gives the next step has ``turn_deadline`` from the last move to give it."""
    kind = kinds.get(game.kind)
    if not game.turn_deadline or not kind.host_acts(game) or not awaits_table(game.engine, game.state):
        return False
    since = _last_move_at(game) or game.started_at or now
    return since + timedelta(seconds=game.turn_deadline) <= now


def apply_default_moves(game_id: int, now: datetime | None = None) -> int:
    """Play the default move for every seat whose turn has run out; returns moves made. Idempotent."""
    now = now or timezone.now()
    made = 0
    with transaction.atomic():
        game = Game.objects.select_for_update().get(pk=game_id)
        if game.status != Game.Status.ACTIVE or not game.turn_deadline or is_timed(game) or game.paused_at:
            return 0
        handled: set[int] = set()
        while game.status == Game.Status.ACTIVE:
            seats = list(game.seats.all())
            seat = _overdue_seat(game, seats, handled, now)
            if seat is None:
                break
            handled.add(seat.position)
            version = game.version
            summaries = _play_defaults(game, seat.position, seats)
            made += len(summaries)
            if summaries:
                _tell_timeout(game, seat, summaries, version)
        if game.status == Game.Status.ACTIVE and _host_move_overdue(game, now):
            made += len(_play_defaults(game, None, list(game.seats.all())))
        if made:
            services.announce(game, list(game.seats.all()), services.Source.DEADLINE)
    return made


def run_clock(game_id: int, now: datetime | None = None) -> int:
    """A table on a clock whose turn is up: default moves for the seats that have not chosen,
    then the table's own step (seat None)."""
    now = now or timezone.now()
    with transaction.atomic():
        game = Game.objects.select_for_update().get(pk=game_id)
        if game.status != Game.Status.ACTIVE or not is_timed(game):
            return 0
        due = clock_due_at(game)
        if due is None or due > now:
            return 0
        seats = list(game.seats.all())
        made = 0
        for position in list(game.engine.to_act(game.state)):
            made += len(_play_defaults(game, position, seats, while_due=due))
        made += len(_play_defaults(game, None, seats, while_due=due))
        if made:
            services.announce(game, seats, services.Source.DEADLINE)
    return made


def clock_delay(game: Game) -> float | None:
    """Seconds until this timed table's turn is up, if a worker should be asked to move it on then.

    None when the table is not timed, the wait is left to beat, or this turn's
    clock was already scheduled (every move of the turn asks again).
    """
    if game.status != Game.Status.ACTIVE or not is_timed(game):
        return None
    due = clock_due_at(game)
    if due is None:
        return None
    delay = max(0.0, (due - timezone.now()).total_seconds())
    if delay > MAX_ETA.total_seconds():
        return None
    if not cache.add(f"clock:{game.pk}:{due.isoformat()}", 1, timeout=int(delay) + 60):
        return None
    return delay


# Reminders -----------------------------------------------------------------------


def reminder_stage(elapsed: timedelta, deadline: timedelta) -> str | None:
    """The reminder due now: `last` in the final hour (of limits over two hours), `half` past half-time."""
    left = deadline - elapsed
    if left <= timedelta(0):
        return None
    if deadline > 2 * LAST_CALL and left <= LAST_CALL:
        return "last"
    if elapsed >= deadline / 2:
        return "half"
    return None


def plan_reminders(seats: list[Seat], now: datetime) -> list[notifications.Planned]:
    """Reminders for awaited seats (with ``game`` loaded) whose deadline is half or nearly gone; one
    for a player at the table goes once they have left, if the turn is still theirs (``claims``)."""
    days = _holidays(seats, now)
    persons = notifications.people(s.user_id for s in seats if s.user_id)
    planned = []
    for seat in seats:
        person = persons.get(seat.user_id)
        mine = days.get(seat.user_id, [])
        if person is None or seat.muted or covers(mine, now) or not speaks_of_turns(seat.game):
            continue
        deadline = timedelta(seconds=seat.game.turn_deadline)
        elapsed = now - seat.waiting_since - paused(mine, seat.waiting_since, now)
        stage = reminder_stage(elapsed, deadline)
        wanted = {notifications.IMMEDIATE: {"half", "last"}, notifications.DIGEST: {"last"}}
        if stage is None or stage not in wanted.get(person.mode, set()):
            continue
        due = seat_due_at(seat, seat.game.turn_deadline, mine, now)
        key = f"remind:{seat.pk}:{int(seat.waiting_since.timestamp())}:{stage}"
        context = {
            "game_code": seat.game.code,
            "game_name": seat.game.engine.name,
            "stage": stage,
            "due": due.isoformat(),
            "left_seconds": int((due - now).total_seconds()),
        }
        planned.append(
            notifications.Planned(
                seat.user_id, seat.game_id, "reminder", key, context, seat=seat.position, turn=seat.turns
            )
        )
    return planned


# The beat task ---------------------------------------------------------------------


def awaited_with_deadline() -> list[Seat]:
    return list(
        Seat.objects.filter(
            awaiting=True,
            is_bot=False,
            left=False,
            waiting_since__isnull=False,
            game__status=Game.Status.ACTIVE,
            game__turn_deadline__isnull=False,
            game__paused_at__isnull=True,
        ).select_related("game")
    )


def sweep(now: datetime | None = None) -> dict[str, int]:
    """One beat tick: time out, remind, move on the tables whose clock is due, wake lost computer players."""
    now = now or timezone.now()
    stats = {"default_moves": 0, "reminders": 0, "clocks": 0, "bots": 0}
    seats = awaited_with_deadline()
    days = _holidays(seats, now)
    overdue = {
        s.game_id
        for s in seats
        if not covers(days.get(s.user_id, []), now)
        and seat_due_at(s, s.game.turn_deadline, days.get(s.user_id, []), now) <= now
    }
    # A game waiting for its host has no seat awaited.
    host_waits = Game.objects.filter(status=Game.Status.ACTIVE, turn_deadline__isnull=False).exclude(
        seats__awaiting=True
    )
    overdue |= {g.pk for g in host_waits if _host_move_overdue(g, now)}
    for game_id in sorted(overdue):
        stats["default_moves"] += _guarded(apply_default_moves, game_id, now)
    remaining = [s for s in awaited_with_deadline() if s.game_id not in overdue]
    with transaction.atomic():
        stats["reminders"] = len(notifications.write(plan_reminders(remaining, now)))
    for game in clocked_games():
        due = clock_due_at(game)
        if due is not None and due <= now:
            stats["clocks"] += _guarded(run_clock, game.pk, now)
    return stats


def _guarded(action, game_id: int, now: datetime) -> int:
    """One table's failure must not stop the sweep for the others."""
    try:
        return action(game_id, now)
    except Exception:
        log.exception("Deadline work on game %s failed", game_id)
        return 0


def stale_bot_games(now: datetime) -> list[int]:
    """Turn-based games whose computer players were left waiting (their task was lost)."""
    stale = Seat.objects.filter(
        is_bot=True, awaiting=True, game__status=Game.Status.ACTIVE, waiting_since__lt=now - BOT_GRACE
    ).select_related("game")
    return sorted({seat.game_id for seat in stale if not seat.game.game_kind.realtime})


QUIET_ASKED = timedelta(hours=1)


def quiet_presence_tables(now: datetime) -> list[int]:
    """Tables whose own moves depend on who is here (``GameKind.presence_moves``) and that
    have not changed for that long: the table is asked again, in case the task that should have
    asked it after a seat's last page closed was lost. Only within ``QUIET_ASKED`` of its last
    change: a table quiet longer (a game played by mail) has been asked on every sweep since."""
    asking = [kind.slug for kind in kinds.all_kinds() if kind.asks_presence]
    games = Game.objects.filter(
        status=Game.Status.ACTIVE, paused_at__isnull=True, kind__in=asking, updated_at__gte=now - QUIET_ASKED
    )
    found = []
    for game in games:
        wait = game.game_kind.presence_moves(game)
        if wait is not None and game.updated_at <= now - timedelta(seconds=wait):
            found.append(game.pk)
    return found


def stalled_paced_bots(now: datetime) -> list[tuple[Game, int]]:
    """(game, seat) of paced computer players awaited with no move of theirs for ``STALL_PAUSES``
    of their pauses: their chain of steps was lost with a worker or the broker's queue. A paused
    table's computer players wait for the resume, which starts its pacer."""
    last_move = Move.objects.filter(game=OuterRef("game"), seat=OuterRef("position")).order_by("-number")
    waiting = (
        Seat.objects.filter(
            is_bot=True, awaiting=True, game__status=Game.Status.ACTIVE, game__paused_at__isnull=True
        )
        .select_related("game")
        .annotate(last_moved=Subquery(last_move.values("created_at")[:1]))
    )
    stalled = []
    for seat in waiting:
        game = seat.game
        kind = game.game_kind
        if not kind.realtime or not has_move(game.engine, game.state, seat.position):
            continue
        since = max(filter(None, (seat.last_moved, seat.waiting_since, game.started_at)))
        if now - since > timedelta(seconds=STALL_PAUSES * kind.bot_delay(game)):
            stalled.append((game, seat.position))
    return stalled
