"""Roman Road hand scoring, with the seed's worked examples and the variants."""

from __future__ import annotations

import pytest

from games.contract.protocol import IllegalMove
from games.romanroad.sheet import SHEET as ROMAN_ROAD
from games.romanroad.sheet import hand_points, hand_score
from scoresheets.scoring import replay

BOX = {"amen_bonus": False, "negative": False, "target": 40}


def test_seed_example_twelve_played_four_left_scores_four():
    assert hand_score(12, 4) == 12 - 2 * 4 == 4


def test_seed_example_eight_played_six_left_scores_zero():
    assert hand_score(8, 6) == 0


def test_seed_example_with_negative_scores_is_minus_four():
    assert hand_score(8, 6, negative=True) == -4


def test_amen_bonus_goes_to_the_player_who_emptied_the_store():
    options = {**BOX, "amen_bonus": True}
    assert hand_points(14, 0, True, options) == 24
    assert hand_points(14, 0, True, BOX) == 14
    assert hand_points(12, 4, False, options) == 4


def hand(foundations, store):
    return {"type": "hand", "foundations": foundations, "store": store}


def test_a_hand_adds_to_the_running_totals():
    state = replay(ROMAN_ROAD, ["Julius", "Agrippina"], BOX, [hand([12, 8], [4, 0]), hand([20, 3], [0, 7])])
    assert [h["scores"] for h in state["hands"]] == [[4, 8], [20, 0]]
    summary = ROMAN_ROAD.summary(state)
    assert summary["totals"] == [24, 8]
    assert summary["running"] == [[4, 8], [24, 8]]
    assert not summary["over"]


def test_negative_variant_lowers_the_total():
    options = {**BOX, "negative": True}
    state = replay(ROMAN_ROAD, ["Julius", "Agrippina"], options, [hand([8, 15], [6, 0])])
    assert ROMAN_ROAD.summary(state)["totals"] == [-4, 15]


def test_reaching_the_target_ends_the_game_and_the_highest_total_wins():
    options = {**BOX, "target": 20}
    state = replay(ROMAN_ROAD, ["Julius", "Agrippina", "Gaius"], options, [hand([22, 25, 3], [0, 1, 5])])
    summary = ROMAN_ROAD.summary(state)
    assert summary["over"]
    assert summary["winners"] == ["Agrippina"]
    assert summary["message"] == "Agrippina wins with 23."
    with pytest.raises(IllegalMove, match="The game is over"):
        ROMAN_ROAD.apply(state, hand([1, 1, 1], [0, 3, 3]))


def test_equal_highest_totals_share_the_win():
    options = {**BOX, "target": 10}
    state = replay(ROMAN_ROAD, ["Julius", "Agrippina"], options, [hand([12, 16], [0, 2])])
    assert ROMAN_ROAD.summary(state)["winners"] == ["Julius", "Agrippina"]


@pytest.mark.parametrize(
    ("entry", "reason"),
    [
        (hand([12, 8], [4, 6]), "whose Store is empty"),
        (hand([12, 8], [0, 0]), "Only one player can empty their Store"),
        (hand([30, 8], [3, 0]), "Julius cannot have 30 cards on the Foundations and 3 in the Store"),
        (hand([12, 8], [11, 0]), "Julius's cards left in the Store must be a whole number from 0 to 10"),
        (hand([12], [0]), "for every player"),
        (hand([-1, 8], [4, 0]), "from 0 to 32"),
        ({"type": "roll"}, "one hand at a time"),
    ],
)
def test_impossible_hands_are_refused_with_the_reason(entry, reason):
    state = ROMAN_ROAD.new(["Julius", "Agrippina"], BOX)
    with pytest.raises(IllegalMove, match=reason):
        ROMAN_ROAD.apply(state, entry)


def test_names_and_target_are_checked():
    with pytest.raises(IllegalMove, match="2 to 4 players"):
        ROMAN_ROAD.new(["Julius"], BOX)
    with pytest.raises(IllegalMove, match="different name"):
        ROMAN_ROAD.new(["Julius", "Julius"], BOX)
    with pytest.raises(IllegalMove, match="target score"):
        ROMAN_ROAD.new(["Julius", "Gaius"], {"target": 0})


def test_the_box_rules_are_the_defaults():
    assert ROMAN_ROAD.options({}) == BOX
