"""One random legal game of any engine, with the seeded random streams the platform gives it
(``games.play.services``), and its replay from the seed and the moves alone."""

from __future__ import annotations

import json
import random
from collections.abc import Iterator
from dataclasses import dataclass, field

from games.contract.protocol import Move, State
from games.play.services import move_rng, setup_rng
from tests.conformance.subjects import Subject


@dataclass(frozen=True)
class Step:
    number: int
    seat: int | None
    move: Move
    before: State
    after: State


@dataclass
class Game:
    """A random game of ``subject`` at a table of ``players`` with ``options``: ``seed`` seeds the
    engine's streams as a table's seed does, ``chooser`` the random player's choices."""

    subject: Subject
    players: int
    options: dict
    seed: str
    moves: list[tuple[int | None, Move]] = field(default_factory=list)
    # The state the game starts from: the engine's setup, unless given (a table's state in play).
    begin: State | None = None

    def start(self) -> State:
        if self.begin is not None:
            return self.begin
        return self.subject.engine.setup(self.players, self.options, setup_rng(self.seed))

    def steps(self, limit: int | None = None) -> Iterator[Step]:
        """Each move to the game's end (at most ``limit``), its input checked untouched; a game
        still going after its profile's bound fails."""
        engine, profile = self.subject.engine, self.subject.profile
        chooser = random.Random(f"{self.seed}:chooser")
        state = self.start()
        bound = profile.bound(self.players)
        while not engine.is_over(state) and (limit is None or len(self.moves) < limit):
            assert len(self.moves) < bound, f"the game did not end within {bound} moves"
            seat, move = profile.choose(engine, state, self.players, chooser)
            frozen = json.dumps(state, sort_keys=True)
            after = engine.apply(state, seat, move, move_rng(self.seed, len(self.moves)))
            assert json.dumps(state, sort_keys=True) == frozen, "apply changed its input"
            yield Step(len(self.moves), seat, move, state, after)
            self.moves.append((seat, move))
            state = after

    def play(self, limit: int | None = None) -> State:
        """The state the game reaches (its end, or after ``limit`` moves)."""
        state = self.start()
        for step in self.steps(limit):
            state = step.after
        return state

    def replay(self) -> State:
        """The state rebuilt from the start, the seed and the moves made so far."""
        state = self.start()
        for number, (seat, move) in enumerate(self.moves):
            state = self.subject.engine.apply(state, seat, move, move_rng(self.seed, number))
        return state


def played(subject: Subject, players: int, moves: int, seed: str = "3") -> State:
    """A game of ``players`` after ``moves`` random legal moves (fewer if it ended)."""
    return Game(subject, players, {}, seed).play(moves)
