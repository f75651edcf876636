"""The board partial an open page's socket is sent with a push: drawn here, for that socket's viewer.

What travels over the channel layer stays "version N is out"; each consumer draws
the board for its own socket's user (``presenter.board_context`` and the game's
``view`` for that seat), exactly as the poll would answer that page, so a push
never carries another seat's view and the page needs no request to redraw.
"""

from __future__ import annotations

from http.cookies import SimpleCookie

from django.conf import settings
from django.contrib.auth.models import AnonymousUser
from django.http import HttpRequest
from django.template.loader import render_to_string

from ..access import watch_refusal
from ..models import Game
from ..presenter import board_context


class SocketRequest(HttpRequest):
    """The request the board's templates read (user, host, scheme, CSRF cookie), from a socket's scope."""

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
        cookies = SimpleCookie(self.META.get("HTTP_COOKIE", ""))
        self.COOKIES = {name: morsel.value for name, morsel in cookies.items()}
        csrf = self.COOKIES.get(settings.CSRF_COOKIE_NAME)
        if csrf:
            # The forms on the board carry a token of the page's own CSRF cookie, as the poll's would.
            self.META["CSRF_COOKIE"] = csrf
        self.htmx = True

    def _get_scheme(self) -> str:
        return "https" if self._secure else "http"


def board_for(game_id: int, scope: dict) -> tuple[int, str] | None:
    """(version, the board partial) as this socket's viewer may see it now; None if they may not."""
    game = Game.objects.filter(pk=game_id).first()
    if game is None:
        return None
    request = SocketRequest(scope)
    if watch_refusal(game, request.user):
        return None
    html = render_to_string("games/board.html", board_context(request, game), request=request)
    return game.version, html
