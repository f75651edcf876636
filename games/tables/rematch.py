"""Play again: the room outlives its game. The rematch is a new table with the finished game's host,
people, computer players and options, and its screens follow to it.

Only the host starts it while the host is still with the table (a host who flips
without playing too); once the host has left (their account gone, their seat
left, no page of theirs open at the table), the first player to ask does, and
hosts it. Everyone still playing at the end is seated at it, in the same order,
with the computer players (same names); a player who left is not. The open end
screens hear it pushed, a shared screen goes to the new table's by itself
(``follow``), and the old join code leads to the new table while it takes
players. One rematch per game (``Game.rematch_of`` is one-to-one): a second ask
goes to the first. A game kind may refuse a rematch (``TablePolicy.rematch_refusal``:
a ranked one-attempt run) or play again its own way (``GameKind.play_again``: a fresh solo run).
"""

from __future__ import annotations

from django.db import transaction

from games.live import presence
from games.models import Game, Seat
from games.play.services import MoveRejected, join_game
from games.play.signals import rematch_offered

FOLLOW_LIMIT = 50  # rematches of rematches a shared screen or a join link follows at most


def rematch_of(game: Game) -> Game | None:
    return Game.objects.filter(rematch_of=game).first()


def newest(game: Game) -> Game:
    """The last table of this game's line of rematches (the game itself when it has none)."""
    for _ in range(FOLLOW_LIMIT):
        later = rematch_of(game)
        if later is None:
            break
        game = later
    return game


def _players(seats: list[Seat]) -> list[Seat]:
    """The people still playing at the end (a seat given to a computer player too: its player watches)."""
    return [s for s in seats if s.user_id is not None and not s.left]


def host_stays(game: Game, seats: list[Seat]) -> bool:
    """Whether the finished table's host is still with it: an account, their seat (if they had one)
    not left, and a page of theirs open at the table (``presence``)."""
    if game.host_id is None:
        return False
    theirs = next((s for s in seats if s.user_id == game.host_id), None)
    if theirs is not None and theirs.left:
        return False
    return presence.is_here(game.pk, game.host_id)


def may_start(game: Game, seats: list[Seat], user) -> bool:
    """Whether ``user`` may start the rematch: the host, or any player once the host has left."""
    if user is None:
        return False
    if game.host_id == user.pk and not any(s.user_id == user.pk and s.left for s in seats):
        return True
    return any(s.user_id == user.pk for s in _players(seats)) and not host_stays(game, seats)


def waiting_for_host(game: Game) -> str:
    return f"{game.host_name}, the host, starts the rematch: it shows here when they do."


@transaction.atomic
def play_again(game_id: int, user) -> Game:
    """The rematch of finished game ``game_id``, made if none yet and ``user`` may start it;
    ``user`` (a player) takes a seat at one already made if they have none there."""
    old = Game.objects.select_for_update().get(pk=game_id)
    if old.status != Game.Status.FINISHED:
        raise MoveRejected("A rematch can be asked for once the game is over.", 409)
    seats = list(old.seats.order_by("position"))
    played = user is not None and any(s.user_id == user.pk for s in _players(seats))
    if not played and not (user is not None and old.host_id == user.pk):
        raise MoveRejected("Only the players of this game can ask for a rematch.", 403)
    kind = old.game_kind
    if refusal := kind.policy(old).rematch_refusal:
        raise MoveRejected(refusal, 409)
    existing = rematch_of(old)
    if existing is not None:
        if played and existing.status == Game.Status.OPEN:
            join_game(existing.pk, user)
        return existing
    if not may_start(old, seats, user):
        raise MoveRejected(waiting_for_host(old), 409)
    own = kind.play_again(old, user)
    if own is not None:
        Game.objects.filter(pk=own.pk).update(rematch_of=old)
        own.rematch_of = old
        return own
    host_id = old.host_id if host_stays(old, seats) or old.host_id == user.pk else user.pk
    people = _players(seats)
    carried = [s for s in seats if s in people or (s.is_bot and s.user_id is None and not s.left)]
    new = Game.objects.create(
        kind=old.kind,
        options=old.options,
        max_seats=max(old.max_seats, len(carried)),
        seat_order=old.seat_order,
        host_id=host_id,
        turn_deadline=old.turn_deadline,
        rematch_of=old,
    )
    Seat.objects.bulk_create(
        Seat(game=new, position=number, name=s.name, user_id=s.user_id, is_bot=s.user_id is None)
        for number, s in enumerate(carried)
    )
    old.save(update_fields=["updated_at"])  # the players' "My games" see a change and redraw
    told = [s.user_id for s in people]
    transaction.on_commit(lambda: rematch_offered.send(Game, game_id=old.pk, user_ids=told), robust=True)
    return new


def offer_context(game: Game, user, seats: list[Seat] | None = None) -> dict:
    """What the end screen's invitation needs for this viewer (``games/rematch.html``)."""
    user = user if user is not None and user.is_authenticated else None
    if game.game_kind.policy(game).rematch_refusal:
        return {"offer": None, "played": False, "joined": False}
    offer = rematch_of(game) if game.status == Game.Status.FINISHED else None
    seats = list(game.seats.all()) if seats is None else seats
    played = user is not None and any(s.user_id == user.pk for s in _players(seats))
    hosts = offer is not None and user is not None and offer.host_id == user.pk
    joined = hosts or (offer is not None and user is not None and offer.seats.filter(user=user).exists())
    starts = offer is None and game.status == Game.Status.FINISHED and may_start(game, seats, user)
    label = game.game_kind.policy(game).play_again_label
    return {
        "offer": offer,
        "played": played,
        "joined": joined,
        "hosts_offer": hosts,
        "again_label": label,
        "may_start": starts,
        "waiting_for": waiting_for_host(game) if played and offer is None and not starts else "",
    }


def open_offers(finished_ids: list[int], user) -> dict[int, Game]:
    """Of these finished games, the rematches still open that ``user`` has no seat at, by game id
    (two queries): "My games" offers them beside the finished game."""
    offers = {g.rematch_of_id: g for g in Game.objects.filter(rematch_of_id__in=finished_ids, status="open")}
    seated = set(Seat.objects.filter(game__in=offers.values(), user=user).values_list("game_id", flat=True))
    return {old: new for old, new in offers.items() if new.pk not in seated}


def join_instead(game: Game) -> Game | None:
    """The table a finished game's join code leads to now: its newest rematch (whose own join page
    seats a latecomer, or says why it cannot and offers to watch)."""
    if game.status != Game.Status.FINISHED:
        return None
    later = newest(game)
    return None if later.pk == game.pk else later
