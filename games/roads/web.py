"""Building Roman Roads on the site: the board's context and the form fields of a move."""

from __future__ import annotations

from django.http import QueryDict

from games.contract.kinds import GameKind, form_number
from games.contract.pages import Pages
from games.contract.protocol import Move
from games.models import Game
from games.roads import bot
from games.roads import pad as score_pad
from games.roads.engine import ROADS
from games.roads.presenter import roads_context, table_context
from games.roads.sheet import SHEET

# The fields the page's pick-then-target form posts, by move type. A field the type does
# not take is ignored, so one form serves both plays and road moves.
MOVE_FIELDS = {"play": ("card", "to"), "move": ("from", "index", "to")}
NUMBER_FIELDS = ("index",)


class RoadsKind(GameKind):
    engine = ROADS
    strategy = staticmethod(bot.choose)
    pages = Pages(
        board="roads/board.html",
        table="roads/cross.html",  # the roads around Rome
        lobby="roads/lobby.html",
        scripts=("decks/deck.js", "roads/roads.js"),  # the deck games' card controller, then the game's own
        stylesheet="roads/roads.css",
    )
    pad = score_pad
    sheet = SHEET
    small_moves = {"draw": "draws"}

    def board_context(self, view: dict, game: Game) -> dict:
        return roads_context(view)

    def table_context(self, view: dict, game: Game) -> dict:
        return table_context(view)

    def scores_so_far(self, view: dict) -> None:
        """None: a game has a winner and no running score (its ``scores`` count games won)."""
        return None

    def parse_move(self, post: QueryDict, move: Move) -> Move:
        """``card`` and ``to`` for a card played from the hand; ``from``, ``index`` (0 is the
        bottom card of the road) and ``to`` for part of a road moved."""
        kind = move.get("type")
        for field in MOVE_FIELDS.get(kind, ()) if isinstance(kind, str) else ():
            if field in post:
                move[field] = form_number(post[field]) if field in NUMBER_FIELDS else post[field]
        return move
