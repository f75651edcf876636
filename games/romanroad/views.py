"""Roman Road's shared screen: the Foundations growing into verses, each player's Store count, and
the hand's scores between hands, for everyone in the room. It is the view of seat None (no
card of anyone's Store, Work or Search beyond what lies face up), redrawn when the table's
socket says a new version is out (static/js/live.js), with the poll as the fallback."""

from __future__ import annotations

from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import render
from django.utils import timezone
from django.views.decorators.http import require_GET

from games.access import require_watchable
from games.models import Game
from games.polling import unchanged_answer

from .engine import BETWEEN, ROMANROAD
from .presenter import romanroad_context


def _romanroad_game(code: str) -> Game:
    game = Game.objects.filter(code=code.upper(), kind=ROMANROAD.slug).select_related("host").first()
    if game is None:
        raise Http404("No Roman Road table has that code.")
    return game


def tv_context(request: HttpRequest, game: Game) -> dict:
    seats = list(game.seats.all())
    context = {"game": game, "seats": seats, "invite_url": request.build_absolute_uri(game.invite_url())}
    if game.state is None:
        return context
    view = game.engine.view(game.state, None)
    by_position = {s.position: s.name for s in seats}
    names = [by_position.get(i, f"Seat {i + 1}") for i in range(game.players)]
    next_hand_at = game.game_kind.next_hand_at(game) if view["phase"] == BETWEEN else None
    context.update(view=view, v=view, names=names, **romanroad_context(view, next_hand_at, timezone.now()))
    context["rr_you"] = context["you"] = None
    return context


@require_GET
def tv(request: HttpRequest, code: str) -> HttpResponse:
    game = require_watchable(_romanroad_game(code), request.user)
    return render(request, "romanroad/tv.html", tv_context(request, game))


@require_GET
def tv_poll(request: HttpRequest, code: str) -> HttpResponse:
    """204 while nothing changed (one indexed query); else the fresh screen."""
    answer = unchanged_answer(request, code, kind=ROMANROAD.slug)
    if answer is not None:
        return answer
    game = require_watchable(_romanroad_game(code), request.user)
    return render(request, "romanroad/tv_board.html", tv_context(request, game))
