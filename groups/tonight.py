"""What a group's TV shows of its game night: each of the group's tables in play at a glance, and the
night's standings with points and wins."""

from __future__ import annotations

from django.db.models import Prefetch, QuerySet

from games.live import presence
from games.models import Game, Seat
from games.web.glance import Glance, glance

from . import nights, services, standings
from .models import GameNight, Group


def tables_in_play(group: Group, night: GameNight | None) -> QuerySet[Game]:
    """The group's games (two or more members seated) in play that began during ``night``, while
    it is on; the oldest first, so a table keeps its place on the screen."""
    if night is None or night.ended_at is not None:
        return Game.objects.none()
    ids = list(group.memberships.values_list("user_id", flat=True))
    games = standings.group_tables(ids, Game.Status.ACTIVE).filter(started_at__gte=night.started_at)
    return games.exclude(state=None).order_by("started_at", "pk")


def glances(games: QuerySet[Game]) -> list[Glance]:
    seats = presence.with_here(Seat.objects.order_by("position"))
    return [glance(game, list(game.seats.all())) for game in games.prefetch_related(Prefetch("seats", seats))]


def board(group: Group) -> dict:
    """The TV's context: the night on now, else the last one (its standings, no tables)."""
    night = services.current_night(group) or group.nights.first()
    context = {"group": group, "night": night}
    if night is not None:
        names = standings.member_names(group)
        outcomes = standings.outcomes(group, night.started_at, night.ended_at)
        rows = standings.standings(outcomes, names)
        context.update(
            standings=rows,
            outcomes=outcomes,
            tables=glances(tables_in_play(group, night)),
            leaders=nights.night_winners(rows)[0],
        )
    return context
