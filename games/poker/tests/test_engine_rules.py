"""Roman Poker's rules: the seed's worked examples and the rules page, move by move."""

from __future__ import annotations

import copy
import json
import random
from fractions import Fraction

import pytest

from games.contract import kinds as registry
from games.contract.protocol import Engine, IllegalMove
from games.poker.engine import CARDS, MAX_ROUNDS, POKER, misthrow_chance

EMPTY = [None] * 7


class Dice:
    """An rng whose dice come up as scripted ("X V I" -> X, then V, then I)."""

    def __init__(self, faces: str = "") -> None:
        self.faces = faces.split()

    def choice(self, seq):
        assert self.faces, "the test rolled more dice than it scripted"
        return self.faces.pop(0)


def new_game(players: int = 3, **options) -> dict:
    return POKER.setup(players, options, random.Random(0))


def at_seat(state: dict, seat: int, column=None, cards=None) -> dict:
    """The state with ``seat`` to act at the start of its turn (column and cards as given)."""
    state = copy.deepcopy(state)
    if column is not None:
        state["columns"][seat] = list(column)
    if cards is not None:
        state["cards"][seat] = list(cards)
    state.update(turn=seat, dice=[], cards_at_start=len(state["cards"][seat]))
    return state


def roll(state: dict, faces: str, seat: int | None = None) -> dict:
    """Roll one die at a time, each showing the next scripted face."""
    for face in faces.split():
        state = POKER.apply(state, seat, {"type": "roll"}, Dice(face))
    return state


def play(state: dict, move: dict, faces: str = "") -> dict:
    return POKER.apply(state, state["turn"], move, Dice(faces))


def refused(state: dict, move: dict, match: str, faces: str = "") -> None:
    with pytest.raises(IllegalMove, match=match):
        play(state, move, faces)


def values(state: dict) -> dict[int, list[int]]:
    return {v["value"]: v["rows"] for v in POKER.view(state, state["turn"])["values"]}


def status(state: dict) -> str:
    return POKER.view(state, state["turn"])["status"]


def kinds(state: dict) -> set[str]:
    return {m["type"] for m in POKER.legal_moves(state, state["turn"])}


def test_poker_is_an_engine() -> None:
    assert isinstance(POKER, Engine) and registry.get("poker").engine is POKER
    assert (POKER.slug, POKER.name, POKER.min_players, POKER.max_players) == (
        "poker",
        "Roman Poker",
        2,
        6,
    )
    with pytest.raises(IllegalMove):
        POKER.setup(7, {}, random.Random(0))


# --- The seed's worked examples -------------------------------------------------------


def test_julius_rolls_v_x_then_i_and_writes_16_in_row_2() -> None:
    state = roll(new_game(), "V X")
    assert set(values(state)) == {15}
    state = roll(state, "I")
    assert set(values(state)) == {14, 16}
    after = play(state, {"type": "stop", "value": 16, "row": 2})
    assert after["columns"][0] == [None, 16, None, None, None, None, None]
    assert after["turn"] == 1 and after["dice"] == []


def test_agrippina_removes_her_second_v_and_writes_26() -> None:
    state = roll(at_seat(new_game(), 1), "X X V I V")
    assert status(state) == "misthrow"
    assert {"type": "card", "card": "remove_one", "die": 4} in POKER.legal_moves(state, 1)
    state = play(state, {"type": "card", "card": "remove_one", "die": 4})
    assert set(values(state)) == {24, 26}
    assert POKER.view(state, 1)["dice_left"] == 1  # she may still roll the sixth die
    after = play(state, {"type": "stop", "value": 26, "row": 3})
    assert after["columns"][1][2] == 26
    assert "remove_one" not in after["cards"][1]


def test_gaius_plays_duplicate_and_writes_a_second_33_in_row_5() -> None:
    column = [19, 21, 23, 28, None, 33, None]
    state = roll(at_seat(new_game(), 2, column=column), "X X X I I I")
    assert status(state) == "misthrow"  # 33 is already listed and all six dice are rolled
    view = POKER.view(state, 2)
    assert view["values"][0]["duplicate_rows"] == [5, 7] and view["values"][0]["needs_duplicate"]
    dup_stops = [m for m in POKER.legal_moves(state, 2) if m["type"] == "stop"]
    assert {(m["row"], m["card"]) for m in dup_stops} == {
        (5, "duplicate"),
        (7, "duplicate"),
        (5, "wild"),
        (7, "wild"),
    }
    after = play(state, {"type": "stop", "value": 33, "row": 5, "card": "duplicate"})
    assert after["columns"][2] == [19, 21, 23, 28, 33, 33, None]
    assert "duplicate" not in after["cards"][2]


