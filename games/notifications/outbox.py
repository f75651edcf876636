"""Who hears about what: outbox rows computed from a game before and after a change.

``after_move`` and ``after_start`` run inside the transaction that changed the
game, so a row exists exactly when its move does; delivery is handed to Celery
on commit (``mailer`` sends, the beat sweep retries). Each row states what it
claims (``claims``), which delivery checks against the table as it is then: a
row is written for every seat put in play, whoever is at the table, and
``claims`` alone decides whether and when it goes. Everything written here is
public: move summaries, names and final scores, never a view of hidden state.
"""

from __future__ import annotations

import logging
from collections import defaultdict
from collections.abc import Iterable
from dataclasses import dataclass, field
from datetime import datetime

from django.contrib.auth import get_user_model
from django.db import transaction
from django.utils import timezone

from games.contract import kinds
from games.contract.protocol import awaits_table, finishing_places, name_list, round_number
from games.live import presence
from games.models import Game, Move, Notification, NotificationPrefs, Seat
from games.notifications import claims
from games.play.signals import outbox_written

Claim = Notification.Claim

log = logging.getLogger(__name__)

LINES_PER_MAIL = 6  # a turn of each other player at a full Poker table
RECENT_MOVES = 30
IMMEDIATE, DIGEST, NONE = (
    NotificationPrefs.Mode.IMMEDIATE,
    NotificationPrefs.Mode.DIGEST,
    NotificationPrefs.Mode.NONE,
)


@dataclass(frozen=True)
class Person:
    """A user as the planner needs them: where to write and what they chose."""

    user_id: int
    email: str
    mode: str = IMMEDIATE
    always: bool = False


# The claim of each kind of mail that makes only one (a turn mail claims a turn or a round).
KIND_CLAIMS = {
    "turn": Claim.TURN,
    "host_step": Claim.HOST_STEP,
    "reminder": Claim.REMINDER,
    "timeout": Claim.TIMEOUT,
    "game_over": Claim.GAME_OVER,
    "digest": Claim.DIGEST,
    "verify": Claim.LINK,
}


@dataclass
class Planned:
    user_id: int
    game_id: int | None
    kind: str
    dedupe_key: str
    context: dict = field(default_factory=dict)
    claim: str = ""  # by default the kind's own (``KIND_CLAIMS``)
    seat: int | None = None
    turn: int | None = None


def people(user_ids: Iterable[int]) -> dict[int, Person]:
    """Active users with a verified address, by id, with their preferences (one query). An address
    not yet verified gets no mail but its link (``accounts.verification``)."""
    rows = (
        get_user_model()
        .objects.filter(pk__in=set(user_ids), is_active=True, email__isnull=False, email_verified=True)
        .exclude(email="")
        .values_list("pk", "email", "notify__mode", "notify__always")
    )
    return {pk: Person(pk, email, mode or IMMEDIATE, bool(always)) for pk, email, mode, always in rows}


Recent = list[tuple[int, int | None, str, str | None]]


def recent_moves(game: Game) -> Recent:
    """(number, seat, summary, move type) of the latest moves, newest first."""
    rows = Move.objects.filter(game=game).order_by("-number")
    return list(rows.values_list("number", "seat", "summary", "payload__type")[:RECENT_MOVES])


def lines_since(game: Game, recent: Recent, seat: int | None) -> dict:
    """What happened since ``seat`` last moved, as a mail shows it (``emails/lines.txt``): the
    moves that change the table, oldest first (the latest few; ``more``: how many earlier), then
    the count of the game's small moves (rolls, draws) and their kinds. Only public summaries."""
    small_kinds = kinds.get(game.kind).small_moves
    lines, small, seen = [], 0, []
    for _number, mover, summary, move_type in recent:
        if seat is not None and mover == seat:
            break
        if move_type in small_kinds:
            small += 1
            if small_kinds[move_type] not in seen:
                seen.insert(0, small_kinds[move_type])
        else:
            lines.append(summary)
    shown = lines[:LINES_PER_MAIL]
    return {
        "lines": list(reversed(shown)),
        "more": len(lines) - len(shown),
        "smaller": small,
        "smaller_kinds": name_list(seen),
    }


