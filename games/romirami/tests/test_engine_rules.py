"""Romi Rami's rules, move by move: requirements, the turn, the end, trophies and scores."""

from __future__ import annotations

import random

import pytest

from games.contract.protocol import Engine, IllegalMove
from games.romirami.engine import (
    MAX_ROUNDS,
    ROMIRAMI,
    contract,
    contract_cards,
    meets,
    requirements,
    ways,
)
from games.romirami.tests.helpers import (
    ALL_CARDS,
    complete,
    every_card,
    every_contract,
    hand_codes,
    table,
)


def requirement(name: str) -> int:
    return next(i for i, r in enumerate(requirements()) if r["name"] == name)


def ok(name: str, numbers: str, star: bool = False) -> bool:
    return meets(requirement(name), [int(n) for n in numbers.split()], star)


def play(state: dict, *moves: dict, seat: int | None = None) -> dict:
    for number, move in enumerate(moves):
        state = ROMIRAMI.apply(state, seat, move, random.Random(number))
    return state


def refused(state: dict, move, match: str, seat: int | None = None) -> None:
    with pytest.raises(IllegalMove, match=match):
        ROMIRAMI.apply(state, seat, move, random.Random(0))


def test_the_engine_keeps_the_contract() -> None:
    assert isinstance(ROMIRAMI, Engine)
    assert (ROMIRAMI.slug, ROMIRAMI.name, ROMIRAMI.min_players, ROMIRAMI.max_players) == (
        "romirami",
        "Romi Rami",
        2,
        4,
    )
    assert ROMIRAMI.realtime is False


# --- Setup -------------------------------------------------------------------


@pytest.mark.parametrize("players", [2, 3, 4])
def test_setup_deals_3_cards_a_star_6_numbers_4_contracts(players: int) -> None:
    state = ROMIRAMI.setup(players, {}, random.Random(players))
    assert [len(hand) for hand in state["hands"]] == [3] * players
    assert state["star_used"] == [False] * players
    assert len(state["market"]) == 6 and None not in state["market"]
    assert len(state["contract_market"]) == 4 and None not in state["contract_market"]
    assert every_card(state) == ALL_CARDS and len(every_contract(state)) == 36
    assert all(side in ("suit", "combo") for side in state["trophies"]) and len(state["trophies"]) == 4
    assert (state["turn"], state["round"], state["phase"]) == (0, 1, "take")
    assert ROMIRAMI.to_act(state) == [0]


def test_setup_chance_comes_from_the_rng_only() -> None:
    assert ROMIRAMI.setup(3, {}, random.Random(5)) == ROMIRAMI.setup(3, {}, random.Random(5))
    sides = {tuple(ROMIRAMI.setup(2, {}, random.Random(seed))["trophies"]) for seed in range(30)}
    assert len(sides) > 5  # each tile shows a side at random


@pytest.mark.parametrize("players", [1, 5, True, "2"])
def test_setup_refuses_other_table_sizes(players) -> None:
    with pytest.raises(IllegalMove, match="2 to 4 players"):
        ROMIRAMI.setup(players, {}, random.Random(0))


def test_setup_takes_the_trophy_sides_when_given() -> None:
    state = ROMIRAMI.setup(2, {"trophies": ["combo", "suit", "suit", "combo"]}, random.Random(0))
    assert state["trophies"] == ["combo", "suit", "suit", "combo"]
    with pytest.raises(IllegalMove, match="side for each of the four trophies"):
        ROMIRAMI.setup(2, {"trophies": ["combo"]}, random.Random(0))


# --- Requirements --------------------------------------------------------------


