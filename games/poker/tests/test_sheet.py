"""Roman Poker kept by hand: the seed's final pad, and what the rules refuse."""

from __future__ import annotations

import pytest

from games.contract.protocol import IllegalMove
from games.poker.sheet import SHEET as POKER
from games.poker.sheet import formable
from scoresheets.scoring import replay

NAMES = ["Julius", "Agrippina", "Gaius"]
# The seed's example pad: rows 1-7 and the unused cards (bonus 15, 20, 0).
SEED_COLUMNS = [
    [9, 16, 25, 31, None, 33, 35],
    [18, 23, 26, None, 27, 29, 37],
    [19, 21, 23, 28, 33, 33, 39],
]


def enter(seat, value, row, card=None):
    return {"type": "enter", "seat": seat, "value": value, "row": row, "card": card}


def card(seat, name):
    return {"type": "card", "seat": seat, "card": name}


def seed_entries() -> list[dict]:
    entries = []
    for seat, column in enumerate(SEED_COLUMNS[:2]):
        entries += [enter(seat, value, row) for row, value in enumerate(column, 1) if value is not None]
    # Gaius writes 33 in row 6 first, then again in row 5 with the Duplicate card.
    entries += [enter(2, v, r) for r, v in ((1, 19), (2, 21), (3, 23), (4, 28), (6, 33), (7, 39))]
    entries.append(enter(2, 33, 5, "duplicate"))
    entries += [card(0, "reroll_i"), card(0, "remove_one"), card(0, "wild")]  # Julius keeps 3 cards: +15
    entries += [card(1, "reroll_v"), card(1, "reroll_one")]  # Agrippina keeps 4: +20
    entries += [card(2, name) for name in ("reroll_i", "reroll_v", "reroll_one", "remove_one", "wild")]
    entries.append({"type": "end"})  # Gaius filled row 7; the round finished
    return entries


def seed_state() -> dict:
    return replay(POKER, NAMES, {}, seed_entries())


def test_the_seed_pad_totals_164_180_196():
    state = seed_state()
    assert state["columns"] == SEED_COLUMNS
    summary = POKER.summary(state)
    assert summary["bonus"] == [15, 20, 0]
    assert summary["totals"] == [164, 180, 196]
    assert summary["places"] == [3, 2, 1]


def test_used_cards_are_tracked():
    summary = POKER.summary(seed_state())
    assert summary["used"][0] == ["reroll_i", "remove_one", "wild"]
    assert len(summary["used"][2]) == 6


def test_38_is_refused():
    state = POKER.new(NAMES, {})
    with pytest.raises(IllegalMove, match="38 cannot be made with six dice"):
        POKER.apply(state, enter(0, 38, 7))
    assert 38 not in formable() and 39 in formable() and len(formable()) == 38


def test_a_number_out_of_order_is_refused_with_the_row_it_must_respect():
    state = replay(POKER, NAMES, {}, [enter(0, 16, 2)])
    with pytest.raises(IllegalMove, match="Julius: Row 3 must be above 16"):
        POKER.apply(state, enter(0, 12, 3))
    with pytest.raises(IllegalMove, match="Julius: Row 1 must be below 16"):
        POKER.apply(state, enter(0, 20, 1))


def test_a_repeat_without_the_duplicate_card_is_refused():
    state = replay(POKER, NAMES, {}, [enter(2, 33, 6)])
    with pytest.raises(IllegalMove, match="33 is already in Gaius's column .row 6.: only the Duplicate card"):
        POKER.apply(state, enter(2, 33, 5))


def test_the_duplicate_card_can_be_played_once():
    state = replay(POKER, NAMES, {}, [enter(2, 33, 6), enter(2, 33, 5, "duplicate")])
    assert "duplicate" not in state["cards"][2]
    with pytest.raises(IllegalMove, match="Gaius has already used Duplicate"):
        POKER.apply(state, enter(2, 33, 7, "duplicate"))
    after_wild = POKER.apply(state, enter(2, 33, 7, "wild"))
    assert after_wild["columns"][2][4:] == [33, 33, 33]


def test_a_card_is_not_spent_on_a_number_that_needs_none():
    state = POKER.new(NAMES, {})
    with pytest.raises(IllegalMove, match="no card is needed"):
        POKER.apply(state, enter(0, 16, 2, "duplicate"))


def test_a_filled_row_and_a_used_card_are_refused():
    state = replay(POKER, NAMES, {}, [enter(0, 16, 2), card(0, "reroll_i")])
    with pytest.raises(IllegalMove, match="Row 2 is already filled"):
        POKER.apply(state, enter(0, 18, 2))
    with pytest.raises(IllegalMove, match="Julius has already used Reroll I"):
        POKER.apply(state, card(0, "reroll_i"))


@pytest.mark.parametrize(
    ("entry", "reason"),
    [
        (enter(5, 10, 1), "Choose a player"),
        (enter(0, 0, 1), "from 1 to 39"),
        (enter(0, 10, 8), "from 1 to 7"),
        (card(0, "joker"), "one of the six action cards"),
        ({"type": "roll"}, "Enter a number or an action card"),
    ],
)
def test_malformed_entries_are_refused(entry, reason):
    with pytest.raises(IllegalMove, match=reason):
        POKER.apply(POKER.new(NAMES, {}), entry)


def test_apply_leaves_the_state_it_was_given_untouched():
    state = POKER.new(NAMES, {})
    POKER.apply(state, enter(0, 16, 2))
    assert state["columns"][0][1] is None


def test_a_full_column_counts_only_once_the_scorer_says_the_last_round_is_finished():
    entries = [enter(0, value, row) for row, value in enumerate((9, 16, 25, 31, 32, 33, 35), 1)]
    state = replay(POKER, NAMES, {}, entries)
    assert not POKER.summary(state)["over"] and not POKER.finished(state)
    assert POKER.offered(state) == ["enter", "card", "end"]  # Agrippina and Gaius may still write
    state = replay(POKER, NAMES, {}, [*entries, enter(1, 18, 1), {"type": "end"}])
    assert POKER.finished(state) and POKER.summary(state)["message"] == "The game is over."
    assert POKER.offered(state) == []
    with pytest.raises(IllegalMove, match="its last round is finished"):
        POKER.apply(state, enter(2, 19, 1))


def test_the_end_of_the_last_round_is_refused_before_anyone_fills_row_7():
    state = replay(POKER, NAMES, {}, [enter(0, 9, 1)])
    assert POKER.offered(state) == ["enter", "card"]
    with pytest.raises(IllegalMove, match="Nobody has filled row 7 yet"):
        POKER.apply(state, {"type": "end"})
