"""The board partial an open page's socket is sent with a push: drawn here, for that socket's viewer.

What travels over the channel layer stays "version N is out"; each consumer draws
the board for its own socket's user (``presenter.board_fragment`` and the game's
``view`` for that seat), exactly as the poll would answer that page, so a push
never carries another seat's view and the page needs no request to redraw.

The sockets of a table on one web process hear a version together: the first one's read of the
game and its seats serves the others for a moment (``READ_SHARE_SECONDS``).

A drawing is made once per version and viewer, not once per socket: the sockets
of one viewer (a person's tabs, the watchers who are not signed in), on any web
process, share it through the cache. The first socket to ask draws it and puts it
in the cache; the others wait a moment for it instead of drawing it again. A drawing
carries no CSRF token (``presenter.board_fragment``): the same bytes serve every socket,
and the page posts its own token. A drawing is shared only while it is
fresh (``SHARE_SECONDS``): a board shows the seconds left on the table's clock.

A move's own answer is the mover's board of the new version: the move claims that
drawing before it commits (``claim_answer``) and leaves its answer in the cache
(``answer_board``), so the mover's sockets take it instead of drawing it again.
Both writes go through the process's push sender, queued before and after the
move's push, so the answer waits for neither.
"""

from __future__ import annotations

import asyncio
import time

from asgiref.sync import sync_to_async
from django.contrib.auth.models import AnonymousUser
from django.core.cache import cache
from django.http import HttpRequest
from django.template.loader import render_to_string

from games.live.groups import layer_crosses_processes
from games.live.presence import board_seats_read
from games.live.sender import process_sender
from games.models import Game
from games.play.reads import Compiled, together
from games.tables.access import watch_refusal
from games.web.presenter import board_fragment


class SocketRequest(HttpRequest):
    """The request the board's templates read (user, host, scheme), from a socket's scope."""

    def __init__(self, scope: dict) -> None:
        super().__init__()
        self.method = "GET"
        self.path = self.path_info = scope.get("path", "/")
        self.user = scope["user"] if "user" in scope else AnonymousUser()
        self._secure = scope.get("scheme") in ("wss", "https")
        for name, value in scope.get("headers", []):
            key = "HTTP_" + name.decode("latin-1").upper().replace("-", "_")
            self.META[key] = value.decode("latin-1")
        server = scope.get("server") or ("localhost", 80)
        self.META.setdefault("SERVER_NAME", server[0])
        self.META.setdefault("SERVER_PORT", str(server[1]))
        self.htmx = True  # a board swapped into an open page

    def _get_scheme(self) -> str:
        return "https" if self._secure else "http"


# A socket's drawing reads the game and its seats in one round trip.
_GAME = Compiled(Game, lambda game_id: Game.objects.filter(pk=game_id).order_by(), game_id=-7_654_321)

SHARE_SECONDS = 0.5  # how long a drawing may be handed to another socket of the same viewer
READ_SHARE_SECONDS = 0.25  # how long one socket's read of a game and its seats serves the others
_reads: dict[int, tuple[float, Game, list]] = {}  # game id -> (read at, game, seats): recent reads
# How long a socket waits for the drawing another socket is making (a drawing takes a few ms, more
# on a busy machine): short steps first, then longer ones, so a slow drawing costs few reads.
WAIT_STEPS = (0.004, 0.004, 0.008, 0.008, 0.016, 0.016, 0.032, 0.032, 0.064, 0.064)  # seconds, 0.25 s in all


def _viewer(scope: dict) -> str:
    """Who the drawing is for: the user, or nobody signed in (its absolute links come from SITE_URL,
    the same whichever address the socket reached)."""
    user = scope.get("user")
    return str(user.pk) if user is not None and user.is_authenticated else "anon"


def _request_viewer(request: HttpRequest) -> str:
    """``_viewer`` of the sockets of the page that sent ``request``."""
    return str(request.user.pk) if request.user.is_authenticated else "anon"


def _key(game_id: int, version: int, viewer: str) -> str:
    return f"live-board:{game_id}:{version}:{viewer}"


