"""Romi Rami kept by hand: contracts, trophies, Suit Bonus cards, the Star, the tie-break."""

from __future__ import annotations

import random
from collections import Counter

import pytest

from games.contract.protocol import IllegalMove
from games.romirami import engine
from games.romirami.sheet import SHEET as ROMI_RAMI
from games.romirami.sheet import contracts
from scoresheets.scoring import replay

NAMES = ["Julius", "Agrippina"]
SUITS = {"trophies": ["suit"] * 4}


def contract(seat, key):
    return {"type": "contract", "seat": seat, "contract": key}


def test_the_contract_cards_match_the_rules():
    cards = contracts()
    assert len(cards) == 36
    assert sum(card["points"] for card in cards.values()) == 140
    suits = Counter(card["suit"] for card in cards.values())
    assert suits == {"cherry": 9, "diamond": 9, "heart": 9, "clover": 9}


def test_totals_add_contracts_trophies_bonus_and_an_unused_star():
    entries = [
        contract(0, "run3+5-kind-heart"),  # 9, Heart
        contract(0, "run5-heart"),  # 3, Heart
        contract(1, "run4-cherry"),  # 1, Cherry
        {"type": "bonus", "seat": 0, "count": 4},
        {"type": "bonus", "seat": 1, "count": 2},
        {"type": "star", "seat": 0, "used": True},
    ]
    summary = ROMI_RAMI.summary(replay(ROMI_RAMI, NAMES, SUITS, entries))
    assert summary["contract_points"] == [12, 1]
    # Trophy 1 (most Cherry) goes to Agrippina, trophy 2 (most Heart) to Julius.
    assert summary["trophies"] == [[0, 3, 0, 0], [3, 0, 0, 0]]
    assert summary["star"] == [0, 1]
    assert summary["totals"] == [12 + 3 + 4 + 0, 1 + 3 + 2 + 1]


def test_a_tie_for_a_trophy_gives_it_to_nobody():
    entries = [contract(0, "run4-cherry"), contract(1, "run5-cherry")]
    summary = ROMI_RAMI.summary(replay(ROMI_RAMI, NAMES, SUITS, entries))
    assert summary["trophies"] == [[0, 0, 0, 0], [0, 0, 0, 0]]


def test_combo_sides_count_icons():
    options = {"trophies": ["combo", "combo", "suit", "suit"]}
    # Pair + Pair + Pair: three 2-card icons; Pair + 3-kind: one 2-card, one 3-card icon.
    entries = [contract(0, "pair+pair+pair-cherry"), contract(1, "pair+3-kind-diamond")]
    summary = ROMI_RAMI.summary(replay(ROMI_RAMI, NAMES, options, entries))
    assert summary["trophies"][0][0] == 5
    assert summary["trophies"][1][1] == 4
    assert summary["trophy_labels"][:2] == ["Most 2-card icons (5)", "Most 3-card icons (4)"]


def test_equal_totals_are_split_by_suit_bonus_cards():
    entries = [
        contract(0, "4-kind-diamond"),  # 2
        contract(1, "run4-diamond"),  # 1
        {"type": "bonus", "seat": 0, "count": 1},
        {"type": "bonus", "seat": 1, "count": 2},
    ]
    options = {"trophies": ["suit", "suit", "suit", "combo"]}  # no Diamond trophy in play
    summary = ROMI_RAMI.summary(replay(ROMI_RAMI, NAMES, options, entries))
    assert summary["totals"] == [4, 4]
    assert summary["places"] == [2, 1]


def test_a_contract_card_is_with_one_player_only():
    state = replay(ROMI_RAMI, NAMES, SUITS, [contract(0, "run4-cherry")])
    with pytest.raises(IllegalMove, match="Run4 .Cherry, 1. is already with Julius"):
        ROMI_RAMI.apply(state, contract(1, "run4-cherry"))


def test_enough_contracts_end_the_game():
    keys = list(contracts())[:7]
    state = replay(ROMI_RAMI, NAMES, SUITS, [contract(0, key) for key in keys])
    summary = ROMI_RAMI.summary(state)
    assert summary["over"] and "7 contracts" in summary["message"]


@pytest.mark.parametrize(
    ("entry", "reason"),
    [
        (contract(0, "run9-cherry"), "one of the contract cards"),
        (contract(0, ["run4-cherry"]), "one of the contract cards"),
        ({"type": "bonus", "seat": 0, "count": -1}, "Suit Bonus cards must be a whole number"),
        ({"type": "trade", "seat": 0}, "Enter a contract"),
    ],
)
def test_bad_entries_are_refused(entry, reason):
    with pytest.raises(IllegalMove, match=reason):
        ROMI_RAMI.apply(ROMI_RAMI.new(NAMES, SUITS), entry)


def test_trophy_sides_are_checked():
    with pytest.raises(IllegalMove, match="side for each of the four trophies"):
        ROMI_RAMI.new(NAMES, {"trophies": ["suit"]})


def test_the_sheet_scores_a_table_as_the_engine_does():
    """One source of each rule: the same contracts, Suit Bonus piles and Stars score and place
    the same on the sheet as in an online game."""
    state = engine.ROMIRAMI.setup(3, {}, random.Random(7))
    keys = list(contracts())
    state["contracts"] = [keys[0:3] + keys[30:32], keys[5:9], keys[20:22]]
    state["bonus"] = [[1, 2], [], [3, 4]]
    state["star_used"] = [True, False, False]
    sheet = {
        "names": ["Anna", "Ben", "Clara"],
        "options": {"trophies": list(state["trophies"])},
        "contracts": state["contracts"],
        "bonus": [2, 0, 2],
        "star_used": state["star_used"],
    }
    summary = ROMI_RAMI.summary(sheet)
    assert [sum(won) for won in summary["trophies"]] == engine.trophy_points(state)
    assert summary["totals"] == engine.seat_scores(state)
    assert summary["places"] == engine.places(state)
