"""Every change to a game goes through here, each in one transaction.

``submit_move`` is the only path from a player's request to a new state; the
lobby functions set a game up and start it. Work that must happen after the
commit (computer players, clocks, pushes to open pages) follows the
``games.play.signals.game_changed`` signal sent on commit; e-mail is written to the
outbox inside the transaction.
"""

from __future__ import annotations

import random
import re
from dataclasses import dataclass
from enum import StrEnum

from django.db import transaction
from django.utils import timezone

from games.contract import kinds
from games.contract.protocol import (
    NOT_A_MOVE,
    IllegalMove,
    check_move_keys,
    choose_move,
    has_move,
    round_number,
)
from games.live import presence
from games.models import LOG_TAIL, Game, Move, Seat
from games.notifications import outbox
from games.play import seat_moves, writes
from games.play.reads import Compiled, together
from games.play.signals import game_changed, rematch_offered, seat_removed, table_closed

HOST = "host"
MAX_BOT_MOVES_PER_RUN = 500


class MoveRejected(Exception):
    """A request the game cannot take; ``message`` is for the player."""

    def __init__(self, message: str, status: int = 400) -> None:
        super().__init__(message)
        self.message = message
        self.status = status


STALE_MESSAGE = "The game moved on since this page was drawn: here is the table as it is now."
ALREADY_MADE = "That move was already made, and it counts once: here is the table as it is now."


def setup_rng(seed: str) -> random.Random:
    return random.Random(f"{seed}:setup")


def initial_state(game: Game, seats: list) -> dict:
    """The engine's first state; shuffles ``seats`` in place first when the table seats at random.

    The shuffle and the setup draw from one random stream, so a replay rebuilds the same
    start by calling this again (on a copy of the seats).
    """
    rng = setup_rng(game.seed)
    if game.seat_order == Game.SeatOrder.SHUFFLE:
        rng.shuffle(seats)
    return game.engine.setup(len(seats), game.options, rng)


# What a move changes on its game's row.
MOVE_FIELDS = ("state", "version", "move_count", "tokens", "status", "finished_at", "log_tail", "updated_at")


def move_rng(seed: str, number: int) -> random.Random:
    return random.Random(f"{seed}:{number}")


def seat_key(seat: int | None) -> str:
    return HOST if seat is None else str(seat)


def decision_tokens(game: Game, before: dict | None, mover: str | None) -> dict[str, int]:
    """The version at which each seat's (and the host's) current choice began.

    A seat's token moves on when it moved itself or when what it may do
    changed; a simultaneous turn thus leaves the other writers' pages valid.
    ``before`` is the state of ``game.version - 1``.
    """
    engine, after = game.engine, game.state
    tokens: dict[str, int] = {}
    for seat in [*range(game.players), None]:
        key = seat_key(seat)
        changed = (
            before is None
            or key == mover
            or engine.legal_moves(before, seat) != engine.legal_moves(after, seat)
        )
        tokens[key] = game.version if changed else game.tokens.get(key, game.version)
    return tokens


def _awaited(game: Game, state: dict) -> list[int]:
    return [] if game.engine.is_over(state) else game.engine.to_act(state)


def _turn_passed(game: Game, before: dict, after: dict) -> bool:
    """Whether who is awaited changed (not after a roll that goes on)."""
    return _awaited(game, before) != _awaited(game, after) or game.status == Game.Status.FINISHED


def _new_round(game: Game, before: dict, after: dict) -> bool:
    """Whether a game played in rounds began another (new cards up, even for a seat the host's Flip
    anyway kept awaited): a new turn for every seat it awaits."""
    number = round_number(game.engine, after)
    return number is not None and number != round_number(game.engine, before)


def _awaiting_write(game: Game, new_turn: bool = False) -> writes.Write:
    """Who the game awaits now, written on its seats (a seat's clock starts when it becomes awaited,
    and for every seat awaited with ``new_turn``)."""
    waiting = [] if game.status == Game.Status.FINISHED else game.engine.to_act(game.state)
    return writes.awaiting(game.pk, waiting, timezone.now(), new_turn=new_turn)


