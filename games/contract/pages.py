"""The templates and assets a game's pages are drawn with, declared as data on its GameKind."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Pages:
    board: str = ""  # the board partial, "<slug>/board.html", drawn from a seat's view
    # The table's part of the board, "<slug>/board_table.html", placed by ``{% table_part %}``: what
    # every viewer may see, drawn once per version from the table's view (seat None), the same HTML
    # for every seat and watcher; None where the whole board is drawn per seat.
    table: str | None = None
    # The shared screen's partial (#board, drawn from the table's view, seat None), served at
    # /g/<code>/tv/; None for a game without one.
    tv: str | None = None
    lobby: str | None = None  # the table's options as the lobby shows them
    home: str | None = None  # a block of the game's own on the home page
    player: str | None = None  # a block of the game's own on a player's page (``GameKind.player_context``)
    # The board's behaviour ("<slug>/<slug>.js" under the app's static/, or several in order, e.g. a
    # shared controller before the game's own), loaded once by the game page: a board swapped in
    # later brings no script of its own, so it listens on the document.
    scripts: tuple[str, ...] = ()
    stylesheet: str | None = None  # the game's styles ("<slug>/<slug>.css"), linked by every page
