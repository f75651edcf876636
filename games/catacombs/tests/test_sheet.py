"""Roman Catacombs scorecards kept by hand: books in canon order, completions, totals."""

from __future__ import annotations

import pytest

from games.catacombs.engine import categories
from games.catacombs.sheet import SHEET as CATACOMBS
from games.contract.protocol import IllegalMove
from scoresheets.scoring import replay

NAMES = ["Julius", "Agrippina"]
LAW, GOSPELS = 0, 5


def write(seat, book, slot, rank=None):
    return {"type": "write", "seat": seat, "book": book, "slot": slot, "rank": rank}


def tick(seat, category, slot, rank=None):
    return {"type": "write", "seat": seat, "category": category, "slot": slot, "rank": rank}


def complete(seat, category, rank=None):
    return {"type": "complete", "seat": seat, "category": category, "rank": rank}


def test_an_empty_card_scores_minus_one_per_slot():
    summary = CATACOMBS.summary(CATACOMBS.new(NAMES, {}))
    slots = sum(3 for _ in categories())
    assert summary["totals"] == [-slots, -slots]


def test_books_go_in_canon_order():
    state = replay(CATACOMBS, NAMES, {}, [write(0, "Luke", 1)])
    with pytest.raises(IllegalMove, match="John cannot go left of Luke"):
        CATACOMBS.apply(state, write(0, "John", 0))
    with pytest.raises(IllegalMove, match="The middle slot of Gospels and Acts is already filled"):
        CATACOMBS.apply(state, write(0, "Acts", 1))
    with pytest.raises(IllegalMove, match="Luke is already in Gospels and Acts"):
        CATACOMBS.apply(state, write(0, "Luke", 2))
    fine = CATACOMBS.apply(state, write(0, "Matthew", 0))
    assert fine["slots"][0][GOSPELS] == ["Matthew", "Luke", None]


def test_the_first_to_complete_a_category_scores_its_higher_value():
    law = categories()[LAW]
    entries = [write(0, "Genesis", 0), write(0, "Leviticus", 1), write(0, "Deuteronomy", 2)]
    entries += [tick(1, LAW, 0), tick(1, LAW, 1), tick(1, LAW, 2)]
    state = replay(CATACOMBS, NAMES, {}, entries)
    assert state["done"][0][LAW] == "first"
    assert state["done"][1][LAW] == "later"
    summary = CATACOMBS.summary(state)
    assert summary["points"][0][LAW] == law["first"]
    assert summary["points"][1][LAW] == law["later"]
    assert summary["totals"] == [law["first"] - 18, law["later"] - 18]


def test_completing_in_the_same_turn_scores_first_for_both_when_told():
    entries = [complete(0, LAW), complete(1, LAW, "first")]
    state = replay(CATACOMBS, NAMES, {}, entries)
    assert state["done"][1][LAW] == "first"


def test_a_solo_card_always_scores_first():
    state = replay(CATACOMBS, ["Julius"], {}, [complete(0, LAW, "later")])
    assert state["done"][0][LAW] == "first"


def test_a_completed_category_takes_nothing_more():
    state = replay(CATACOMBS, NAMES, {}, [complete(0, LAW)])
    with pytest.raises(IllegalMove, match="Julius has completed Law"):
        CATACOMBS.apply(state, complete(0, LAW))


def test_a_full_card_ends_the_game():
    entries = [complete(0, number) for number in range(len(categories()))]
    summary = CATACOMBS.summary(replay(CATACOMBS, NAMES, {}, entries))
    assert summary["over"]
    assert summary["empty"][0] == 0
    assert summary["totals"][0] == sum(c["first"] for c in categories())


@pytest.mark.parametrize(
    ("entry", "reason"),
    [
        (write(0, "Maccabees", 0), "not a book of this edition"),
        (write(0, ["Ruth"], 0), "Choose a book by its name"),
        (tick(0, 99, 0), "one of the categories"),
        (write(0, "Ruth", 3), "left, middle or right slot"),
        (write(3, "Ruth", 0), "Choose a player"),
        ({"type": "erase", "seat": 0}, "Write a book"),
    ],
)
def test_bad_entries_are_refused(entry, reason):
    with pytest.raises(IllegalMove, match=reason):
        CATACOMBS.apply(CATACOMBS.new(NAMES, {}), entry)