def _sync_awaiting(game: Game) -> None:
    _awaiting_write(game).run()


class Source(StrEnum):
    """Who caused a change, for the followers of ``game_changed``."""

    PLAYER = "player"
    BOT = "bot"
    DEADLINE = "deadline"
    LOBBY = "lobby"


def announce(game: Game, seats: list[Seat], source: Source, answered: int | None = None) -> None:
    """Send ``game_changed`` once the current transaction commits. ``answered``: the user whose
    request is answered with the new board (their pages need only hear the version)."""
    transaction.on_commit(
        lambda: game_changed.send(Game, game=game, seats=seats, source=source, answered=answered), robust=True
    )


def apply_move(game: Game, state: dict, seat: int | None, move: dict, number: int) -> dict:
    """The state after logged move ``number``: the engine's rules, or a seat move of the platform's
    (``games.play.seat_moves``). The move path and the replay both come through here."""
    rng = move_rng(game.seed, number)
    if seat_moves.is_seat_move(move):
        return seat_moves.apply(game.engine, state, move, rng)
    return game.engine.apply(state, seat, move, rng)


def record(
    game: Game,
    seat: int | None,
    move: dict,
    seats: list[Seat],
    user_id: int | None = None,
    request_id: str = "",
) -> Move:
    """Apply ``move`` for ``seat`` (played by ``user_id``, None for the system) to the locked ``game``;
    ``request_id`` names the page's request that sent it."""
    engine = game.engine
    before = game.state
    seat_move = seat_moves.is_seat_move(move)
    try:
        after = apply_move(game, before, seat, move, game.move_count)
        if not seat_move:
            check_move_keys(engine, move)  # after the rules, whose own refusal says more
    except IllegalMove as exc:
        raise MoveRejected(exc.reason, 400) from exc
    game.state = after
    game.version += 1
    number = game.move_count
    game.move_count += 1
    game.tokens = decision_tokens(game, before, seat_key(seat))
    if seat_moves.ends_game(engine, after, move) if seat_move else engine.is_over(after):
        game.status = Game.Status.FINISHED
        game.finished_at = timezone.now()
    summary = describe(game, before, after, seat, move, seats)
    game.log_tail = [summary, *game.log_tail][:LOG_TAIL]
    logged = Move(game=game, number=number, seat=seat, payload=move, summary=summary, request_id=request_id)
    new_round = _new_round(game, before, after)
    awaiting = [_awaiting_write(game, new_round)] if new_round or _turn_passed(game, before, after) else []
    # One round trip for the move's writes (``games.play.writes``).
    together(writes.update(game, MOVE_FIELDS), *awaiting, writes.insert(logged))
    outbox.after_move(game, before, seats, user_id)
    return logged


def play_table_moves(game: Game, seats: list[Seat]) -> None:
    """Moves the table makes by itself (a step of its own, a pass for a seat that left)."""
    kind = kinds.get(game.kind)
    while game.status == Game.Status.ACTIVE and (step := kind.system_move(game, seats)):
        record(game, *step, seats)


def table_moves_now(game_id: int) -> int:
    """Ask the table for its own moves outside any player's move (who is here changed); returns
    the moves made. Safe to run twice: a second run finds nothing to do."""
    with transaction.atomic():
        game = Game.objects.select_for_update().filter(pk=game_id).first()
        if game is None or game.status != Game.Status.ACTIVE or game.paused_at is not None:
            return 0
        seats = list(game.seats.all())
        before = game.move_count
        play_table_moves(game, seats)
        made = game.move_count - before
        if made:
            announce(game, seats, Source.DEADLINE)
    return made


