"""Every game's scores so far (``GameKind.scores_so_far``, what a night's TV shows beside the names)
are read from the spectator's view: none, or one whole number per seat at every step of a random
game, and the game's own scores once it is over."""

from __future__ import annotations

import pytest

from tests.conformance.play import Game
from tests.conformance.subjects import SUBJECTS, Subject


@pytest.mark.parametrize("subject", SUBJECTS, ids=str)
def test_scores_so_far_are_one_number_per_seat_or_none(subject: Subject) -> None:
    engine, kind = subject.engine, subject.kind
    players, options = subject.profile.playthrough(engine)
    game = Game(subject, players, options, "so far")
    state = game.start()
    for step in game.steps():
        state = step.after
        shown = kind.scores_so_far(engine.view(state, None))
        if shown is not None:
            assert len(shown) == len(engine.scores(state)) and all(type(s) is int for s in shown), step
    assert engine.is_over(state)
    if (shown := kind.scores_so_far(engine.view(state, None))) is not None:
        assert shown == list(engine.scores(state))
