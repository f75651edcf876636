"""Leaving for good and the host ending the game: the engine's pure ``leave`` and ``end`` hooks."""

from __future__ import annotations

import copy
import random

from games.romirami.engine import ROMIRAMI as engine
from games.rules import finishing_places


def play(players: int, moves: int = 12, seed: int = 3) -> dict:
    rng = random.Random(seed)
    state = engine.setup(players, {}, rng)
    for _ in range(moves):
        if engine.is_over(state):
            break
        seat = engine.to_act(state)[0]
        state = engine.apply(state, seat, rng.choice(engine.legal_moves(state, seat)), rng)
    return state


def test_of_two_players_leaving_is_resigning_and_the_other_wins():
    state = play(2)
    kept = copy.deepcopy(state)
    after = engine.leave(state, 0, random.Random(1))
    assert state == kept  # the input untouched
    assert engine.is_over(after) and engine.to_act(after) == [] and engine.legal_moves(after, 1) == []
    assert finishing_places(engine, after) == [2, 1]
    assert engine.view(after, 1)["end_reason"] == "resigned"
    assert engine.leave(after, 1, random.Random(1)) == after  # over: nothing more to resign


def test_of_more_players_the_state_is_unchanged_and_a_computer_player_takes_the_seat():
    state = play(3)
    assert engine.leave(state, 1, random.Random(1)) == state


def test_the_host_ends_the_game_as_it_stands():
    state = play(3, moves=30)
    after = engine.end(state, random.Random(1))
    assert engine.is_over(after) and engine.to_act(after) == []
    assert engine.view(after, 0)["end_reason"] == "ended"
    assert len(finishing_places(engine, after)) == 3 and 1 in finishing_places(engine, after)