def board_for(game_id: int, scope: dict, wanted: int | None = None) -> tuple[int, str] | None:
    """(version, the board partial) as this socket's viewer may see it now; None if they may not.
    The drawing is left in the cache for the viewer's other sockets, under its own version and
    under ``wanted`` (the version they wait for, which it may have overtaken)."""
    game, seats = _game_and_seats(game_id, scope, wanted)
    if game is None:
        return None
    request = SocketRequest(scope)
    if watch_refusal(game, request.user):
        return None
    html = render_to_string("games/board.html", board_fragment(request, game, seats=seats), request=request)
    viewer, entry = _viewer(scope), (time.time(), game.version, html)
    versions = {game.version} | ({wanted} if wanted is not None and wanted < game.version else set())
    cache.set_many({_key(game_id, version, viewer): entry for version in versions}, timeout=2)
    return game.version, html


def _game_and_seats(game_id: int, scope: dict, wanted: int | None) -> tuple[Game | None, list]:
    """The game and its seats: the read another socket of this process made a moment ago for the
    version this one waits for (a table's phones hear a version together), else one round trip.
    Only a socket of the same table code takes it (SQLite may give a deleted game's id to the next)."""
    code = scope.get("url_route", {}).get("kwargs", {}).get("code")
    now, kept = time.monotonic(), _reads.get(game_id)
    if kept and wanted is not None and code is not None:
        read_at, game, seats = kept
        if game.code == code and game.version >= wanted and now - read_at < READ_SHARE_SECONDS:
            return game, seats
    games, seats = together(_GAME.read(game_id=game_id, objects=True), board_seats_read(game_id=game_id))
    if not games:
        return None, seats
    for old in [key for key, (read_at, _, _) in list(_reads.items()) if now - read_at >= READ_SHARE_SECONDS]:
        _reads.pop(old, None)
    _reads[game_id] = (now, games[0], seats)
    return games[0], seats


def claim_answer(request: HttpRequest, game: Game) -> None:
    """Mark ``game.version``'s board for the sender of ``request`` as being drawn (the move's answer),
    before the move commits and its push goes out: that viewer's sockets wait for it."""
    claim = f"{_key(game.pk, game.version, _request_viewer(request))}:drawing"
    _errand(lambda: cache.add(claim, 1, 2))


def answer_board(request: HttpRequest, game: Game, context: dict) -> str:
    """The board partial answering ``request``, drawn as a socket's shared drawing and left in the
    cache for the sender's sockets (``claim_answer``)."""
    html = render_to_string("games/board.html", context, request=request)
    version, drawn_at = game.version, time.time()
    key = _key(game.pk, version, _request_viewer(request))
    _errand(lambda: cache.set(key, (drawn_at, version, html), timeout=2))
    return html


def _errand(write) -> None:
    """A cache write the answer need not wait for: on the process's push sender where pages are
    told through a layer that crosses processes (it runs before the pushes queued after it), else
    at once (the embedded default's cache and layer live in this process)."""
    if layer_crosses_processes():
        process_sender().run(write)
    else:
        write()


def _fresh(entry) -> tuple[int, str] | None:
    if entry is None:
        return None
    drawn_at, version, html = entry
    return (version, html) if time.time() - drawn_at < SHARE_SECONDS else None


async def shared_board(game_id: int, version: int, scope: dict, draw) -> tuple[int, str] | None:
    """Version ``version``'s board for this socket: the drawing this viewer's other sockets made,
    or, if none did, one drawn by ``draw`` (``board_for`` run off the event loop)."""
    key = _key(game_id, version, _viewer(scope))
    get = sync_to_async(cache.get, thread_sensitive=False)
    add = sync_to_async(cache.add, thread_sensitive=False)
    # The claim first: the viewer's first socket to hear the version (most often their only one)
    # draws at once, one cache round trip after the push.
    if await add(f"{key}:drawing", 1, 2):
        return await draw(game_id, scope, version)
    for step in (0, *WAIT_STEPS):  # another socket (or the move's answer) is drawing it, or drew it
        if step:
            await asyncio.sleep(step)
        shared = _fresh(await get(key))
        if shared is not None:
            return shared
    return await draw(game_id, scope, version)