def test_the_seed_pad_scores_164_180_196() -> None:
    state = new_game()
    state["columns"] = [
        [9, 16, 25, 31, None, 33, 35],
        [18, 23, 26, None, 27, 29, 37],
        [19, 21, 23, 28, 33, 33, 39],
    ]
    state["cards"] = [
        ["reroll_i", "reroll_one", "wild"],
        ["reroll_i", "reroll_v", "duplicate", "wild"],
        [],
    ]
    assert POKER.scores(state) == [164, 180, 196]


# --- Rolling and the dice -------------------------------------------------------------


def test_a_fourth_i_is_a_misthrow() -> None:
    state = roll(new_game(), "I I I")
    assert status(state) == "valid"
    state = roll(state, "I")
    assert status(state) == "misthrow"
    assert kinds(state) == {"card", "pass"}


def test_a_second_v_is_a_misthrow() -> None:
    assert status(roll(new_game(), "V V")) == "misthrow"


def test_xxxx_must_roll_on_and_xxxix_completes_it() -> None:
    state = roll(new_game(), "X X X X")
    assert status(state) == "roll_on"
    assert kinds(state) == {"roll"}
    refused(state, {"type": "pass"}, "only after a misthrow")
    refused(state, {"type": "stop", "value": 40, "row": 7}, "do not form a Roman number")
    assert values(roll(state, "I")) == {39: [1, 2, 3, 4, 5, 6, 7]}
    assert status(roll(state, "V")) == "misthrow"


def test_after_the_sixth_die_the_player_must_stop() -> None:
    state = roll(new_game(), "X X V I I I")
    assert kinds(state) == {"stop"}
    refused(state, {"type": "roll"}, "No dice are left")


def test_a_number_that_fits_nowhere_means_rolling_on() -> None:
    state = roll(at_seat(new_game(), 0, column=[None, 16, None, None, None, None, None]), "X V I")
    assert values(state) == {16: [], 14: [1]}
    state = at_seat(new_game(), 0, column=[14, 16, None, None, None, None, None])
    state = roll(state, "X V I")
    assert status(state) == "roll_on" and kinds(state) == {"roll"}
    refused(state, {"type": "stop", "value": 16, "row": 3}, "16 is already in your column")


def test_a_number_that_fits_nowhere_after_the_sixth_die_is_a_misthrow() -> None:
    state = at_seat(new_game(), 0, column=[None, None, None, None, None, 33, 34])
    state = roll(state, "X X X I I I")
    assert status(state) == "misthrow"
    assert {"type": "pass"} in POKER.legal_moves(state, 0)


def test_a_misthrow_allows_no_roll() -> None:
    refused(roll(new_game(), "V V"), {"type": "roll"}, "You misthrew")


# --- Stopping: the column's order -----------------------------------------------------


@pytest.fixture
def julius_16() -> dict:
    """Julius has 16 in row 2 and 30 in row 6; he rolled X I I (12)."""
    return roll(at_seat(new_game(), 0, column=[None, 16, None, None, None, 30, None]), "X I I")


@pytest.mark.parametrize(
    ("move", "message"),
    [
        ({"value": 12, "row": 3}, "Row 3 must be above 16."),
        ({"value": 12, "row": 7}, "Row 7 must be above 30."),
        ({"value": 12, "row": 2}, "Row 2 is already filled."),
        ({"value": 38, "row": 1}, "38 cannot be made with six dice."),
        ({"value": 17, "row": 1}, "17 cannot be made from X I I."),
        ({"value": 12, "row": 8}, "Choose a row from 1 to 7."),
        ({"value": 12}, "Choose a row from 1 to 7."),
    ],
)
def test_stops_that_break_the_column_are_refused(julius_16: dict, move: dict, message: str) -> None:
    refused(julius_16, {"type": "stop", **move}, message)


def test_a_value_above_the_row_below_is_refused() -> None:
    state = roll(at_seat(new_game(), 0, column=[None, None, None, 20, None, None, None]), "X X V")
    refused(state, {"type": "stop", "value": 25, "row": 3}, "Row 3 must be below 20.")
    assert values(state) == {25: [5, 6, 7]}