@pytest.mark.parametrize(
    ("name", "numbers", "star", "met"),
    [
        # N of a kind
        ("4-kind", "3 3 3 3", False, True),
        ("4-kind", "3 3 3 4", False, False),
        ("4-kind", "3 3 3", True, True),
        ("4-kind", "3 3", True, False),
        ("5-kind", "5 5 5 5 5", False, True),
        ("5-kind", "5 5 5 5", True, True),
        ("5-kind", "5 5 5 5 4", False, False),
        # pairs, also of one number
        ("Pair + Pair + Pair", "1 1 3 3 5 5", False, True),
        ("Pair + Pair + Pair", "2 2 2 2 4 4", False, True),
        ("Pair + Pair + Pair", "4 4 4 4 4 4", False, True),
        ("Pair + Pair + Pair", "1 1 3 3 5", True, True),
        ("Pair + Pair + Pair", "1 1 3 3 4 5", False, False),
        # specific pairs
        ("Pair of 1s + 4-kind", "1 1 3 3 3 3", False, True),
        ("Pair of 1s + 4-kind", "2 2 3 3 3 3", False, False),
        ("Pair of 1s + 4-kind", "1 3 3 3 3", True, True),
        ("Pair of 1s + 4-kind", "1 1 3 3 3", True, True),
        ("Pair of 1s + 4-kind", "1 1 1 1 1 1", False, True),
        ("Pair of 5s + 4-kind", "5 5 2 2 2 2", False, True),
        ("Pair of 5s + 4-kind", "4 4 2 2 2 2", False, False),
        ("Pair of 2s + Pair", "2 2 5 5", False, True),
        ("Pair of 2s + Pair", "2 2 2 2", False, True),
        ("Pair of 2s + Pair", "3 3 5 5", False, False),
        ("Pair of 2s + Pair", "3 3 5", True, False),
        ("Pair of 2s + Pair", "2 5 5", True, True),
        ("Pair of 4s + Pair", "4 4 1 1", False, True),
        ("Pair of 1s + Run4", "1 1 2 3 4 5", False, True),
        ("Pair of 1s + Run4", "1 1 1 2 3 4", False, True),
        ("Pair of 5s + Run4", "5 5 1 2 3 4", False, True),
        ("Pair of 5s + Run4", "5 1 2 3 4", True, True),
        # runs, without wrap-around
        ("Run4", "1 2 3 4", False, True),
        ("Run4", "2 3 4 5", False, True),
        ("Run4", "1 2 4 5", False, False),
        ("Run4", "1 2 4", True, True),
        ("Run4", "1 2 3 3", False, False),
        ("Run5", "1 2 3 4 5", False, True),
        ("Run5", "1 2 3 5", True, True),
        ("Run5", "1 2 3 4", True, True),
        ("3-kind + Run3", "2 2 2 1 2 3", False, True),
        ("3-kind + Run3", "2 2 2 4 5 1", False, False),  # 4 5 1 wraps around: no run
        ("3-kind + Run3", "5 5 5 3 4 5", False, True),
        ("3-kind + Run3", "2 2 2 3 4", False, False),  # a 2 cannot serve both requirements
        ("3-kind + Run3", "2 2 2 3 4", True, True),
        # two 3-kinds, also of one number
        ("3-kind + 3-kind", "4 4 4 5 5 5", False, True),
        ("3-kind + 3-kind", "4 4 4 4 4 4", False, True),
        ("3-kind + 3-kind", "4 4 4 4 4", False, False),
        ("3-kind + 3-kind", "4 4 4 4 4", True, True),
        ("Pair + 3-kind", "2 2 3 3 3", False, True),
        ("Pair + 3-kind", "2 2 3 3", True, True),
        ("Pair + 3-kind", "2 2 3 3 4", False, False),
        ("Run3 + 4-kind", "1 2 3 1 1 1 1", False, True),
        ("3-kind + Run4", "5 5 5 2 3 4 5", False, True),
        ("Pair + Run5", "3 3 1 2 3 4 5", False, True),
        ("Pair + Run5", "3 1 2 3 4 5", True, True),
        ("Run3 + 5-kind", "3 4 5 1 1 1 1 1", False, True),
        ("Run3 + 5-kind", "3 4 5 1 1 1 1", True, True),
        ("Run3 + 5-kind", "4 5 1 1 1 1 1", True, True),
        ("Run3 + 5-kind", "4 5 1 1 1 1", True, False),  # the Star fills one slot only
    ],
)
def test_requirements(name: str, numbers: str, star: bool, met: bool) -> None:
    assert ok(name, numbers, star) is met


