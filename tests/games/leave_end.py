"""What the leave and end tests of the turn-based games share: the pure ``leave`` and ``end``
hooks of an engine where, of two players, leaving is resigning, and of more a computer player
takes the seat."""

from __future__ import annotations

import copy
import random

from games.contract.protocol import finishing_places


def play(engine, players: int, moves: int = 12, seed: int = 3) -> dict:
    """A game of ``players`` after ``moves`` random legal moves (fewer if it ended)."""
    rng = random.Random(seed)
    state = engine.setup(players, {}, rng)
    for _ in range(moves):
        if engine.is_over(state):
            break
        seat = engine.to_act(state)[0]
        state = engine.apply(state, seat, rng.choice(engine.legal_moves(state, seat)), rng)
    return state


def of_two_leaving_is_resigning(engine) -> None:
    state = play(engine, 2)
    kept = copy.deepcopy(state)
    after = engine.leave(state, 0, random.Random(1))
    assert state == kept  # the input untouched
    assert engine.is_over(after) and engine.to_act(after) == [] and engine.legal_moves(after, 1) == []
    assert finishing_places(engine, after) == [2, 1]
    assert engine.view(after, 1)["end_reason"] == "resigned"
    assert engine.leave(after, 1, random.Random(1)) == after  # over: nothing more to resign


def of_more_the_state_is_unchanged(engine) -> None:
    state = play(engine, 3)
    assert engine.leave(state, 1, random.Random(1)) == state


def the_host_ends_it_as_it_stands(engine) -> None:
    after = engine.end(play(engine, 3, moves=30), random.Random(1))
    assert engine.is_over(after) and engine.to_act(after) == []
    assert engine.view(after, 0)["end_reason"] == "ended"
    assert len(finishing_places(engine, after)) == 3 and 1 in finishing_places(engine, after)