def test_legal_stops_are_exactly_the_rows_that_fit(julius_16: dict) -> None:
    stops = [m for m in POKER.legal_moves(julius_16, 0) if m["type"] == "stop"]
    assert stops == [{"type": "stop", "value": 12, "row": 1}]


def test_the_duplicate_allows_an_equal_neighbour_but_keeps_the_order() -> None:
    state = roll(at_seat(new_game(), 0, column=[None, None, None, 20, None, 30, None]), "X X X I I I")
    assert status(state) == "valid"  # 33 fits row 7 without a card
    state = roll(at_seat(new_game(), 0, column=[None, None, None, None, 32, 33, 34]), "X X X I I I")
    assert status(state) == "misthrow"
    refused(
        state,
        {"type": "stop", "value": 33, "row": 4, "card": "duplicate"},
        "Row 4 must be at most 32.",
    )
    refused(state, {"type": "stop", "value": 33, "row": 4}, "33 is already in your column.")


def test_the_duplicate_is_refused_where_no_card_is_needed() -> None:
    state = roll(at_seat(new_game(cards_anytime=True), 0), "X V I")
    refused(state, {"type": "stop", "value": 16, "row": 3, "card": "duplicate"}, "without a card")


# --- Action cards ---------------------------------------------------------------------


def test_cards_only_after_a_misthrow() -> None:
    state = roll(new_game(), "X V I")
    assert "card" not in kinds(state)
    refused(state, {"type": "card", "card": "reroll_one", "die": 0}, "only after a misthrow")
    state = roll(at_seat(new_game(), 0, column=[None, 16, None, None, None, None, None]), "X V I")
    assert status(state) == "valid"  # 14 fits row 1
    dup = {"type": "stop", "value": 16, "row": 3, "card": "duplicate"}
    refused(state, dup, "only after a misthrow")


def test_cards_anytime_allows_cards_on_a_valid_number() -> None:
    state = roll(new_game(cards_anytime=True), "X V I")
    assert "card" in kinds(state)
    after = play(state, {"type": "card", "card": "reroll_one", "die": 2}, "X")
    assert [d["face"] for d in after["dice"]] == ["X", "V", "X"]
    assert "reroll_one" not in after["cards"][0]


def test_a_used_card_is_gone() -> None:
    state = roll(at_seat(new_game(), 0, cards=["reroll_i"]), "V V")
    refused(state, {"type": "card", "card": "reroll_v", "dice": [0]}, "You have no reroll_v card left.")


def test_reroll_i_rerolls_the_chosen_i_dice_together() -> None:
    state = roll(new_game(), "I X I I I")
    after = play(state, {"type": "card", "card": "reroll_i", "dice": [0, 3]}, "X V")
    assert [d["face"] for d in after["dice"]] == ["X", "X", "I", "V", "I"]
    assert set(values(after)) == {27}
    refused(state, {"type": "card", "card": "reroll_i", "dice": [1]}, "only I dice")
    refused(state, {"type": "card", "card": "reroll_i", "dice": []}, "at least one I die")


def test_reroll_v_and_reroll_one() -> None:
    state = roll(new_game(), "V X V")
    after = play(state, {"type": "card", "card": "reroll_v", "dice": [0, 2]}, "I I")
    assert [d["face"] for d in after["dice"]] == ["I", "X", "I"]
    after = play(state, {"type": "card", "card": "reroll_one", "die": 1}, "I")
    assert [d["face"] for d in after["dice"]] == ["V", "I", "V"] and status(after) == "misthrow"


def test_remove_one_sets_a_die_aside_and_rolling_goes_on() -> None:
    state = play(roll(new_game(), "V V"), {"type": "card", "card": "remove_one", "die": 0})
    assert status(state) == "valid" and POKER.view(state, 0)["dice_left"] == 4
    state = roll(state, "X")
    assert set(values(state)) == {15}
    assert POKER.view(state, 0)["dice"][0] == {"index": 0, "face": "V", "removed": True}
    state = roll(state, "V")
    assert status(state) == "misthrow"
    refused(state, {"type": "card", "card": "reroll_one", "die": 0}, "dice you rolled")


