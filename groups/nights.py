"""A group's past game nights: what each counted, and who won it.

A night's winner is the member with the most wins in the games it counted (the
night's standings); members level on the most wins share the night. A night
whose games no member won has no winner.
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
    wins: int

    @property
    def verdict(self) -> str:
        return verdict(self.winners, self.wins)


def _wins(count: int) -> str:
    return f"{count} win" if count == 1 else f"{count} wins"


def verdict(winners: list[str], wins: int) -> str:
    """ "Anna won the night with 2 wins", "Anna and Ben shared the night with 1 win each"."""
    if not winners:
        return "No member won a game"
    if len(winners) == 1:
        return f"{winners[0]} won the night with {_wins(wins)}"
    return f"{name_list(winners)} shared the night with {_wins(wins)} each"


def night_winners(rows: list[Standing]) -> tuple[list[str], int]:
    """The members with the most wins (none when nobody won), and that count."""
    best = max((row.won for row in rows), default=0)
    return ([row.name for row in rows if row.won == best] if best else []), best


def past_night(group: Group, night: GameNight, members: dict[int, str]) -> PastNight:
    counted = outcomes(group, night.started_at, night.ended_at)
    winners, wins = night_winners(standings(counted, members))
    return PastNight(night, counted, winners, wins)


def past_nights(group: Group, members: dict[int, str], shown: int = SHOWN) -> list[PastNight]:
    ended = group.nights.exclude(ended_at=None).order_by("-started_at")[:shown]
    return [past_night(group, night, members) for night in ended]