@pytest.mark.parametrize("index", range(18))
def test_every_requirement_with_and_without_the_star(index: int) -> None:
    """Each way that meets a requirement: exactly those cards, or one fewer with the Star;
    never one card short, never one card more."""
    from games.romirami.engine import _numbers_of, patterns

    for need in patterns(index):
        numbers = list(_numbers_of(need))
        assert meets(index, numbers, False)
        for drop in set(numbers):
            fewer = list(numbers)
            fewer.remove(drop)
            assert meets(index, fewer, True)
            assert not meets(index, fewer, False) or fewer == numbers
        for extra in range(1, 6):
            assert not meets(index, [*numbers, extra], False)


def test_ways_are_distinct_multisets_of_numbers() -> None:
    index = requirement("Run4")
    found = ways(index, (2, 2, 2, 2, 2), False)  # ten cards, two of each number
    assert found == (((1, 2, 3, 4), False), ((2, 3, 4, 5), False))
    with_star = ways(index, (2, 2, 2, 2, 2), True)
    assert ((1, 2, 4), True) in with_star and ((1, 2, 3, 4), False) in with_star
    assert len(set(with_star)) == len(with_star)


def test_legal_moves_list_each_way_once_for_a_ten_card_hand() -> None:
    state = table(
        hands={0: "1C 1D 2C 2D 3C 3D 4C 4D 5C 5D"}, offers=["run4-cherry", "run5-diamond", None, None]
    )
    moves = ROMIRAMI.legal_moves(state, 0)
    completes = [m for m in moves if m["type"] == "complete"]
    run4 = [m for m in completes if m["contract"] == "run4-cherry" and not m["star"]]
    assert [m["numbers"] for m in run4] == [[1, 2, 3, 4], [2, 3, 4, 5]]
    assert {"type": "end_turn"} in moves
    assert len(completes) < 40


# --- Completing contracts -------------------------------------------------------


def test_completing_plays_exactly_the_cards_bonus_suit_to_the_suit_bonus_pile() -> None:
    state = table(hands={0: "1D 2D 3C 4D 5D 5H 1H"}, offers=["run4-cherry", "run5-diamond", None, None])
    after = play(state, complete("run5-diamond", "1 2 3 4 5"))
    assert hand_codes(after, 0) == ["1H", "5H"]
    assert sorted(after["bonus"][0]) == sorted(c for c in state["hands"][0] if c in after["bonus"][0])
    assert len(after["bonus"][0]) == 4  # 1D 2D 4D 5D; 3C is discarded
    assert len(after["discard"]) == 1
    assert after["contracts"][0] == ["run5-diamond"]
    assert after["contract_market"] == ["run4-cherry", None, None, None]  # refilled only at the end
    assert every_card(after) == ALL_CARDS and len(every_contract(after)) == 36


def test_the_engine_plays_the_bonus_suit_first_and_keeps_suits_other_offers_want() -> None:
    # Two 4s needed besides the run: a 4 of the bonus suit (Diamond) goes first; of the
    # others the Cherry 4 is kept, Cherry being the bonus suit of the other offer.
    hand = {0: "4C 4H 4D 4L 1L 2L 3L"}
    state = table(hands=hand, offers=["run4-cherry", "3-kind+run3-diamond", None, None])
    after = play(state, complete("3-kind+run3-diamond", "1 2 3 4 4 4"))
    assert hand_codes(after, 0) == ["4C"]
    assert len(after["bonus"][0]) == 1
    # No other offer: the suit order (Cherry, Diamond, Heart, Clover) decides.
    state = table(hands=hand, offers=[None, "3-kind+run3-diamond", None, None])
    after = play(state, complete("3-kind+run3-diamond", "1 2 3 4 4 4"))
    assert hand_codes(after, 0) == ["4L"]


