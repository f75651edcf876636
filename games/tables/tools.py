"""Leaving a game in play, and the host's tools at a table in play.

Each is a seat move (``games.play.seat_moves``) made through the one move path:
the game row locked, ``services.record`` (a ``Move`` row, the version, the
tokens, the e-mail), the table's own moves, and ``game_changed`` on commit
(pushes, computer players, clocks). What the move does to the engine's state
is in the log and replays; what it does to the seats and the clocks is here:

- **leave** (a player, their own seat) and **remove** (the host, another's
  seat): the seat is marked as left; where the game's ``GameKind`` says so a
  computer player takes it, else the engine keeps it in step (a pass, stuck).
  The engine's ``leave`` hook may end the game instead (a two-person game: the
  other wins). A removed player is told on their open pages. A host who leaves
  hands the table to the next person still playing.
- **computer**: a computer player plays the seat from now on (the host is
  asked to confirm first); its player still watches it, and may take it
  **back** (their own move, ``take_back``) and play on from their next turn.
- **pause** / **resume** (any table: a family stops for dinner): while paused
  no move is taken and no clock or computer player runs; on resume the turn
  clocks start again where they stood (a seat's deadline moves on by the
  pause, a timed turn starts afresh).
- **move on** (anyone at the table, once everyone it waits on has been away the grace: a phone
  asleep, ``games.live.away``): the game's ``move_on`` move, made by the table (Catacombs: the
  people away pass and the next cards come). A game without one waits for its players.
- **end**: the game is over as it stands, scored by the engine's ``end`` hook
  (else ended with no winner). The table ends a game so by itself when the
  last of its players has left and no computer player took a seat.

A refusal (not the host, not your seat, the game over, a seat that already
left, a game played alone) raises ``MoveRejected`` with a sentence and changes nothing.
"""

from __future__ import annotations

from datetime import datetime

from django.db import transaction
from django.db.models import F
from django.utils import timezone

from games.live import away
from games.models import Game, Move, Seat
from games.play import seat_moves
from games.play.services import PAUSED, MoveRejected, Source, announce, play_table_moves, record, why_closed
from games.play.signals import seat_removed

NOT_HOST = "Only the host can do that."
REMOVED = "The host took your seat away: you no longer play at this game."
GIVEN = "The host gave your seat to a computer player: it plays for you now."
ONE_SITTING = "A game played alone has no host tools: to give it up, leave it."
HOST_TOOLS = (seat_moves.REMOVE, seat_moves.COMPUTER, seat_moves.PAUSE, seat_moves.RESUME, seat_moves.END)


def _locked_in_play(game_id: int) -> Game:
    game = Game.objects.select_for_update().filter(pk=game_id).first()
    if game is None:
        raise MoveRejected("This table is gone.", 404)
    if game.status == Game.Status.OPEN:
        raise MoveRejected("The game has not started yet.", 409)
    if game.status == Game.Status.FINISHED:
        raise MoveRejected("This game is over.", 409)
    return game


def _own_seat(seats: list[Seat], user) -> Seat:
    """``user``'s seat at the table, one they have not left; refused without one."""
    mine = next((s for s in seats if user is not None and s.user_id == user.pk and not s.left), None)
    if mine is None:
        raise MoveRejected("You have no seat at this table.", 403)
    return mine


def _already_made(game: Game, seat: int | None, request_id: str) -> bool:
    return bool(request_id) and Move.objects.filter(game=game, seat=seat, request_id=request_id).exists()


@transaction.atomic
def leave(game_id: int, user, request_id: str = "") -> Game:
    """``user`` leaves the game in play at their seat (a resignation, where the game ends by it)."""
    game = _locked_in_play(game_id)
    seats = list(game.seats.with_away())
    mine = _own_seat(seats, user)
    if _already_made(game, mine.position, request_id):
        return game
    record(game, mine.position, seat_moves.make(seat_moves.LEAVE, mine.position), seats, user.pk, request_id)
    _seat_left(game, mine, seats)
    if game.host_id == user.pk and game.status == Game.Status.ACTIVE:
        people = (s for s in seats if s.user_id and s.user_id != user.pk and not s.left and not s.is_bot)
        heir = next(people, None)
        if heir is not None:
            game.host_id = heir.user_id
            game.save(update_fields=["host"])
    _after(game, seats)
    return game


