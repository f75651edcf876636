"""The games the conformance suite runs over: every registered kind and the toy games, each with
its profile (a game folder's ``tests/conformance.py``; the toy games hide nothing)."""

from __future__ import annotations

import importlib
import random
import sys
from dataclasses import dataclass
from pathlib import Path

from games.contract import kinds
from games.contract.kinds import GameKind
from games.contract.protocol import Engine, seat_leaves
from tests.conformance.profile import Profile
from tests.platform.nim.web import NimKind
from tests.platform.race.web import RaceKind

TOYS: list[GameKind] = [NimKind(), RaceKind()]


@dataclass(frozen=True)
class Subject:
    kind: GameKind
    profile: Profile

    @property
    def engine(self) -> Engine:
        return self.kind.engine

    @property
    def slug(self) -> str:
        return self.kind.slug

    @property
    def playthrough(self) -> Path:
        """Where its golden playthrough is kept: its folder's tests/ (a toy game's own folder)."""
        folder = Path(sys.modules[type(self.kind).__module__].__file__).parent
        return (folder / "tests" if (folder / "tests").is_dir() else folder) / "playthrough.txt"

    def __str__(self) -> str:
        return self.slug


def leaving_resigns(kind: GameKind) -> bool:
    """Of two players, leaving is resigning: the engine's ``leave`` ends a game of two."""
    engine = kind.engine
    if not engine.min_players <= 2 <= engine.max_players:
        return False
    state = engine.setup(2, {}, random.Random(0))
    return engine.is_over(seat_leaves(engine, state, 0, random.Random(1)))


def profile_of(kind: GameKind) -> Profile | None:
    """The ``PROFILE`` of the game folder that holds ``kind`` (``games/<g>/tests/conformance.py``)."""
    folder = type(kind).__module__.rsplit(".", 1)[0]
    try:
        module = importlib.import_module(f"{folder}.tests.conformance")
    except ModuleNotFoundError:
        return None
    return module.PROFILE


def subjects() -> list[Subject]:
    found = [Subject(kind, profile_of(kind) or Profile()) for kind in kinds.all_kinds()]
    return found + [Subject(kind, Profile()) for kind in TOYS]


SUBJECTS = subjects()


def subject(slug: str) -> Subject:
    """The subject of the game called ``slug``."""
    return next(found for found in SUBJECTS if found.slug == slug)
