"""Play again: one new table with the same seats, computer players and options as a finished game.

The first player to ask hosts the new table and sits at it with the finished
game's computer players (same names); everyone else who played joins it with
one tap from their end screen, which hears the invitation pushed. One rematch
per game (``Game.rematch_of`` is one-to-one): a second ask joins the first.
A game kind may refuse a rematch (``TablePolicy.rematch_refusal``: a ranked one-attempt
run) or play again its own way (``GameKind.play_again``: a fresh solo run).
"""

from __future__ import annotations

from django.db import transaction

from games.models import Game, Seat
from games.play.services import MoveRejected, join_game
from games.play.signals import rematch_offered


def rematch_of(game: Game) -> Game | None:
    return Game.objects.filter(rematch_of=game).first()


@transaction.atomic
def play_again(game_id: int, user) -> Game:
    """The rematch of finished game ``game_id`` with ``user`` seated at it (made if none yet)."""
    old = Game.objects.select_for_update().get(pk=game_id)
    if old.status != Game.Status.FINISHED:
        raise MoveRejected("A rematch can be asked for once the game is over.", 409)
    seats = list(old.seats.order_by("position"))
    if user is None or not any(s.user_id == user.pk and not s.left for s in seats):
        raise MoveRejected("Only the players of this game can ask for a rematch.", 403)
    kind = old.game_kind
    if refusal := kind.policy(old).rematch_refusal:
        raise MoveRejected(refusal, 409)
    existing = rematch_of(old)
    if existing is not None:
        if existing.status == Game.Status.OPEN:
            join_game(existing.pk, user)
        return existing
    own = kind.play_again(old, user)
    if own is not None:
        Game.objects.filter(pk=own.pk).update(rematch_of=old)
        own.rematch_of = old
        return own
    new = Game.objects.create(
        kind=old.kind,
        options=old.options,
        max_seats=max(old.max_seats, len(seats)),
        seat_order=old.seat_order,
        host=user,
        turn_deadline=old.turn_deadline,
        rematch_of=old,
    )
    Seat.objects.create(game=new, user=user, position=0, name=user.display_name)
    bots = [s for s in seats if s.is_bot]
    for number, bot in enumerate(bots, start=1):
        Seat.objects.create(game=new, position=number, name=bot.name, is_bot=True)
    old.save(update_fields=["updated_at"])  # the players' "My games" see a change and redraw
    players = [s.user_id for s in seats if s.user_id and not s.left]
    transaction.on_commit(lambda: rematch_offered.send(Game, game_id=old.pk, user_ids=players), robust=True)
    return new


def offer_context(game: Game, user, seats: list[Seat] | None = None) -> dict:
    """What the end screen's invitation needs for this viewer (``games/rematch.html``)."""
    user = user if user is not None and user.is_authenticated else None
    if game.game_kind.policy(game).rematch_refusal:
        return {"offer": None, "played": False, "joined": False}
    offer = rematch_of(game) if game.status == Game.Status.FINISHED else None
    seats = list(game.seats.all()) if seats is None else seats
    played = user is not None and any(s.user_id == user.pk and not s.left for s in seats)
    joined = offer is not None and user is not None and offer.seats.filter(user=user).exists()
    label = game.game_kind.policy(game).play_again_label
    return {"offer": offer, "played": played, "joined": joined, "again_label": label}


def open_offers(finished_ids: list[int], user) -> dict[int, Game]:
    """Of these finished games, the rematches still open that ``user`` has no seat at, by game id
    (two queries): "My games" offers them beside the finished game."""
    offers = {g.rematch_of_id: g for g in Game.objects.filter(rematch_of_id__in=finished_ids, status="open")}
    seated = set(Seat.objects.filter(game__in=offers.values(), user=user).values_list("game_id", flat=True))
    return {old: new for old, new in offers.items() if new.pk not in seated}
