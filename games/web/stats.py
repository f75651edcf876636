"""A player's results and statistics, recomputed from their finished games each time.

Only tables of two or more seats count (a one-seat game is a solo run: its
game shows it in a block of its own). A game is won by every seat in first
place by the game's own ranking (``rules.finishing_places``: its tie-breaks, a
resignation), equal places shared. Nothing is stored: the numbers are a
function of the games, so they can never drift from them.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from games.contract.protocol import finishing_places
from games.models import Game, Seat


@dataclass(frozen=True)
class Result:
    """One finished game from one seat's side."""

    game: Game
    slug: str  # the game's
    place: int
    score: int
    players: int
    winners: tuple[str, ...]


@dataclass
class Stats:
    played: int = 0
    won: int = 0
    total: int = 0
    best: int | None = None

    @property
    def average(self) -> float | None:
        return round(self.total / self.played, 1) if self.played else None


def tally(results: Iterable[Result]) -> dict[str, Stats]:
    """Per game (by slug): played, won, total and best score."""
    by_slug: dict[str, Stats] = {}
    for result in results:
        stats = by_slug.setdefault(result.slug, Stats())
        stats.played += 1
        stats.won += result.place == 1
        stats.total += result.score
        stats.best = result.score if stats.best is None else max(stats.best, result.score)
    return by_slug


def result_of(game: Game, seats: list[Seat], position: int) -> Result:
    scores = game.engine.scores(game.state)
    ranks = finishing_places(game.engine, game.state)  # its own tie-breaks and resignations
    names = {s.position: s.name for s in seats}
    winners = tuple(names.get(i, f"Seat {i + 1}") for i, rank in enumerate(ranks) if rank == 1)
    return Result(game, game.kind, ranks[position], scores[position], len(scores), winners)


def results_of(user) -> list[Result]:
    """The user's finished tables of two or more, newest first."""
    mine = list(
        Seat.objects.filter(user=user, game__status=Game.Status.FINISHED, game__players__gte=2)
        .exclude(game__state=None)
        .select_related("game")
        .order_by("-game__finished_at")
    )
    seats_of: dict[int, list[Seat]] = {}
    for seat in Seat.objects.filter(game_id__in=[s.game_id for s in mine]):
        seats_of.setdefault(seat.game_id, []).append(seat)
    return [result_of(seat.game, seats_of[seat.game_id], seat.position) for seat in mine]
