"""Junk moves and junk seats: Romi Rami refuses them with IllegalMove, never another exception;
whatever it accepts is one of its legal moves (lists read as sets)."""

from __future__ import annotations

import copy
import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from games.contract.protocol import IllegalMove
from games.romirami.engine import ROMIRAMI
from games.romirami.tests.helpers import complete, table
from tests.hypothesis_profiles import examples

TYPES = ("take", "complete", "end_turn", "discard", "pass", "", "TAKE")
KEYS = ("type", "cards", "card", "contract", "numbers", "star", "x")
atoms = (
    st.none()
    | st.booleans()
    | st.integers(-3, 95)
    | st.integers(min_value=10**18)
    | st.integers(max_value=-(10**18))
    | st.floats(allow_nan=True, allow_infinity=True)
    | st.sampled_from(TYPES + ("run4-cherry", "run5-diamond", "4-kind-heart"))
    | st.text(max_size=4)
)
junk = st.recursive(
    atoms,
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=3), inner, max_size=3),
    max_leaves=8,
)
moves = st.one_of(
    junk,
    st.fixed_dictionaries({"type": st.sampled_from(TYPES)}, optional={key: junk for key in KEYS[1:]}),
    st.fixed_dictionaries(
        {
            "type": st.just("complete"),
            "contract": st.sampled_from(
                ["run4-cherry", "4-kind-heart", "pair+3-kind-diamond", "run5-diamond"]
            ),
            "numbers": st.lists(st.integers(0, 6), max_size=9),
            "star": st.booleans() | st.integers(0, 1),
        }
    ),
    st.fixed_dictionaries({"type": st.just("take"), "cards": st.lists(st.integers(0, 91), max_size=4)}),
    st.fixed_dictionaries({"type": st.just("discard"), "card": st.integers(0, 91) | st.booleans()}),
)


def _states() -> list[dict]:
    take = table(market="3C 3D 3H 5C 1C 4L", phase="take")
    play = table(hands={0: "1C 2C 3C 4C 4D 5D 3H 3L 3D"})
    discard = ROMIRAMI.apply(
        table(hands={0: "1C 1D 1H 1L 2C 2D 2H 2L 3C 3D 3H 3L"}), 0, {"type": "end_turn"}, random.Random(0)
    )
    over = table(turn=1)
    over["round"] = 50
    over = ROMIRAMI.apply(over, 1, {"type": "end_turn"}, random.Random(0))
    return [take, play, discard, over]


STATES = _states()


def normal(move: dict) -> dict:
    """A move as legal_moves lists it: lists of cards and numbers in a canonical order."""
    move = dict(move)
    if move.get("type") == "complete":
        move["numbers"] = sorted(move["numbers"])
    return move


def attempt(state: dict, seat, move) -> None:
    before = copy.deepcopy(state)
    try:
        after = ROMIRAMI.apply(state, seat, move, random.Random(0))
    except IllegalMove as exc:
        assert exc.reason and exc.reason.endswith(".")
    else:
        legal = [normal(m) for m in ROMIRAMI.legal_moves(state, seat)]
        if move["type"] == "take":
            assert any(sorted(m.get("cards", [])) == sorted(move["cards"]) for m in legal)
        else:
            assert normal(move) in legal
        assert isinstance(ROMIRAMI.describe(state, after, seat, move), str)
    assert state == before, "apply changed its input"


@pytest.mark.parametrize("index", range(len(STATES)))
@settings(max_examples=examples(250), deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(move=moves, seat=st.sampled_from([None, 0, 1, 2, -1, True, "0", 10**18]))
def test_junk_is_refused_with_a_sentence(index: int, move, seat) -> None:
    attempt(STATES[index], seat, move)


@pytest.mark.parametrize(
    ("move", "reason"),
    [
        (None, "not a move this game understands"),
        ([], "not a move this game understands"),
        ({"type": 3}, "not a move this game understands"),
        ({"type": "pass"}, "you take, complete, discard or end your turn"),
        ({"type": "end_turn", "x": 1}, "takes no other field"),
        ({"type": "complete", "contract": "run4-cherry", "numbers": [1, 2, 3, 4]}, "Say whether the Star"),
        ({**complete("run4-cherry", "1 2 3 4"), "star": 0}, "Say whether the Star"),
        ({**complete("run4-cherry", "1 2 3 4"), "numbers": [1, 2, 3, True]}, "each from 1 to 5"),
        ({**complete("run4-cherry", "1 2 3 4"), "numbers": [1, 2, 3, 10**18]}, "each from 1 to 5"),
        ({**complete("run4-cherry", "1 2 3 4"), "numbers": "1234"}, "each from 1 to 5"),
        ({**complete("run4-cherry", "1 2 3 4"), "numbers": [1] * 1000}, "each from 1 to 5"),
        ({**complete("run4-cherry", "1 2 3 4"), "contract": ["run4-cherry"]}, "from the Contract market"),
        ({**complete("run4-cherry", "1 2 3 4"), "cards": [1]}, "names only"),
        ({"type": "discard", "card": True}, "only at the end of a turn"),
    ],
)
def test_malformed_moves_get_a_reason(move, reason: str) -> None:
    with pytest.raises(IllegalMove, match=reason):
        ROMIRAMI.apply(STATES[1], 0, move, random.Random(0))


@pytest.mark.parametrize(
    "cards", [[True], ["3"], [1.0], 3, None, [10**18], [-1], [[1]], [{"id": 1}], list(range(30))]
)
def test_takes_of_junk_cards_are_refused(cards) -> None:
    with pytest.raises(IllegalMove):
        ROMIRAMI.apply(STATES[0], 0, {"type": "take", "cards": cards}, random.Random(0))


@pytest.mark.parametrize("card", [True, False, "1", 1.0, None, 10**18, [1]])
def test_discards_of_junk_cards_are_refused(card) -> None:
    with pytest.raises(IllegalMove, match="Discard a card from your hand"):
        ROMIRAMI.apply(STATES[2], 0, {"type": "discard", "card": card}, random.Random(0))


@pytest.mark.parametrize("seat", [1, -1, True, "0", 2.5, 10**18, [0]])
def test_only_the_seat_to_act_moves(seat) -> None:
    with pytest.raises(IllegalMove, match="not your turn"):
        ROMIRAMI.apply(STATES[1], seat, {"type": "end_turn"}, random.Random(0))
    assert ROMIRAMI.legal_moves(STATES[1], seat) == []