def test_several_contracts_in_one_turn_with_separate_cards() -> None:
    state = table(
        hands={0: "1C 2C 3C 4C 2D 3D 4D 5D 5H"},
        offers=["run4-cherry", "run4-diamond", "run5-diamond", None],
    )
    after = play(state, complete("run4-cherry", "1 2 3 4"), complete("run4-diamond", "2 3 4 5"))
    assert after["contracts"][0] == ["run4-cherry", "run4-diamond"]
    assert hand_codes(after, 0) == ["5H"]
    refused(after, complete("run5-diamond", "1 2 3 4", star=True), "You hold no 1")


def test_the_star_stands_for_one_card_once_per_game() -> None:
    state = table(hands={0: "1C 2C 4C 2D 3D 4D 5D"}, offers=["run4-cherry", "run4-diamond", None, None])
    after = play(state, complete("run4-cherry", "1 2 4", star=True))
    assert after["star_used"] == [True, False]
    assert hand_codes(after, 0) == ["2D", "3D", "4D", "5D"]
    assert not [m for m in ROMIRAMI.legal_moves(after, 0) if m["type"] == "complete" and m["star"]]
    refused(after, complete("run4-diamond", "2 3 4", star=True), "already used your Star")
    assert len(after["bonus"][0]) == 3  # 1C 2C 4C; the Star is no Suit Bonus card
    # Run4 (1) + the Cherry trophy (3) + 3 Suit Bonus cards, no Star point any more.
    assert ROMIRAMI.scores(state)[0] == 1 and ROMIRAMI.scores(after)[0] == 1 + 3 + 3


def test_a_near_miss_is_refused_with_the_reason() -> None:
    state = table(hands={0: "1C 2C 3C 4C 4D 5D"}, offers=["run5-diamond", None, None, None])
    refused(
        state,
        complete("run5-diamond", "1 2 3 4 4"),
        r"1 2 3 4 4 do not make Run5: it needs exactly a run of 5",
    )
    refused(state, complete("run5-diamond", "1 2 3 4"), "do not make Run5")
    refused(state, complete("run5-diamond", "1 2 3 4 5 5"), "You hold only 1 card numbered 5, not 2")
    refused(state, complete("run4-cherry", "1 2 3 4"), "Choose a contract from the Contract market")
    state = table(hands={0: "2C 2D 2H 3C 4C"}, offers=["3-kind+run3-heart", None, None, None])
    refused(state, complete("3-kind+run3-heart", "2 2 2 3 4"), "each card for one requirement")


def test_completing_before_taking_is_refused() -> None:
    state = table(hands={0: "1C 2C 3C 4C"}, phase="take")
    refused(state, complete("run4-cherry", "1 2 3 4"), "Take cards from the Number market first")
    refused(state, {"type": "end_turn"}, "Take cards from the Number market first")


# --- Taking --------------------------------------------------------------------


def test_take_one_to_three_cards_of_one_number_or_one_suit() -> None:
    state = table(market="3C 3D 3H 5C 1C 4L", phase="take")
    market = state["market"]
    for group in ([0], [0, 1], [0, 1, 2], [0, 3, 4], [3, 0]):
        after = play(state, {"type": "take", "cards": [market[i] for i in group]})
        assert after["phase"] == "play"
        assert sorted(after["hands"][0]) == sorted(state["hands"][0] + [market[i] for i in group])
        assert [slot is None for slot in after["market"]] == [i in group for i in range(6)]
    refused(state, {"type": "take", "cards": [market[0], market[5]]}, "share one number or one suit")
    refused(state, {"type": "take", "cards": [market[i] for i in (0, 1, 2, 3)]}, "Take 1, 2 or 3 cards")
    refused(state, {"type": "take", "cards": []}, "Take 1, 2 or 3 cards")
    refused(state, {"type": "take", "cards": [market[0], market[0]]}, "each card once")
    outside = next(c for c in ALL_CARDS if c not in market)
    refused(state, {"type": "take", "cards": [outside]}, "only cards that are in the Number market")
    after = play(state, {"type": "take", "cards": [market[0]]})
    refused(after, {"type": "take", "cards": [market[1]]}, "already taken cards this turn")


