"""What a game app hands the platform, and the registry that holds them.

The platform (lobby, move path, pages, e-mail, deadlines) knows no game by
name: it asks the registry for the ``GameKind`` of a ``Game.kind`` slug. Each
game app subclasses ``GameKind`` in its ``web.py`` and registers an instance
from its ``AppConfig.ready``. The defaults below describe a plain turn-based
game, so a simple game overrides little more than its engine and templates.
"""

from __future__ import annotations

import os
from collections.abc import Iterator
from datetime import datetime
from typing import TYPE_CHECKING, Any

from django.conf import settings

from games.contract.pages import Pages
from games.contract.policy import TablePolicy
from games.contract.protocol import Engine, Move, Strategy
from games.contract.tableform import TableForm

if TYPE_CHECKING:
    from django.http import QueryDict

    from games.models import Game, Seat
    from scoresheets.layout import Layout
    from scoresheets.scoring import Scorer


# What the platform says when a table takes a step of its own (a deal, new cards), when a live
# table (all play at once) needs a player, and when its host gives the next step. A game overrides
# any of them in ``GameKind.notices``; "{round}" stands for the round's number.
NOTICES = {
    "table_step": "{game} has moved on, and it is your turn.",
    "table_step_subject": "{game}: moved on — your turn",
    "round": "{game} is being played and needs you at the table.",
    "round_subject": "{game}: the table needs you",
    "host_step": "Everyone at {game} has moved. As the host, give the table its next step:",
    "host_step_subject": "{game}: everyone has moved — your step as host",
    "host_step_action": "Open the table",
    "host_waits": "Waiting for you as the host",
    # A table at a glance, on a screen across the room (``games.web.glance``): "{names}" stands for
    # the people awaited.
    "turn": "{names}'s turn",
    "choosing": "choosing: {names}",
    "round_label": "round {round}",
    "table_waits": "the table takes its next step",
    "host_waits_screen": "waiting for the host",
    # The same before the first round (round 0): nobody has chosen anything yet.
    "table_first": "about to begin",
    "host_first_screen": "waiting for the host to begin",
}


REALTIME_BOT_DELAY = 2.0  # seconds between a computer player's moves at a realtime table


