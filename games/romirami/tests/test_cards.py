"""Romi Rami's cards as data: 92 Number cards, 36 Contracts, 4 two-sided trophies."""

from __future__ import annotations

from collections import Counter

from games.romirami.engine import (
    contract_cards,
    contract_slug,
    edition,
    end_contracts,
    needs_text,
    number_cards,
    patterns,
    requirements,
)


def test_92_number_cards_23_per_suit_in_four_suits() -> None:
    cards = number_cards()
    assert len(cards) == 92
    assert Counter(suit for suit, _ in cards) == {"cherry": 23, "diamond": 23, "heart": 23, "clover": 23}
    for suit in ("cherry", "diamond", "heart", "clover"):
        numbers = Counter(number for s, number in cards if s == suit)
        assert numbers == {1: 4, 2: 5, 3: 5, 4: 5, 5: 4}


def test_36_contracts_9_per_bonus_suit_worth_140_points_in_all() -> None:
    cards = contract_cards()
    assert len(cards) == 36
    assert Counter(card["suit"] for card in cards.values()) == {
        "cherry": 9,
        "diamond": 9,
        "heart": 9,
        "clover": 9,
    }
    # The 140 are the points printed on the 36 contract cards together.
    assert sum(card["points"] for card in cards.values()) == 140


def test_the_contract_table_of_the_rules() -> None:
    table = {r["name"]: (sum(r["parts"]), r["points"], len(r["suits"])) for r in requirements()}
    assert table == {
        "4-kind": (4, 2, 3),
        "5-kind": (5, 4, 3),
        "Pair + Pair + Pair": (6, 4, 2),
        "Pair of 1s + 4-kind": (6, 5, 1),
        "Pair of 5s + 4-kind": (6, 5, 1),
        "Pair of 2s + Pair": (4, 1, 1),
        "Pair of 4s + Pair": (4, 1, 1),
        "Pair of 1s + Run4": (6, 5, 1),
        "Pair of 5s + Run4": (6, 5, 1),
        "3-kind + Run3": (6, 4, 3),
        "3-kind + 3-kind": (6, 4, 2),
        "Pair + 3-kind": (5, 2, 3),
        "Run4": (4, 1, 3),
        "Run5": (5, 3, 3),
        "Run3 + 4-kind": (7, 6, 2),
        "3-kind + Run4": (7, 6, 2),
        "Pair + Run5": (7, 6, 2),
        "Run3 + 5-kind": (8, 9, 2),
    }


def test_requirements_are_machine_readable_and_match_their_icons() -> None:
    for index, requirement in enumerate(requirements()):
        assert [part["cards"] for part in requirement["needs"]] == requirement["parts"]
        assert {part["kind"] for part in requirement["needs"]} <= {"same", "run"}
        assert all(sum(p) == sum(requirement["parts"]) for p in patterns(index))
        assert needs_text(index).endswith(f"({sum(requirement['parts'])} cards)")


def test_contract_ids_are_the_score_sheets() -> None:
    assert contract_slug("Pair of 1s + 4-kind", "cherry") == "pairof1s+4-kind-cherry"
    assert {"run5-diamond", "run3+5-kind-heart", "pair+pair+pair-cherry", "4-kind-diamond"} <= set(
        contract_cards()
    )


def test_trophies_are_four_two_sided_tiles() -> None:
    tiles = edition()["trophies"]
    assert [(t["suit"]["suit"], t["suit"]["points"]) for t in tiles] == [
        ("cherry", 3),
        ("heart", 3),
        ("clover", 3),
        ("diamond", 3),
    ]
    assert [(t["combo"]["icon"], t["combo"]["points"]) for t in tiles] == [(2, 5), (3, 4), (4, 3), (5, 2)]


def test_contracts_that_end_the_game() -> None:
    assert [end_contracts(n) for n in (2, 3, 4)] == [7, 6, 5]


def test_suits_have_a_colour_and_a_symbol() -> None:
    suits = edition()["suits"]
    assert len({s["symbol"] for s in suits}) == len({s["colour"] for s in suits}) == 4
