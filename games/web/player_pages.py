"""A player's page (results and statistics per game) and a finished game's shareable result."""

from __future__ import annotations

from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, render
from django.views.decorators.http import require_GET

from accounts.models import User
from config.links import absolute
from games.contract import kinds
from games.contract.protocol import finishing_places
from games.models import Game
from games.tables.access import watch_refusal, watchable_table
from games.web import stats

LAST_GAMES = 10


@require_GET
def player(request: HttpRequest, user_id: int) -> HttpResponse:
    person = get_object_or_404(User, pk=user_id, is_active=True)
    viewer = request.user if request.user.is_authenticated else None
    results = [r for r in stats.results_of(person) if not watch_refusal(r.game, viewer)]
    tallies = stats.tally(results)
    per_game = [(kind, tallies[kind.slug]) for kind in kinds.all_kinds() if kind.slug in tallies]
    blocks = [(kind.pages.player, kind) for kind in kinds.all_kinds() if kind.pages.player]
    blocks = [(template, kind.player_context(person)) for template, kind in blocks]
    context = {"person": person, "per_game": per_game, "last": results[:LAST_GAMES], "blocks": blocks}
    return render(request, "games/player.html", context)


@require_GET
def result(request: HttpRequest, code: str) -> HttpResponse:
    """What anyone may see of a finished game: places, names, scores, the pad. Never a hand."""
    game = watchable_table(code, request.user)
    if game.status != Game.Status.FINISHED or game.state is None:
        raise Http404("This game is not over yet: its result is shown once it ends.")
    seats = list(game.seats.all())
    scores = game.engine.scores(game.state)
    ranks = finishing_places(game.engine, game.state)  # its own tie-breaks and resignations
    names = {s.position: s for s in seats}
    rows = sorted(
        (
            {
                "place": ranks[i],
                "name": names[i].name if i in names else f"Seat {i + 1}",
                "score": scores[i],
                "user_id": names[i].user_id if i in names else None,
            }
            for i in range(len(scores))
        ),
        key=lambda row: (row["place"], row["name"]),
    )
    share_url = absolute(request.get_full_path())
    return render(request, "games/result.html", {"game": game, "rows": rows, "share_url": share_url})