def describe(game: Game, before: dict, after: dict, seat: int | None, move: dict, seats: list[Seat]) -> str:
    if seat_moves.is_seat_move(move):
        names = {s.position: s.name for s in seats}
        policy = kinds.get(game.kind).policy(game)
        notes = (policy.left_seat.they, policy.joined_seat.they)
        line = seat_moves.describe(game.engine, before, after, move, names, *notes)
        return line[:300]
    text = game.engine.describe(before, after, seat, move)
    name = "The host" if seat is None else next((s.name for s in seats if s.position == seat), "?")
    names = {str(s.position): s.name for s in seats}
    # "{seat:2}": an engine naming a seat other than the mover's (a pass the host called).
    text = SEAT_NAME.sub(lambda m: names.get(m.group(1), "?"), text)
    return text.replace("{player}", name)[:300]


@dataclass
class Actor:
    seat: int | None
    seats: list[Seat]


def _actor(
    game: Game, user, as_host: bool, seats: list[Seat] | None = None, move: dict | None = None
) -> Actor:
    # The board drawn after the move shows who is away and who is here.
    seats = presence.board_seats(game.pk) if seats is None else seats
    if as_host:
        if user is None or game.host_id != user.pk:
            raise MoveRejected("Only the host can do that.", 403)
        # Engines let seat None act for the seat to play (deadlines, the system); the
        # host's own moves (the table's next step) come only when no player's move is awaited.
        called = move.get("type") if isinstance(move, dict) else None
        over = game.game_kind.policy(game).host_moves_over_players
        over_players = isinstance(called, str) and called in over
        if game.engine.to_act(game.state) and not over_players:
            raise MoveRejected("The players are still choosing: the host cannot move for them.", 409)
        return Actor(None, seats)
    mine = next((s for s in seats if user is not None and s.user_id == user.pk and not s.left), None)
    if mine is None:
        raise MoveRejected("You have no seat at this table.", 403)
    if mine.is_bot:
        raise MoveRejected("The host gave your seat to a computer player: it plays for you now.", 403)
    return Actor(mine.position, seats)


SEAT_NAME = re.compile(r"\{seat:(\d+)\}")
PAUSED = "The host paused the game: it goes on when they resume it."


# The move's one read of its game, locked until the move commits (``locked_game``).
_LOCKED_GAME = Compiled(
    Game, lambda code: Game.objects.select_for_update().filter(code=code).order_by(), code="sample-code"
)


def locked_game(code: str) -> tuple[Game | None, list[Seat]]:
    """The game with this code, its row locked until the current transaction ends (or None), and
    its seats as the board reads them (``presence.board_seats``), read under the lock: both in one
    round trip."""
    games, seats = together(_LOCKED_GAME.read(code=code, objects=True), presence.board_seats_read(code=code))
    return (games[0] if games else None), seats


@transaction.atomic
def submit_move(game_id: int, user, move: dict, turn: int | None, *, as_host: bool = False) -> Game:
    """Apply one player's (or the host's) move, or raise MoveRejected."""
    game = Game.objects.select_for_update().get(pk=game_id)
    submit_locked(game, user, move, turn, as_host=as_host)
    return game


