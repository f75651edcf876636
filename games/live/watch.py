"""The embedded default's stand-in for a shared channel layer: one version watch per web process.

Every ``INTERVAL`` seconds, one query reads the versions of the tables this
process has sockets for and tells the consumers of those that moved. It runs
only while sockets are open, and only where the layer does not cross processes.
"""

from __future__ import annotations

import asyncio
import logging

from channels.db import database_sync_to_async
from channels.layers import get_channel_layer

from games.live.groups import table_group
from games.live.push import version_message
from games.models import Game

log = logging.getLogger(__name__)

INTERVAL = 0.2

_watched: dict[int, int] = {}  # game id -> sockets open in this process
_seen: dict[int, int] = {}  # game id -> last version told
_task: asyncio.Task | None = None


@database_sync_to_async
def _versions(ids: list[int]) -> dict[int, int]:
    return dict(Game.objects.filter(pk__in=ids).values_list("pk", "version"))


async def _run() -> None:
    global _task
    layer = get_channel_layer()
    try:
        while _watched:
            await asyncio.sleep(INTERVAL)
            try:
                versions = await _versions(list(_watched))
            except Exception:  # noqa: BLE001 — a database hiccup must not end the watch
                log.warning("Version watch query failed.", exc_info=True)
                continue
            for game_id, version in versions.items():
                if _seen.get(game_id, version) != version:
                    await layer.group_send(table_group(game_id), version_message(version))
                _seen[game_id] = version
    finally:
        _task = None


def watch(game_id: int, version: int) -> None:
    global _task
    _watched[game_id] = _watched.get(game_id, 0) + 1
    _seen.setdefault(game_id, version)
    if _task is None:
        _task = asyncio.get_running_loop().create_task(_run())


def unwatch(game_id: int) -> None:
    left = _watched.get(game_id, 0) - 1
    if left > 0:
        _watched[game_id] = left
    else:
        _watched.pop(game_id, None)
        _seen.pop(game_id, None)
