"""Turn deadlines, run by beat: reminders, default moves when time is up, timed flips.

A seat's clock starts at ``Seat.waiting_since`` and stands still on the days its
player is on holiday. When it runs out, the engine's ``default_move`` is played
for that seat through ``services._record`` — the same path as every other move,
so the log, the tokens and the notifications stay right — under the game's row
lock, and a second run finds nothing left to do. A Catacombs table whose host
flips is flipped by the system once the deadline has passed since the last move.
Timed Catacombs tables (see ``games.tables``) flip every ``turn_seconds``: seats
that have not chosen pass, then the system flips.
"""

from __future__ import annotations

import logging
from datetime import datetime, timedelta

from django.core.cache import cache
from django.db import transaction
from django.utils import timezone

from . import notifications, services, tables
from .holidays import covers, holidays_for, paused
from .models import Game, Move, Seat

log = logging.getLogger(__name__)

MAX_DEFAULT_MOVES = 60  # per seat and run: a turn of default moves always ends well before
LAST_CALL = timedelta(hours=1)
BOT_GRACE = timedelta(minutes=1)
# Longer waits are left to beat: Redis redelivers unacknowledged ETA tasks after its visibility timeout (1 h).
MAX_ETA = timedelta(minutes=50)


def is_timed(game: Game) -> bool:
    return game.kind == tables.KIND and tables.turn_seconds(game) is not None


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


def flip_due_at(game: Game) -> datetime | None:
    """A timed table: when the next flip is due (at once if none was dealt yet)."""
    if game.status != Game.Status.ACTIVE or not is_timed(game):
        return None
    return tables.turn_deadline(game) or game.started_at or timezone.now()


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


def _play_defaults(game: Game, seat: int | None, seats: list[Seat]) -> list[str]:
    """Default moves for ``seat`` until its decision is over; the summaries of what was played."""
    summaries = []
    for _ in range(MAX_DEFAULT_MOVES):
        awaited = (
            game.engine.awaiting_flip(game.state) if seat is None else seat in game.engine.to_act(game.state)
        )
        if game.status != Game.Status.ACTIVE or not awaited:
            break
        move = services._record(game, seat, game.engine.default_move(game.state, seat), seats)
        summaries.append(move.summary)
        services._system_moves(game, seats)  # e.g. an automatic table flips once the turn resolves
    return summaries


def _tell_timeout(game: Game, seat: Seat, summaries: list[str], version: int) -> None:
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
    notifications.write([notifications.Planned(seat.user_id, game.pk, "timeout", key, context)])


def _host_flip_overdue(game: Game, now: datetime) -> bool:
    """A host who flips has ``turn_deadline`` from the last move; automatic tables flip themselves."""
    if game.kind != tables.KIND or tables.flip_mode(game) != tables.HOST or not game.turn_deadline:
        return False
    if not game.engine.awaiting_flip(game.state):
        return False
    since = _last_move_at(game) or game.started_at or now
    return since + timedelta(seconds=game.turn_deadline) <= now


def apply_default_moves(game_id: int, now: datetime | None = None) -> int:
    """Play the default move for every seat whose turn has run out; returns moves made. Idempotent."""
    now = now or timezone.now()
    made = 0
    with transaction.atomic():
        game = Game.objects.select_for_update().get(pk=game_id)
        if game.status != Game.Status.ACTIVE or not game.turn_deadline or is_timed(game):
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
        if game.status == Game.Status.ACTIVE and _host_flip_overdue(game, now):
            made += len(_play_defaults(game, None, list(game.seats.all())))
    return made


def flip_timed(game_id: int, now: datetime | None = None) -> int:
    """A timed table whose turn is up: pass for the seats that have not chosen, then flip."""
    now = now or timezone.now()
    with transaction.atomic():
        game = Game.objects.select_for_update().get(pk=game_id)
        if game.status != Game.Status.ACTIVE or not is_timed(game):
            return 0
        due = flip_due_at(game)
        if due is None or due > now:
            return 0
        seats = list(game.seats.all())
        made = 0
        for position in list(game.engine.to_act(game.state)):
            made += len(_play_defaults(game, position, seats))
        made += len(_play_defaults(game, None, seats))
        if made:
            schedule_flip(game)
    return made


