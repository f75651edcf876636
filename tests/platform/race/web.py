"""Race's ``GameKind``: computer players press every two seconds."""

from __future__ import annotations

from games.contract.kinds import GameKind
from games.contract.pages import Pages

from .engine import RACE

BOT_DELAY = 2.0


class RaceKind(GameKind):
    engine = RACE
    pages = Pages(board="race/board.html")

    def bot_delay(self, game) -> float:
        return BOT_DELAY
