"""Names shared by the pushing side and the consumers."""

from __future__ import annotations

from django.conf import settings


def table_group(game_id: int) -> str:
    return f"table.{game_id}"


def player_group(user_id: int) -> str:
    """Every open "My games" page of one player."""
    return f"player.{user_id}"


def layer_crosses_processes() -> bool:
    """False for the in-memory layer of the embedded default: it reaches only its own process."""
    backend = settings.CHANNEL_LAYERS["default"]["BACKEND"]
    return not backend.endswith("InMemoryChannelLayer")
