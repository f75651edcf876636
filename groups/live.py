"""The night TV's WebSocket: it hears the pushes of the group's tables in play (every move, who
comes and goes) and of its members' games (a table starting), and tells the page only that the
night moved; the page fetches its own board, so nothing of a game travels on it."""

from __future__ import annotations

from channels.db import database_sync_to_async
from channels.generic.websocket import AsyncJsonWebsocketConsumer

from games.live import watch
from games.live.consumers import REFUSED
from games.live.groups import layer_crosses_processes, player_group, table_group

from . import services, tonight
from .models import Group


@database_sync_to_async
def _screen(group_id: int, user, key: str | None) -> tuple[int, list[int]] | None:
    group = services.screen_group(group_id, user, key)
    if group is None:
        return None
    return group.pk, list(group.memberships.values_list("user_id", flat=True))


@database_sync_to_async
def _tables(group_id: int) -> dict[int, int]:
    """The night's tables in play: id -> version."""
    group = Group.objects.get(pk=group_id)
    night = services.current_night(group)
    return dict(tonight.tables_in_play(group, night).values_list("pk", "version"))


class NightConsumer(AsyncJsonWebsocketConsumer):
    group_id: int | None = None
    members: list[int]
    tables: set[int]

    async def connect(self) -> None:
        kwargs = self.scope["url_route"]["kwargs"]
        found = await _screen(int(kwargs["group_id"]), self.scope.get("user"), kwargs.get("key"))
        if found is None:
            await self.close(code=REFUSED)
            return
        self.group_id, self.members = found
        self.tables = set()
        for user_id in self.members:
            await self.channel_layer.group_add(player_group(user_id), self.channel_name)
        await self.accept()
        await self._follow_tables()

    async def disconnect(self, code: int) -> None:
        if self.group_id is None:
            return
        for user_id in self.members:
            await self.channel_layer.group_discard(player_group(user_id), self.channel_name)
        for game_id in self.tables:
            await self._unfollow(game_id)

    async def _follow_tables(self) -> None:
        """Hear the tables in play now: a table started or ended since is joined or left."""
        now = await _tables(self.group_id)
        for game_id in now.keys() - self.tables:
            await self.channel_layer.group_add(table_group(game_id), self.channel_name)
            if not layer_crosses_processes():
                watch.watch(game_id, now[game_id])
        for game_id in self.tables - now.keys():
            await self._unfollow(game_id)
        self.tables = set(now)

    async def _unfollow(self, game_id: int) -> None:
        await self.channel_layer.group_discard(table_group(game_id), self.channel_name)
        if not layer_crosses_processes():
            watch.unwatch(game_id)

    async def _moved(self, event: dict | None = None) -> None:
        await self.send_json({"changed": True})

    async def games_changed(self, event: dict) -> None:
        """A member's game changed: perhaps a table of the night started or ended."""
        await self._follow_tables()
        await self._moved()

    # A table's pushes: a new version, who is here, the table gone; each only "the night moved".
    game_version = game_presence = game_gone = game_removed = game_rematch = _moved
