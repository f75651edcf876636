"""Roman numbers of Roman Poker: the seed's overview table and its examples."""

import pytest

from games.poker.engine import roman_values

# The publisher's "Roman number overview", value -> dice as printed (38: not possible).
OVERVIEW = {
    1: "I", 2: "I I", 3: "I I I", 4: "I V", 5: "V", 6: "V I", 7: "V I I", 8: "V I I I",
    9: "I X", 10: "X", 11: "X I", 12: "X I I", 13: "X I I I", 14: "X I V", 15: "X V",
    16: "X V I", 17: "X V I I", 18: "X V I I I", 19: "X I X", 20: "X X", 21: "X X I",
    22: "X X I I", 23: "X X I I I", 24: "X X I V", 25: "X X V", 26: "X X V I",
    27: "X X V I I", 28: "X X V I I I", 29: "X X I X", 30: "X X X", 31: "X X X I",
    32: "X X X I I", 33: "X X X I I I", 34: "X X X I V", 35: "X X X V", 36: "X X X V I",
    37: "X X X V I I", 39: "X X X I X",
}  # fmt: skip


@pytest.mark.parametrize(("value", "dice"), sorted(OVERVIEW.items()))
def test_overview_dice_make_their_value(value: int, dice: str) -> None:
    assert value in roman_values(dice.split())


def test_overview_covers_one_to_thirty_nine_except_38() -> None:
    assert sorted(OVERVIEW) == [v for v in range(1, 40) if v != 38]


def test_every_value_comes_only_from_its_overview_dice() -> None:
    for value, dice in OVERVIEW.items():
        for other_value, other in OVERVIEW.items():
            if sorted(other.split()) != sorted(dice.split()):
                assert value not in roman_values(other.split()), (value, other_value)


def test_38_cannot_be_made_with_six_dice() -> None:
    from itertools import combinations_with_replacement

    for count in range(1, 7):
        for dice in combinations_with_replacement("IVX", count):
            assert 38 not in roman_values(dice)


def test_order_of_the_dice_does_not_matter() -> None:
    assert roman_values(["I", "V", "X"]) == roman_values("XVI") == roman_values(("V", "I", "X"))


@pytest.mark.parametrize(
    ("dice", "values"),
    [
        ("X V I", {14, 16}),  # Julius: X I V = 14 or X V I = 16
        ("I X", {9, 11}),
        ("X X I", {19, 21}),
        ("V I", {4, 6}),
        ("X X X I X", {39}),
        ("X V", {15}),
        ("I I I", {3}),
        ("X X", {20}),
    ],
)
def test_multi_value_examples(dice: str, values: set[int]) -> None:
    assert roman_values(dice.split()) == values


@pytest.mark.parametrize(
    "dice",
    [
        "I I I I",  # a fourth I: never IIII
        "V V",  # a second V
        "X X X X",  # not a number yet (XXXIX may complete it), see the rules tests
        "X X X X X",
        "I I V V",
        "X X X X V",
        "I I I I X",
        "",
    ],
)
def test_invalid_multisets_form_no_value(dice: str) -> None:
    assert roman_values(dice.split()) == set()


def test_unknown_faces_form_no_value() -> None:
    assert roman_values(["I", "L"]) == set()
