"""Who has a game open right now (``Seat.last_seen``), at most one write a minute each.

The game page stamps the seat and sets a signed, path-scoped cookie naming it.
The poll reads only that cookie: while it is younger than a minute nothing
touches the database (the "nothing new" poll stays one query); once it is
older, one UPDATE stamps the seat again and the cookie is renewed.
"""

from __future__ import annotations

from datetime import timedelta

from django.core import signing
from django.db.models import Q
from django.http import HttpRequest, HttpResponse
from django.utils import timezone

from .models import Game, Seat

COOKIE = "seen"
EVERY = timedelta(minutes=1)
_signer = signing.TimestampSigner(salt="games.presence")


def _stamp(seat_filter: Q) -> None:
    now = timezone.now()
    stale = Q(last_seen__isnull=True) | Q(last_seen__lt=now - EVERY)
    Seat.objects.filter(seat_filter, stale).update(last_seen=now)


def _set_cookie(request: HttpRequest, response: HttpResponse, seat_id: int, path: str) -> None:
    response.set_cookie(
        COOKIE,
        _signer.sign(str(seat_id)),
        max_age=3600,
        path=path,
        httponly=True,
        samesite="Lax",
        secure=request.is_secure(),
    )


def seen(request: HttpRequest, response: HttpResponse, game: Game) -> HttpResponse:
    """The page drew the board for this viewer: stamp their seat and start the heartbeat."""
    user = request.user
    if not user.is_authenticated:
        return response
    seat_id = Seat.objects.filter(game=game, user=user).values_list("pk", flat=True).first()
    if seat_id is not None:
        _stamp(Q(pk=seat_id))
        _set_cookie(request, response, seat_id, game.get_absolute_url())
    return response


def heartbeat(request: HttpRequest, response: HttpResponse) -> HttpResponse:
    """A poll: renew the stamp when the cookie is over a minute old (no query otherwise)."""
    raw = request.COOKIES.get(COOKIE)
    if not raw:
        return response
    try:
        _signer.unsign(raw, max_age=EVERY)
        return response
    except signing.SignatureExpired:
        pass
    except signing.BadSignature:
        return response
    try:
        seat_id = int(_signer.unsign(raw))
    except (signing.BadSignature, ValueError):
        return response
    _stamp(Q(pk=seat_id))
    path = request.path.rsplit("poll/", 1)[0] or "/"
    _set_cookie(request, response, seat_id, path)
    return response
