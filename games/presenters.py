"""What a page needs to draw a game for one viewer, and nothing they may not see."""

from __future__ import annotations

from django.http import HttpRequest

from .catacombs_presenter import catacombs_context
from .forms import GAME_OPTIONS
from .models import Game, Seat
from .poker_controls import poker_controls
from .services import seat_key

LOG_LENGTH = 12


def viewer_seat(seats: list[Seat], user) -> Seat | None:
    if user is None or not user.is_authenticated:
        return None
    return next((s for s in seats if s.user_id == user.pk and not s.left), None)


def board_context(request: HttpRequest, game: Game, error: str | None = None) -> dict:
    seats = list(game.seats.all())
    user = request.user if request.user.is_authenticated else None
    mine = viewer_seat(seats, user)
    context = {
        "game": game,
        "seats": seats,
        "my_seat": mine,
        "is_host": user is not None and game.host_id == user.pk,
        "error": error,
        "invite_url": request.build_absolute_uri(game.invite_url()),
    }
    if game.state is None:
        context["option_labels"] = option_labels(game)
        return context
    position = mine.position if mine else None
    view = game.engine.view(game.state, position)
    names = {s.position: s.name for s in seats}
    context.update(
        view=view,
        names=[names.get(i, f"Seat {i + 1}") for i in range(game.players)],
        turn=game.tokens.get(seat_key(position)),
        host_turn=game.tokens.get(seat_key(None)),
        log=list(game.moves.order_by("-number").values_list("summary", flat=True)[:LOG_LENGTH]),
        to_act=set(game.engine.to_act(game.state)) if game.status == Game.Status.ACTIVE else set(),
    )
    extra = KIND_CONTEXT.get(game.kind)
    if extra:
        context.update(extra(view))
    return context


def option_labels(game: Game) -> list[str]:
    """The optional rules a table plays with, as the create form names them."""
    offered = GAME_OPTIONS.get(game.kind, {})
    return [label for name, (label, _help) in offered.items() if game.options.get(name)]


def poker_context(view: dict) -> dict:
    columns = view["columns"]
    rows = [{"number": r + 1, "values": [column[r] for column in columns]} for r in range(len(columns[0]))]
    return {"pad_rows": rows, "controls": poker_controls(view)}


KIND_CONTEXT = {"poker": poker_context, "catacombs": catacombs_context}