def test_wild_acts_as_another_card() -> None:
    state = roll(new_game(), "V V")
    after = play(state, {"type": "card", "card": "wild", "as": "reroll_one", "die": 1}, "X")
    assert [d["face"] for d in after["dice"]] == ["V", "X"] and "wild" not in after["cards"][0]
    refused(state, {"type": "card", "card": "wild", "as": "duplicate"}, "together with a stop")
    refused(state, {"type": "card", "card": "wild"}, "stands for")


def test_wild_as_duplicate_goes_with_a_stop() -> None:
    column = [None, None, None, None, None, 33, None]
    state = roll(at_seat(new_game(), 0, column=column, cards=["wild"]), "X X X I I I")
    after = play(state, {"type": "stop", "value": 33, "row": 7, "card": "wild"})
    assert after["columns"][0][5:] == [33, 33] and after["cards"][0] == []


def test_cards_after_a_card_and_another_misthrow() -> None:
    state = play(roll(new_game(), "I I I I"), {"type": "card", "card": "reroll_one", "die": 0}, "V")
    state = roll(state, "V")
    assert status(state) == "misthrow" and "card" in kinds(state)
    state = play(state, {"type": "card", "card": "remove_one", "die": 4})
    assert set(values(state)) == {8}


def test_pass_only_after_a_misthrow() -> None:
    refused(roll(new_game(), "X"), {"type": "pass"}, "only after a misthrow")
    after = play(roll(new_game(), "V V"), {"type": "pass"})
    assert after["turn"] == 1 and after["columns"][0] == EMPTY and after["cards"][0] == list(CARDS)


# --- Optional rules -------------------------------------------------------------------


def test_multi_roll_throws_several_dice() -> None:
    state = new_game(multi_roll=True)
    counts = [m["count"] for m in POKER.legal_moves(state, 0) if m["type"] == "roll"]
    assert counts == [1, 2, 3, 4, 5, 6]
    after = play(state, {"type": "roll", "count": 3}, "X V I")
    assert [d["face"] for d in after["dice"]] == ["X", "V", "I"]
    refused(after, {"type": "roll", "count": 4}, "Choose a number of dice from 1 to 3.")


def test_without_multi_roll_one_die_at_a_time() -> None:
    refused(new_game(), {"type": "roll", "count": 2}, "Roll one die at a time.")
    assert play(new_game(), {"type": "roll", "count": 1}, "X")["dice"] == [{"face": "X", "removed": False}]


def test_physical_dice_moves_carry_faces() -> None:
    state = new_game(physical_dice=True)
    refused(state, {"type": "roll"}, "Enter the faces")
    refused(state, {"type": "roll", "faces": ["L"]}, "I, V or X")
    refused(state, {"type": "roll", "faces": ["X", "I"]}, "one die at a time")
    state = POKER.apply(state, 0, {"type": "roll", "faces": ["V"]}, Dice())
    state = POKER.apply(state, 0, {"type": "roll", "faces": ["V"]}, Dice())
    refused(state, {"type": "card", "card": "reroll_one", "die": 1}, "Enter the faces")
    state = POKER.apply(state, 0, {"type": "card", "card": "reroll_one", "die": 1, "faces": ["I"]}, Dice())
    assert [d["face"] for d in state["dice"]] == ["V", "I"]
    assert {"type": "roll", "faces": ["X"]} in POKER.legal_moves(state, 0)


def test_physical_multi_roll_counts_the_faces() -> None:
    state = new_game(physical_dice=True, multi_roll=True)
    after = POKER.apply(state, 0, {"type": "roll", "faces": ["X", "X", "I"]}, Dice())
    assert set(values(after)) == {19, 21}
    refused(state, {"type": "roll", "count": 2, "faces": ["X"]}, "one for each die")


def test_without_physical_dice_faces_are_refused() -> None:
    refused(new_game(), {"type": "roll", "faces": ["X"]}, "rolls its own dice")
    state = roll(new_game(), "V V")
    refused(state, {"type": "card", "card": "reroll_one", "die": 1, "faces": ["I"]}, "rolls its own")


def test_unknown_options_are_ignored_and_defaults_are_off() -> None:
    state = POKER.setup(2, {"house_rule": True, "multi_roll": 1}, random.Random(0))
    assert state["options"] == {"multi_roll": True, "cards_anytime": False, "physical_dice": False}


# --- Turns and the end of the game ----------------------------------------------------


