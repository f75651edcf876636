"""Malformed moves and wrong seats: Building Roman Roads refuses each with its own sentence (that
every game refuses random junk with IllegalMove is tests/conformance/test_junk_moves.py)."""

from __future__ import annotations

import random

import pytest

from games.contract.protocol import IllegalMove
from games.roads.engine import ROADS
from games.roads.tests.helpers import c, draw, end, run, table


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
