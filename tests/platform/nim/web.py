"""Nim's ``GameKind``: the whole of what the platform needs to host it."""

from __future__ import annotations

from games.kinds import GameKind, form_number

from .engine import NIM


class NimKind(GameKind):
    engine = NIM
    board_template = "nim/board.html"
    options = {"misere": ("Last stone loses", "Played here as the normal game either way.")}

    def parse_move(self, post, move):
        if "count" in post:
            move["count"] = form_number(post["count"])
        return move