def _game_context(game: Game) -> dict:
    """A live table's clocks are the table's, not a player's time for a turn: its mails name none."""
    kind = kinds.get(game.kind)
    deadline = None if kind.realtime else kind.timed_turn(game) or game.turn_deadline
    return {"game_code": game.code, "game_name": game.engine.name, "deadline": deadline}


def plan_turns(
    game: Game,
    newly_awaited: Iterable[int],
    seats: list[Seat],
    persons: dict[int, Person],
    recent: Recent,
    *,
    actor_user_id: int | None,
    now: datetime,
    table_step: bool = False,
    start: bool = False,
) -> list[Planned]:
    """Tell each seat that has just become awaited that it is their turn (or, in a game played in
    rounds, that a round needs them), if they want that e-mail.

    A player at the table right now gets the row all the same: it goes once they have been away
    ``claims.window()``, if the turn is still theirs (``claims.check``)."""
    by_position = {s.position: s for s in seats}
    told = []
    for position in sorted(newly_awaited):
        seat = by_position.get(position)
        if seat is None or seat.user_id is None or seat.left or seat.is_bot or seat.muted:
            continue  # nobody to tell, or a computer player plays the seat
        if seat.user_id == actor_user_id:
            continue
        person = persons.get(seat.user_id)
        if person is not None and person.mode == IMMEDIATE:
            told.append(seat)
    if not told:
        return []
    claim = claims.claim_for_turn(game)
    number = round_number(game.engine, game.state)
    if claim == Claim.TURN:  # the seat's turn as counted by the move just written (``writes.awaiting``)
        counted = Seat.objects.filter(game=game, position__in=[s.position for s in told])
        turns = dict(counted.values_list("position", "turns"))
    live = kinds.get(game.kind).realtime
    planned = []
    for seat in told:
        position = seat.position
        lines = {} if live else lines_since(game, recent, position)  # a race's log is no story to tell
        context = {
            **_game_context(game),
            **lines,
            "table_step": table_step,
            "start": start,
            "live": live,
            "round": number,
        }
        turn = number if claim == Claim.ROUND else turns.get(position)
        key = f"turn:{game.pk}:{position}:{game.version}"
        planned.append(Planned(seat.user_id, game.pk, "turn", key, context, claim, position, turn))
    return planned


def plan_game_over(
    game: Game,
    seats: list[Seat],
    persons: dict[int, Person],
    recent: Recent,
    *,
    watching: frozenset[int] = frozenset(),
) -> list[Planned]:
    """The final scores to every player who still wants mail about this game, in the game's own
    order of places (its tie-breaks included); a shared place is shown once per seat.

    A seat in ``watching`` (its page is open as the game ends) saw the end on the table and gets
    none, unless its player asked for mail even while they have the game open."""
    scores = game.engine.scores(game.state)
    places = finishing_places(game.engine, game.state)
    names = {s.position: s.name for s in seats}
    table = sorted(
        (
            {"name": names.get(i, f"Seat {i + 1}"), "score": v, "place": places[i], "won": places[i] == 1}
            for i, v in enumerate(scores)
        ),
        key=lambda row: row["place"],
    )
    winners = name_list([row["name"] for row in table if row["won"]])
    lines = lines_since(game, recent, None)["lines"]
    planned = []
    for seat in seats:
        person = persons.get(seat.user_id) if seat.user_id else None
        if person is None or seat.left or seat.muted or person.mode == NONE:
            continue
        if seat.pk in watching and not person.always:
            continue
        context = {**_game_context(game), "scores": table, "winners": winners}
        context.update(lines=lines[-2:], your_name=seat.name)
        key = f"over:{game.pk}:{seat.user_id}"
        planned.append(Planned(seat.user_id, game.pk, "game_over", key, context, seat=seat.position))
    return planned