def test_legal_takes_are_every_group() -> None:
    state = table(market="3C 3D 3H 5C 1C 4L", phase="take")
    m = state["market"]
    takes = [sorted(move["cards"]) for move in ROMIRAMI.legal_moves(state, 0)]
    expected = [[m[0], m[1], m[2]], [m[0], m[3], m[4]]]  # three 3s; three Cherries
    expected += [[m[0], m[1]], [m[0], m[2]], [m[0], m[3]], [m[0], m[4]], [m[1], m[2]], [m[3], m[4]]]
    expected += [[c] for c in m]
    assert sorted(takes) == sorted(sorted(group) for group in expected)


def test_an_empty_number_market_skips_the_take() -> None:
    state = table(market="- - - - - 2C", deck="", turn=1)
    state = play(state, {"type": "end_turn"}, seat=1)
    assert state["phase"] == "take"  # one card left: seat 0 must take it
    state = play(state, {"type": "take", "cards": [state["market"][5]]}, {"type": "end_turn"})
    # Nothing to refill the market with: seat 1's turn starts at completing contracts.
    assert (state["turn"], state["phase"]) == (1, "play")
    legal = ROMIRAMI.legal_moves(state, 1)
    assert {m["type"] for m in legal} == {"complete", "end_turn"} and legal[-1] == {"type": "end_turn"}


# --- The end of a turn ---------------------------------------------------------


def test_markets_are_refilled_only_at_the_end_of_the_turn() -> None:
    state = table(hands={0: "1C 2C 3C 4C"}, market="5C 5D 5H 5L 1D 1H", phase="take")
    state = play(state, {"type": "take", "cards": state["market"][:3]}, complete("run4-cherry", "1 2 3 4"))
    assert state["market"][:3] == [None] * 3 and state["contract_market"][0] is None
    top = state["deck"][-4:]
    after = play(state, {"type": "end_turn"})
    assert None not in after["market"] and None not in after["contract_market"]
    assert set(after["market"][:3]) <= set(top)
    assert after["turn"] == 1 and after["phase"] == "take"


def test_under_three_cards_draw_up_to_three() -> None:
    state = table(hands={0: "1C 2C 3C 4C 5L"})
    state = play(state, complete("run4-cherry", "1 2 3 4"))
    deck_top = state["deck"][-2:]
    after = play(state, {"type": "end_turn"})
    assert len(after["hands"][0]) == 3 and set(deck_top) <= set(after["hands"][0])
    assert after["last_turn"]["drew"] == 2


def test_over_ten_cards_the_player_discards_down_to_ten_one_card_at_a_time() -> None:
    hand = "1C 1D 1H 1L 2C 2D 2H 2L 3C 3D 3H 3L"  # 12 cards
    state = table(hands={0: hand})
    after = play(state, {"type": "end_turn"})
    assert after["phase"] == "discard" and ROMIRAMI.to_act(after) == [0]
    assert after["market"] == state["market"]  # not refilled before the discard
    legal = ROMIRAMI.legal_moves(after, 0)
    assert {m["type"] for m in legal} == {"discard"} and len(legal) == 12
    refused(after, {"type": "end_turn"}, "Discard down to 10")
    refused(after, complete("run4-cherry", "1 2 3 4"), "discard down to 10")
    outside = next(c for c in ALL_CARDS if c not in after["hands"][0])
    refused(after, {"type": "discard", "card": outside}, "Discard a card from your hand")
    first, second = after["hands"][0][0], after["hands"][0][5]
    after = play(after, {"type": "discard", "card": first})
    assert after["phase"] == "discard" and len(after["hands"][0]) == 11
    after = play(after, {"type": "discard", "card": second})
    assert after["turn"] == 1 and len(after["hands"][0]) == 10
    assert {first, second} <= set(after["discard"])
    assert after["last_turn"]["discarded"] == 2


