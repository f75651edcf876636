"""The board partial an open page's socket is sent with a push: drawn here, for that socket's viewer.

What travels over the channel layer stays "version N is out"; each consumer draws
the board for its own socket's user (``presenter.board_fragment`` and the game's
``view`` for that seat), exactly as the poll would answer that page, so a push
never carries another seat's view and the page needs no request to redraw.

What every viewer sees alike is drawn once: the table's part of a board once per version in each
process (``{% table_part %}``), and the game and its seats are read once for the sockets of a
table on one process that hear a version together (``READ_SHARE_SECONDS``). What is left is the
viewer's own part, small, and drawn for each socket: a drawing handed between sockets through
the cache cost more round trips than it saved.
"""

from __future__ import annotations

import time

from django.contrib.auth.models import AnonymousUser
from django.http import HttpRequest
from django.template.loader import render_to_string

from games.live.presence import board_seats_read
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

READ_SHARE_SECONDS = 0.25  # how long one socket's read of a game and its seats serves the others
_reads: dict[int, tuple[float, Game, list]] = {}  # game id -> (read at, game, seats): recent reads


def board_for(game_id: int, scope: dict, wanted: int | None = None) -> tuple[int, str] | None:
    """(version, the board partial) as this socket's viewer may see it now; None if they may not.
    ``wanted``: the version the socket heard of, whose read another socket may have made."""
    game, seats = _game_and_seats(game_id, scope, wanted)
    if game is None:
        return None
    request = SocketRequest(scope)
    if watch_refusal(game, request.user):
        return None
    return game.version, render_to_string(
        "games/board.html", board_fragment(request, game, seats=seats), request=request
    )


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