def submit_locked(
    game: Game,
    user,
    move: dict,
    turn: int | None,
    *,
    as_host: bool = False,
    request_id: str = "",
    seats: list[Seat] | None = None,
    answered: bool = False,
) -> list[Seat]:
    """``submit_move`` for a game row the caller read with ``select_for_update`` in its own transaction
    (the move view, which needs the row anyway: one read instead of two). Returns the seats:
    ``seats``, read under the lock (``locked_game``), else read here.

    ``request_id``: the page's id for this request. The same request sent again (its answer was
    lost) changes nothing: the table has moved on, so the rules or the turn token refuse it, or,
    where the move is still legal (a realtime game), the log's one row per request refuses its
    write and the transaction rolls back. ``made_before`` then tells the caller it was made."""
    if game.status == Game.Status.OPEN:
        raise MoveRejected("The game has not started yet.", 409)
    if game.status == Game.Status.FINISHED:
        raise MoveRejected("This game is over.", 409)
    if seat_moves.is_seat_move(move):  # the platform's own moves come only through games.tables.tools
        raise MoveRejected(NOT_A_MOVE, 400)
    if game.paused_at is not None:
        raise MoveRejected(PAUSED, 409)
    try:
        actor = _actor(game, user, as_host, seats, move)
    except MoveRejected:  # the host's step sent twice: the players are choosing again meanwhile
        if as_host and user is not None and game.host_id == user.pk and _sent_again(game, None, move, turn):
            raise MoveRejected(ALREADY_MADE, 409) from None
        raise
    # A realtime game takes moves in arrival order and its engine judges each one ("too late"):
    # a turn token would refuse all but the first, and a seat may act without being awaited.
    if not game.engine.realtime:
        waited = actor.seat is None or actor.seat in game.engine.to_act(game.state)
        if not waited or turn != game.tokens.get(seat_key(actor.seat)):
            if _sent_again(game, actor.seat, move, turn):
                raise MoveRejected(ALREADY_MADE, 409)
            raise MoveRejected("It is not your turn." if not waited else STALE_MESSAGE, 409)
    record(game, actor.seat, move, actor.seats, user.pk, request_id)
    play_table_moves(game, actor.seats)
    announce(game, actor.seats, Source.PLAYER, answered=user.pk if answered else None)
    return actor.seats


def _sent_again(game: Game, seat: int | None, move: dict, turn: int | None) -> bool:
    """Whether a refused move is this seat's (or the host's) last move sent again from a page drawn
    before it (a second tap, a second tab): its old turn token and the same move. One query, asked
    only of a move already refused."""
    if turn == game.tokens.get(seat_key(seat)):
        return False  # a page drawn since: a move of its own, refused on its own terms
    last = Move.objects.filter(game=game, seat=seat).order_by("-number").values_list("payload", flat=True)
    return last.first() == move


def made_before(game: Game, seats: list[Seat], user, request_id: str, *, as_host: bool = False) -> bool:
    """Whether request ``request_id`` of ``user`` (for their seat, or as the host) is a move already
    made at this table: the same request sent again, to be answered with the table as it is."""
    if not request_id or user is None or not user.is_authenticated:
        return False
    if as_host:
        mine = {None} if game.host_id == user.pk else set()
    else:
        mine = {s.position for s in seats if s.user_id == user.pk}
    made = Move.objects.filter(game=game, request_id=request_id).values_list("seat", flat=True)
    return any(seat in mine for seat in made)


def _bot_move(game: Game, seat: int, seats: list[Seat]) -> None:
    rng = random.Random(f"{game.seed}:bot:{game.move_count}")
    strategy = kinds.get(game.kind).strategy
    record(game, seat, choose_move(game.engine, strategy, game.state, seat, rng), seats)
    play_table_moves(game, seats)
    announce(game, seats, Source.BOT)


def play_bots(game_id: int) -> int:
    """Let every computer player whose move is awaited move at once; returns moves made.

    Tables whose computer players keep a pace of their own (``GameKind.bot_delay``)
    move at their own pace instead (``play_due_bots``).
    """
    made = 0
    while made < MAX_BOT_MOVES_PER_RUN:
        with transaction.atomic():
            game = Game.objects.select_for_update().get(pk=game_id)
            if game.status != Game.Status.ACTIVE or game.paused_at or game.game_kind.realtime:
                return made
            seats = list(game.seats.all())
            bots = {s.position for s in seats if s.is_bot}
            seat = next((s for s in game.engine.to_act(game.state) if s in bots), None)
            if seat is None:
                return made
            _bot_move(game, seat, seats)
            made += 1
    return made


