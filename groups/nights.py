"""A group's past game nights: what each counted, and who won it.

A night's winner is the member at the top of the night's standings: the most
points in the games it counted, then the most wins (``standings.standings``);
members level on both share the night. A night in which no member finished
ahead of anyone or won has no winner.
"""

from __future__ import annotations

from dataclasses import dataclass

from games.contract.protocol import name_list

from .models import GameNight, Group
from .standings import Outcome, Standing, outcomes, standings

SHOWN = 5  # past nights on the group page, the latest first


@dataclass(frozen=True)
class PastNight:
    night: GameNight
    outcomes: list[Outcome]
    winners: list[str]
    points: int
    wins: int

    @property
    def verdict(self) -> str:
        return verdict(self.winners, self.points, self.wins)


def _count(count: int, word: str) -> str:
    return f"{count} {word}" if count == 1 else f"{count} {word}s"


def verdict(winners: list[str], points: int, wins: int) -> str:
    """ "Anna won the night with 5 points and 2 wins", "Anna and Ben shared the night with 1 point
    and 1 win each"."""
    if not winners:
        return "No member won a game"
    score = f"{_count(points, 'point')} and {_count(wins, 'win')}"
    if len(winners) == 1:
        return f"{winners[0]} won the night with {score}"
    return f"{name_list(winners)} shared the night with {score} each"


def night_winners(rows: list[Standing]) -> tuple[list[str], int, int]:
    """The members with the most points, then wins (none when nobody has either), and those counts."""
    best = max(((row.points, row.won) for row in rows), default=(0, 0))
    if best == (0, 0):
        return [], 0, 0
    return [row.name for row in rows if (row.points, row.won) == best], *best


def past_night(group: Group, night: GameNight, members: dict[int, str]) -> PastNight:
    counted = outcomes(group, night.started_at, night.ended_at)
    return PastNight(night, counted, *night_winners(standings(counted, members)))


def past_nights(group: Group, members: dict[int, str], shown: int = SHOWN) -> list[PastNight]:
    ended = group.nights.exclude(ended_at=None).order_by("-started_at")[:shown]
    return [past_night(group, night, members) for night in ended]
