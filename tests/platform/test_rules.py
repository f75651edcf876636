"""games.contract.protocol: the computer player's safety net."""

from __future__ import annotations

import random

import pytest

from games.contract.protocol import choose_move


class _Coin:
    """A one-move engine without a strategy of its own."""

    slug = "coin"

    def legal_moves(self, state, seat):
        return [{"type": "heads"}, {"type": "tails"}] if seat == 0 else []


def test_engines_without_a_strategy_get_a_random_legal_move() -> None:
    assert choose_move(_Coin(), None, {}, 0, random.Random(0)) in _Coin().legal_moves({}, 0)
    with pytest.raises(ValueError):
        choose_move(_Coin(), None, {}, 1, random.Random(0))


def test_a_strategy_that_fails_or_answers_nonsense_gives_way_to_a_legal_move() -> None:
    def broken(state, seat, rng):
        raise RuntimeError("bug")

    def nonsense(state, seat, rng):
        return {"type": "edge"}

    legal = _Coin().legal_moves({}, 0)
    assert choose_move(_Coin(), broken, {}, 0, random.Random(0)) in legal
    assert choose_move(_Coin(), nonsense, {}, 0, random.Random(0)) in legal


def test_a_legal_answer_of_the_strategy_is_played() -> None:
    assert choose_move(_Coin(), lambda state, seat, rng: {"type": "tails"}, {}, 0, random.Random(1)) == {
        "type": "tails"
    }
