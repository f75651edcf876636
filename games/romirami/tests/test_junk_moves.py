"""Malformed moves and wrong seats: Romi Rami refuses each with its own sentence (that every game
refuses random junk with IllegalMove is tests/conformance/test_junk_moves.py)."""

from __future__ import annotations

import random

import pytest

from games.contract.protocol import IllegalMove
from games.romirami.engine import ROMIRAMI
from games.romirami.tests.helpers import complete, table


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
