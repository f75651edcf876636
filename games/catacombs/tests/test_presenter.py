"""What the Catacombs pages draw: the slots a picked card lights, the final table best first, and
one verse for players who completed the same category with the same card."""

from __future__ import annotations

import random

from games.catacombs.engine import CATACOMBS
from games.catacombs.presenter import catacombs_context, ranking, verses_once


def test_each_lit_slot_names_the_card_that_may_go_there():
    state = CATACOMBS.setup(2, {"deck_seed": "w2"}, random.Random(0))
    state = CATACOMBS.apply(state, None, {"type": "flip"}, random.Random(0))
    context = catacombs_context(CATACOMBS.view(state, 0))
    puts = [
        (put["pile"], put["book"])
        for row in context["cc_sheet"]
        for slot in row["slots"]
        for put in slot["puts"]
    ]
    legal = [m for m in CATACOMBS.legal_moves(state, 0) if m["type"] == "write"]
    assert len(puts) == len(legal) == 9  # an empty library: three books, three slots each
    books = {card["pile"]: card["book"] for card in context["cc_cards"]}
    assert all(books[pile] == book for pile, book in puts)


def test_the_final_table_is_ranked():
    rows = ranking([-3, 12, 12], [3, 1, 1])
    assert [(row["seat"], row["place"]) for row in rows] == [(1, 1), (2, 1), (0, 3)]


def test_a_verse_completed_by_several_players_at_once_shows_once():
    law = {"id": "law", "name": "Law", "numeral": "I", "symbol": "⚖"}
    done = [
        {
            "seat": 0,
            "turn": 3,
            "points": 8,
            "meta": law,
            "book": "Genesis",
            "reference": "Genesis 1:1",
            "text": "…",
        },
        {
            "seat": 2,
            "turn": 3,
            "points": 8,
            "meta": law,
            "book": "Genesis",
            "reference": "Genesis 1:1",
            "text": "…",
        },
        {
            "seat": 1,
            "turn": 5,
            "points": 8,
            "meta": law,
            "book": "Exodus",
            "reference": "Exodus 3:14",
            "text": "…",
        },
    ]
    grouped = verses_once(done)
    assert [(entry["book"], entry["seats"]) for entry in grouped] == [("Genesis", [0, 2]), ("Exodus", [1])]
