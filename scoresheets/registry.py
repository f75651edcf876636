"""Which games have a printable pad and an in-person sheet: read from the game registry.

A game hangs its ``pad`` (a layout module, see ``layout.Layout``) and its
``sheet`` (a ``scoring.Scorer``) on its ``GameKind``; nothing here names a game.
"""

from __future__ import annotations

from games.contract import kinds
from games.contract.kinds import GameKind


def pad_kinds() -> list[GameKind]:
    return [kind for kind in kinds.all_kinds() if kind.pad is not None]


def sheet_kinds() -> list[GameKind]:
    return [kind for kind in kinds.all_kinds() if kind.sheet is not None]


def pad_kind(slug: str) -> GameKind | None:
    """The kind of ``slug`` if it prints a pad, else None."""
    kind = kinds.get(slug) if kinds.exists(slug) else None
    return kind if kind is not None and kind.pad is not None else None


def sheet_kind(slug: str) -> GameKind | None:
    """The kind of ``slug`` if it keeps an in-person sheet, else None."""
    kind = kinds.get(slug) if kinds.exists(slug) else None
    return kind if kind is not None and kind.sheet is not None else None
