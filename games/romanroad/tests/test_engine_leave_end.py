"""A player who leaves Roman Road for good: their seat is away for the rest of the game, so it counts
as stuck (and is ready between hands), and nothing it does brings it back; the host ending the game
scores a hand in play as a blocked hand."""

from __future__ import annotations

import copy
import random

import pytest

from games.contract.protocol import IllegalMove
from games.romanroad.engine import BETWEEN, DEAL, HAND, OVER
from games.romanroad.engine import ROMANROAD as engine


def dealt(players: int = 3, seed: int = 4) -> dict:
    """A hand in play: dealt, everyone ready, and the table said Begin."""
    state = engine.setup(players, {}, random.Random(seed))
    for seat in range(players):
        state = engine.apply(state, seat, {"type": "ready"}, random.Random(seed))
    return engine.apply(state, None, {"type": "begin"}, random.Random(seed))


def test_a_seat_that_left_before_begin_is_ready_and_not_waited_for():
    state = engine.leave(engine.setup(3, {}, random.Random(4)), 1, random.Random(1))
    assert state["phase"] == DEAL and state["ready"] == [False, True, False]
    assert engine.to_act(state) == [0, 2]


def test_a_seat_that_left_is_away_at_once_and_waited_for_no_more():
    state = dealt()
    kept = copy.deepcopy(state)
    after = engine.leave(state, 1, random.Random(1))
    assert state == kept
    assert after["left"] == [1] and after["away"] == [False, True, False]
    assert engine.to_act(after) == [0, 2]
    assert engine.view(after, 0)["seats"][1]["left"] is True
    # A 'back' (its page came back) does not bring a seat whose player left back into play.
    with pytest.raises(IllegalMove, match="has left the game"):
        engine.apply(after, 1, {"type": "back"}, random.Random(1))


def test_the_others_stuck_turns_the_decks_around_and_the_seat_that_left_stays_stuck():
    rng = random.Random(2)
    state = engine.leave(dealt(), 1, rng)
    state = engine.apply(state, 0, {"type": "stuck", "hand": 1}, rng)
    state = engine.apply(state, 2, {"type": "stuck", "hand": 1}, rng)
    assert state["turnarounds"] == 1
    assert state["away"] == [False, True, False] and engine.to_act(state) == [0, 2]


def test_between_hands_the_seat_that_left_is_ready_and_the_others_deal_the_next_hand():
    rng = random.Random(2)
    state = engine.leave(dealt(2), 1, rng)
    # Make the hand end: the last one still playing is stuck as often as it takes.
    for _ in range(60):
        if state["phase"] != HAND:
            break
        state = engine.apply(state, 0, {"type": "stuck", "hand": state["hand"]}, rng)
    assert state["phase"] == BETWEEN and state["ended"] == "blocked"
    assert state["ready"] == [False, True] and engine.to_act(state) == [0]
    state = engine.apply(state, 0, {"type": "ready"}, rng)
    assert state["phase"] == DEAL and state["hand"] == 2  # dealt, and ready for it: Begin is next
    assert state["away"][1] and state["ready"] == [False, True] and engine.to_act(state) == [0]
    state = engine.apply(engine.apply(state, 0, {"type": "ready"}, rng), None, {"type": "begin"}, rng)
    assert state["phase"] == HAND and engine.to_act(state) == [0]


def test_when_the_last_player_leaves_the_game_ends_as_it_stands():
    rng = random.Random(2)
    state = engine.leave(engine.leave(dealt(2), 0, rng), 1, rng)
    assert engine.is_over(state) and state["phase"] == OVER


def test_the_host_ends_the_game_and_the_hand_in_play_is_scored_as_blocked():
    state = dealt()
    after = engine.end(state, random.Random(1))
    assert engine.is_over(after) and engine.to_act(after) == []
    assert len(after["sheet"]) == 1 and after["sheet"][0]["amen"] is None
    assert after["totals"] == after["sheet"][0]["totals"]
    assert state["phase"] == HAND