def test_it_is_not_your_turn() -> None:
    with pytest.raises(IllegalMove, match="It is not your turn."):
        POKER.apply(new_game(), 1, {"type": "roll"}, Dice("X"))
    assert POKER.legal_moves(new_game(), 1) == []
    assert POKER.to_act(new_game()) == [0]


def test_the_host_moves_for_the_seat_to_act() -> None:
    assert POKER.apply(new_game(), None, {"type": "roll"}, Dice("X"))["dice"][0]["face"] == "X"


def test_nonsense_moves_are_refused() -> None:
    for move in ({}, {"type": "fly"}, "roll", {"type": "stop", "value": "16", "row": 1}):
        with pytest.raises(IllegalMove):
            POKER.apply(roll(new_game(), "X V I"), 0, move, Dice())


def _nearly_full(state: dict, seat: int) -> dict:
    return at_seat(state, seat, column=[1, 2, 3, 4, 5, 6, None])


def test_the_round_is_completed_after_a_seventh_number_and_seat_0_does_not_roll_again() -> None:
    state = roll(_nearly_full(new_game(3), 1), "X")
    state = play(state, {"type": "stop", "value": 10, "row": 7})
    assert state["final_round"] and not state["over"] and state["turn"] == 2
    state = play(roll(state, "X"), {"type": "stop", "value": 10, "row": 1})
    assert state["over"] and POKER.to_act(state) == [] and state["end_reason"] == "full"
    assert POKER.legal_moves(state, 0) == []
    refused(state, {"type": "roll"}, "The game is over.")


def test_when_the_last_seat_fills_its_column_the_game_ends_at_once() -> None:
    state = play(roll(_nearly_full(new_game(2), 1), "X"), {"type": "stop", "value": 10, "row": 7})
    assert state["over"] and state["round"] == 1


def test_seat_0_filling_its_column_lets_everyone_else_play() -> None:
    state = play(roll(_nearly_full(new_game(2), 0), "X"), {"type": "stop", "value": 10, "row": 7})
    assert not state["over"] and state["turn"] == 1
    state = play(roll(state, "V V"), {"type": "pass"})
    assert state["over"] and state["round"] == 1
    assert POKER.view(state, 0)["places"] == [1, 2]


def test_no_cards_at_the_start_and_a_misthrow_ends_the_game_after_the_round() -> None:
    state = at_seat(new_game(3), 0, cards=[])
    state = play(roll(state, "V V"), {"type": "pass"})
    assert state["final_round"] and state["end_reason"] == "no_cards" and state["turn"] == 1
    state = play(roll(state, "X"), {"type": "stop", "value": 10, "row": 1})
    state = play(roll(state, "X"), {"type": "stop", "value": 10, "row": 1})
    assert state["over"]


def test_a_card_played_this_turn_does_not_count_as_no_cards_at_the_start() -> None:
    state = at_seat(new_game(3), 0, cards=["reroll_one"])
    state = play(roll(state, "V V"), {"type": "card", "card": "reroll_one", "die": 1}, "V")
    state = play(state, {"type": "pass"})
    assert not state["final_round"] and state["cards"][0] == []


def test_a_table_where_no_column_can_take_a_number_ends_after_the_round() -> None:
    state = new_game(2)
    blocked = [37, None, 39, 39, 39, 39, 39]  # only 38 would fit row 2, and 38 cannot be made
    state["columns"] = [list(blocked), list(blocked)]
    state["cards"] = [["reroll_i"], ["reroll_v"]]  # with a duplicate, a second 37 could go in row 2
    state = at_seat(state, 0)
    state = play(roll(state, "V V"), {"type": "pass"})
    assert state["end_reason"] == "stuck"
    assert POKER.view(state, 1)["blocked"] == [True, True]


def test_round_50_is_the_last() -> None:
    state = at_seat(new_game(2), 1)
    state["round"] = MAX_ROUNDS - 1
    state = play(roll(state, "V V"), {"type": "pass"})
    assert state["round"] == MAX_ROUNDS and state["final_round"] and state["end_reason"] == "rounds"
    state = play(roll(state, "V V"), {"type": "pass"})
    state = play(roll(state, "V V"), {"type": "pass"})
    assert state["over"] and state["round"] == MAX_ROUNDS