def test_discarding_is_only_for_the_end_of_a_turn() -> None:
    state = table(hands={0: "1C 1D 1H"})
    refused(state, {"type": "discard", "card": state["hands"][0][0]}, "only at the end of a turn")


def test_ten_cards_end_the_turn_without_discarding() -> None:
    state = table(hands={0: "1C 1D 1H 1L 2C 2D 2H 2L 3C 3D"})
    assert play(state, {"type": "end_turn"})["turn"] == 1


def test_the_number_deck_is_rebuilt_from_its_discard_by_the_rng() -> None:
    state = table(hands={0: "1C 2C 3C 4C"}, market="1D - 1H 1L 5C 5D", deck="2D", discard="3D 4D 5H")
    state = play(state, complete("run4-cherry", "1 2 3 4"))
    rng = random.Random(7)
    after = ROMIRAMI.apply(state, 0, {"type": "end_turn"}, rng)
    assert after["reshuffles"] == 1 and not after["discard"]
    assert every_card(after) == every_card(state)  # this table names only a few cards
    assert ROMIRAMI.apply(state, 0, {"type": "end_turn"}, random.Random(7)) == after
    text = ROMIRAMI.describe(state, after, 0, {"type": "end_turn"})
    assert "shuffled into a new Number deck" in text


def test_with_deck_and_discard_empty_slots_stay_empty() -> None:
    state = table(hands={0: "1C 2C 3C 4C"}, market="1D - - 1L 5C 5D", deck="2D", discard="")
    state = play(state, complete("run4-cherry", "1 2 3 4"))
    after = play(state, {"type": "end_turn"})
    assert len(after["hands"][0]) == 1  # the only card left was drawn
    assert after["market"] == [state["market"][0], None, None, *state["market"][3:]]
    assert "2 Number slots stay empty" in ROMIRAMI.describe(state, after, 0, {"type": "end_turn"})


# --- The end of the game -------------------------------------------------------


def finish_round(state: dict) -> dict:
    """Every seat still to play this round ends its turn (taking one card if it must)."""
    start = state["round"]
    while not ROMIRAMI.is_over(state) and state["round"] == start:
        if state["phase"] == "take":
            state = play(
                state, {"type": "take", "cards": [next(c for c in state["market"] if c is not None)]}
            )
        state = play(state, {"type": "end_turn"})
        while state["phase"] == "discard":
            state = play(state, ROMIRAMI.default_move(state, None))
    return state


@pytest.mark.parametrize(("players", "needed"), [(2, 7), (3, 6), (4, 5)])
def test_the_game_ends_after_the_round_in_which_someone_has_enough_contracts(
    players: int, needed: int
) -> None:
    held = {0: list(contract_cards())[4 : 4 + needed - 1]}
    state = table(players=players, hands={0: "1C 2C 3C 4C"}, contracts=held)
    state = play(state, complete("run4-cherry", "1 2 3 4"))
    assert len(state["contracts"][0]) == needed
    view = ROMIRAMI.view(state, 1)
    assert view["last_round"] and not view["over"]
    state = play(state, {"type": "end_turn"})
    for seat in range(1, players):  # the round is finished: every other seat plays
        assert not ROMIRAMI.is_over(state) and ROMIRAMI.to_act(state) == [seat]
        state = play(state, {"type": "take", "cards": [state["market"][0]]}, {"type": "end_turn"})
    assert ROMIRAMI.is_over(state) and state["end_reason"] == "contracts"
    assert ROMIRAMI.to_act(state) == [] and ROMIRAMI.legal_moves(state, 0) == []
    refused(state, {"type": "end_turn"}, "The game is over")


