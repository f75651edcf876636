"""Tell a table's open pages that a new version is out (``game_changed`` follower)."""

from __future__ import annotations

import logging

from asgiref.sync import async_to_sync
from channels.layers import get_channel_layer

from ..models import Game
from ..signals import game_changed
from .groups import table_group

log = logging.getLogger(__name__)


def version_message(version: int) -> dict:
    return {"type": "game.version", "version": version}


def announce_version(game_id: int, version: int) -> None:
    """Best effort: pages that miss it catch up from their version when they reconnect or poll."""
    layer = get_channel_layer()
    if layer is None:
        return
    try:
        async_to_sync(layer.group_send)(table_group(game_id), version_message(version))
    except Exception:  # noqa: BLE001 — a push must never undo or fail a committed move
        log.warning("Could not push version %s of game %s.", version, game_id, exc_info=True)


def on_game_changed(sender, game: Game, **kwargs) -> None:
    announce_version(game.pk, game.version)


def connect() -> None:
    game_changed.connect(on_game_changed, dispatch_uid="games.live.push")