@transaction.atomic
def join(game_id: int, user, request_id: str = "") -> Seat:
    """``user`` takes a free seat at a game in play that takes latecomers
    (``TablePolicy.latecomers``): the next seat number, made by the engine's ``join`` hook."""
    game = _locked_in_play(game_id)
    seats = list(game.seats.with_away())
    mine = next((s for s in seats if s.user_id == user.pk), None)
    if mine is not None:
        return mine
    closed = why_closed(game, len(seats))
    if closed:
        raise MoveRejected(closed, 409)
    seat = Seat.objects.create(game=game, user=user, position=game.players, name=user.display_name)
    seat.away_until = None  # as ``with_away`` reads the others: a newcomer is not on holiday here
    game.players += 1
    game.save(update_fields=["players"])
    seats.append(seat)
    record(game, seat.position, seat_moves.make(seat_moves.JOIN, seat.position), seats, user.pk, request_id)
    _after(game, seats)
    return seat


@transaction.atomic
def take_back(game_id: int, user, request_id: str = "") -> Game:
    """``user`` takes their seat back from the computer player the host gave it to: they play it
    from their next turn on (this one, if the computer player has not moved yet)."""
    game = _locked_in_play(game_id)
    seats = list(game.seats.with_away())
    mine = _own_seat(seats, user)
    if _already_made(game, mine.position, request_id):
        return game
    if not mine.is_bot:
        raise MoveRejected("You play your seat yourself already.", 409)
    record(game, mine.position, seat_moves.make(seat_moves.BACK, mine.position), seats, user.pk, request_id)
    mine.is_bot = False
    mine.save(update_fields=["is_bot"])
    _after(game, seats)
    return game


def why_not_move_on(game: Game, table: away.Waiting) -> str | None:
    """Why the table may not move on past the people away now, in a sentence; None when it may."""
    if game.paused_at is not None:
        return PAUSED
    if game.game_kind.move_on(game) is None:
        return "This table waits for its players: it does not move on without them."
    if table.others or not table.away:
        return "The table is not waiting on anyone away: nobody needs to be passed."
    if not table.stalled():
        names = " and ".join(a.name for a in table.away)
        return (
            f"{names} went away only a moment ago: the table can move on without them {table.moves_on_in()}."
        )
    return None


@transaction.atomic
def move_on(game_id: int, user, request_id: str = "") -> Game:
    """Someone at the table (a player, or its host) moves it on past the people it waits on who have
    been away the grace (a phone asleep): the game's own ``move_on`` move, made by the table."""
    game = _locked_in_play(game_id)
    seats = list(game.seats.with_away())
    if user is None or game.host_id != user.pk:
        _own_seat(seats, user)
    if _already_made(game, None, request_id):
        return game
    refusal = why_not_move_on(game, away.waiting(game))
    if refusal:
        raise MoveRejected(refusal, 409)
    record(game, None, game.game_kind.move_on(game), seats, user.pk, request_id)
    _after(game, seats)
    return game


