"""Who may watch a game they have no seat at."""

from __future__ import annotations

from django.core.exceptions import PermissionDenied

from games.models import Game


def watch_refusal(game: Game, user) -> str | None:
    """Why ``user`` may not see ``game``, or None. Anyone with a table's code may watch it,
    unless its game says otherwise (``GameKind.watch_refusal``)."""
    return game.game_kind.watch_refusal(game, user)


def require_watchable(game: Game, user) -> Game:
    refusal = watch_refusal(game, user)
    if refusal:
        raise PermissionDenied(refusal)
    return game
