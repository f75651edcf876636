"""Romi Rami on the site: the board's context and the form fields of a move."""

from __future__ import annotations

from django.http import QueryDict

from games.contract.kinds import GameKind, form_number
from games.contract.pages import Pages
from games.contract.protocol import Move
from games.models import Game
from games.romirami import bot
from games.romirami import pad as score_pad
from games.romirami.engine import MAX_LISTED, ROMIRAMI
from games.romirami.presenter import STAR_WORD, romirami_context, table_context
from games.romirami.sheet import SHEET


class RomiRamiKind(GameKind):
    engine = ROMIRAMI
    strategy = staticmethod(bot.choose)
    pages = Pages(
        board="romirami/board.html",
        table="romirami/board_table.html",  # the players, the trophies and the log
        lobby="romirami/lobby.html",
        scripts=("romirami/romirami.js",),
        stylesheet="romirami/romirami.css",
    )
    pad = score_pad
    sheet = SHEET

    def board_context(self, view: dict, game: Game) -> dict:
        return romirami_context(view)

    def table_context(self, view: dict, game: Game) -> dict:
        return table_context(view)

    def scores_so_far(self, view: dict) -> list[int]:
        """During play, the points of the contracts each player completed: trophies and Suit Bonus
        cards stay unknown until the end; then the final scores."""
        if view["scores"] is not None:
            return list(view["scores"])
        return [player["contract_points"] for player in view["table"]]

    def parse_move(self, post: QueryDict, move: Move) -> Move:
        """``cards``: the market cards tapped for a take; ``way``: the numbers a contract is
        met with, ``"1 2 4 star"`` when the Star fills a slot; ``card``: the card discarded."""
        if "cards" in post:
            move["cards"] = [form_number(v) for v in post.getlist("cards")[: MAX_LISTED + 1]]
        if "way" in post:
            words = post["way"].split()[: MAX_LISTED + 2]
            move["numbers"] = [form_number(w) for w in words if w != STAR_WORD]
            move["star"] = STAR_WORD in words
        if "card" in post:
            move["card"] = form_number(post["card"])
        return move
