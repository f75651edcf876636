"""Roman Road on the site: a live table. Moves apply in arrival order (the engine says "Too late"
to what an earlier move overtook), computer players keep a pace of their own, and between hands
the table deals the next one when everyone is ready or the pause is over.

Who is at the table decides two of the table's own moves (``system_move``, recorded through the
one move path under the game's row lock):

- **Begin.** A hand is dealt into the engine's ``deal`` phase. Computer players are ready at
  once; a person is ready at once when a page of theirs is open (``games.live.presence``). A person
  who is not there is not waited for past ``ROMANROAD_ABSENT_SECONDS``: the table's clock takes
  them as ready. Once everyone is ready, the clock says Begin ``ROMANROAD_BEGIN_SECONDS`` later
  (the countdown every screen shows). No computer player's chain starts before Begin.
- **Away.** In a hand, a person with no page open and no card played, flip or Stuck for
  ``ROMANROAD_IDLE_SECONDS`` is marked away (the engine counts them as stuck); a page of
  theirs opening again marks them back, and so does the seat passing to a computer player.
  The table is asked again that long after a seat's last page closes (``presence_moves``)
  and at once when its first page opens; every move at the table asks too, and so does
  the beat sweep of a table quiet for that long.
"""

from __future__ import annotations

import random
from datetime import datetime, timedelta

from django import forms
from django.http import QueryDict
from django.utils import timezone

from games.contract import platform
from games.contract.kinds import GameKind, form_number
from games.contract.pages import Pages
from games.contract.policy import SeatWords, TablePolicy
from games.contract.protocol import Move as MovePayload
from games.contract.protocol import State
from games.contract.tableform import TableForm
from games.models import Game, Move, Seat
from games.romanroad import bot
from games.romanroad import pad as score_pad
from games.romanroad.engine import (
    AWAY,
    BACK,
    BETWEEN,
    DEAL,
    HAND,
    ROMANROAD,
    TARGET,
    TARGET_RANGE,
    away_seats,
)
from games.romanroad.presenter import romanroad_context, table_context
from games.romanroad.sheet import SHEET

BETWEEN_SECONDS = 20  # the pause between hands; everyone pressing Ready deals sooner
PLAYS = ("move", "flip", "stuck")  # what a person does at the table (not what the table does for them)
UNTIMED = ("away", "back")  # marks the table makes about who is here: they move no clock on


# The table's knobs (``GameKind.tunable``: a setting or an environment variable of that name).
TUNABLES = {
    "ROMANROAD_BEGIN_SECONDS": 3.0,  # the countdown to Begin once everyone is ready
    "ROMANROAD_ABSENT_SECONDS": 5.0,  # how long a hand just dealt waits for a person with no page open
    "ROMANROAD_IDLE_SECONDS": 20.0,  # how long a person gone, playing no part, may be before they are away
}


def begin_seconds() -> float:
    """The countdown to Begin once everyone is ready."""
    return RomanRoadKind.tunable("ROMANROAD_BEGIN_SECONDS")


def absent_seconds() -> float:
    """How long a hand just dealt waits for a person with no page open before taking them as ready."""
    return RomanRoadKind.tunable("ROMANROAD_ABSENT_SECONDS")


def idle_seconds() -> float:
    """How long a person with no page open and no play of theirs may be gone before they are away."""
    return RomanRoadKind.tunable("ROMANROAD_IDLE_SECONDS")


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


class RomanRoadTableForm(TableForm):
    amen_bonus = forms.BooleanField(
        label="Amen bonus",
        required=False,
        help_text="Optional rule: +10 to the player who empties their Store.",
    )
    negative = forms.BooleanField(
        label="Negative hand scores", required=False, help_text="Optional rule: a hand may score below 0."
    )
    target = forms.IntegerField(
        label="Play to",
        min_value=TARGET_RANGE[0],
        max_value=TARGET_RANGE[1],
        initial=TARGET,
        help_text="The game ends after the hand in which someone's total reaches this score.",
    )
    bot_speed = forms.ChoiceField(
        label="Computer players' speed",
        choices=SPEED_CHOICES,
        initial=bot.DEFAULT_SPEED,
        help_text="Add computer players to empty seats in the lobby.",
    )
    deadline_wording = (
        "Idle limit",
        "A player still in a hand this long after it was dealt is taken to be stuck. "
        f"Between hands the next one is dealt after {BETWEEN_SECONDS} seconds whatever you choose.",
    )

    @classmethod
    def options_from(cls, data: dict) -> dict:
        options = super().options_from(data)
        options["target"] = data.get("target") or TARGET
        options["bot_speed"] = data.get("bot_speed") or bot.DEFAULT_SPEED
        return options

    @classmethod
    def labels(cls, options: dict) -> list[str]:
        return [
            f"play to {options.get('target', TARGET)}",
            *super().labels(options),
            f"{bot_speed(options)} computer players",
        ]