@pytest.mark.parametrize(("players", "needed"), [(2, 7), (3, 6), (4, 5)])
def test_one_contract_short_the_game_goes_on(players: int, needed: int) -> None:
    held = {players - 1: list(contract_cards())[4 : 4 + needed - 1]}
    state = table(players=players, contracts=held, turn=players - 1)
    after = play(state, {"type": "end_turn"}, seat=players - 1)
    assert not ROMIRAMI.is_over(after) and after["round"] == 2 and after["turn"] == 0


def test_an_empty_number_market_that_cannot_be_refilled_ends_the_game_after_the_round() -> None:
    state = table(hands={0: "1C 1D 1H"}, market="- - - - - 2C", deck="", phase="take")
    state = play(state, {"type": "take", "cards": [state["market"][5]]}, {"type": "end_turn"})
    assert not ROMIRAMI.is_over(state) and state["phase"] == "play"  # seat 1 skips its take
    state = play(state, {"type": "end_turn"})
    assert ROMIRAMI.is_over(state) and state["end_reason"] == "numbers"


def test_an_empty_contract_market_ends_the_game_after_the_round() -> None:
    state = table(hands={0: "1C 2C 3C 4C"}, offers=["run4-cherry", None, None, None], turn=0)
    state["contract_deck"] = []
    state = play(state, complete("run4-cherry", "1 2 3 4"), {"type": "end_turn"})
    assert not ROMIRAMI.is_over(state)
    state = finish_round(state)
    assert ROMIRAMI.is_over(state) and state["end_reason"] == "offers"


def test_round_50_is_the_last() -> None:
    state = table(turn=1)
    state["round"] = MAX_ROUNDS
    after = play(state, {"type": "end_turn"}, seat=1)
    assert ROMIRAMI.is_over(after) and after["end_reason"] == "rounds"
    state["round"] = MAX_ROUNDS - 1
    assert not ROMIRAMI.is_over(play(state, {"type": "end_turn"}, seat=1))


def test_absent_players_reach_the_end_by_default_moves() -> None:
    state = ROMIRAMI.setup(3, {}, random.Random(4))
    number = 0
    while not ROMIRAMI.is_over(state):
        state = ROMIRAMI.apply(state, None, ROMIRAMI.default_move(state, None), random.Random(number))
        number += 1
    assert state["end_reason"] == "rounds" and state["round"] == MAX_ROUNDS
    assert every_card(state) == ALL_CARDS


# --- Trophies and scores --------------------------------------------------------


def test_trophies_go_to_the_single_leader_and_a_tie_gives_them_to_nobody() -> None:
    state = table(
        contracts={0: ["run4-cherry", "run5-heart"], 1: ["run5-cherry", "run4-diamond"]},
        offers=[None] * 4,
    )
    view = ROMIRAMI.view(state, 0)
    leaders = {t["label"]: (t["counts"], t["leader"]) for t in view["trophies"]}
    assert leaders == {
        "Most Cherry contracts (3)": ([1, 1], None),  # a tie: nobody
        "Most Heart contracts (3)": ([1, 0], 0),
        "Most Clover contracts (3)": ([0, 0], None),  # nobody has one
        "Most Diamond contracts (3)": ([0, 1], 1),
    }


def test_combo_trophies_count_icons_a_run3_and_a_3kind_alike() -> None:
    state = table(
        contracts={0: ["3-kind+run3-heart"], 1: ["pair+3-kind-diamond", "pair+pair+pair-cherry"]},
        trophies=("combo", "combo", "combo", "combo"),
    )
    counts = [t["counts"] for t in ROMIRAMI.view(state, None)["trophies"]]
    assert counts == [[0, 4], [2, 1], [0, 0], [0, 0]]
    leaders = [t["leader"] for t in ROMIRAMI.view(state, None)["trophies"]]
    assert leaders == [1, 0, None, None]


