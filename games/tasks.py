"""Celery tasks (ids in, services called, safe to run twice) and what starts them after a commit.

``connect()`` runs once at start-up (``GamesConfig.ready``): it ties the move
path's signals to the tasks, so the move path never imports this module.
"""

from __future__ import annotations

import logging
import uuid

from celery import shared_task
from django.core.cache import cache, caches
from django.db import transaction
from django.utils import timezone

from config import heartbeat as background
from config.cache import delete_if
from games.contract.protocol import has_move
from games.live import presence
from games.models import Game, Seat
from games.notifications import claims, deadlines, mailer, outbox
from games.play import services
from games.play.signals import game_changed, outbox_written, seat_came_to_page, seat_left_page

log = logging.getLogger(__name__)

CHAIN_GRACE = 10  # seconds a pacer's key outlives its next step: a lost task frees the table
PACER_LEAD = 0.25  # seconds early a computer player may move to move with the others at its table


def enqueue(task, *args) -> None:
    """``task.delay(*args)``, logging instead of failing when the broker is down (beat catches up)."""
    try:
        task.delay(*args)
    except Exception:  # noqa: BLE001 — any broker failure
        log.warning("Could not enqueue %s%s; the beat sweep will catch up.", task.name, args, exc_info=True)


@shared_task(ignore_result=True)
def heartbeat() -> None:
    """Beat sent it and a worker ran it: the background work runs (config.heartbeat)."""
    background.beat()


@shared_task(ignore_result=True)
def play_bots(game_id: int) -> int:
    # Idempotent: a second run finds no computer player awaited and does nothing.
    return services.play_bots(game_id)


@shared_task(ignore_result=True)
def pace_bots(game_id: int, due: dict[str, float], chain: str) -> bool:
    """A realtime table's pacer: the computer seats whose time has come move, all in one
    transaction and one push, then the next step at the earliest next time; the chain ends when no
    computer seat is in play (each stuck, the hand or the game over, the table paused). ``due``
    maps each seat in play to its next time (epoch seconds).

    One chain per table: the cache key holds the chain's name, and a step that finds another name
    there ends its chain. That also stops a second chain where the cache is not shared (the embedded
    default's memory): the worker, which runs every step, knows the chain it runs."""
    key = pacer_key(game_id)
    held = cache.get(key)
    if held != chain and (held is not None or not cache.add(key, chain, timeout=CHAIN_GRACE)):
        return False
    now = timezone.now().timestamp()
    after = services.play_due_bots(game_id, {int(seat): when for seat, when in due.items()}, now, PACER_LEAD)
    if not after:
        _end_chain(game_id, chain)
        return False
    _next_step(game_id, after, chain, now)
    return True


def _end_chain(game_id: int, chain: str) -> None:
    """Free the table's key, then look once more: a change that committed after this step's own
    (a person's move, a resume) found the key still held and started nothing, so a computer seat it
    put back in play is paced from here."""
    if not delete_if(caches["default"], pacer_key(game_id), chain):
        return
    seats = list(
        Seat.objects.filter(
            game_id=game_id, is_bot=True, game__status=Game.Status.ACTIVE, game__paused_at__isnull=True
        ).select_related("game")
    )
    if not seats:
        return
    game = seats[0].game
    bots = [seat.position for seat in seats if has_move(game.engine, game.state, seat.position)]
    if bots:
        start_pacer(game, bots)


def pacer_key(game_id: int) -> str:
    return f"bot-pacer:{game_id}"


def _next_step(game_id: int, due: dict[int, float], chain: str, now: float) -> None:
    wait = max(0.0, min(due.values()) - now)
    cache.set(pacer_key(game_id), chain, timeout=int(wait) + CHAIN_GRACE)
    try:
        pace_bots.apply_async(
            (game_id, {str(seat): when for seat, when in due.items()}, chain), countdown=wait
        )
    except Exception:  # noqa: BLE001 — the key expires and the next change restarts the chain
        log.warning("Could not schedule the computer players of game %s.", game_id, exc_info=True)


def start_pacer(game: Game, seats: list[int]) -> bool:
    """Start the table's pacer for these computer seats, each first moving a pause from now,
    unless a chain already paces the table."""
    chain = uuid.uuid4().hex
    if not cache.add(pacer_key(game.pk), chain, timeout=CHAIN_GRACE):
        return False
    now = timezone.now().timestamp()
    _next_step(game.pk, {seat: now + game.game_kind.bot_delay(game) for seat in seats}, chain, now)
    return True


@shared_task(ignore_result=True)
def deliver_outbox(ids: list[int]) -> int:
    """Send these outbox rows; a row another worker claimed or sent is left alone."""
    return mailer.deliver(ids)


@shared_task(ignore_result=True)
def deliver_after_leaving(game_id: int, user_id: int) -> int:
    """What is due of the person's mail about this table, a window after they left it (it waits
    again if they came back meanwhile)."""
    return mailer.deliver_after_leaving(game_id, user_id)


@shared_task(ignore_result=True)
def sweep_outbox() -> int:
    """Beat: send every row whose time has come that no task delivered (lost task, broker or mail
    server down, a person who left a page that only polled); forget long-gone pages."""
    presence.forget_stale()
    return mailer.sweep()


@shared_task(ignore_result=True)
def run_deadlines() -> dict:
    """Beat: reminders, default moves for timed-out turns, clocks that are due."""
    return deadlines.sweep(timezone.now())