@transaction.atomic
def host_tool(game_id: int, user, tool: str, position: int | None = None, request_id: str = "") -> Game:
    """The host's ``tool`` (one of ``HOST_TOOLS``), for the seat at ``position`` where it takes one."""
    if tool not in HOST_TOOLS:
        raise MoveRejected("The host has no such tool.", 400)
    game = _locked_in_play(game_id)
    if user is None or game.host_id != user.pk:
        raise MoveRejected(NOT_HOST, 403)
    if game.game_kind.policy(game).one_sitting:  # its page shows none
        raise MoveRejected(ONE_SITTING, 409)
    if _already_made(game, None, request_id):
        return game
    seats = list(game.seats.with_away())
    if tool in seat_moves.SEAT_KINDS:
        return _seat_tool(game, user, tool, position, seats, request_id)
    if tool == seat_moves.PAUSE:
        if game.paused_at is not None:
            raise MoveRejected("The game is already paused.", 409)
        record(game, None, seat_moves.make(tool), seats, user.pk, request_id)
        game.paused_at = timezone.now()
        game.save(update_fields=["paused_at"])
    elif tool == seat_moves.RESUME:
        if game.paused_at is None:
            raise MoveRejected("The game is not paused.", 409)
        record(game, None, seat_moves.make(tool), seats, user.pk, request_id)
        _resume_clocks(game)
    else:
        record(game, None, seat_moves.make(tool), seats, user.pk, request_id)
        if game.paused_at is not None:
            game.paused_at = None
            game.save(update_fields=["paused_at"])
    _after(game, seats)
    return game


def _seat_tool(game: Game, user, tool: str, position, seats: list[Seat], request_id: str) -> Game:
    seat = next((s for s in seats if s.position == position), None)
    if seat is None:
        raise MoveRejected("That seat is not at this table.", 404)
    if seat.left:
        raise MoveRejected(f"{seat.name} has already left the game.", 409)
    if seat.user_id == user.pk and tool == seat_moves.REMOVE:
        raise MoveRejected("To give up your own seat, leave the game.", 409)
    if seat.is_bot and (tool == seat_moves.COMPUTER or game.game_kind.policy(game).computer_takes_left_seats):
        raise MoveRejected("A computer player already plays that seat.", 409)
    record(game, None, seat_moves.make(tool, seat.position), seats, user.pk, request_id)
    user_id = seat.user_id
    if tool == seat_moves.COMPUTER:
        seat.is_bot = True
        seat.save(update_fields=["is_bot"])
        message = GIVEN
    else:
        _seat_left(game, seat, seats)
        if seat.left:
            seat.removed = True
            seat.save(update_fields=["removed"])
        message = REMOVED
    if user_id is not None and user_id != user.pk:
        transaction.on_commit(
            lambda: seat_removed.send(Game, game_id=game.pk, user_id=user_id, message=message), robust=True
        )
    _after(game, seats)
    return game


def _seat_left(game: Game, seat: Seat, seats: list[Seat]) -> None:
    """The seat's player is gone; a two-person game the leave ended keeps the seat as it was."""
    if game.status != Game.Status.ACTIVE:
        return
    seat.left = True
    seat.is_bot = game.game_kind.policy(game).computer_takes_left_seats
    seat.save(update_fields=["left", "is_bot"])


def _resume_clocks(game: Game) -> None:
    """Each awaited seat's turn clock moves on by the pause; a clock of the table's own restarts
    from the resume (``last_resumed_at``)."""
    paused_for = timezone.now() - game.paused_at
    waiting = Seat.objects.filter(game=game, waiting_since__isnull=False)
    waiting.update(waiting_since=F("waiting_since") + paused_for)
    game.paused_at = None
    game.save(update_fields=["paused_at"])


def _after(game: Game, seats: list[Seat]) -> None:
    if game.status == Game.Status.ACTIVE and all(s.left and not s.is_bot for s in seats):
        # Nobody plays any more (the seats pass or are stuck for ever): the game ends as it stands.
        record(game, None, seat_moves.make(seat_moves.END, why=seat_moves.EVERYONE_LEFT), seats)
        game.paused_at = None
        game.save(update_fields=["paused_at"])
    if game.paused_at is None:
        play_table_moves(game, seats)  # e.g. a pass for a seat that just left
    announce(game, seats, Source.PLAYER)


def last_resumed_at(game: Game) -> datetime | None:
    """When the host last resumed the game (a clock of the table's own counts from then at the earliest)."""
    return (
        Move.objects.filter(game=game, **{f"payload__{seat_moves.KEY}": seat_moves.RESUME})
        .order_by("-number")
        .values_list("created_at", flat=True)
        .first()
    )
