"""In-person score keeping: the rules of each game's score sheet, as pure functions.

Each module exposes a scorer (see ``base.Scorer``): a sheet is a list of
entries replayed from ``new(names, options)`` through ``apply``; a refused
entry raises ``Refused`` with a sentence for the scorekeeper. Nothing here
imports Django.
"""

from __future__ import annotations

from .base import Refused, Scorer, replay
from .catacombs import CATACOMBS
from .poker import POKER
from .roads import ROADS
from .romanroad import ROMAN_ROAD
from .romirami import ROMI_RAMI

SCORERS: dict[str, Scorer] = {
    scorer.kind: scorer for scorer in (CATACOMBS, POKER, ROMI_RAMI, ROADS, ROMAN_ROAD)
}

__all__ = ["SCORERS", "Refused", "Scorer", "replay"]
