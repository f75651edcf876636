"""Who is at a table right now: a seat is "here" while one of its pages is (``OpenPage`` rows).

A table's host with no seat there (she flips the cards, the others play) has pages
of her own, kept the same way (``Pages.host_of``): she is here while one is.

A page holding the table's socket has a row from connect to disconnect, which
the consumer renews every ``BEAT`` while the socket stays open (Daphne's pings
close sockets whose phone went to sleep). A page without a socket polls: the
poll renews one row per seat, at most every ``POLL_EVERY``, read from a signed,
path-scoped cookie so a "nothing new" poll stays one query. A row not renewed
within ``WINDOW`` is gone (a web process that died leaves no one "here").

``Seat.last_seen`` is what the board shows of the others: when a page of theirs
was last heard from (``Game.host_last_seen`` for a host with no seat). E-mail asks
``is_here`` and ``last_seen`` before it mails about a table.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from datetime import UTC, date, datetime, timedelta

from django.core import signing
from django.db.models import Q
from django.http import HttpRequest, HttpResponse
from django.utils import timezone

from games.models import Game, OpenPage, Seat, SeatQuerySet
from games.play.reads import Compiled, Read

COOKIE = "seen"
BEAT = timedelta(seconds=20)  # a socket's row is renewed this often while it stays open
POLL_EVERY = timedelta(seconds=30)  # a polling page renews its row at most this often
WINDOW = timedelta(seconds=60)  # a page not heard from for this long has gone
_signer = signing.TimestampSigner(salt="games.presence")  # a stored format: pages sign with it


@dataclass(frozen=True)
class Pages:
    """Whose pages: a seat's, or those of the host of table ``host_of`` who has no seat there."""

    seat_id: int | None = None
    host_of: int | None = None

    def rows(self):
        if self.seat_id is not None:
            return OpenPage.objects.filter(seat_id=self.seat_id)
        return OpenPage.objects.filter(host_of_id=self.host_of)

    def owner(self) -> dict:
        return {"seat_id": self.seat_id, "host_of_id": self.host_of}

    def signed(self) -> str:
        """What the poll cookie carries: the seat's id, or "h" and the table's id."""
        return str(self.seat_id) if self.seat_id is not None else f"h{self.host_of}"

    @classmethod
    def from_signed(cls, value: str) -> Pages:
        if value.startswith("h"):
            return cls(host_of=int(value[1:]))
        return cls(seat_id=int(value))


Who = int | Pages  # a seat's id, or whose pages


def _pages(who: Who) -> Pages:
    return who if isinstance(who, Pages) else Pages(seat_id=who)


def poll_channel(who: Who) -> str:
    pages = _pages(who)
    return f"poll:{pages.seat_id}" if pages.seat_id is not None else f"poll:host:{pages.host_of}"


def _renew(who: Who, channel: str) -> None:
    pages, now = _pages(who), timezone.now()
    OpenPage.objects.update_or_create(channel=channel, defaults={**pages.owner(), "beat_at": now})
    _stamp(pages, now)


def _stamp(pages: Pages, now: datetime) -> None:
    """A page of theirs was heard from ``now``."""
    if pages.seat_id is not None:
        Seat.objects.filter(pk=pages.seat_id).update(last_seen=now)
    else:
        Game.objects.filter(pk=pages.host_of).update(host_last_seen=now)


def seat_of(game_id: int, user) -> int | None:
    """The seat ``user`` plays at this table, or None (spectators, signed-out visitors, who left)."""
    if user is None or not user.is_authenticated:
        return None
    seats = Seat.objects.filter(game_id=game_id, user=user, left=False)
    return seats.values_list("pk", flat=True).first()


def pages_of(game_id: int, user) -> Pages | None:
    """Whose pages ``user``'s are at this table: their seat's, the host's (a host with no seat), or
    nobody's (spectators, signed-out visitors, who left)."""
    seat_id = seat_of(game_id, user)
    if seat_id is not None:
        return Pages(seat_id=seat_id)
    if user is not None and user.is_authenticated and Game.objects.filter(pk=game_id, host=user).exists():
        return Pages(host_of=game_id)
    return None


def _sockets(who: Who):
    return _pages(who).rows().exclude(channel__startswith="poll:")


def opened(who: Who, channel: str) -> bool:
    """A socket of these pages opened; True when it is their only one (the table is told)."""
    _renew(who, channel)
    return not _sockets(who).exclude(channel=channel).exists()


def beat(who: Who, channel: str) -> None:
    _renew(who, channel)


def closed(who: Who, channel: str) -> bool:
    """A socket of these pages closed; True when it was their last page here.

    With its last socket goes the poll row too: the pages that held sockets
    also polled now and then (their safety net), so that row says nothing more. A
    page that only polls renews it within ``POLL_EVERY``."""
    pages = _pages(who)
    # Stamped before the rows go: whoever then finds them gone (the mailer asking whether they are
    # here, on another process) also finds when they went, and counts its window from then.
    _stamp(pages, timezone.now())
    OpenPage.objects.filter(channel=channel).delete()
    if not _sockets(pages).exists():
        OpenPage.objects.filter(channel=poll_channel(pages)).delete()
    if pages.seat_id is None:
        return not pages.rows().filter(beat_at__gte=timezone.now() - WINDOW).exists()
    return not here([pages.seat_id])


