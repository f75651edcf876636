"""What "My games" shows a player: what to do, in that order.

Your turn first (soonest deadline first, with the time left), then the games
waiting for someone else (named), then the finished ones (your place, the
winner, the pad). Read from seats and game rows in a few queries; the engines
are asked only for the scores of finished games and whether the table itself
(the host's step) is awaited.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import datetime

from django.db.models import Max, Q
from django.urls import reverse
from django.utils import timezone

from games.contract.protocol import awaits_table, finishing_places
from games.models import FORMER_PLAYER, Game, Seat
from games.notifications.deadlines import clock_due_at, is_timed, seat_due_at
from games.notifications.holidays import holidays_for
from games.tables import rematch

FINISHED_SHOWN = 20


@dataclass
class Row:
    game: Game
    line: str  # what is happening, in words
    due_at: datetime | None = None  # your turn runs out then
    place: int | None = None
    players: int = 0
    winners: list[str] = field(default_factory=list)
    my_score: int | None = None
    pad_url: str = ""
    rematch: Game | None = None  # an open rematch of this finished game the player may join


@dataclass
class MyGames:
    your_turn: list[Row]
    waiting: list[Row]
    finished: list[Row]
    hosted: list[Game]
    stamp: str

    @property
    def empty(self) -> bool:
        return not (self.your_turn or self.waiting or self.finished or self.hosted)


def stamp(user) -> str:
    """Changes whenever any game of the user's changes: the poll answers 204 while it holds (one query)."""
    games = Game.objects.filter(Q(seats__user=user) | Q(host=user))
    latest = games.aggregate(latest=Max("updated_at"))["latest"]
    return str(int(latest.timestamp() * 1_000_000)) if latest else "0"


def _names(seats: list[Seat], positions) -> list[str]:
    by_position = {s.position: s for s in seats}
    return [by_position[p].name if p in by_position else f"Seat {p + 1}" for p in positions]


def _and(names: list[str]) -> str:
    return names[0] if len(names) == 1 else ", ".join(names[:-1]) + " and " + names[-1]


def _waiting_line(game: Game, seats: list[Seat], user) -> str:
    if game.status == Game.Status.OPEN:
        seated = f"{len(seats)} of {game.max_seats} seated"
        if game.host_id == user.pk:
            ready = len(seats) >= game.engine.min_players
            todo = "start it when you are ready" if ready else "waiting for players"
            return f"Open table, {seated}: {todo}"
        return f"Open table, {seated}: waiting for {game.host_name} to start"
    awaited = [s for s in seats if s.awaiting]
    if awaited:
        return "Waiting for " + _and([s.name for s in awaited])
    if game.state is not None and awaits_table(game.engine, game.state):
        return game.game_kind.notice("host_waits") if game.host_id == user.pk else "Waiting for the host"
    return "In play"


def _finished_row(game: Game, seats: list[Seat], mine: Seat) -> Row:
    scores = game.engine.scores(game.state) if game.state is not None else []
    ranks = finishing_places(game.engine, game.state) if scores else []  # tie-breaks, resignations
    winners = [i for i, rank in enumerate(ranks) if rank == 1]
    names = [n if n else FORMER_PLAYER for n in _names(seats, winners)]
    row = Row(game, "", players=len(scores), winners=names, pad_url=reverse("pad_game", args=[game.code]))
    if mine.position < len(scores):
        row.place, row.my_score = ranks[mine.position], scores[mine.position]
    if row.place == 1:
        row.line = "You won" if len(winners) == 1 else "You shared the win"
    elif row.place:
        row.line = f"{_ordinal(row.place)} of {row.players}; {_and(names)} won"
    else:
        row.line = "Finished"
    return row


def _ordinal(n: int) -> str:
    suffix = "th" if 10 <= n % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(n % 10, "th")
    return f"{n}{suffix}"


def my_games(user, now: datetime | None = None) -> MyGames:
    now = now or timezone.now()
    mine = list(
        Seat.objects.filter(user=user).select_related("game", "game__host").order_by("-game__updated_at")
    )
    finished_ids = [s.game_id for s in mine if s.game.status == Game.Status.FINISHED][:FINISHED_SHOWN]
    live_ids = [s.game_id for s in mine if s.game.status != Game.Status.FINISHED]
    seats_of: dict[int, list[Seat]] = {}
    for seat in Seat.objects.filter(game_id__in=finished_ids + live_ids).order_by("position"):
        seats_of.setdefault(seat.game_id, []).append(seat)
    days = holidays_for([user.pk], now).get(user.pk, [])

    your_turn, waiting, finished = [], [], []
    for seat in mine:
        game, seats = seat.game, seats_of.get(seat.game_id, [])
        if game.status == Game.Status.FINISHED:
            if game.pk in finished_ids:
                finished.append(_finished_row(game, seats, seat))
        elif game.status == Game.Status.ACTIVE and seat.awaiting and not seat.left and not seat.is_bot:
            due = None
            if game.turn_deadline and seat.waiting_since:
                due = seat_due_at(seat, game.turn_deadline, days, now)
            elif is_timed(game):
                due = clock_due_at(game)
            your_turn.append(Row(game, "Your turn", due_at=due))
        else:
            waiting.append(Row(game, _waiting_line(game, seats, user)))
    offers = rematch.open_offers([row.game.pk for row in finished], user) if finished else {}
    for row in finished:
        row.rematch = offers.get(row.game.pk)
    your_turn.sort(key=lambda row: (row.due_at is None, row.due_at or now))
    hosted = Game.objects.filter(host=user).exclude(seats__user=user).exclude(status=Game.Status.FINISHED)
    return MyGames(your_turn, waiting, finished, list(hosted), stamp(user))
