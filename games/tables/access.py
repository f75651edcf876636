"""Who may watch a game they have no seat at."""

from __future__ import annotations

from django.core.exceptions import PermissionDenied
from django.shortcuts import get_object_or_404

from games.models import Game


def watch_refusal(game: Game, user) -> str | None:
    """Why ``user`` may not see ``game``, or None. Anyone with a table's code may watch it,
    unless its game says otherwise (``GameKind.watch_refusal``)."""
    return game.game_kind.watch_refusal(game, user)


def require_watchable(game: Game, user) -> Game:
    """``game``, or a 403 with the reason ``user`` may not watch it."""
    refusal = watch_refusal(game, user)
    if refusal:
        raise PermissionDenied(refusal)
    return game


def watchable_table(code: str, user) -> Game:
    """The table with ``code`` (as the ``<code:…>`` URL converter reads it) if ``user`` may watch
    it: the site's 404 without one, a 403 with the reason when they may not."""
    return require_watchable(get_object_or_404(Game, code=code), user)