def test_a_duplicate_that_needs_six_dice_keeps_a_column_open() -> None:
    state = at_seat(new_game(2), 0, column=[None, None, None, None, 1, 17, 23], cards=["duplicate"])
    assert POKER.view(state, 0)["blocked"][0]  # only a second 1 fits, and 1 is one die
    state = at_seat(new_game(2), 0, column=[None, None, None, None, 33, 37, 39], cards=["duplicate"])
    assert not POKER.view(state, 0)["blocked"][0]  # a second 33 (six dice) fits
    state = at_seat(
        new_game(2, cards_anytime=True),
        0,
        column=[None, None, None, None, 1, 17, 23],
        cards=["wild"],
    )
    assert not POKER.view(state, 0)["blocked"][0]


# --- Scores, default move, chances, view ----------------------------------------------


def test_scores_are_column_sums_plus_five_per_unused_card() -> None:
    state = new_game(2)
    assert POKER.scores(state) == [30, 30]
    state["columns"][0] = [1, None, 3, None, None, None, 39]
    state["cards"][0] = ["wild"]
    assert POKER.scores(state) == [48, 30]


@pytest.mark.parametrize(
    ("faces", "column", "expected"),
    [
        ("", EMPTY, "highest"),
        ("X V I", EMPTY, {"type": "stop", "value": 16, "row": 3}),
        ("V V", EMPTY, {"type": "pass"}),
        ("X X X X", EMPTY, {"type": "roll"}),
        (
            "X V I",
            [None, 16, None, None, None, None, None],
            {"type": "stop", "value": 14, "row": 1},
        ),
    ],
)
def test_default_move(faces: str, column: list, expected) -> None:
    state = roll(at_seat(new_game(), 0, column=column), faces)
    move = POKER.default_move(state, 0)
    assert move in POKER.legal_moves(state, 0)
    if expected != "highest":
        assert move == expected


def test_default_move_in_physical_and_multi_roll_games_is_legal() -> None:
    for options in (
        {"physical_dice": True},
        {"multi_roll": True},
        {"physical_dice": True, "multi_roll": True},
    ):
        state = new_game(**options)
        assert POKER.default_move(state, 0) in POKER.legal_moves(state, 0)


@pytest.mark.parametrize(
    ("faces", "left", "column", "chance"),
    [
        ("", 6, EMPTY, Fraction(0)),
        ("X X X", 3, EMPTY, Fraction(0)),  # I: 31, V: 35, X: XXXX may still become 39
        ("I I I", 3, EMPTY, Fraction(1, 2)),  # I: IIII; V: VIII = 8; X: XIII = 13
        ("X X X X", 2, EMPTY, Fraction(1, 2)),  # I: 39; V and X: misthrow
        ("X X X X", 1, EMPTY, Fraction(1, 2)),
        ("V", 5, EMPTY, Fraction(1, 6)),  # a second V
        ("V I I I", 2, EMPTY, Fraction(2, 3)),  # I: a fourth I; V: a second V; X: 18
        ("X X X I I", 1, [None, None, None, None, None, 33, None], Fraction(5, 6)),  # I: 33 again
        ("X X X I I", 0, EMPTY, Fraction(0)),
    ],
)
def test_misthrow_chance(faces: str, left: int, column: list, chance: Fraction) -> None:
    assert misthrow_chance(faces.split(), left, column) == chance


def test_the_view_shows_the_chance_as_a_fraction() -> None:
    view = POKER.view(roll(new_game(), "I I I"), 0)
    assert view["misthrow_chance"] == {"value": 0.5, "fraction": "1/2"}
    assert POKER.view(roll(new_game(), "V V"), 0)["misthrow_chance"] is None


def test_the_view_is_json_and_has_what_the_page_needs() -> None:
    state = roll(at_seat(new_game(), 1, column=[None, 16, None, None, None, None, None]), "X V I")
    view = POKER.view(state, 1)
    assert json.loads(json.dumps(view)) == view
    assert view["turn"] == 1 and view["to_act"] == [1] and view["round"] == 1
    assert view["dice"] == [
        {"index": 0, "face": "X", "removed": False},
        {"index": 1, "face": "V", "removed": False},
        {"index": 2, "face": "I", "removed": False},
    ]
    assert view["dice_left"] == 3 and view["status"] == "valid" and not view["misthrow"]
    assert view["values"] == [
        {
            "value": 16,
            "numeral": "XVI",
            "rows": [],
            "duplicate_rows": [1, 3, 4, 5, 6, 7],
            "needs_duplicate": True,
        },
        {
            "value": 14,
            "numeral": "XIV",
            "rows": [1],
            "duplicate_rows": [],
            "needs_duplicate": False,
        },
    ]
    assert view["columns"][1][1] == 16 and view["cards_left"] == [6, 6, 6]
    assert view["totals"] == [30, 46, 30] and view["places"] is None
    assert view["legal"] == POKER.legal_moves(state, 1)
    assert POKER.view(state, 0)["legal"] == [] and POKER.view(state, None)["legal"] == []


