"""Roman Catacombs beyond one table: leaving a game in play, solo runs, the daily run.

Solo and daily runs are ordinary ``Game`` rows (one seat, the host's) marked in
``options``: ``solo`` for every run, ``daily`` (an ISO date, UTC) for the run of
the day. Scores are read from the finished state, so nothing is stored twice.
"""

from __future__ import annotations

import hashlib
import hmac
from dataclasses import dataclass
from datetime import UTC, date, datetime, time, timedelta

from django.conf import settings
from django.contrib.auth import get_user_model
from django.db import transaction
from django.utils import timezone

from games.catacombs.engine import CATACOMBS
from games.contract import platform
from games.models import Game

SLUG = CATACOMBS.slug


def today() -> date:
    """The daily run's calendar day (UTC)."""
    return timezone.now().astimezone(UTC).date()


def next_turnover(now: datetime | None = None) -> datetime:
    """When the next daily run begins: the coming midnight UTC, the same moment for everyone."""
    day = (now or timezone.now()).astimezone(UTC).date() + timedelta(days=1)
    return datetime.combine(day, time.min, tzinfo=UTC)


def daily_deck_seed(day: date) -> str:
    """The same for everyone on ``day``, and not guessable from the date alone."""
    message = f"catacombs-daily:{day.isoformat()}".encode()
    return hmac.new(settings.SECRET_KEY.encode(), message, hashlib.sha256).hexdigest()


@transaction.atomic
def _new_run(user, options: dict) -> Game:
    game = platform.create_game(user, SLUG, options, 1, Game.SeatOrder.AS_SEATED, host_plays=True)
    return platform.start_game(game.pk, user)


def start_solo(user) -> Game:
    """A new solo run, dealt and flipped."""
    with transaction.atomic():
        return _new_run(user, {"solo": True})


DAILY_NO_AGAIN = (
    "A daily run is ranked, one attempt per player and day, so it cannot be played again. "
    "Play a solo run instead: a fresh deck, unranked."
)


def is_daily(game: Game) -> bool:
    return isinstance(game.options, dict) and bool(game.options.get("daily"))


DAILY_CLOSED = (
    "Today's daily run is ranked, so it is open only to signed-in players whose e-mail address is "
    "confirmed (one attempt each). A solo run, on a fresh deck and unranked, is open to everyone."
)


def daily_refusal(user) -> str | None:
    """Why ``user`` may not start the day's ranked run, or None. A guest or an address not yet
    confirmed costs nothing to make, so either would let anyone see the day's deck before their
    ranked attempt; such players get no daily run at all (no preview, no practice on that deck)."""
    if user is None or not user.is_authenticated or user.is_guest or not user.email_verified:
        return DAILY_CLOSED
    return None


@dataclass
class DailyStart:
    game: Game
    created: bool


def start_daily(user, day: date | None = None) -> DailyStart:
    """Today's run for ``user``: a new one, or the one they already have (one ranked attempt a day,
    per account: another browser or device of the same account gets the same run)."""
    if refusal := daily_refusal(user):
        raise platform.MoveRejected(refusal, 403)
    day = day or today()
    with transaction.atomic():
        # Lock the player's row so two quick clicks cannot both create a run.
        get_user_model().objects.select_for_update().get(pk=user.pk)
        existing = daily_runs(day).filter(host=user).order_by("created_at").first()
        if existing:
            return DailyStart(existing, False)
        options = {"solo": True, "daily": day.isoformat(), "deck_seed": daily_deck_seed(day)}
        return DailyStart(_new_run(user, options), True)


def solo_runs(user):
    return Game.objects.filter(kind=SLUG, host=user, options__solo=True).order_by("-created_at")


def daily_runs(day: date):
    return Game.objects.filter(kind=SLUG, options__daily=day.isoformat())


def ranked_attempts(games) -> set[int]:
    """Of these daily runs, the ids of the ones that count: each player's first run of each day.
    Any later run of the same player and day (none can be started, but a row may exist) is
    never ranked. A run whose player closed the account counts on its own."""
    first: dict[tuple, Game] = {}
    for game in sorted(games, key=lambda g: g.created_at):
        day = game.options.get("daily")
        if day:
            first.setdefault((day, game.host_id if game.host_id is not None else -game.pk), game)
    return {game.pk for game in first.values()}


def score(game: Game) -> int | None:
    """The solo player's score of a finished run."""
    if game.status != Game.Status.FINISHED or game.state is None:
        return None
    return game.engine.scores(game.state)[0]


def replays(games) -> set[int]:
    """Of a player's runs, the ids of daily runs that are not the day's ranked attempt: they count
    for nothing (no rank, no personal best)."""
    daily = [g for g in games if g.options.get("daily")]
    return {g.pk for g in daily} - ranked_attempts(daily)


def personal_best(user, exclude: Game | None = None) -> int | None:
    if user is None:  # a run whose player closed their account
        return None
    every = list(solo_runs(user).only("kind", "status", "state", "options", "host", "created_at"))
    left_out = replays(every) | ({exclude.pk} if exclude is not None else set())
    scores = [score(g) for g in every if g.status == Game.Status.FINISHED and g.pk not in left_out]
    return max(scores, default=None)


DAILY_SHOWN = 14


def player_runs(user) -> dict:
    """A player's page: the solo best, and the daily runs of days that are over (with the rank
    on that day's board). Today's run stays private until the day is over."""
    every = list(solo_runs(user).only("kind", "status", "state", "options", "code", "host", "created_at"))
    left_out = replays(every)
    finished = [g for g in every if g.status == Game.Status.FINISHED and g.pk not in left_out]
    best = max((score(game) for game in finished), default=None)
    days = []
    past = [g for g in finished if g.options.get("daily") and g.options["daily"] < today().isoformat()]
    for game in past[:DAILY_SHOWN]:
        day = date.fromisoformat(game.options["daily"])
        rank = next((row.rank for row in daily_board(day) if row.game.pk == game.pk), None)
        days.append({"day": day, "score": score(game), "rank": rank})
    return {"solo_best": best, "solo_count": len(finished), "daily": days}


@dataclass
class Ranked:
    rank: int
    name: str
    score: int
    finished_at: datetime
    game: Game


def daily_board(day: date) -> list[Ranked]:
    """That day's finished runs, best score first; equal scores by who finished first."""
    every = list(daily_runs(day).select_related("host"))
    counted = ranked_attempts(every)
    runs = [g for g in every if g.pk in counted and g.status == Game.Status.FINISHED]
    rows = sorted(((score(g), g.finished_at, g) for g in runs), key=lambda row: (-row[0], row[1]))
    return [
        Ranked(number, game.host_name, points, finished, game)
        for number, (points, finished, game) in enumerate(rows, start=1)
    ]
