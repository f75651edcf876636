"""The cheap half of every poll: has the game moved past the version a page shows?"""

from __future__ import annotations

from django.http import Http404, HttpRequest, HttpResponse

from accounts import limits
from games.models import Game


def unchanged_answer(request: HttpRequest, code: str, kinds: list[str] | None = None) -> HttpResponse | None:
    """400 for a missing version, 404 for an unknown game, 204 while nothing changed
    (one indexed query, no session or user lookup); None when the page must be redrawn.
    ``kinds``: the games the page exists for (a 404 for a table of any other).
    A client polling faster than any page does gets a 429 that leaves its page alone."""
    if limits.exceeded(request, "polls", by=limits.BY_SESSION):
        return limits.too_many(request, "polls", quiet=True)
    try:
        seen = int(request.GET.get("version", ""))
    except ValueError:
        return HttpResponse("Give the version this page shows.", status=400)
    games = Game.objects.filter(code=code)
    if kinds is not None:
        games = games.filter(kind__in=kinds)
    version = games.values_list("version", flat=True).first()
    if version is None:
        raise Http404("No such game.")
    return HttpResponse(status=204) if version == seen else None
