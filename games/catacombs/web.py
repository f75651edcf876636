"""Roman Catacombs on the site: who flips, its create-form options, its sheet, its own pages."""

from __future__ import annotations

from dataclasses import replace
from datetime import datetime

from django.http import QueryDict

from games.catacombs import bot, forms, runs, tables
from games.catacombs import pad as score_pad
from games.catacombs.engine import CATACOMBS
from games.catacombs.presenter import catacombs_context, libraries
from games.catacombs.sheet import SHEET
from games.contract.kinds import GameKind, form_number
from games.contract.pages import Pages
from games.contract.platform import away_grace
from games.contract.policy import SeatWords, TablePolicy
from games.contract.protocol import Move
from games.models import Game, Seat

DAILY_PRIVATE = "A daily run stays private to its player until the day is over (UTC)."
NUMBER_FIELDS = ("pile", "slot")


class CatacombsKind(GameKind):
    engine = CATACOMBS
    strategy = staticmethod(bot.choose)
    pages = Pages(
        board="catacombs/board.html",
        table="catacombs/board_table.html",  # the players, their libraries and the log
        tv="catacombs/table_board.html",  # the table view for a TV
        lobby="catacombs/lobby_options.html",
        home="catacombs/home_solo.html",
        player="catacombs/player_runs.html",
        scripts=("catacombs/catacombs.js",),  # keeps a picked card across redraws
        stylesheet="catacombs/catacombs.css",
    )
    notices = {
        "table_step": "New cards are up in {game}: choose a book to write, or pass.",
        "table_step_subject": "{game}: new cards are up — your write",
        "host_step": "Everyone at {game} has written or passed. As the host, flip the next cards:",
        "host_step_subject": "{game}: everyone has chosen — flip the next cards",
        "host_step_action": "Flip the cards",
        "host_waits": "Waiting for you to flip",
        "round_label": "turn {round}",
        "table_waits": "turn {round} · everyone has chosen: new cards next",
        "host_waits_screen": "turn {round} · everyone has chosen: the host flips next",
        "table_first": "the first cards come next",
        "host_first_screen": "before the first flip: the host flips the first cards",
    }
    pad = score_pad
    sheet = SHEET
    table = TablePolicy(
        latecomers=True,  # a group table takes a latecomer into a free seat (a new library)
        computer_takes_left_seats=False,  # a seat whose player left passes every turn (tables.system_move)
        left_seat=SeatWords(
            "their seat passes every turn from now on", "your seat passes every turn from now on"
        ),
        joined_seat=SeatWords("they write from the next cards on", "you write from the next cards on"),
        host_moves_over_players=frozenset({"flip_on"}),  # the host flips on past a sleeping phone
    )
    solo = replace(table, one_sitting=True, latecomers=False, play_again_label="Play again")
    daily = replace(solo, rematch_refusal=runs.DAILY_NO_AGAIN)  # a daily run is a solo run, played once
    clock_options = {"flip_mode": tables.TIMED}  # a timed table flips when each turn is up
    urls = "games.catacombs.urls"
    table_form = forms.CatacombsTableForm

    def player_context(self, user) -> dict:
        return runs.player_runs(user)

    def board_context(self, view: dict, game: Game) -> dict:
        return catacombs_context(view) | {"cc_early_end": tables.early_end(game) if view["over"] else ""}

    def table_context(self, view: dict, game: Game) -> dict:
        return {"cc_libraries": libraries(view), "cc_solo": tables.is_solo(game)}

    def parse_move(self, post: QueryDict, move: Move) -> Move:
        for field in NUMBER_FIELDS:
            if field in post:
                move[field] = form_number(post[field])
        return move

    def system_move(self, game: Game, seats: list[Seat]) -> tuple[int | None, Move] | None:
        return tables.system_move(game, seats)

    def host_acts(self, game: Game) -> bool:
        return tables.flip_mode(game) == tables.HOST

    def presence_moves(self, game: Game) -> float | None:
        """An automatic or timed group table is asked again once a phone that slept has been away
        the grace (``tables.system_move`` passes it)."""
        return away_grace().total_seconds() if tables.moves_on_by_itself(game) else None

    def move_on(self, game: Game) -> Move | None:
        return None if tables.is_solo(game) else tables.MOVE_ON

    def timed_turn(self, game: Game) -> int | None:
        return tables.turn_seconds(game)

    def turn_started_at(self, game: Game) -> datetime | None:
        return tables.last_flip_at(game)

    def policy(self, game: Game) -> TablePolicy:
        """A solo run is one person's sitting; a daily run is played once; neither takes latecomers."""
        if runs.is_daily(game):
            return self.daily
        return self.solo if tables.is_solo(game) else self.table

    def play_again(self, game: Game, user) -> Game | None:
        """A solo run plays again as a fresh solo run, at once (no table to gather)."""
        return runs.start_solo(user) if tables.is_solo(game) else None

    def watch_refusal(self, game: Game, user) -> str | None:
        """Someone else's daily run stays private that day: its log would give away the day's deck."""
        day = game.options.get("daily") if isinstance(game.options, dict) else None
        is_owner = user is not None and user.is_authenticated and user.pk == game.host_id
        if day and not is_owner and day >= runs.today().isoformat():
            return DAILY_PRIVATE
        return None
