"""Roman Poker on the site: its create-form options, the board's context, the move's form fields."""

from __future__ import annotations

from django import forms
from django.http import QueryDict

from games.contract.kinds import GameKind, form_number
from games.contract.pages import Pages
from games.contract.protocol import Move
from games.contract.tableform import TableForm
from games.models import Game
from games.poker import bot
from games.poker import pad as score_pad
from games.poker.engine import POKER
from games.poker.presenter import pad_rows, poker_context
from games.poker.sheet import SHEET

NUMBER_FIELDS = ("row", "value", "die", "count")


class PokerTableForm(TableForm):
    multi_roll = forms.BooleanField(
        label="Roll several dice at once",
        required=False,
        help_text="Optional rule: roll any number of the remaining dice together.",
    )
    cards_anytime = forms.BooleanField(
        label="Action cards at any time",
        required=False,
        help_text="Optional rule: play cards even after a valid roll.",
    )
    physical_dice = forms.BooleanField(
        label="We roll real dice",
        required=False,
        help_text="Enter the faces you roll at the table; the site keeps score.",
    )


class PokerKind(GameKind):
    engine = POKER
    strategy = staticmethod(bot.choose)
    pages = Pages(
        board="poker/board.html",
        table="poker/board_table.html",  # the score pad and the log
        stylesheet="poker/poker.css",
    )
    pad = score_pad
    sheet = SHEET
    small_moves = {"roll": "rolls", "card": "action cards"}
    table_form = PokerTableForm

    def board_context(self, view: dict, game: Game) -> dict:
        return poker_context(view)

    def table_context(self, view: dict, game: Game) -> dict:
        return {"pad_rows": pad_rows(view), "options": game.options}

    def scores_so_far(self, view: dict) -> list[int]:
        """Each player's total as the pad adds it up: the rows written and the cards kept."""
        return list(view["totals"])

    def parse_move(self, post: QueryDict, move: Move) -> Move:
        if "dice" in post:  # the dice ticked for a card
            move["dice"] = [form_number(v) for v in post.getlist("dice")]
        if "faces" in post:  # typed as "X V I", "xvi" or "X, V": one letter per die
            move["faces"] = [c.upper() for c in post["faces"] if not c.isspace() and c != ","]
        for field in NUMBER_FIELDS:
            if field in post:
                move[field] = form_number(post[field])
        return move