def plan_host_step(
    game: Game, seats: list[Seat], persons: dict[int, Person], *, actor_user_id: int | None, now: datetime
) -> list[Planned]:
    """A table whose host gives the next step: tell the host the players are done."""
    host = persons.get(game.host_id)
    if host is None or host.mode != IMMEDIATE or game.host_id == actor_user_id:
        return []
    seat = next((s for s in seats if s.user_id == game.host_id), None)
    if seat is not None and seat.muted:
        return []
    key = f"hoststep:{game.pk}:{game.version}"
    # The step due from the next move on: a step of the table's from then on is a later one.
    return [Planned(game.host_id, game.pk, "host_step", key, _game_context(game), turn=game.move_count)]


def _quiet(game: Game) -> bool:
    """A game played in one sitting (a solo run): no mail about it."""
    return kinds.get(game.kind).policy(game).one_sitting


def _to_act(game: Game, state: dict | None) -> set[int]:
    return set(game.engine.to_act(state)) if state is not None else set()


def _put_in_play(game: Game, before: dict | None) -> set[int]:
    """The seats a move put in play: those awaited now and not before; in a game played in rounds
    (the engine's ``round_number``), every seat awaited when a round starts, and none otherwise, so
    a seat out of play for a moment within a round (stuck, not yet ready) is not told twice."""
    after = _to_act(game, game.state)
    started = round_number(game.engine, game.state)
    if started is None:
        return after - _to_act(game, before)
    return after if started != round_number(game.engine, before) else set()


def _awaits_table(game: Game, state: dict | None) -> bool:
    return state is not None and awaits_table(game.engine, state)


def _host_move_due(game: Game, before: dict | None) -> bool:
    host_acts = kinds.get(game.kind).host_acts(game)
    return host_acts and _awaits_table(game, game.state) and not _awaits_table(game, before)


def interested(game: Game, before: dict | None, seats: list[Seat]) -> set[int]:
    """Users the move may concern (cheap: no query), so that most moves cost no extra query."""
    if _quiet(game):
        return set()
    if game.status == Game.Status.FINISHED:
        return {s.user_id for s in seats if s.user_id}
    newly = _put_in_play(game, before)
    users = {s.user_id for s in seats if s.user_id and s.position in newly}
    return users | ({game.host_id} if game.host_id and _host_move_due(game, before) else set())


def plan_move(
    game: Game,
    before: dict | None,
    seats: list[Seat],
    persons: dict[int, Person],
    recent: Recent,
    *,
    actor_user_id: int | None,
    now: datetime,
    watching: frozenset[int] = frozenset(),
) -> list[Planned]:
    """The notifications one recorded move causes (``game`` holds the state after it); ``watching``:
    the seats with a page open at the table."""
    if _quiet(game):
        return []
    if game.status == Game.Status.FINISHED:
        return plan_game_over(game, seats, persons, recent, watching=watching)
    planned = []
    newly = _put_in_play(game, before)
    if newly:
        # The table's own step (new cards, a deal) just put these seats in play, or the host's
        # that stood for it (the host flipped on for the seats still choosing).
        number = round_number(game.engine, game.state)
        table_step = _awaits_table(game, before) or (
            number is not None and number != round_number(game.engine, before)
        )
        planned += plan_turns(
            game, newly, seats, persons, recent, actor_user_id=actor_user_id, now=now, table_step=table_step
        )
    if _host_move_due(game, before):
        planned += plan_host_step(game, seats, persons, actor_user_id=actor_user_id, now=now)
    return planned


def after_move(game: Game, before: dict | None, seats: list[Seat], actor_user_id: int | None) -> list[int]:
    """Write the outbox rows for the move just recorded on ``game``; returns their ids."""
    users = interested(game, before, seats)
    persons = people(users) if users else {}
    if not persons:
        return []
    watching = frozenset()
    if game.status == Game.Status.FINISHED:  # who sees the end on their page needs no mail about it
        watching = frozenset(presence.here(s.pk for s in seats if s.user_id in persons))
    planned = plan_move(
        game,
        before,
        seats,
        persons,
        recent_moves(game),
        actor_user_id=actor_user_id,
        now=timezone.now(),
        watching=watching,
    )
    return write(planned)