def test_the_view_of_a_finished_game_is_json() -> None:
    state = play(roll(_nearly_full(new_game(2), 1), "X"), {"type": "stop", "value": 10, "row": 7})
    view = POKER.view(state, 0)
    assert json.loads(json.dumps(view)) == view and view["over"] and view["places"] == [2, 1]


def test_apply_leaves_its_input_untouched() -> None:
    state = roll(new_game(), "V V")
    before = copy.deepcopy(state)
    for move, faces in (
        ({"type": "card", "card": "reroll_v", "dice": [0, 1]}, "I X"),
        ({"type": "card", "card": "remove_one", "die": 1}, ""),
        ({"type": "pass"}, ""),
    ):
        play(state, move, faces)
        assert state == before
    state = roll(new_game(), "X V I")
    before = copy.deepcopy(state)
    play(state, {"type": "stop", "value": 16, "row": 2})
    assert state == before


# --- Describing moves -----------------------------------------------------------------


def describe(state: dict, move: dict, faces: str = "") -> str:
    return POKER.describe(state, play(state, move, faces), state["turn"], move)


def test_describe() -> None:
    assert describe(roll(new_game(), "X V"), {"type": "roll"}, "I") == "{player} rolled I (dice: X V I)."
    assert describe(roll(new_game(), "V"), {"type": "roll"}, "V") == (
        "{player} rolled V (dice: V V): a misthrow."
    )
    stop = {"type": "stop", "value": 16, "row": 2}
    assert describe(roll(new_game(), "X V I"), stop) == "{player} wrote 16 in row 2."
    assert describe(roll(new_game(), "V V"), {"type": "pass"}) == "{player} misthrew and passed."
    state = roll(new_game(), "X X V I V")
    remove = {"type": "card", "card": "remove_one", "die": 4}
    assert describe(state, remove) == "{player} played Remove one on V."
    wild = {"type": "card", "card": "wild", "as": "reroll_one", "die": 4}
    assert describe(state, wild, "I") == "{player} played Wild as Reroll one: V became I (dice: X X V I I)."
    state = roll(at_seat(new_game(), 0, column=[None] * 5 + [33, None]), "X X X I I I")
    dup = {"type": "stop", "value": 33, "row": 5, "card": "duplicate"}
    assert describe(state, dup) == "{player} played Duplicate and wrote 33 in row 5."
    state = roll(_nearly_full(new_game(2), 0), "X")
    assert describe(state, {"type": "stop", "value": 10, "row": 7}) == (
        "{player} wrote 10 in row 7. The game ends after this round."
    )


def misthrown() -> dict:
    """Seat 0 rolled I I I I: a misthrow, so every card is open."""
    state = roll(new_game(2), "I I I I")
    assert POKER.legal_moves(state, 0)[-1] == {"type": "pass"}
    return state


@pytest.mark.parametrize("stands_for", [[], {}, ["reroll_one"], 7, None])
def test_a_wild_card_standing_for_junk_is_refused(stands_for) -> None:
    refused(misthrown(), {"type": "card", "card": "wild", "as": stands_for, "die": 0}, "wild card stands for")


@pytest.mark.parametrize("dice", ["x", True, [99], [10**30]])
def test_reroll_one_ignores_a_dice_key_it_does_not_use(dice) -> None:
    state = misthrown()
    move = {"type": "card", "card": "reroll_one", "die": 0, "dice": dice}
    after = play(state, move, "V")
    assert POKER.describe(state, after, 0, move).startswith("{player} played Reroll one: I became V")


def test_a_card_that_is_not_wild_ignores_as() -> None:
    state = misthrown()
    move = {"type": "card", "card": "remove_one", "die": 1, "as": "reroll_i", "dice": "junk"}
    after = play(state, move)
    assert after["dice"][1]["removed"]
    assert POKER.describe(state, after, 0, move) == "{player} played Remove one on I."
