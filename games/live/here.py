"""Presence over the table's socket: connect, a heartbeat while open, disconnect.

Mixed into the table's consumer. A signed-in viewer with a seat (or the table's
host without one) counts as "here" from connect to disconnect (``games.live.presence``);
the consumer renews its row every ``presence.BEAT``. When a seat's first page opens,
``seat_came_to_page`` lets the table make the moves that depend on it (``GameKind.presence_moves``).
When a seat (or the seatless host) arrives or its last page goes, the table's pages hear
``{"presence": true}`` and redraw who is here and, at the end, who may start the rematch. When the
last page goes, ``seat_left_page`` has their mail about the table looked at once they have been
gone the window (``games.notifications.claims``).
"""

from __future__ import annotations

import asyncio
import contextlib
import logging

from channels.db import database_sync_to_async

from games.live import presence
from games.live.groups import table_group
from games.play.signals import seat_came_to_page, seat_left_page

log = logging.getLogger(__name__)


class PresenceMixin:
    pages: presence.Pages | None = None
    _beating: asyncio.Task | None = None

    async def presence_connect(self, game_id: int) -> None:
        self.pages = await database_sync_to_async(presence.pages_of)(game_id, self.scope.get("user"))
        if self.pages is None:
            return
        arrived = await database_sync_to_async(presence.opened)(self.pages, self.channel_name)
        self._beating = asyncio.get_running_loop().create_task(self._beat())
        if arrived:
            if self.pages.seat_id is not None:
                await database_sync_to_async(seat_came_to_page.send)(PresenceMixin, game_id=game_id)
            await self.channel_layer.group_send(table_group(game_id), {"type": "game.presence"})

    async def presence_disconnect(self, game_id: int) -> None:
        if self.pages is None:
            return
        if self._beating is not None:
            self._beating.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self._beating
        gone = await database_sync_to_async(presence.closed)(self.pages, self.channel_name)
        if gone:
            user = self.scope.get("user")
            await database_sync_to_async(seat_left_page.send)(PresenceMixin, game_id=game_id, user_id=user.pk)
            await self.channel_layer.group_send(table_group(game_id), {"type": "game.presence"})

    async def _beat(self) -> None:
        while True:
            await asyncio.sleep(presence.BEAT.total_seconds())
            try:
                await database_sync_to_async(presence.beat)(self.pages, self.channel_name)
            except Exception:  # noqa: BLE001 — a database hiccup must not close the socket
                log.warning("Could not renew the presence of %s.", self.pages, exc_info=True)

    async def game_presence(self, event: dict) -> None:
        await self.send_json({"presence": True})