@shared_task(ignore_result=True)
def wake_waiting_bots() -> dict:
    """Beat, every few seconds: computer players whose task or pacer was lost (a worker killed,
    the broker restarted) are set going again. The old pacer, if it was only late, finds the new
    one's name under its key and ends, so a restart never doubles a computer player's moves."""
    now = timezone.now()
    stale = deadlines.stale_bot_games(now)
    for game_id in stale:
        enqueue(play_bots, game_id)
    tables: dict[int, tuple[Game, list[int]]] = {}
    for game, seat in deadlines.stalled_paced_bots(now):
        tables.setdefault(game.pk, (game, []))[1].append(seat)
    for game, seats in tables.values():
        cache.delete(pacer_key(game.pk))
        start_pacer(game, seats)
    quiet = deadlines.quiet_presence_tables(now)
    for game_id in quiet:  # the task after a seat's last page closed may have been lost too
        enqueue(table_moves, game_id)
    return {"games": len(stale), "pacers": len(tables), "tables": len(quiet)}


@shared_task(ignore_result=True)
def table_moves(game_id: int) -> int:
    """Who is here changed: the table's own moves that depend on it (e.g. a seat gone is away)."""
    return services.table_moves_now(game_id)


@shared_task(ignore_result=True)
def run_clock(game_id: int) -> int:
    """A table on a clock whose turn is up moves on (scheduled for the moment it is due)."""
    return deadlines.run_clock(game_id)


@shared_task(ignore_result=True)
def send_digests() -> int:
    """Beat, daily: one e-mail per digest reader; a second run the same day adds nothing."""
    with transaction.atomic():
        ids = outbox.write(outbox.plan_digests(timezone.now()), enqueue=False)
    return mailer.deliver(ids)


# After a commit ----------------------------------------------------------------


def wake_bots(sender, game: Game, seats: list, source: str, **kwargs) -> None:
    """A computer player's turn: a worker plays it. ``play_bots`` goes on by itself after a
    computer player's move. A realtime table's pacer goes on by itself too, and takes in the
    computer seats its own moves put back in play (everyone stuck turns the decks around; the last
    Ready deals the next hand); any other change starts it when it is not running."""
    if game.status != Game.Status.ACTIVE or game.paused_at is not None:
        return
    if source == services.Source.BOT:
        return
    waiting = set(game.engine.to_act(game.state))
    # An awaited seat with no move yet (ready for a hand not begun) starts nothing: Begin does.
    bots = [
        s.position
        for s in seats
        if s.is_bot and s.position in waiting and has_move(game.engine, game.state, s.position)
    ]
    if not bots:
        return
    if game.game_kind.realtime:
        start_pacer(game, bots)
    else:
        enqueue(play_bots, game.pk)


def schedule_timed_turn(sender, game: Game, **kwargs) -> None:
    """A table on a clock: a worker moves it on when its turn is up (beat is the fallback)."""
    delay = deadlines.clock_delay(game)
    if delay is None:
        return
    try:
        run_clock.apply_async((game.pk,), countdown=delay)
    except Exception:  # noqa: BLE001 — the beat sweep moves it on instead
        log.warning("Could not schedule the clock of game %s; beat will do it.", game.pk, exc_info=True)


def deliver_written(sender, ids: list[int], delay: float = 0.0, **kwargs) -> None:
    """Hand new outbox rows to a worker when they are due; a broker that is down only delays them
    until the sweep."""
    if delay <= 0:
        enqueue(deliver_outbox, ids)
        return
    try:
        deliver_outbox.apply_async((ids,), countdown=delay + DUE_MARGIN)
    except Exception:  # noqa: BLE001 — any broker failure: the sweep sends them when due
        log.warning("Could not schedule notifications %s; the beat sweep will catch up.", ids, exc_info=True)


DUE_MARGIN = 0.5  # seconds after a row is due that its task looks at it, so it surely is


def mail_after_leaving(sender, game_id: int, user_id: int, **kwargs) -> None:
    """The person's last page at the table closed: their mail about it is looked at once they have
    been gone the window (``claims.window``), and goes if what it says still holds then."""
    try:
        countdown = claims.window().total_seconds() + DUE_MARGIN
        deliver_after_leaving.apply_async((game_id, user_id), countdown=countdown)
    except Exception:  # noqa: BLE001 — the sweep sends it instead
        log.warning("Could not schedule the mail of user %s at game %s.", user_id, game_id, exc_info=True)


def _presence_moves(game_id: int) -> float | None:
    game = Game.objects.filter(pk=game_id, status=Game.Status.ACTIVE).first()
    return game.game_kind.presence_moves(game) if game is not None else None


def table_after_leaving(sender, game_id: int, **kwargs) -> None:
    """A seat's last page closed: ask the table again once the game's wait is over (a seat gone
    that long may be away), a second later so the wait has surely passed."""
    wait = _presence_moves(game_id)
    if wait is None:
        return
    try:
        table_moves.apply_async((game_id,), countdown=wait + 1)
    except Exception:  # noqa: BLE001 — the next move at the table asks again
        log.warning("Could not schedule the table moves of game %s.", game_id, exc_info=True)


def table_after_arriving(sender, game_id: int, **kwargs) -> None:
    """A seat's first page opened: the table may have a move for it at once (back, ready)."""
    if _presence_moves(game_id) is not None:
        enqueue(table_moves, game_id)


def connect() -> None:
    seat_left_page.connect(mail_after_leaving, dispatch_uid="games.tasks.mail_after_leaving")
    seat_left_page.connect(table_after_leaving, dispatch_uid="games.tasks.table_after_leaving")
    seat_came_to_page.connect(table_after_arriving, dispatch_uid="games.tasks.table_after_arriving")
    game_changed.connect(wake_bots, dispatch_uid="games.tasks.wake_bots")
    game_changed.connect(schedule_timed_turn, dispatch_uid="games.tasks.schedule_timed_turn")
    outbox_written.connect(deliver_written, dispatch_uid="games.tasks.deliver_written")
