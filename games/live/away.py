"""Who a table waits on while they are away (a phone asleep), and when it may move on without them.

A person is away while no page of theirs is open at the table (``games.live.presence``). The
table waits on them *while away* from the later of when it began to wait on them (their turn,
``Seat.waiting_since``; the host's step, the last move) and when their last page went
(``Seat.last_seen``, ``Game.host_last_seen``). Once everyone it waits on has been away for
``grace()``, the table is *stalled*: whoever is at it may move it on (``GameKind.move_on``). A
table that moves on by itself (``asleep``) passes only a phone that slept during this sitting —
seen within ``SITTING`` — while someone else is there: a person who plays the game by mail, seen
yesterday, is waited for as a mail game waits.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime, timedelta
from math import ceil

from django.conf import settings
from django.utils import timezone

from games.live import presence
from games.models import Game, Seat

SITTING = timedelta(hours=1)  # seen this recently: a phone that slept at the table, not a mail player


def grace() -> timedelta:
    """How long the table waits on a person away before it may move on without them."""
    return timedelta(seconds=settings.AWAY_GRACE_SECONDS)


@dataclass(frozen=True)
class Away:
    """A person the table waits on who has no page open at it."""

    name: str
    position: int | None  # None: the host who has no seat, whose step is due
    since: datetime  # when the table began to wait on them while they were away
    last_seen: datetime | None  # when a page of theirs was last heard from

    @property
    def moves_on_at(self) -> datetime:
        """From when the table may move on without them."""
        return self.since + grace()


@dataclass(frozen=True)
class Waiting:
    """Whom the table waits on now: the people away among them, and whether anyone else is awaited."""

    away: list[Away]
    others: bool  # someone awaited who is here (or a computer player): the table is not stalled

    def stalled(self, now: datetime | None = None) -> bool:
        """Whether everyone the table waits on has been away the grace: it may move on."""
        now = now or timezone.now()
        return bool(self.away) and not self.others and all(a.moves_on_at <= now for a in self.away)

    @property
    def moves_on_at(self) -> datetime | None:
        return max((a.moves_on_at for a in self.away), default=None)

    def moves_on_in(self, now: datetime | None = None) -> str:
        """ "in 40 seconds", "in 2 minutes" (to the nearest): how long until it may move on; ""
        when it may now, or nobody is away."""
        due = self.moves_on_at
        left = (due - (now or timezone.now())).total_seconds() if due else 0
        if left <= 0:
            return ""
        if left < 60:
            whole = max(1, ceil(left))
            return f"in {whole} second{'s' if whole != 1 else ''}"
        minutes = max(1, round(left / 60))
        return f"in {minutes} minute{'s' if minutes != 1 else ''}"

    def seen_by(self, position: int | None, *, is_host: bool) -> Waiting:
        """As a page of the seat at ``position`` (or of the host) sees it: whoever looks is here."""
        mine = [
            a
            for a in self.away
            if (a.position == position and position is not None) or (is_host and a.position is None)
        ]
        if not mine:
            return self
        return Waiting([a for a in self.away if a not in mine], True)


NOBODY = Waiting([], False)


def waiting(game: Game, seats: list[Seat] | None = None) -> Waiting:
    """Whom ``game`` waits on now, and which of them are away (a turn-based table; a live one has
    its own rules for who is away). ``seats``: the game's seats read ``with_presence`` (a board
    has them), else read here."""
    state = game.state
    if game.status != Game.Status.ACTIVE or state is None or game.paused_at is not None:
        return NOBODY
    engine, now = game.engine, timezone.now()
    if engine.realtime or engine.is_over(state):
        return NOBODY
    if seats is None or not all(hasattr(s, "here_now") for s in seats):
        seats = list(Seat.objects.filter(game=game).with_presence(now - presence.WINDOW))
    awaited = engine.to_act(state)
    if awaited:
        away, others = [], False
        for seat in (s for s in seats if s.position in awaited):
            if seat.is_bot or seat.left or seat.user_id is None or seat.here_now:
                others = others or not seat.left
                continue
            since = max(filter(None, (seat.waiting_since, seat.last_seen)), default=now)
            away.append(Away(seat.name, seat.position, since, seat.last_seen))
        return Waiting(away, others)
    if not (engine.awaits_table(state) and game.game_kind.host_acts(game)):
        return NOBODY
    # The host's step is due (since the last change of the game): the host's seat says whether they
    # are here, or, for a host with no seat, their own pages.
    hosting = next((s for s in seats if s.user_id == game.host_id and not s.left), None)
    if hosting is not None:
        here, seen = hosting.here_now, hosting.last_seen
    else:
        here, seen = (
            presence.Pages(host_of=game.pk).rows().filter(beat_at__gte=now - presence.WINDOW).exists(),
            game.host_last_seen,
        )
    if here:
        return Waiting([], True)
    since = max(filter(None, (game.updated_at, seen)), default=now)
    return Waiting([Away(game.host_name, None, since, seen)], False)


def asleep(game: Game) -> list[int]:
    """The seats a table that moves on by itself passes now: awaited, away for the grace, seen
    within ``SITTING`` (a phone that slept at the table), while another person there is here."""
    now = timezone.now()
    seats = list(Seat.objects.filter(game=game).with_presence(now - presence.WINDOW))
    sleepers = [
        a.position
        for a in waiting(game, seats).away
        if a.position is not None and a.moves_on_at <= now and a.last_seen and a.last_seen >= now - SITTING
    ]
    someone_here = any(s.here_now and s.user_id and not s.is_bot and not s.left for s in seats)
    return sleepers if sleepers and someone_here else []
