"""A group's standings, recomputed from its finished tables and attached score sheets.

Each game or sheet is an ``Outcome``: the place of each member who played it.
Standings count per member the games played and won (first place, shared
included), across every game of the group alike — online tables and paper
sheets — so different games can stand in one table. Nothing is stored.

A table its host ended before any player made a move counts for nobody: nobody
played it. A paper sheet counts once its scorer says it is finished.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field
from datetime import datetime

from django.db.models import Count, Exists, OuterRef, Q
from django.utils import timezone

from games.contract.protocol import finishing_places
from games.models import Game, Move
from games.play import seat_moves

from .models import Group, GroupSheet


@dataclass(frozen=True)
class Outcome:
    label: str
    url: str
    when: datetime
    places: dict[int, int]  # member's user id -> place
    on_paper: bool = False
    winners: tuple[str, ...] = ()  # the names in first place, members or not


@dataclass
class Standing:
    user_id: int
    name: str
    played: int = 0
    won: int = 0
    places: list[int] = field(default_factory=list)


def standings(outcomes: Iterable[Outcome], members: dict[int, str]) -> list[Standing]:
    """Every member: most wins first, then most games played, then by name; a member who
    played nothing comes after everyone who played."""
    rows = {user_id: Standing(user_id, name) for user_id, name in members.items()}
    for outcome in outcomes:
        for user_id, place in outcome.places.items():
            if user_id in rows:
                row = rows[user_id]
                row.played += 1
                row.won += place == 1
                row.places.append(place)
    return sorted(rows.values(), key=lambda r: (r.played == 0, -r.won, -r.played, r.name.lower()))


def member_names(group: Group) -> dict[int, str]:
    return {m.user_id: m.user.display_name for m in group.memberships.select_related("user")}


Span = datetime | None


def _unplayed() -> Exists:
    """The host ended the table, and no player made a move of the game's own before."""
    moves = Move.objects.filter(game=OuterRef("pk"))
    # A key lookup, not payload__contains: SQLite (the embedded default) has no JSON contains.
    ended = moves.filter(seat=None, **{f"payload__{seat_moves.KEY}": seat_moves.END})
    played = moves.filter(seat__isnull=False).exclude(payload__has_key=seat_moves.KEY)
    return Exists(ended) & ~Exists(played)


def game_outcomes(group: Group, since: Span = None, until: Span = None) -> list[Outcome]:
    """Finished tables at which two or more members sat (ended within the span, if given),
    but for one its host ended before anyone played."""
    ids = list(group.memberships.values_list("user_id", flat=True))
    games = (
        Game.objects.filter(status=Game.Status.FINISHED, seats__user__in=ids)
        .annotate(members_seated=Count("seats", filter=Q(seats__user__in=ids)))
        .filter(members_seated__gte=2)
        .exclude(state=None)
        .exclude(_unplayed())
        .prefetch_related("seats")
    )
    if since is not None:
        games = games.filter(finished_at__gte=since, finished_at__lte=until or timezone.now())
    outcomes = []
    for game in games.order_by("-finished_at"):
        ranks = finishing_places(game.engine, game.state)  # its tie-breaks and resignations, as its result
        seats = [s for s in game.seats.all() if s.user_id in ids and s.position < len(ranks)]
        mine = {s.user_id: ranks[s.position] for s in seats}
        label = f"{game.engine.name} · {game.code}"
        first = tuple(s.name for s in game.seats.all() if s.position < len(ranks) and ranks[s.position] == 1)
        outcomes.append(Outcome(label, f"/g/{game.code}/result/", game.finished_at, mine, winners=first))
    return outcomes


def sheet_outcome(attached: GroupSheet) -> Outcome | None:
    sheet = attached.sheet
    if not sheet.entries:
        return None  # nothing written yet: no standing
    state = sheet.state()
    if not sheet.scorer.finished(state):
        return None  # a game still being written down
    ranks = sheet.scorer.summary(state)["places"]
    mine = {uid: ranks[i] for i, uid in enumerate(attached.members) if uid is not None and i < len(ranks)}
    label = f"{sheet.scorer.name} on paper"
    first = tuple(name for name, rank in zip(sheet.names, ranks, strict=False) if rank == 1)
    return Outcome(label, sheet.get_absolute_url(), attached.attached_at, mine, on_paper=True, winners=first)


def sheet_outcomes(group: Group, since: Span = None, until: Span = None) -> list[Outcome]:
    sheets = group.sheets.select_related("sheet")
    if since is not None:
        sheets = sheets.filter(attached_at__gte=since, attached_at__lte=until or timezone.now())
    return [o for o in (sheet_outcome(s) for s in sheets.order_by("-attached_at")) if o is not None]


def outcomes(group: Group, since: Span = None, until: Span = None) -> list[Outcome]:
    both = game_outcomes(group, since, until) + sheet_outcomes(group, since, until)
    return sorted(both, key=lambda o: o.when, reverse=True)