def here(seat_ids: Iterable[int]) -> set[int]:
    """Of these seats, the ones with a page heard from within ``WINDOW`` (one query)."""
    fresh = OpenPage.objects.filter(seat_id__in=list(seat_ids), beat_at__gte=timezone.now() - WINDOW)
    return set(fresh.values_list("seat_id", flat=True))


# The seats as every board reads them: who is away, who is here (``board_seats``), by the game's
# id or by its code.
_BOARD_SEATS = Compiled(
    Seat,
    lambda game_id, today, since: Seat.objects.filter(game_id=game_id).with_away(today).with_presence(since),
    game_id=-7_654_321,
    today=date(1901, 2, 3),
    since=datetime(1901, 2, 4, 5, 6, 7, tzinfo=UTC),
)
_BOARD_SEATS_BY_CODE = Compiled(
    Seat,
    lambda code, today, since: Seat.objects.filter(game__code=code).with_away(today).with_presence(since),
    code="sample-code",
    today=date(1901, 2, 3),
    since=datetime(1901, 2, 4, 5, 6, 7, tzinfo=UTC),
)


def board_seats(game_id: int) -> list[Seat]:
    """The game's seats by position, each with ``away_until`` and ``here_now``: the same as
    ``with_here(game.seats.with_away())``, without compiling its SQL again."""
    return board_seats_read(game_id=game_id).run()


def board_seats_read(*, game_id: int | None = None, code: str | None = None) -> Read:
    """``board_seats`` of the game with this id or code, to read with others (``reads.together``)."""
    now = timezone.now()
    if code is not None:
        return _BOARD_SEATS_BY_CODE.read(code=code, today=now.date(), since=now - WINDOW, objects=True)
    return _BOARD_SEATS.read(game_id=game_id, today=now.date(), since=now - WINDOW, objects=True)


def with_here(seats: SeatQuerySet) -> SeatQuerySet:
    """The seats, each with ``here_now`` (what ``here`` says of it), read in the same query."""
    return seats.with_presence(timezone.now() - WINDOW)


def is_here(game_id: int, user_id: int) -> bool:
    """Whether a page of ``user_id`` at this table is here: of their seat, or as its host."""
    since = timezone.now() - WINDOW
    fresh = Q(open_pages__beat_at__gte=since)
    if Seat.objects.filter(fresh, game_id=game_id, user_id=user_id).exists():
        return True
    hosting = Q(host_pages__beat_at__gte=since)
    return Game.objects.filter(hosting, pk=game_id, host_id=user_id).exists()


def last_seen(game_id: int, user_id: int) -> datetime | None:
    """When a page of ``user_id`` at this table (of their seat, or as its host) was last heard from."""
    seat = Seat.objects.filter(game_id=game_id, user_id=user_id).values_list("last_seen", flat=True)
    host = Game.objects.filter(pk=game_id, host_id=user_id).values_list("host_last_seen", flat=True)
    return max(filter(None, (seat.first(), host.first())), default=None)


def forget_stale() -> int:
    """Remove rows of pages long gone (a web process that died with sockets open)."""
    deleted, _ = OpenPage.objects.filter(beat_at__lt=timezone.now() - 10 * WINDOW).delete()
    return deleted


def _set_cookie(request: HttpRequest, response: HttpResponse, pages: Pages, path: str) -> None:
    response.set_cookie(
        COOKIE,
        _signer.sign(pages.signed()),
        max_age=3600,
        path=path,
        httponly=True,
        samesite="Lax",
        secure=request.is_secure(),
    )


def arrived(request: HttpRequest, game: Game) -> Pages | None:
    """The game page is drawn for this viewer: their seat (or the seatless host) is here (before
    the board says who is)."""
    pages = pages_of(game.pk, request.user)
    if pages is not None:
        _renew(pages, poll_channel(pages))
    return pages


def seen(request: HttpRequest, response: HttpResponse, game: Game, pages: Pages | None) -> HttpResponse:
    """Start the heartbeat: the page's polls keep the seat (or the host) here."""
    if pages is not None:
        _set_cookie(request, response, pages, game.get_absolute_url())
    return response


def heartbeat(request: HttpRequest, response: HttpResponse) -> HttpResponse:
    """A poll: renew the seat's row when the cookie is older than ``POLL_EVERY`` (no query otherwise)."""
    raw = request.COOKIES.get(COOKIE)
    if not raw:
        return response
    try:
        _signer.unsign(raw, max_age=POLL_EVERY)
        return response
    except signing.SignatureExpired:
        pass
    except signing.BadSignature:
        return response
    try:
        pages = Pages.from_signed(_signer.unsign(raw))
    except (signing.BadSignature, ValueError):
        return response
    hosting = Game.objects.filter(pk=pages.host_of, host_id=request.user.pk)
    if pages.host_of is not None and not hosting.exists():
        return response  # no longer this table's host
    _renew(pages, poll_channel(pages))
    path = request.path.rsplit("poll/", 1)[0] or "/"
    _set_cookie(request, response, pages, path)
    return response