def after_start(game: Game, actor_user_id: int | None) -> list[int]:
    """Tell the players who play first (and did not start the game) that it has started."""
    awaited = _to_act(game, game.state)
    if not awaited or _quiet(game):
        return []
    seats = list(Seat.objects.filter(game=game))
    persons = people({s.user_id for s in seats if s.user_id and s.position in awaited} - {actor_user_id})
    if not persons:
        return []
    planned = plan_turns(
        game, awaited, seats, persons, [], actor_user_id=actor_user_id, now=timezone.now(), start=True
    )
    return write(planned)


# Digest ----------------------------------------------------------------------


def group_digest(rows: Iterable[tuple[int, str, str, datetime | None, int | None]]) -> dict[int, list[dict]]:
    """(user_id, game code, game name, waiting since, deadline s) rows → games per user, oldest wait first."""
    grouped: dict[int, list[dict]] = defaultdict(list)
    for user_id, code, name, since, deadline in rows:
        grouped[user_id].append(
            {
                "game_code": code,
                "game_name": name,
                "since": since.isoformat() if since else None,
                "deadline": deadline,
            }
        )
    for games in grouped.values():
        games.sort(key=lambda g: (g["since"] or "", g["game_code"]))
    return dict(grouped)


def plan_digests(now: datetime) -> list[Planned]:
    """One e-mail per digest reader listing every game waiting for them (none if none waits)."""
    digest_users = NotificationPrefs.objects.filter(mode=DIGEST).values_list("user_id", flat=True)
    seats = Seat.objects.filter(
        user_id__in=list(digest_users),
        awaiting=True,
        muted=False,
        left=False,
        is_bot=False,  # a computer player plays it
        game__status=Game.Status.ACTIVE,
    ).values_list("user_id", "game__code", "game__kind", "waiting_since", "game__turn_deadline")
    rows = [(u, code, kinds.get(slug).name, since, dl) for u, code, slug, since, dl in seats]
    persons = people({row[0] for row in rows})
    day = now.date().isoformat()
    return [
        Planned(user_id, None, "digest", f"digest:{user_id}:{day}", {"games": games, "day": day})
        for user_id, games in group_digest(rows).items()
        if user_id in persons
    ]


# Writing the outbox ------------------------------------------------------------


def write(planned: list[Planned], *, enqueue: bool = True) -> list[int]:
    """Insert the rows whose dedupe key is new and deliver them after commit (a claim about a table
    once its window is over); returns their ids."""
    keys = {p.dedupe_key for p in planned}
    if not keys:
        return []
    known = set(Notification.objects.filter(dedupe_key__in=keys).values_list("dedupe_key", flat=True))
    fresh = [p for p in planned if p.dedupe_key not in known]
    if not fresh:
        return []
    now, wait = timezone.now(), claims.window()
    rows = []
    for p in fresh:
        claim = p.claim or KIND_CLAIMS[p.kind]
        due = now + wait if claim in claims.AT_TABLE else now
        rows.append(
            Notification(
                user_id=p.user_id,
                game_id=p.game_id,
                kind=p.kind,
                dedupe_key=p.dedupe_key,
                context=p.context,
                claim=claim,
                seat=p.seat,
                turn=p.turn,
                due_at=due,
            )
        )
    # A racing writer of the same key wins; its row is delivered by it.
    Notification.objects.bulk_create(rows, ignore_conflicts=True)
    new_keys = [p.dedupe_key for p in fresh]
    written = Notification.objects.filter(dedupe_key__in=new_keys).values_list("pk", "due_at")
    if not written:
        return []
    ids = [pk for pk, _ in written]
    if enqueue:
        by_due: dict[float, list[int]] = defaultdict(list)
        for pk, due in written:
            by_due[max(0.0, (due - now).total_seconds())].append(pk)
        for delay, group in by_due.items():
            transaction.on_commit(lambda group=group, delay=delay: announce(group, delay), robust=True)
    return ids


def announce(ids: list[int], delay: float = 0.0) -> None:
    """Tell whoever delivers (``games.tasks``) that rows are due in ``delay`` seconds; the beat
    sweep is the fallback."""
    outbox_written.send(Notification, ids=ids, delay=delay)
