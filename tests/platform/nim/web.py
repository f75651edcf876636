"""Nim's ``GameKind``: the whole of what the platform needs to host it, pad and sheet included."""

from __future__ import annotations

from games.contract.kinds import GameKind, form_number

from . import pad as score_pad
from .engine import NIM
from .sheet import SHEET


class NimKind(GameKind):
    engine = NIM
    board_template = "nim/board.html"
    pad = score_pad
    sheet = SHEET
    options = {"misere": ("Last stone loses", "Played here as the normal game either way.")}

    def parse_move(self, post, move):
        if "count" in post:
            move["count"] = form_number(post["count"])
        return move
