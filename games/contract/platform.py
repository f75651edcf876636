"""What the platform lends a game's own code: the services and facts its tables, pages and commands use.

A game reaches the platform only through ``games.contract`` (``config/layers.py`` checks it), so
this module is the whole list of what games use of the move path, the tables, presence and clocks.
"""

from games.live.away import asleep
from games.live.away import grace as away_grace
from games.live.presence import here
from games.notifications.deadlines import clock_due_at
from games.play import seat_moves
from games.play.services import MoveRejected, create_game, join_game, start_game, submit_move
from games.tables.tools import last_resumed_at
from games.web.views import moved

__all__ = [
    "MoveRejected",
    "asleep",
    "away_grace",
    "clock_due_at",
    "create_game",
    "here",
    "join_game",
    "last_resumed_at",
    "moved",
    "seat_moves",
    "start_game",
    "submit_move",
]