def test_scores_add_contracts_trophies_suit_bonus_and_an_unused_star() -> None:
    state = table(
        contracts={0: ["run3+5-kind-heart", "run5-heart"], 1: ["run4-cherry"]},
        bonus={0: "1H 2H 3H 4H", 1: "1C 2C"},
        offers=[None] * 4,
    )
    state["star_used"] = [True, False]
    # The in-person sheet's example: trophy 2 (Heart) to seat 0, trophy 1 (Cherry) to seat 1.
    assert ROMIRAMI.scores(state) == [12 + 3 + 4 + 0, 1 + 3 + 2 + 1]


def test_equal_scores_go_to_more_suit_bonus_cards_then_share_the_place() -> None:
    state = table(
        players=3,
        contracts={0: ["4-kind-diamond"], 1: ["run4-diamond"], 2: ["run4-clover"]},
        bonus={0: "1D", 1: "1C 2C"},
        trophies=("suit", "suit", "combo", "combo"),
        offers=[None] * 4,
    )
    state["star_used"] = [True, True, False]
    assert ROMIRAMI.scores(state) == [3, 3, 2]  # no trophy: Diamond and Clover sides are down
    assert ROMIRAMI.places(state) == [2, 1, 3]
    state["bonus"][0] = state["bonus"][0] + [state["deck"].pop()]
    state["contracts"][0] = ["run4-cherry"]
    state["trophies"] = ["combo"] * 4
    assert ROMIRAMI.scores(state)[:2] == [3, 3]
    assert ROMIRAMI.places(state)[:2] == [1, 1]


# --- Default moves, seat None, turn order ---------------------------------------


def test_default_moves_take_the_first_group_complete_nothing_and_discard_the_lowest() -> None:
    state = table(market="3C 3D 3H 5C 1C 4L", phase="take")
    assert ROMIRAMI.default_move(state, 0) == ROMIRAMI.legal_moves(state, 0)[0]
    assert ROMIRAMI.default_move(state, 0) == {"type": "take", "cards": state["market"][:3]}
    state = table(hands={0: "1C 2C 3C 4C"})
    assert ROMIRAMI.default_move(state, 0) == {"type": "end_turn"}
    state = table(hands={0: "5C 4D 3H 2L 2C 1H 1D 5D 4C 3L 3C"})
    state = play(state, {"type": "end_turn"})
    move = ROMIRAMI.default_move(state, None)
    assert hand_codes(state, 0)[0] == "1D" and move == {"type": "discard", "card": state["hands"][0][6]}


def test_seat_none_acts_for_the_seat_to_play_and_others_wait() -> None:
    state = table(turn=1, phase="take")
    assert ROMIRAMI.legal_moves(state, None) == ROMIRAMI.legal_moves(state, 1)
    assert ROMIRAMI.legal_moves(state, 0) == []
    refused(state, {"type": "take", "cards": [state["market"][0]]}, "not your turn", seat=0)
    after = play(state, {"type": "take", "cards": [state["market"][0]]}, seat=None)
    assert state["market"][0] in after["hands"][1]


def test_apply_never_touches_its_input() -> None:
    import copy

    state = table(hands={0: "1C 2C 3C 4C"})
    before = copy.deepcopy(state)
    play(state, complete("run4-cherry", "1 2 3 4"), {"type": "end_turn"})
    assert state == before


def test_the_contract_shows_what_it_needs() -> None:
    assert contract("pairof1s+run4-heart")["points"] == 5
    view = ROMIRAMI.view(table(offers=["pairof1s+run4-heart", None, None, None]), 0)
    assert view["contract_market"][0]["needs"] == "a pair of 1s and a run of 4 (6 cards)"