def play_due_bots(game_id: int, due: dict[int, float], now: float, lead: float) -> dict[int, float]:
    """One step of a realtime table's computer players (``games.tasks.pace_bots``): every computer
    seat in play whose time (``due``, epoch seconds) is at most ``lead`` seconds away moves now, in
    one transaction and one announcement. Returns the next time of every computer seat still in
    play, empty when none is (or the table is paused or over).

    A seat keeps its own pace: its next time is a pause (``GameKind.bot_delay``) after the time it
    was due, so neither moving early to join the others nor a step up to ``lead`` late (a busy
    worker) changes its pace on average; a step later than that starts its pause ``lead`` before
    now. No two of its moves come closer than a pause less twice the lead: a move up to ``lead``
    late, the next up to ``lead`` early. A seat new to play (Begin,
    the decks turned around) first moves a pause from now.
    """
    with transaction.atomic():
        game = Game.objects.select_for_update().get(pk=game_id)
        if game.status != Game.Status.ACTIVE or game.paused_at:
            return {}
        seats = list(game.seats.all())
        bots = sorted((s.position for s in seats if s.is_bot), key=lambda seat: due.get(seat, float("inf")))
        engine, kind = game.engine, game.game_kind
        moved = []
        for seat in bots:
            on_time = seat in due and due[seat] <= now + lead
            if on_time and game.status == Game.Status.ACTIVE and has_move(engine, game.state, seat):
                rng = random.Random(f"{game.seed}:bot:{game.move_count}")
                record(game, seat, choose_move(engine, kind.strategy, game.state, seat, rng), seats)
                play_table_moves(game, seats)
                moved.append(seat)
        if moved:
            announce(game, seats, Source.BOT)
    # Committed, and its push on its way: the next times need no lock.
    if game.status != Game.Status.ACTIVE:
        return {}
    after = {}
    for seat in bots:
        if has_move(engine, game.state, seat):
            when = due.get(seat)
            if seat in moved:
                after[seat] = max(when, now - lead) + kind.bot_delay(game)
            elif when is not None and when > now + lead:
                after[seat] = when
            else:  # new to play, or back in play by a move of this step
                after[seat] = now + kind.bot_delay(game)
    return after


# The lobby ----------------------------------------------------------------


def create_game(
    host,
    slug: str,
    options: dict,
    max_seats: int,
    seat_order: str,
    host_plays: bool = True,
    turn_deadline: int | None = None,
) -> Game:
    with transaction.atomic():
        game = Game.objects.create(
            kind=slug,
            options=options,
            max_seats=max_seats,
            seat_order=seat_order,
            host=host,
            turn_deadline=turn_deadline,
        )
        if host_plays:
            Seat.objects.create(game=game, user=host, position=0, name=host.display_name)
    return game


def _open_game(game_id: int) -> Game:
    game = Game.objects.select_for_update().get(pk=game_id)
    if game.status != Game.Status.OPEN:
        raise MoveRejected("The game has already started; seats can no longer change.", 409)
    return game


def _touch(game: Game) -> None:
    """A lobby change, pushed as a move is: the lobby's open pages and its shared screen redraw at
    once, and the people seated hear it on "My games"."""
    game.version += 1
    game.save(update_fields=["version", "updated_at"])
    announce(game, list(game.seats.all()), Source.LOBBY)


def _next_position(game: Game) -> int:
    last = game.seats.order_by("-position").values_list("position", flat=True).first()
    return 0 if last is None else last + 1


def why_closed(game: Game, seated: int) -> str | None:
    """Why the table takes no new player, in a sentence, or None while it has a free seat."""
    if game.status == Game.Status.FINISHED:
        return "This game is over; it cannot take new players."
    if game.status != Game.Status.OPEN and not game.game_kind.policy(game).latecomers:
        return "This game has already started; it cannot take new players."
    if seated >= game.max_seats:
        return f"This table is full: all {game.max_seats} seats are taken."
    return None


@transaction.atomic
def join_game(game_id: int, user) -> Seat:
    game = Game.objects.select_for_update().get(pk=game_id)
    existing = game.seats.filter(user=user).first()
    if existing:
        return existing
    closed = why_closed(game, game.seats.count())
    if closed:
        raise MoveRejected(closed, 409)
    seat = Seat.objects.create(game=game, user=user, position=_next_position(game), name=user.display_name)
    _touch(game)
    return seat


