"""Roman Road on the site: a live table. Moves apply in arrival order (the engine says "Too late"
to what an earlier move overtook), computer players keep a pace of their own, and between hands
the table deals the next one when everyone is ready or the pause is over."""

from __future__ import annotations

import random
from datetime import datetime

from django import forms
from django.http import QueryDict
from django.utils import timezone

from games.kinds import GameKind, form_number
from games.models import Game, Move
from games.notifications import deadlines
from games.rules import Move as MovePayload
from games.rules import State

from . import bot
from . import pad as score_pad
from .engine import BETWEEN, ROMANROAD, TARGET, TARGET_RANGE
from .presenter import romanroad_context
from .sheet import SHEET

BETWEEN_SECONDS = 20  # the pause between hands; everyone pressing Ready deals sooner
SPEED_CHOICES = [
    ("slow", "Slow (about 4 seconds a move)"),
    ("steady", "Steady (about 2 seconds a move)"),
    ("fast", "Fast (about 1 second a move)"),
]
TEXT_FIELDS = ("card", "to")
HAND_MOVES = ("move", "flip", "stuck")

_pace = random.Random()  # how long a computer player waits is timing, not chance in the game


def bot_speed(options: dict) -> str:
    speed = options.get("bot_speed") if isinstance(options, dict) else None
    return speed if speed in bot.SPEEDS else bot.DEFAULT_SPEED


class RomanRoadKind(GameKind):
    engine = ROMANROAD
    strategy = staticmethod(bot.choose)
    board_template = "romanroad/board.html"
    urls = "games.romanroad.urls"  # the shared screen's old address
    tv_template = "romanroad/tv_board.html"
    pad = score_pad
    sheet = SHEET
    script = "romanroad/romanroad.js"  # loaded once by the game page; a board swapped in later brings none
    stylesheet = "romanroad/romanroad.css"
    poll_seconds = 1  # a page whose socket is down still sees the race within a second
    clock_options = {}  # every table: the next hand is dealt when the pause between hands is up
    deadline_wording = (
        "Idle limit",
        "A player still in a hand this long after it was dealt is taken to be stuck. "
        f"Between hands the next one is dealt after {BETWEEN_SECONDS} seconds whatever you choose.",
    )
    options = {
        "amen_bonus": ("Amen bonus", "Optional rule: +10 to the player who empties their Store."),
        "negative": ("Negative hand scores", "Optional rule: a hand may score below 0."),
    }

    # Pages ------------------------------------------------------------------

    def board_context(self, view: dict, game: Game) -> dict:
        next_hand_at = deadlines.clock_due_at(game) if view["phase"] == BETWEEN else None
        return romanroad_context(view, next_hand_at, timezone.now())

    def parse_move(self, post: QueryDict, move: MovePayload) -> MovePayload:
        """``card`` and ``to`` of a card moved; ``hand``, the hand the page showed, so a move sent
        during a hand that is over arrives "too late" instead of landing in the next one."""
        kind = move.get("type")
        if kind == "move":
            for field in TEXT_FIELDS:
                if field in post:
                    move[field] = post[field]
        if kind in HAND_MOVES and post.get("hand"):
            move["hand"] = form_number(post["hand"])
        return move

    # The create form --------------------------------------------------------

    def form_fields(self) -> dict[str, forms.Field]:
        low, high = TARGET_RANGE
        return {
            "target": forms.IntegerField(
                label="Play to", min_value=low, max_value=high, initial=TARGET,
                help_text="The game ends after the hand in which someone's total reaches this score.",
            ),
            "bot_speed": forms.ChoiceField(
                label="Computer players' speed", choices=SPEED_CHOICES, initial=bot.DEFAULT_SPEED,
                help_text="Add computer players to empty seats in the lobby.",
            ),
        }

    def form_options(self, data: dict) -> dict:
        options = {name: bool(data.get(name)) for name in self.options}
        options["target"] = data.get("target") or TARGET
        options["bot_speed"] = data.get("bot_speed") or bot.DEFAULT_SPEED
        return options

    def option_labels(self, options: dict) -> list[str]:
        labels = [f"play to {options.get('target', TARGET)}"]
        labels += [label for name, (label, _help) in self.options.items() if options.get(name)]
        labels.append(f"{bot_speed(options)} computer players")
        return labels

    # The clock between hands --------------------------------------------------

    def awaits_host(self, state: State) -> bool:
        return ROMANROAD.awaits_table(state)

    def timed_turn(self, game: Game) -> int | None:
        """Between hands the table is on a clock: the next hand is dealt when it runs out."""
        state = game.state
        return BETWEEN_SECONDS if state is not None and state["phase"] == BETWEEN else None

    def turn_started_at(self, game: Game) -> datetime | None:
        """When the last hand ended: the latest move that was not someone saying they are ready."""
        return (
            Move.objects.filter(game=game)
            .exclude(payload__type="ready")
            .order_by("-number")
            .values_list("created_at", flat=True)
            .first()
        )

    # Computer players ------------------------------------------------------------

    def bot_delay(self, game: Game) -> float:
        return bot.pause(bot_speed(game.options), _pace)

