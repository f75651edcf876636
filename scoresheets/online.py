"""The filled pad of an online game, as its viewer may see it.

The pad is built from ``engine.view(state, seat)`` for the viewer's own seat
(``None`` for someone without a seat), never from the raw state, so a pad of a
game in progress shows no more than the game page does.
"""

from __future__ import annotations

from collections.abc import Callable

from django.utils.text import slugify

from games.models import Game, Seat

from .pads import Pad, cache_key, render_pdf
from .registry import pad_kind

SCOPES = ("table", "mine")


class PadUnavailable(Exception):
    def __init__(self, message: str, status: int) -> None:
        super().__init__(message)
        self.message = message
        self.status = status


def _viewer_position(seats: list[Seat], user) -> int | None:
    """The viewer's seat number, as the game page decides it (None: no seat, a spectator)."""
    if user is None or not user.is_authenticated:
        return None
    return next((s.position for s in seats if s.user_id == user.pk and not s.left), None)


def game_pad_source(game: Game, user, scope: str, paper: str) -> tuple[str, Callable[[], bytes], str]:
    """The cache key (it names the game's version: a new move, a new key), the render, and a
    file name of the pad this viewer may print; PadUnavailable when there is none."""
    found = pad_kind(game.kind)
    layout = found.pad if found else None
    if layout is None or not hasattr(layout, "from_view"):
        raise PadUnavailable(f"There is no printable pad for {game.engine.name} games yet.", 404)
    if game.state is None:
        raise PadUnavailable("This game has not started yet, so its pad is still empty.", 409)
    seats = list(game.seats.all())
    position = _viewer_position(seats, user)
    if scope == "mine" and position is None:
        raise PadUnavailable(
            "You have no seat at this table, so there is no sheet of yours: print the whole table instead.",
            403,
        )
    key = cache_key("game", game.code, game.version, position, scope, paper)

    def build() -> bytes:
        view = game.engine.view(game.state, position)
        names = {seat.position: seat.name for seat in seats}
        ordered = [names.get(i, f"Seat {i + 1}") for i in range(game.players)]
        units = layout.from_view(view, ordered, position if scope == "mine" else None)
        heading = f"Table {game.code} · {layout.status(view)}"
        return render_pdf(Pad(game.kind, units, paper=paper, heading=heading))

    filename = f"{slugify(found.name)}-{game.code.lower()}{'-mine' if scope == 'mine' else ''}.pdf"
    return key, build, filename