@transaction.atomic
def add_bot(game_id: int, host) -> Seat:
    game = _open_game(game_id)
    if game.host_id != host.pk:
        raise MoveRejected("Only the host can add a computer player.", 403)
    if game.seats.count() >= game.max_seats:
        raise MoveRejected("This table is full.", 409)
    number = game.seats.filter(is_bot=True).count() + 1
    seat = Seat.objects.create(
        game=game, position=_next_position(game), name=f"Computer {number}", is_bot=True
    )
    _touch(game)
    return seat


@transaction.atomic
def leave_game(game_id: int, user) -> None:
    game = _open_game(game_id)
    if game.host_id == user.pk:
        raise MoveRejected("The host cannot leave their own table; cancel it instead.", 409)
    deleted, _ = game.seats.filter(user=user).delete()
    if not deleted:
        raise MoveRejected("You have no seat at this table.", 404)
    _touch(game)


REMOVED = "The host took your seat away: you no longer play at this table."
CANCELLED = "The host cancelled this table."


@transaction.atomic
def remove_seat(game_id: int, host, seat_id: int) -> None:
    game = _open_game(game_id)
    if game.host_id != host.pk:
        raise MoveRejected("Only the host can remove a seat.", 403)
    user_id = game.seats.filter(pk=seat_id).values_list("user_id", flat=True).first()
    deleted, _ = game.seats.filter(pk=seat_id).delete()
    if not deleted:
        raise MoveRejected("That seat is no longer at this table.", 404)
    _touch(game)
    if user_id is not None:
        transaction.on_commit(
            lambda: seat_removed.send(Game, game_id=game_id, user_id=user_id, message=REMOVED), robust=True
        )


@transaction.atomic
def cancel_game(game_id: int, host) -> None:
    """The host calls off a table that has not started; its seats go with it."""
    game = _open_game(game_id)
    if game.host_id != host.pk:
        raise MoveRejected("Only the host can cancel the table.", 403)
    played_again = game.rematch_of_id
    game.delete()
    transaction.on_commit(lambda: table_closed.send(Game, game_id=game_id, message=CANCELLED), robust=True)
    if played_again is not None:  # a rematch: its invitation leaves the finished table's end screens
        Game.objects.filter(pk=played_again).update(updated_at=timezone.now())  # and "My games"
        people = Seat.objects.filter(game_id=played_again, user__isnull=False, left=False)
        told = list(people.values_list("user_id", flat=True))
        transaction.on_commit(
            lambda: rematch_offered.send(Game, game_id=played_again, user_ids=told), robust=True
        )


@transaction.atomic
def start_game(game_id: int, host) -> Game:
    game = _open_game(game_id)
    if game.host_id != host.pk:
        raise MoveRejected("Only the host can start the game.", 403)
    engine = game.engine
    seats = list(game.seats.order_by("position"))
    if not engine.min_players <= len(seats) <= engine.max_players:
        raise MoveRejected(
            f"{engine.name} needs {engine.min_players} to {engine.max_players} players; "
            f"{len(seats)} {'is' if len(seats) == 1 else 'are'} seated.",
            409,
        )
    state = initial_state(game, seats)
    # Two steps so the unique (game, position) constraint holds throughout.
    for offset in (1000, 0):
        for number, seat in enumerate(seats):
            seat.position = number + offset
            seat.save(update_fields=["position"])
    game.players = len(seats)
    game.state = state
    game.status = Game.Status.ACTIVE
    game.started_at = timezone.now()
    game.version += 1
    game.tokens = decision_tokens(game, None, None)
    game.save()
    _sync_awaiting(game)
    outbox.after_start(game, host.pk)
    play_table_moves(game, seats)
    announce(game, seats, Source.LOBBY)
    return game