def schedule_flip(game: Game) -> None:
    """After commit, ask a worker to flip this timed table when its turn is up (beat is the fallback)."""
    if game.status != Game.Status.ACTIVE or not is_timed(game):
        return
    due = flip_due_at(game)
    if due is None:
        return
    delay = max(0.0, (due - timezone.now()).total_seconds())
    if delay > MAX_ETA.total_seconds():
        return
    game_id = game.pk
    if not cache.add(f"timed-flip:{game_id}:{due.isoformat()}", 1, timeout=int(delay) + 60):
        return  # this turn's flip is already scheduled (every write of the turn asks again)

    def enqueue() -> None:
        from . import tasks

        try:
            tasks.flip_timed.apply_async((game_id,), countdown=delay)
        except Exception:  # noqa: BLE001 — the beat sweep flips it instead
            log.warning("Could not schedule the flip of game %s; beat will do it.", game_id, exc_info=True)

    transaction.on_commit(enqueue, robust=True)


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
    """Reminders for awaited seats (with ``game`` loaded) whose deadline is half or nearly gone."""
    days = _holidays(seats, now)
    persons = notifications.people(s.user_id for s in seats if s.user_id)
    planned = []
    for seat in seats:
        person = persons.get(seat.user_id)
        mine = days.get(seat.user_id, [])
        if person is None or seat.muted or covers(mine, now) or is_timed(seat.game):
            continue
        deadline = timedelta(seconds=seat.game.turn_deadline)
        elapsed = now - seat.waiting_since - paused(mine, seat.waiting_since, now)
        stage = reminder_stage(elapsed, deadline)
        wanted = {notifications.IMMEDIATE: {"half", "last"}, notifications.DIGEST: {"last"}}
        if stage is None or stage not in wanted.get(person.mode, set()):
            continue
        if notifications._present(seat, now) and not person.always:
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
        planned.append(notifications.Planned(seat.user_id, seat.game_id, "reminder", key, context))
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
        ).select_related("game")
    )


def sweep(now: datetime | None = None) -> dict[str, int]:
    """One beat tick: time out, remind, flip timed tables, wake lost computer players."""
    now = now or timezone.now()
    stats = {"default_moves": 0, "reminders": 0, "flips": 0, "bots": 0}
    seats = awaited_with_deadline()
    days = _holidays(seats, now)
    overdue = {
        s.game_id
        for s in seats
        if not covers(days.get(s.user_id, []), now)
        and seat_due_at(s, s.game.turn_deadline, days.get(s.user_id, []), now) <= now
    }
    host_flips = Game.objects.filter(
        status=Game.Status.ACTIVE,
        turn_deadline__isnull=False,
        kind=tables.KIND,
        options__flip_mode=tables.HOST,
    )
    overdue |= {g.pk for g in host_flips if _host_flip_overdue(g, now)}
    for game_id in sorted(overdue):
        stats["default_moves"] += _guarded(apply_default_moves, game_id, now)
    remaining = [s for s in awaited_with_deadline() if s.game_id not in overdue]
    with transaction.atomic():
        stats["reminders"] = len(notifications.write(plan_reminders(remaining, now)))
    for game in Game.objects.filter(
        status=Game.Status.ACTIVE, kind=tables.KIND, options__flip_mode=tables.TIMED
    ):
        due = flip_due_at(game)
        if due is not None and due <= now:
            stats["flips"] += _guarded(flip_timed, game.pk, now)
    stats["bots"] = wake_bots(now)
    return stats


def _guarded(action, game_id: int, now: datetime) -> int:
    """One table's failure must not stop the sweep for the others."""
    try:
        return action(game_id, now)
    except Exception:
        log.exception("Deadline work on game %s failed", game_id)
        return 0


def wake_bots(now: datetime) -> int:
    """Computer players left waiting (their task was lost with a broker outage) get a new one."""
    from . import tasks

    stale = Seat.objects.filter(
        is_bot=True, awaiting=True, game__status=Game.Status.ACTIVE, waiting_since__lt=now - BOT_GRACE
    )
    game_ids = sorted(set(stale.values_list("game_id", flat=True)))
    for game_id in game_ids:
        tasks.enqueue(tasks.play_bots, game_id)
    return len(game_ids)
