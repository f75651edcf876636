"""The host ending a game as it stands: the engine's pure ``end`` hook (a seat that leaves passes,
see test_tables.py)."""

from __future__ import annotations

import random

from games.catacombs.engine import CATACOMBS as engine
from games.contract.protocol import seat_leaves


def test_the_host_ends_the_game_with_the_sheets_scored_as_they_stand():
    rng = random.Random(5)
    state = engine.apply(engine.setup(3, {}, rng), None, {"type": "flip"}, rng)
    state = engine.apply(state, 0, engine.legal_moves(state, 0)[0], rng)  # a write not yet revealed
    after = engine.end(state, random.Random(1))
    assert engine.is_over(after) and engine.to_act(after) == [] and engine.legal_moves(after, None) == []
    assert after["choices"] == [None, None, None]  # the unrevealed write is void
    assert engine.scores(after) == engine.scores(state)
    assert state["phase"] == "write"  # the input untouched


def test_leaving_changes_nothing_in_the_rules():
    state = engine.setup(2, {}, random.Random(5))
    assert seat_leaves(engine, state, 1, random.Random(1)) == state
