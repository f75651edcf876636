"""Celery tasks (ids in, services called, safe to run twice) and what starts them after a commit.

``connect()`` runs once at start-up (``GamesConfig.ready``): it ties the move
path's signals to the tasks, so the move path never imports this module.
"""

from __future__ import annotations

import logging

from celery import shared_task
from django.core.cache import cache
from django.db import transaction
from django.utils import timezone

from . import presence, services
from .models import Game
from .notifications import deadlines, mailer, outbox
from .rules import has_move
from .signals import game_changed, outbox_written, seat_came_to_page, seat_left_page

log = logging.getLogger(__name__)

CHAIN_GRACE = 10  # seconds a bot chain's key outlives its next step: a lost task frees the seat


def enqueue(task, *args) -> None:
    """``task.delay(*args)``, logging instead of failing when the broker is down (beat catches up)."""
    try:
        task.delay(*args)
    except Exception:  # noqa: BLE001 — any broker failure
        log.warning("Could not enqueue %s%s; the beat sweep will catch up.", task.name, args, exc_info=True)


@shared_task(ignore_result=True)
def play_bots(game_id: int) -> int:
    # Idempotent: a second run finds no computer player awaited and does nothing.
    return services.play_bots(game_id)


@shared_task(ignore_result=True)
def play_bot_step(game_id: int, seat: int, after: int | None = None) -> bool:
    """One paced computer player's move, then its next step after its delay; the chain ends when
    the seat is no longer awaited (the hand or the game is over). At most one chain per seat:
    the cache key keeps a second one from starting, and a step that finds its seat has moved since
    it was scheduled (move ``after`` or later: another chain did) ends its chain, which is what
    stops a second chain where the cache is not shared (the embedded default's local memory)."""
    if after is not None and services.bot_moved_since(game_id, seat, after):
        return False  # the other chain goes on, and keeps the key
    game = services.play_bot_step(game_id, seat)
    if game is None:
        cache.delete(bot_chain_key(game_id, seat))
        return False
    _schedule_step(game, seat, restart=False)
    return True


def bot_chain_key(game_id: int, seat: int) -> str:
    return f"bot-chain:{game_id}:{seat}"


def _schedule_step(game: Game, seat: int, *, restart: bool) -> None:
    delay = game.game_kind.bot_delay(game)
    if delay is None:
        return
    key, timeout = bot_chain_key(game.pk, seat), int(delay) + CHAIN_GRACE
    if restart and not cache.add(key, 1, timeout=timeout):
        return  # this seat's chain is already running
    cache.set(key, 1, timeout=timeout)
    try:
        play_bot_step.apply_async((game.pk, seat), kwargs={"after": game.move_count}, countdown=delay)
    except Exception:  # noqa: BLE001 — the key expires and the next change restarts the chain
        log.warning("Could not schedule computer player %s of game %s.", seat, game.pk, exc_info=True)


@shared_task(ignore_result=True)
def deliver_outbox(ids: list[int]) -> int:
    """Send these outbox rows; a row another worker claimed or sent is left alone."""
    return mailer.deliver(ids)


@shared_task(ignore_result=True)
def deliver_held(game_id: int, user_id: int) -> int:
    """What waited while the player was at the table; held again if they came back meanwhile."""
    return mailer.deliver_held(game_id, user_id)


@shared_task(ignore_result=True)
def sweep_outbox() -> int:
    """Beat: send every row no task delivered (lost task, broker or mail server down), and the
    mail held while its player was at the table once they are not; forget long-gone pages."""
    presence.forget_stale()
    return mailer.sweep()


@shared_task(ignore_result=True)
def run_deadlines() -> dict:
    """Beat: reminders, default moves for timed-out turns, clocks that are due."""
    return deadlines.sweep(timezone.now())


@shared_task(ignore_result=True)
def wake_waiting_bots() -> dict:
    """Beat, every few seconds: computer players whose task or chain of steps was lost (a worker
    killed, the broker restarted) are set going again. A second chain for a seat ends by itself
    (``play_bot_step``'s ``after``), so a restart never doubles a computer player's moves."""
    now = timezone.now()
    stale = deadlines.stale_bot_games(now)
    for game_id in stale:
        enqueue(play_bots, game_id)
    stalled = deadlines.stalled_paced_bots(now)
    for game, seat in stalled:
        cache.delete(bot_chain_key(game.pk, seat))
        _schedule_step(game, seat, restart=True)
    quiet = deadlines.quiet_presence_tables(now)
    for game_id in quiet:  # the task after a seat's last page closed may have been lost too
        enqueue(table_moves, game_id)
    return {"games": len(stale), "chains": len(stalled), "tables": len(quiet)}


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
    computer player's move; on a paced table a computer player's move can put another computer
    seat back in play (everyone stuck turns the decks around; the last Ready deals the next hand),
    so every change starts the chains that are not running."""
    if game.status != Game.Status.ACTIVE or game.paused_at is not None:
        return
    paced = game.game_kind.realtime
    if source == services.Source.BOT and not paced:
        return
    waiting = set(game.engine.to_act(game.state))
    # An awaited seat with no move yet (ready for a hand not begun) starts no chain: Begin does.
    bots = [s.position for s in seats if s.is_bot and s.position in waiting
            and has_move(game.engine, game.state, s.position)]
    if not bots:
        return
    if not paced:
        enqueue(play_bots, game.pk)
        return
    # Every move at the table comes here, and the chains are almost always running already: one
    # read for all the seats' keys, and only a seat without one is started (``cache.add`` still
    # settles a race between two starters).
    running = cache.get_many([bot_chain_key(game.pk, seat) for seat in bots])
    for seat in bots:
        if bot_chain_key(game.pk, seat) not in running:
            _schedule_step(game, seat, restart=True)


def schedule_timed_turn(sender, game: Game, **kwargs) -> None:
    """A table on a clock: a worker moves it on when its turn is up (beat is the fallback)."""
    delay = deadlines.clock_delay(game)
    if delay is None:
        return
    try:
        run_clock.apply_async((game.pk,), countdown=delay)
    except Exception:  # noqa: BLE001 — the beat sweep moves it on instead
        log.warning("Could not schedule the clock of game %s; beat will do it.", game.pk, exc_info=True)


def deliver_written(sender, ids: list[int], **kwargs) -> None:
    """Hand new outbox rows to a worker; a broker that is down only delays them until the sweep."""
    enqueue(deliver_outbox, ids)


LEFT_PAGE_GRACE = 5  # seconds: a page reloading comes back within this, and its mail stays held


def mail_after_leaving(sender, game_id: int, user_id: int, **kwargs) -> None:
    try:
        deliver_held.apply_async((game_id, user_id), countdown=LEFT_PAGE_GRACE)
    except Exception:  # noqa: BLE001 — the minute sweep sends it instead
        log.warning("Could not schedule held mail of user %s at game %s.", user_id, game_id, exc_info=True)


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
