"""What the Roman Poker board draws: dice in reading order, rows still open, rows a placement
closes, the winner line and the log by turn."""

from __future__ import annotations

from games.poker.presenter import reading_order, row_outlook, rows_closed_by, turns, winners

EMPTY = [None] * 7


def dice(faces: str, removed: str = "") -> list[dict]:
    return [{"index": i, "face": f, "removed": str(i) in removed} for i, f in enumerate(faces)]


def faces(ordered: list[dict]) -> str:
    return "".join(d["face"] for d in ordered)


def test_dice_read_as_the_highest_numeral_that_fits():
    assert faces(reading_order(dice("IVX"), EMPTY)) == "XVI"  # 16 rather than 14
    assert (
        faces(reading_order(dice("IXV"), [None, None, None, None, None, None, 15])) == "XIV"
    )  # 16 fits no row
    assert faces(reading_order(dice("IIXX"), EMPTY)) == "XXII"
    assert faces(reading_order(dice("XIXXX"), EMPTY)) == "XXXIX"


def test_dice_that_form_no_number_read_x_v_i_and_removed_dice_are_left_out():
    assert faces(reading_order(dice("XIXXX"[:4] + "V"), EMPTY)) == "XXXVI"
    assert faces(reading_order(dice("IXXVV"), EMPTY)) == "XXVVI"  # two Vs: no number
    assert faces(reading_order(dice("VIV", removed="2"), EMPTY)) == "VI"


def test_rows_show_what_they_may_still_take():
    outlook = row_outlook([3, None, 4, None, None, 27, None])
    assert outlook[0] == {"value": 3}
    assert outlook[1]["closed"]  # between 3 and 4
    assert (outlook[3]["low"], outlook[3]["high"]) == (5, 26)
    assert (outlook[6]["low"], outlook[6]["high"]) == (28, 39)


def test_a_placement_that_closes_later_rows_is_named():
    column = [3, None, None, 12, None, None, None]
    assert rows_closed_by(column, 5, 3) == []
    assert rows_closed_by(column, 4, 3) == [2]  # nothing between 3 and 4
    assert rows_closed_by(EMPTY, 39, 1) == [2, 3, 4, 5, 6, 7]


def test_the_winners_are_the_seats_in_first_place():
    assert winners([120, 99], [1, 2]) == [0]
    assert winners([90, 90, 80], [1, 1, 3]) == [0, 1]
    assert winners([1, 2], None) == []


def test_the_log_groups_lines_by_turn_latest_first():
    log = [  # latest first, as the page gets it
        "Julius rolled I (dice: I).",
        "Gaius misthrew and passed.",
        "Gaius rolled V (dice: V V): a misthrow.",
        "Julius wrote 10 in row 2. The game ends after this round.",
        "Julius rolled X (dice: X).",
    ]
    assert turns(log, limit=2) == [
        ["Julius rolled I (dice: I)."],
        ["Gaius rolled V (dice: V V): a misthrow.", "Gaius misthrew and passed."],
    ]
