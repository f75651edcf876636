"""Tell a table's open pages that a new version is out (``game_changed`` follower), that the table
is gone, or that a seat was taken from its player."""

from __future__ import annotations

import logging

from channels.layers import get_channel_layer

from games.live.groups import layer_crosses_processes, player_group, table_group
from games.live.sender import process_sender, send_now
from games.models import Game
from games.play.services import Source
from games.play.signals import game_changed, rematch_offered, seat_removed, table_closed

log = logging.getLogger(__name__)


def version_message(version: int, answered: int | None = None) -> dict:
    """``answered``: the user whose move's answer is this version's board."""
    return {"type": "game.version", "version": version, **({"answered": answered} if answered else {})}


def announce_version(game_id: int, version: int, answered: int | None = None) -> None:
    """Best effort: pages that miss it catch up from their version when they reconnect or poll."""
    if get_channel_layer() is not None:
        _send(table_group(game_id), version_message(version, answered))


def _send(group: str, message: dict) -> None:
    """Through this process's sender where the layer crosses processes (Redis): the caller only
    queues it. The in-memory layer is sent to directly, on the web process's loop."""
    try:
        if layer_crosses_processes():
            process_sender().send(group, message)
        else:
            send_now(group, message)
    except Exception:  # noqa: BLE001 — a push must never undo or fail a committed move
        log.warning("Could not push to %s.", group, exc_info=True)


def tell_players(game: Game, seats) -> None:
    """The people at the table (and its host) hear that one of their games changed: their
    "My games" pages fetch their own list, so nothing of the game travels in the push."""
    if get_channel_layer() is None:
        return
    people = {s.user_id for s in seats if s.user_id and not s.is_bot}
    if game.host_id:
        people.add(game.host_id)
    for user_id in people:
        _send(player_group(user_id), {"type": "games.changed"})


def on_game_changed(sender, game: Game, seats=(), source: str = "", answered=None, **kwargs) -> None:
    announce_version(game.pk, game.version, answered)
    # A realtime table's computer players move several times a second at every table: their
    # moves reach "My games" by its poll, and only the end of the game is told at once.
    if source == Source.BOT and game.game_kind.realtime and game.status == Game.Status.ACTIVE:
        return
    tell_players(game, seats)


def on_table_closed(sender, game_id: int, message: str, **kwargs) -> None:
    if get_channel_layer() is not None:
        _send(table_group(game_id), {"type": "game.gone", "message": message})


def on_seat_removed(sender, game_id: int, user_id: int, message: str, **kwargs) -> None:
    if get_channel_layer() is not None:
        _send(table_group(game_id), {"type": "game.removed", "user_id": user_id, "message": message})


def on_rematch_offered(sender, game_id: int, user_ids=(), **kwargs) -> None:
    """The finished table's end screens show the invitation; its players' "My games" redraw."""
    if get_channel_layer() is None:
        return
    _send(table_group(game_id), {"type": "game.rematch"})
    for user_id in user_ids:
        _send(player_group(user_id), {"type": "games.changed"})


def connect() -> None:
    rematch_offered.connect(on_rematch_offered, dispatch_uid="games.live.push.rematch")
    game_changed.connect(on_game_changed, dispatch_uid="games.live.push")
    table_closed.connect(on_table_closed, dispatch_uid="games.live.push.closed")
    seat_removed.connect(on_seat_removed, dispatch_uid="games.live.push.removed")
