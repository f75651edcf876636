"""Junk moves: an engine refuses them with IllegalMove, never another exception, and every
move it takes can be described (the move path logs each one)."""

from __future__ import annotations

import copy
import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from games.catacombs.engine import CATACOMBS
from games.contract import kinds
from games.contract.protocol import IllegalMove
from games.poker.engine import POKER
from tests.hypothesis_profiles import examples

KEYS = ("type", "pile", "slot", "row", "value", "die", "dice", "count", "card", "as", "faces", "x")
WORDS = ("roll", "stop", "card", "pass", "flip", "write", "wild", "duplicate", "remove_one", "reroll_one",
         "reroll_i", "reroll_v", "I", "V", "X", "", "ü")
junk = st.recursive(
    st.none()
    | st.booleans()
    | st.integers(-3, 8)
    | st.integers(min_value=10**18)
    | st.integers(max_value=-(10**18))
    | st.floats(allow_nan=True, allow_infinity=True)
    | st.sampled_from(WORDS)
    | st.text(max_size=5),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=3), inner, max_size=3),
    max_leaves=8,
)


class Dice:
    """An rng whose dice come up as scripted ("I V" -> I, then V)."""

    def __init__(self, faces: str = "I I I I I I I I") -> None:
        self.faces = faces.split()

    def choice(self, seq):
        return self.faces.pop(0)

    def shuffle(self, seq) -> None:
        pass


def played(engine, players: int, options: dict, moves: int, seed: int) -> dict:
    """A state reached by ``moves`` random legal moves (flips included)."""
    chooser = random.Random(seed)
    state = engine.setup(players, options, random.Random(seed))
    for number in range(moves):
        if engine.is_over(state):
            break
        seat = chooser.choice(engine.to_act(state) or [None])
        move = chooser.choice(engine.legal_moves(state, seat))
        state = engine.apply(state, seat, move, random.Random(number))
    return state


STATES = [
    (POKER, played(POKER, 3, options, moves, seed))
    for options in ({}, {"cards_anytime": True}, {"multi_roll": True, "physical_dice": True})
    for moves, seed in ((0, 1), (1, 2), (3, 3), (9, 4), (25, 5))
] + [
    (CATACOMBS, played(CATACOMBS, players, {}, moves, seed))
    for players, moves, seed in ((1, 0, 1), (1, 1, 2), (3, 2, 3), (3, 7, 4), (3, 30, 5))
]


def attempt(engine, state: dict, seat: int | None, move) -> None:
    before = copy.deepcopy(state)
    try:
        after = engine.apply(state, seat, move, random.Random(0))
    except IllegalMove as exc:
        assert exc.reason
    else:
        assert isinstance(engine.describe(state, after, seat, move), str)
    assert state == before, "apply changed its input"


@settings(max_examples=examples(400), deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    st.sampled_from(range(len(STATES))),
    st.sampled_from([None, 0, 1, 2, 99, -1]),
    st.dictionaries(st.sampled_from(KEYS), junk, max_size=5),
    st.data(),
)
def test_junk_is_refused_or_described(which: int, seat, extra: dict, data) -> None:
    engine, state = STATES[which]
    legal = engine.legal_moves(state, (engine.to_act(state) or [None])[0]) or [{"type": "pass"}]
    base = data.draw(st.sampled_from(legal))
    attempt(engine, state, seat, {**base, **extra})
    attempt(engine, state, seat, extra)


@pytest.mark.parametrize("move", [None, [], "roll", 3, {"type": ["roll"]}, {"type": None}, {}])
@pytest.mark.parametrize("slug", kinds.slugs())
def test_a_move_that_is_no_dict_is_refused(slug: str, move) -> None:
    engine = kinds.get(slug).engine
    state = engine.setup(engine.min_players, {}, random.Random(0))
    with pytest.raises(IllegalMove):
        engine.apply(state, None, move, random.Random(0))


def misthrown() -> dict:
    """Seat 0 rolled I I I I: a misthrow, so every card is open."""
    state = POKER.setup(2, {}, random.Random(0))
    for _ in range(4):
        state = POKER.apply(state, 0, {"type": "roll"}, Dice("I"))
    assert POKER.legal_moves(state, 0)[-1] == {"type": "pass"}
    return state


@pytest.mark.parametrize("stands_for", [[], {}, ["reroll_one"], 7, None])
def test_a_wild_card_standing_for_junk_is_refused(stands_for) -> None:
    with pytest.raises(IllegalMove, match="wild card stands for"):
        POKER.apply(misthrown(), 0, {"type": "card", "card": "wild", "as": stands_for, "die": 0}, Dice())


@pytest.mark.parametrize("dice", ["x", True, [99], [10**30]])
def test_reroll_one_ignores_a_dice_key_it_does_not_use(dice) -> None:
    state = misthrown()
    move = {"type": "card", "card": "reroll_one", "die": 0, "dice": dice}
    after = POKER.apply(state, 0, move, Dice("V"))
    assert POKER.describe(state, after, 0, move).startswith("{player} played Reroll one: I became V")


def test_a_card_that_is_not_wild_ignores_as() -> None:
    state = misthrown()
    move = {"type": "card", "card": "remove_one", "die": 1, "as": "reroll_i", "dice": "junk"}
    after = POKER.apply(state, 0, move, Dice())
    assert after["dice"][1]["removed"]
    assert POKER.describe(state, after, 0, move) == "{player} played Remove one on I."
