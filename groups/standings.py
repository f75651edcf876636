"""A group's standings, recomputed from its finished tables and attached score sheets.

Each game or sheet is an ``Outcome``: the place of each member who played it.
Standings count per member the games played, the games won (first place, shared
included) and points: one point for each player finished ahead of, at that table
(``Outcome.points``). Places, not scores, so every game of the group stands in
one table alike — online tables and paper sheets, a dice game beside a card
game — and a win at a table of four is worth more than one at a table of two.
Nothing is stored.

A table its host ended before any player made a move counts for nobody: nobody
played it. A paper sheet counts once its scorer says it is finished.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field
from datetime import datetime

from django.db.models import Count, Exists, OuterRef, Q, QuerySet
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
    ranks: tuple[int, ...] = ()  # every player's place, members or not (else the members')

    def points(self, user_id: int) -> int:
        """The players this member finished ahead of: 3 for first of four, 0 for last; equal places
        share (two first of three: 1 each)."""
        place = self.places[user_id]
        return sum(1 for other in self.ranks or self.places.values() if other > place)


@dataclass
class Standing:
    user_id: int
    name: str
    played: int = 0
    won: int = 0
    points: int = 0
    places: list[int] = field(default_factory=list)


def standings(outcomes: Iterable[Outcome], members: dict[int, str]) -> list[Standing]:
    """Every member: most points first, then most wins, then most games played, then by name; a
    member who played nothing comes after everyone who played."""
    rows = {user_id: Standing(user_id, name) for user_id, name in members.items()}
    for outcome in outcomes:
        for user_id, place in outcome.places.items():
            if user_id in rows:
                row = rows[user_id]
                row.played += 1
                row.won += place == 1
                row.points += outcome.points(user_id)
                row.places.append(place)
    return sorted(rows.values(), key=rank_key)


def rank_key(row: Standing) -> tuple:
    return (row.played == 0, -row.points, -row.won, -row.played, row.name.lower())


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


def group_tables(ids: list[int], status: str) -> QuerySet[Game]:
    """The group's games: tables (of ``status``) at which two or more of its members ``ids`` sat."""
    games = Game.objects.filter(status=status, seats__user__in=ids)
    counted = games.annotate(members_seated=Count("seats", filter=Q(seats__user__in=ids)))
    return counted.filter(members_seated__gte=2)


def game_outcomes(group: Group, since: Span = None, until: Span = None) -> list[Outcome]:
    """Finished tables at which two or more members sat (ended within the span, if given),
    but for one its host ended before anyone played."""
    ids = list(group.memberships.values_list("user_id", flat=True))
    games = (
        group_tables(ids, Game.Status.FINISHED)
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
        url = f"/g/{game.code}/result/"
        outcomes.append(Outcome(label, url, game.finished_at, mine, winners=first, ranks=tuple(ranks)))
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
    url, when = sheet.get_absolute_url(), attached.attached_at
    return Outcome(label, url, when, mine, on_paper=True, winners=first, ranks=tuple(ranks))


def sheet_outcomes(group: Group, since: Span = None, until: Span = None) -> list[Outcome]:
    sheets = group.sheets.select_related("sheet")
    if since is not None:
        sheets = sheets.filter(attached_at__gte=since, attached_at__lte=until or timezone.now())
    return [o for o in (sheet_outcome(s) for s in sheets.order_by("-attached_at")) if o is not None]


def outcomes(group: Group, since: Span = None, until: Span = None) -> list[Outcome]:
    both = game_outcomes(group, since, until) + sheet_outcomes(group, since, until)
    return sorted(both, key=lambda o: o.when, reverse=True)
