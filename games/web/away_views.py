"""The pages of a person away and back: whom the table waits on, moving on without them, and what a
page that slept missed."""

from __future__ import annotations

from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from django.views.decorators.http import require_GET, require_POST

from games.models import Game, Move
from games.tables import tools as table_tools
from games.tables.access import require_watchable, watchable_table
from games.web.presenter import away_context
from games.web.views import table_tool

WHILE_AWAY_LINES = 8  # the latest lines a page back from sleep shows; the log has the rest


@require_GET
def away(request: HttpRequest, code: str) -> HttpResponse:
    """Whom the table waits on who is away (the box the board shows), redrawn as people come and go."""
    game = Game.objects.filter(code=code).first()
    if game is None or game.status != Game.Status.ACTIVE:  # cancelled or over: the board says so
        return HttpResponse(status=204)
    game = require_watchable(game, request.user)
    return render(request, "games/away.html", away_context(request, game))


@require_POST
def move_on(request: HttpRequest, code: str) -> HttpResponse:
    """Someone at the table moves it on past the people away (``tools.move_on``)."""
    return table_tool(request, code, lambda game: table_tools.move_on(game.pk, request.user))


@require_GET
def since(request: HttpRequest, code: str, moves: int) -> HttpResponse:
    """What the table did after a page showed its first ``moves`` moves (a phone back from sleep):
    the log's latest lines since, which anyone who may watch the table may read; 204 for none."""
    game = watchable_table(code, request.user)
    missed = max(0, game.move_count - moves)
    if not missed:
        return HttpResponse(status=204)
    lines = Move.objects.filter(game=game, number__gte=moves).order_by("-number")
    latest = list(lines.values_list("summary", flat=True)[:WHILE_AWAY_LINES])
    context = {"game": game, "lines": latest[::-1], "earlier": missed - len(latest)}
    return render(request, "games/while_away.html", context)