class GameKind:
    engine: Engine
    strategy: Strategy | None = None  # the computer player; None plays a random legal move
    urls: str | None = None  # module of the game's own pages, mounted under /<slug>/
    pages: Pages = Pages()  # the templates and assets its pages are drawn with
    poll_seconds: int = 2  # how often an open page polls while its WebSocket is down
    # Which tables may run on a clock (``timed_turn``), so beat looks at them: the table options
    # that put one on a clock ({} = every table of the game), or None for a game without clocks.
    clock_options: dict[str, Any] | None = None
    table_form: type[TableForm] = TableForm  # the game's table options on the create form
    # The game's own words for the platform's notices (see NOTICES), "{game}" standing for the table.
    notices: dict[str, str] = {}
    # Move types that are steps within a turn (a roll, a draw) -> their plural, as a turn e-mail
    # counts them after the moves that change the table ("and 8 smaller moves: rolls").
    small_moves: dict[str, str] = {}
    table: TablePolicy = TablePolicy()  # what sort of table the game's tables are (``policy``)
    # The game's knobs: setting name -> default, read by ``tunable`` (a game's settings live in its
    # folder, not in config/settings.py).
    tunables: dict[str, float] = {}
    pad: Layout | None = None  # the printable score pad (the game's pad.py), or None
    sheet: Scorer | None = None  # in-person score keeping (the game's sheet.py), or None

    @property
    def slug(self) -> str:
        return self.engine.slug

    @property
    def name(self) -> str:
        return self.engine.name

    @property
    def realtime(self) -> bool:
        return self.engine.realtime

    @property
    def asks_presence(self) -> bool:
        """Whether the game has table moves that depend on who is here (``presence_moves``)."""
        return type(self).presence_moves is not GameKind.presence_moves

    @classmethod
    def tunable(cls, name: str) -> float:
        """A knob of ``tunables``: from Django's settings if set there (tests), else the environment
        variable of that name, else its default."""
        value = getattr(settings, name, None)
        return float(os.environ.get(name, cls.tunables[name]) if value is None else value)

    def notice(self, name: str, game: str = "", round: int | None = None, names: str = "") -> str:  # noqa: A002
        """The sentence ``name`` of NOTICES in this game's words, for the table called ``game``
        (in round ``round``, awaiting ``names``)."""
        return self.notices.get(name, NOTICES[name]).format(game=game, round=round, names=names)

    # Pages ------------------------------------------------------------------

    def board_context(self, view: dict, game: Game) -> dict:
        """What the board partial needs beyond the seat's ``view`` (computed from the view alone)."""
        return {}

    def table_context(self, view: dict, game: Game) -> dict:
        """What the table's part (``pages.table``) needs beyond the table's ``view`` (seat None)."""
        return {}

    def scores_so_far(self, view: dict) -> list[int] | None:
        """The scores a spectator may see during play, one per seat, from the spectator's ``view``
        (a night's TV shows them beside the names); None when the game shows none until its end.
        By default the view's ``scores``."""
        scores = view.get("scores")
        return list(scores) if isinstance(scores, list) and all(isinstance(s, int) for s in scores) else None

    def parse_move(self, post: QueryDict, move: Move) -> Move:
        """Form fields the page adds to a posted move (checkboxes, a row picked from a list)."""
        return move

    # The table's own moves and clocks -----------------------------------------

    def system_move(self, game: Game, seats: list[Seat]) -> tuple[int | None, Move] | None:
        """The next move the table makes by itself (seat, move), or None.

        Asked after every recorded move under the game's row lock, so such a move
        happens exactly once.
        """
        return None

    def host_acts(self, game: Game) -> bool:
        """The host gives the table's steps (seat None's moves, ``rules.awaits_table``): told when
        one is due, defaulted after the deadline."""
        return False

    def timed_turn(self, game: Game) -> int | None:
        """Seconds of a turn on a table that moves on a clock (then seat None moves), or None."""
        return None

    def turn_started_at(self, game: Game) -> datetime | None:
        """When a clocked table's current turn began."""
        return None

    def clocked(self, game: Game) -> bool:
        """The table runs on a clock (which a pause freezes): a turn deadline, or a clock of the game's
        own (``clock_options``: timed turns, a realtime table's pace)."""
        if game.turn_deadline:
            return True
        if self.clock_options is None:
            return False
        return all(game.options.get(name) == value for name, value in self.clock_options.items())

    def bot_delay(self, game: Game) -> float:
        """Seconds a computer player at a realtime table waits before each move.

        A realtime table paces its computer players so they play in time with the
        people: each moves, then waits this long (``games.tasks.pace_bots``).
        At a turn-based table they move as soon as they are awaited, and this is not asked.
        """
        return REALTIME_BOT_DELAY

    def presence_moves(self, game: Game) -> float | None:
        """Whether the table's own moves (``system_move``) depend on who is here: the seconds after
        a seat's last page closes at which they are asked again (they are also asked at once when
        a seat's first page opens), or None when they do not."""
        return None

    def move_on(self, game: Game) -> Move | None:
        """The table's own move that goes on without the people away it waits on (a phone asleep),
        made when someone at the table asks once they have been away the grace
        (``games.live.away``); None: the table waits for its players, as a mail game does."""
        return None

    def policy(self, game: Game) -> TablePolicy:
        """The policy of this table: the game's ``table``, unless its tables differ (a solo run)."""
        return self.table

    def play_again(self, game: Game, user: Any) -> Game | None:
        """The game's own "play again" for finished ``game`` (e.g. a fresh one-person run, started at
        once), or None for the usual rematch: a new table with the same seats."""
        return None

    def player_context(self, user: Any) -> dict:
        """What ``pages.player`` draws for ``user``'s page (e.g. solo runs): only what anyone may see."""
        return {}

    def watch_refusal(self, game: Game, user: Any) -> str | None:
        """Why ``user`` may not watch ``game`` without a seat, or None (anyone with the code may)."""
        return None


def form_number(raw: str) -> int | str:
    """A form field as an int when it reads as one; the engine refuses whatever else it is."""
    try:
        return int(raw)
    except ValueError:  # not a number, or more digits than Python converts
        return raw


_KINDS: dict[str, GameKind] = {}


def register(kind: GameKind) -> GameKind:
    """Called by a game app's ``AppConfig.ready``."""
    _KINDS[kind.slug] = kind
    return kind


def unregister(slug: str) -> None:
    _KINDS.pop(slug, None)


def get(slug: str) -> GameKind:
    """The kind of ``slug``; KeyError for a game that is not installed."""
    return _KINDS[slug]


def exists(slug: str) -> bool:
    return slug in _KINDS


def all_kinds() -> Iterator[GameKind]:
    """In the order the apps are installed."""
    return iter(list(_KINDS.values()))


def slugs() -> list[str]:
    return sorted(_KINDS)


def with_tv() -> list[str]:
    """The games that have a shared screen."""
    return [slug for slug, kind in _KINDS.items() if kind.pages.tv]