class RomanRoadKind(GameKind):
    engine = ROMANROAD
    strategy = staticmethod(bot.choose)
    pages = Pages(
        board="romanroad/board.html",
        table="romanroad/board_table.html",  # the running hand and the log; the seats small too
        tv="romanroad/tv_board.html",
        scripts=("decks/deck.js", "romanroad/romanroad.js"),
        stylesheet="romanroad/romanroad.css",
    )
    urls = "games.romanroad.urls"  # the shared screen's old address
    pad = score_pad
    sheet = SHEET
    poll_seconds = 1  # a page whose socket is down still sees the race within a second
    tunables = TUNABLES
    table = TablePolicy(
        computer_takes_left_seats=False,  # a seat whose player left counts as stuck (the engine's leave)
        left_seat=SeatWords(
            "their seat counts as stuck for the rest of the game",
            "your seat counts as stuck for the rest of the game",
        ),
    )
    clock_options = {}  # every table: the next hand is dealt when the pause between hands is up
    table_form = RomanRoadTableForm
    # A race has hands, not turns: a player gone from the table hears that a hand is on without them.
    notices = {
        "round": "Hand {round} is being played at {game}, and your cards are waiting for you.",
        "round_subject": "{game}: hand {round} is on — your cards are waiting",
        "round_label": "hand {round}",
        "choosing": "playing: {names}",
        "table_waits": "hand {round} · the table moves on next",
    }

    # Pages ------------------------------------------------------------------

    def board_context(self, view: dict, game: Game) -> dict:
        clock_at = platform.clock_due_at(game) if view["phase"] in (BETWEEN, DEAL) else None
        return romanroad_context(view, clock_at, timezone.now())

    def table_context(self, view: dict, game: Game) -> dict:
        return table_context(view)

    def scores_so_far(self, view: dict) -> list[int]:
        """Each player's total of the hands played (the hand in play counts once it ends)."""
        return list(view["totals"])

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

    # The clock between hands --------------------------------------------------

    def timed_turn(self, game: Game) -> float | None:
        """Between hands the table is on a clock: the next hand is dealt when it runs out. A hand
        just dealt is on a clock too: the absent are taken as ready, then Begin."""
        state = game.state
        if state is None:
            return None
        if state["phase"] == BETWEEN:
            return BETWEEN_SECONDS
        if state["phase"] == DEAL:
            return begin_seconds() if all(state["ready"]) else absent_seconds()
        return None

    def turn_started_at(self, game: Game) -> datetime | None:
        """Between hands: when the last hand ended (the latest move that was not someone saying they
        are ready). Before Begin: when the hand was dealt (the move before the readies since), or
        once everyone is ready, when the last of them was."""
        state = game.state
        moves = Move.objects.filter(game=game).exclude(payload__type__in=UNTIMED).order_by("-number")
        skip = 0
        if state is not None and state["phase"] == BETWEEN:
            moves = moves.exclude(payload__type="ready")
        elif state is not None and state["phase"] == DEAL and not all(state["ready"]):
            # Each seat ready since the deal is one move after it (a seat whose player left is
            # ready by the rules, with no move of its own).
            left = state.get("left") or []
            skip = sum(1 for seat, ready in enumerate(state["ready"]) if ready and seat not in left)
        latest = moves.values_list("created_at", flat=True)[skip : skip + 1].first()
        return latest or game.started_at

    # Computer players ------------------------------------------------------------

    def bot_delay(self, game: Game) -> float:
        return bot.pause(bot_speed(game.options), _pace)

    # Who is at the table ------------------------------------------------------------

    def presence_moves(self, game: Game) -> float | None:
        return idle_seconds()

    def system_move(self, game: Game, seats: list[Seat]) -> tuple[int | None, MovePayload] | None:
        """Before Begin: computer players and the people here are ready. In a hand: a person gone
        for ``idle_seconds`` is away; at any time, an away person whose page is open is back."""
        state = game.state
        if state is None or state["phase"] not in (DEAL, HAND, BETWEEN):
            return None
        if state["phase"] == DEAL:
            return _ready_at_once(state, seats)
        return _away_or_back(game, state, seats)


def _ready_at_once(state: State, seats: list[Seat]) -> tuple[int, MovePayload] | None:
    waiting = [s for s in seats if not state["ready"][s.position]]
    bot_seat = next((s for s in waiting if s.is_bot), None)
    if bot_seat is not None:
        return bot_seat.position, {"type": "ready"}
    people = [s for s in waiting if s.user_id and not s.left]
    present = platform.here([s.pk for s in people]) if people else set()
    here_now = next((s for s in people if s.pk in present), None)
    return (here_now.position, {"type": "ready"}) if here_now is not None else None


def _away_or_back(game: Game, state: State, seats: list[Seat]) -> tuple[int, MovePayload] | None:
    away = away_seats(state)
    gone_for_good = state.get("left") or []
    for seat in seats:  # a seat the host gave to a computer player plays on at once
        if seat.is_bot and away[seat.position] and seat.position not in gone_for_good:
            return seat.position, {"type": BACK}
    people = [s for s in seats if not s.is_bot and s.user_id and not s.left]
    asked = people if state["phase"] == HAND else [s for s in people if away[s.position]]
    if not asked:
        return None
    present = platform.here([s.pk for s in asked])
    for seat in asked:
        if away[seat.position] and seat.pk in present:
            return seat.position, {"type": BACK}
    if state["phase"] != HAND:
        return None
    cutoff = timezone.now() - timedelta(seconds=idle_seconds())
    for seat in asked:
        if not away[seat.position] and seat.pk not in present and _last_here(game, seat) <= cutoff:
            return seat.position, {"type": AWAY}
    return None


def _last_here(game: Game, seat: Seat) -> datetime:
    """The latest sign of the person at this seat: a page of theirs, or a play of their own."""
    played = (
        Move.objects.filter(game=game, seat=seat.position, payload__type__in=PLAYS)
        .order_by("-number")
        .values_list("created_at", flat=True)
        .first()
    )
    seen = Seat.objects.filter(pk=seat.pk).values_list("last_seen", flat=True).first()
    return max(filter(None, (played, seen, game.started_at)), default=timezone.now())
