"""How a Roman Catacombs table runs itself: who flips, and passes for those who left.

The engine waits for ``{"type": "flip"}`` by seat ``None``; a table's
``flip_mode`` option says who gives it:

- ``host``: the host presses Flip (the first flip too);
- ``auto``: the system flips as soon as a turn resolves (solo games always);
- ``timed``: the system deals the first flip at the start; then each turn lasts
  ``turn_seconds`` and the task queue passes the missing players and flips
  when it ends (the host may flip early).

``system_move`` is asked after every recorded move, inside the same locked
transaction, so an automatic flip happens exactly once.
"""

from __future__ import annotations

from datetime import datetime, timedelta

from games.catacombs.engine import CATACOMBS
from games.contract.platform import asleep, last_resumed_at, seat_moves
from games.models import Game, Move, Seat

SLUG = CATACOMBS.slug
HOST, AUTO, TIMED = "host", "auto", "timed"
FLIP_MODES = {HOST: "The host flips", AUTO: "Automatic", TIMED: "Timed turns"}
DEFAULT_FLIP_MODE = AUTO
PASS = {"type": "pass", "gone": True}  # logged as the seat passing, not as a choice
AWAY_PASS = {"type": "pass", "away": True}  # a phone that slept: its seat passes this turn
FLIP = {"type": "flip"}
MOVE_ON = {"type": "flip_on", "away": True}  # someone at the table moves on past the people away


def is_solo(game: Game) -> bool:
    return bool(game.options.get("solo")) or (game.state is not None and bool(game.state.get("solo")))


def flip_mode(game: Game) -> str:
    """The table's flip mode; solo games always flip automatically."""
    if is_solo(game):
        return AUTO
    mode = game.options.get("flip_mode")
    return mode if mode in FLIP_MODES else DEFAULT_FLIP_MODE


def turn_seconds(game: Game) -> int | None:
    seconds = game.options.get("turn_seconds")
    return seconds if flip_mode(game) == TIMED and isinstance(seconds, int) and seconds > 0 else None


def host_may_flip(game: Game) -> bool:
    return flip_mode(game) in (HOST, TIMED)


def moves_on_by_itself(game: Game) -> bool:
    """An automatic or timed group table passes a phone that slept (``platform.asleep``); at a
    host's table the host, or anyone there, moves it on (``MOVE_ON``)."""
    return not is_solo(game) and flip_mode(game) in (AUTO, TIMED)


def system_move(game: Game, seats: list[Seat]) -> tuple[int | None, dict] | None:
    """The next move the table makes by itself, as (seat, move), or None.

    A seat whose player left passes, and so does a phone that slept at an automatic or timed
    table; then the flip follows for auto (and solo) tables, and for timed tables at the start only.
    """
    if game.kind != SLUG or game.status != Game.Status.ACTIVE or game.state is None:
        return None
    engine, state = game.engine, game.state
    left = {s.position for s in seats if s.left}
    waiting = engine.to_act(state)
    for seat in waiting:
        if seat in left:
            return seat, PASS
    if waiting and moves_on_by_itself(game) and (sleepers := asleep(game)):
        return sleepers[0], AWAY_PASS
    if not engine.awaits_table(state) or len(left) >= game.players:
        return None
    mode = flip_mode(game)
    if mode == AUTO or (mode == TIMED and state["turn"] == 0):
        return None, FLIP
    return None


def last_flip_at(game: Game) -> datetime | None:
    """When the current cards were flipped, or when the host last resumed the game, if later:
    a timed turn paused starts afresh."""
    flipped = (
        Move.objects.filter(game=game, seat__isnull=True, payload__type="flip")
        .order_by("-number")
        .values_list("created_at", flat=True)
        .first()
    )
    resumed = last_resumed_at(game)
    return max(flipped, resumed) if flipped and resumed else flipped


def turn_deadline(game: Game) -> datetime | None:
    """When a timed table's current turn ends (and the next flip is due)."""
    seconds = turn_seconds(game)
    if seconds is None or game.status != Game.Status.ACTIVE or game.paused_at is not None:
        return None
    flipped = last_flip_at(game)
    return flipped + timedelta(seconds=seconds) if flipped else None


ENDED_BY_HOST = "The host ended the game early, as it stood."
ENDED_EMPTY = "Nobody played any more, so the game ended as it stood."


def early_end(game: Game) -> str:
    """How a finished table ended before its last card, in a sentence; "" when it was played out."""
    if game.status != Game.Status.FINISHED:
        return ""
    end = (
        Move.objects.filter(game=game, **{f"payload__{seat_moves.KEY}": seat_moves.END})
        .values_list("payload", flat=True)
        .first()
    )
    if end is None:
        return ""
    return ENDED_EMPTY if end.get("why") == seat_moves.EVERYONE_LEFT else ENDED_BY_HOST
