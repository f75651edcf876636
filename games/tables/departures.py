"""What a player's tables keep when their account goes (deleted, or a guest swept).

Games outlive their players, so they still replay, print and show their log:

- a table still open loses the seat; a table they host passes to the next
  person seated, or is cancelled when nobody else sits at it;
- a game in play keeps the seat, marked as left (the table plays on as when a
  player leaves); hosting passes to the next person still seated, else to nobody;
- a finished game keeps the seat and its scores, and has no host any more.

A deleted account's seats (and their lines in the log) read ``FORMER_PLAYER``;
a swept guest's keep the name they played under.
"""

from __future__ import annotations

import logging

from games.models import FORMER_PLAYER, LOG_TAIL, Game, Move, Seat
from games.play.replay import steps
from games.play.services import Source, announce, describe, play_table_moves

log = logging.getLogger(__name__)


def release(user, *, keep_names: bool) -> int:
    """Detach ``user`` from every game, inside the caller's transaction; returns how many games.

    Each game row is locked, in id order, as the move path locks it.
    """
    game_ids = set(Seat.objects.filter(user=user).values_list("game_id", flat=True))
    game_ids |= set(Game.objects.filter(host=user).values_list("pk", flat=True))
    for game_id in sorted(game_ids):
        game = Game.objects.select_for_update().filter(pk=game_id).first()
        if game is not None:
            _release_from(game, user, keep_names)
    return len(game_ids)


def _heir(seats: list[Seat], user) -> Seat | None:
    return next((s for s in seats if s.user_id is not None and s.user_id != user.pk and not s.left), None)


def _release_from(game: Game, user, keep_names: bool) -> None:
    seats = list(game.seats.all())
    mine = next((s for s in seats if s.user_id == user.pk), None)
    if game.host_id == user.pk:
        heir = _heir(seats, user)
        if game.status == Game.Status.OPEN and heir is None:
            game.delete()  # as if the host had cancelled it: nobody else was waiting
            return
        game.host_id = heir.user_id if heir is not None and game.status != Game.Status.FINISHED else None
    if mine is not None and game.status == Game.Status.OPEN:
        mine.delete()
        seats.remove(mine)
    elif mine is not None:
        old_name = mine.name
        mine.user = None
        mine.left = mine.left or game.status == Game.Status.ACTIVE
        if not keep_names:
            mine.name = FORMER_PLAYER
        mine.save(update_fields=["user", "left", "name"])
        if mine.name != old_name:
            rename_in_log(game, mine.position, old_name, seats)
    game.version += 1  # open pages redraw, and cached pads of the old version are not reused
    game.save(update_fields=["host", "version", "log_tail", "updated_at"])
    if game.status == Game.Status.ACTIVE:
        play_table_moves(game, seats)  # e.g. a pass for the seat that just left
        announce(game, seats, Source.LOBBY)


def rename_in_log(game: Game, position: int, old_name: str, seats: list[Seat]) -> None:
    """Write the log lines of seat ``position`` again with the name its seat has now."""
    if game.state is None:
        return
    changed = []
    try:
        for move, before, after in steps(game):
            if move.seat == position:
                summary = describe(game, before, after, position, move.payload, seats)
                if summary != move.summary:
                    move.summary = summary
                    changed.append(move)
    except Exception:  # noqa: BLE001 — a log that no longer replays: replace the name as text
        log.warning("Game %s does not replay; renaming seat %s in its log as text.", game.code, position)
        name = next(s.name for s in seats if s.position == position)
        changed = list(Move.objects.filter(game=game, seat=position, summary__contains=old_name))
        for move in changed:
            move.summary = move.summary.replace(old_name, name)
    Move.objects.bulk_update(changed, ["summary"], batch_size=500)
    game.log_tail = latest_log_lines(game)


def latest_log_lines(game: Game) -> list[str]:
    """The game's latest ``LOG_TAIL`` log lines, newest first, as read from its log."""
    lines = game.moves.order_by("-number").values_list("summary", flat=True)[:LOG_TAIL]
    return list(lines)
