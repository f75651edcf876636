"""Nim's ``GameKind``: the whole of what the platform needs to host it, pad and sheet included."""

from __future__ import annotations

from django import forms

from games.contract.kinds import GameKind, form_number
from games.contract.pages import Pages
from games.contract.tableform import TableForm

from . import pad as score_pad
from .engine import NIM
from .sheet import SHEET


class NimTableForm(TableForm):
    misere = forms.BooleanField(
        label="Last stone loses", required=False, help_text="Played here as the normal game either way."
    )


class NimKind(GameKind):
    engine = NIM
    pages = Pages(
        board="nim/board.html",
    )
    pad = score_pad
    sheet = SHEET
    table_form = NimTableForm

    def parse_move(self, post, move):
        if "count" in post:
            move["count"] = form_number(post["count"])
        return move
