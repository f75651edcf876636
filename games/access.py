"""Who may watch a game they have no seat at."""

from __future__ import annotations

from django.core.exceptions import PermissionDenied

from .catacombs_services import today
from .models import Game

DAILY_PRIVATE = "A daily run stays private to its player until the day is over (UTC)."


def watch_refusal(game: Game, user) -> str | None:
    """Why ``user`` may not see ``game``, or None. Anyone with a table's code may watch it,
    except someone else's daily run that day: its log would give away the day's deck."""
    day = game.options.get("daily") if isinstance(game.options, dict) else None
    is_owner = user is not None and user.is_authenticated and user.pk == game.host_id
    if day and not is_owner and day >= today().isoformat():
        return DAILY_PRIVATE
    return None


def require_watchable(game: Game, user) -> Game:
    refusal = watch_refusal(game, user)
    if refusal:
        raise PermissionDenied(refusal)
    return game
