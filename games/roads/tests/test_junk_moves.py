"""Junk moves and junk seats: Building Roman Roads refuses them with IllegalMove and a sentence,
never another exception; whatever it accepts is one of its legal moves."""

from __future__ import annotations

import copy
import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from games.contract.protocol import IllegalMove
from games.decks import ALL_CARDS
from games.roads.engine import ROADS, SPACES
from games.roads.tests.helpers import c, draw, end, run, table
from tests.hypothesis_profiles import examples

TYPES = ("draw", "play", "move", "end_turn", "end", "", "PLAY", "pass")
atoms = (
    st.none()
    | st.booleans()
    | st.integers(-3, 12)
    | st.integers(min_value=10**18)
    | st.floats(allow_nan=True, allow_infinity=True)
    | st.sampled_from(TYPES + SPACES + ("mt-323-1", "jn-1013-8", "mt-323-9", "Rome"))
    | st.text(max_size=4)
)
junk = st.recursive(
    atoms,
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=3), inner, max_size=3),
    max_leaves=8,
)
moves = st.one_of(
    junk,
    st.fixed_dictionaries(
        {"type": st.sampled_from(TYPES)},
        optional={key: junk for key in ("card", "to", "from", "index", "x")},
    ),
    st.fixed_dictionaries(
        {
            "type": st.just("play"),
            "card": st.sampled_from(ALL_CARDS) | junk,
            "to": st.sampled_from(SPACES) | junk,
        }
    ),
    st.fixed_dictionaries(
        {
            "type": st.just("move"),
            "from": st.sampled_from(SPACES),
            "index": st.integers(-1, 8) | st.booleans(),
            "to": st.sampled_from(SPACES),
        }
    ),
)


def _states() -> list[dict]:
    spaces = {
        "N": run("mt", "323", 3, 6),
        "E": [c("mk 623 4")],
        "S": [c("mk 1013 6")],
        "NE": run("mk", "323", 1, 4),
        "SW": run("mt", "623", 1, 7),
    }
    hands = [[c("lk 58 2")], [c("jn 623 8"), c("lk 323 4"), c("lk 1013 1"), c("mt 58 8")], [c("jn 58 4")]]
    opening = table(hands, spaces, phase="draw")
    playing = draw(opening)
    done = table([[c("lk 58 2")], [c("lk 1013 8")]], {"N": [c("mk 58 2")], "E": [c("mk 623 4")]}, pile=[])
    done["spaces"].update(S=[c("mk 1013 6")], W=[c("mk 58 8")])
    over = end(done)
    assert ROADS.is_over(over)
    return [opening, playing, over]


STATES = _states()


def attempt(state: dict, seat, move) -> None:
    before = copy.deepcopy(state)
    try:
        after = ROADS.apply(state, seat, move, random.Random(0))
    except IllegalMove as exc:
        assert exc.reason and exc.reason.endswith(".")
    else:
        assert move in ROADS.legal_moves(state, seat)
        assert isinstance(ROADS.describe(state, after, seat, move), str)
    assert state == before, "apply changed its input"


@pytest.mark.parametrize("index", range(len(STATES)))
@settings(max_examples=examples(250), deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(move=moves, seat=st.sampled_from([None, 0, 1, 2, -1, True, "1", 1.0, 10**18]))
def test_junk_is_refused_with_a_sentence(index: int, move, seat) -> None:
    attempt(STATES[index], seat, move)


@pytest.mark.parametrize(
    ("move", "reason"),
    [
        (None, "not a move this game understands"),
        ([], "not a move this game understands"),
        ("draw", "not a move this game understands"),
        ({"type": 3}, "not a move this game understands"),
        ({"type": "pass"}, "you draw, play a card, move part of a road or end your turn"),
        ({"type": "end"}, "you draw, play a card, move part of a road or end your turn"),
        ({"type": "end_turn", "x": 1}, "takes no other field"),
        ({"type": "draw", "card": "mt-323-1"}, "takes no other field"),
        ({"type": "play", "card": "lk-323-4", "to": "N", "index": 0}, 'names only a "card"'),
        ({"type": "move", "from": "N", "index": 2, "to": "NE", "card": "x"}, 'names only "from"'),
        ({"type": "play", "card": "lk-323-4"}, "eight spaces"),
        ({"type": "play", "to": "N"}, "Choose a card from your hand"),
        ({"type": "play", "card": ["lk-323-4"], "to": "N"}, "Choose a card from your hand"),
        ({"type": "play", "card": "lk-323-4", "to": {"N": 1}}, "eight spaces"),
        ({"type": "move", "from": "N", "index": 2.0, "to": "NE"}, "card of the road"),
        ({"type": "move", "from": "N", "index": 10**18, "to": "NE"}, "card of the road"),
        ({"type": "move", "from": ["N"], "index": 2, "to": "NE"}, "eight spaces"),
    ],
)
def test_malformed_moves_get_a_reason(move, reason: str) -> None:
    with pytest.raises(IllegalMove, match=reason):
        ROADS.apply(STATES[1], 1, move, random.Random(0))


@pytest.mark.parametrize("seat", [0, 2, -1, True, "1", 2.5, 10**18, [1]])
def test_only_the_seat_to_act_moves(seat) -> None:
    with pytest.raises(IllegalMove, match="not your turn|not a player"):
        ROADS.apply(STATES[1], seat, {"type": "play", "card": "lk-323-4", "to": "N"}, random.Random(0))
    assert ROADS.legal_moves(STATES[1], seat) == []


def test_nothing_is_legal_once_the_game_is_over() -> None:
    over = STATES[2]
    for move in ({"type": "draw"}, {"type": "end_turn"}, {"type": "play", "card": "lk-58-2", "to": "N"}):
        with pytest.raises(IllegalMove, match="The game is over"):
            ROADS.apply(over, None, move, random.Random(0))
    assert ROADS.legal_moves(over, None) == [] and ROADS.to_act(over) == []
