"""One WebSocket per open game page: it hears "version N is out" for its table, and is sent that
version's board as its own viewer may see it (``boards.board_for``)."""

from __future__ import annotations

import asyncio
import logging
import time

from asgiref.sync import sync_to_async
from channels.db import database_sync_to_async
from channels.generic.websocket import AsyncJsonWebsocketConsumer
from django.http import HttpRequest

from accounts import limits
from games.live import watch
from games.live.boards import board_for
from games.live.groups import layer_crosses_processes, player_group, table_group
from games.live.here import PresenceMixin
from games.live.notices import NoticesMixin
from games.models import Game
from games.tables.access import watch_refusal
from games.tables.invites import normalize_code

log = logging.getLogger(__name__)

REFUSED = 4403  # close codes: this viewer may not watch this table,
UNKNOWN = 4404  # no table has this code,
GUESSING = 4429  # this address has had its share of codes that lead nowhere
FLOODING = 4430  # this socket sent far more messages than a page does
MAX_ASKS, ASK_WINDOW = 10, 10.0


def _as_request(scope: dict) -> HttpRequest:
    """The socket's address as the abuse limits read it from a request (proxies included)."""
    request = HttpRequest()
    request.META["REMOTE_ADDR"] = (scope.get("client") or ["0.0.0.0"])[0]
    for name, value in scope.get("headers", []):
        if name == b"x-forwarded-for":
            request.META["HTTP_X_FORWARDED_FOR"] = value.decode("latin-1")
    return request


@database_sync_to_async
def _table(code: str, user) -> tuple[Game | None, str | None]:
    fields = ("pk", "kind", "version", "options", "host_id")
    game = Game.objects.filter(code=normalize_code(code)).only(*fields).first()
    if game is None:
        return None, None
    return game, watch_refusal(game, user)


class TableConsumer(PresenceMixin, NoticesMixin, AsyncJsonWebsocketConsumer):
    game_id: int | None = None
    wanted = 0  # the newest version announced to this socket
    sent = 0  # the newest version whose board it was sent
    drawing: asyncio.Task | None = None

    async def connect(self) -> None:
        # A socket is a lookup by code like any page: codes that lead nowhere count against the address.
        request = _as_request(self.scope)
        if await sync_to_async(limits.guessing)(request):
            await self.close(code=GUESSING)
            return
        game, refusal = await _table(self.scope["url_route"]["kwargs"]["code"], self.scope.get("user"))
        if game is None:
            await sync_to_async(limits.missed)(request)
        if game is None or refusal:
            await self.close(code=UNKNOWN if game is None else REFUSED)
            return
        self.game_id = game.pk
        self.wanted = self.sent = game.version
        await self.channel_layer.group_add(table_group(game.pk), self.channel_name)
        await self.accept()
        if not layer_crosses_processes():
            watch.watch(game.pk, game.version)
        await self.send_json({"version": game.version})
        await self.presence_connect(game.pk)

    async def disconnect(self, code: int) -> None:
        if self.drawing is not None:
            self.drawing.cancel()
        if self.game_id is None:
            return
        await self.channel_layer.group_discard(table_group(self.game_id), self.channel_name)
        if not layer_crosses_processes():
            watch.unwatch(self.game_id)
        await self.presence_disconnect(self.game_id)

    async def receive_json(self, content, **kwargs) -> None:
        """A page that reconnects says which version it shows; it hears the current one, with its
        board when the page is behind.

        A page asks once per reconnection: a socket that asks more often than ``MAX_ASKS`` in
        ``ASK_WINDOW`` seconds is closed (each answer is a query), and the page falls back to polling."""
        now = time.monotonic()
        self.asked = [at for at in getattr(self, "asked", []) if now - at < ASK_WINDOW] + [now]
        if len(self.asked) > MAX_ASKS:
            await self.close(code=FLOODING)
            return
        if self.game_id is None:
            return
        version = await database_sync_to_async(
            lambda: Game.objects.filter(pk=self.game_id).values_list("version", flat=True).first()
        )()
        shown = content.get("version") if isinstance(content, dict) else None
        if isinstance(shown, int) and version is not None and shown < version:
            self.sent = min(self.sent, shown)
            await self.game_version({"version": version})
        else:
            await self.send_json({"version": version})

    async def game_version(self, event: dict) -> None:
        """Draw the board for this socket; pushes that arrive while it draws make one more drawing.
        A page that draws its own partial (a shared screen: ``?draw=0``) hears the version only."""
        if b"draw=0" in self.scope.get("query_string", b"") or self._answered(event):
            self.sent = max(self.sent, event["version"])
            self.wanted = max(self.wanted, self.sent)
            await self.send_json({"version": event["version"]})
            return
        self.wanted = max(self.wanted, event["version"])
        if self.drawing is None:
            self.drawing = asyncio.create_task(self._draw())

    def _answered(self, event: dict) -> bool:
        """Whether this viewer's own move made the version: its page takes the board from the move's
        answer and drops a push of the version it shows (static/js/live.js). Another page of theirs
        hears the version alone and asks for its board."""
        user = self.scope.get("user")
        return event.get("answered") is not None and user is not None and event["answered"] == user.pk

    async def _draw(self) -> None:
        try:
            while self.sent < self.wanted:
                wanted = self.wanted
                try:
                    drawn = await database_sync_to_async(board_for)(self.game_id, self.scope, wanted)
                except Exception:  # noqa: BLE001 — the page fetches its own board instead
                    log.warning("Could not draw game %s for a socket.", self.game_id, exc_info=True)
                    drawn = None
                if drawn is None or drawn[0] < wanted:
                    await self.send_json({"version": wanted})  # the page asks for its board itself
                    self.sent = wanted
                else:
                    await self.send_json({"version": drawn[0], "html": drawn[1]})
                    self.sent = drawn[0]
        finally:
            self.drawing = None


class PlayerConsumer(AsyncJsonWebsocketConsumer):
    """One WebSocket per open "My games" page: it hears "one of your games changed", nothing more."""

    user_id: int | None = None

    async def connect(self) -> None:
        user = self.scope.get("user")
        if user is None or not user.is_authenticated:
            await self.close(code=REFUSED)
            return
        self.user_id = user.pk
        await self.channel_layer.group_add(player_group(user.pk), self.channel_name)
        await self.accept()

    async def disconnect(self, code: int) -> None:
        if self.user_id is not None:
            await self.channel_layer.group_discard(player_group(self.user_id), self.channel_name)

    async def games_changed(self, event: dict) -> None:
        await self.send_json({"changed": True})
