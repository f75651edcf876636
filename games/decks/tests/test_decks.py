"""The Roman Road decks: counts, every card's words, verses read in order, the id scheme."""

from __future__ import annotations

import json
import re
import sys

import pytest

from games import decks
from games.decks import (
    ALL_CARDS,
    DECK_KEYS,
    SUIT_KEYS,
    card_id,
    card_info,
    cards,
    deck_of,
    decks_for,
    is_card,
    label,
    parse,
    rank_of,
    reads,
    suit_of,
    verse,
    words,
)

WORDS = {
    "323": ["For", "all", "have sinned", "and", "fall short", "of the", "glory", "of God."],
    "623": [
        "For the wages",
        "of sin",
        "is death,",
        "but the free gift",
        "of God",
        "is eternal life",
        "in Christ Jesus",
        "our Lord.",
    ],
    "58": [
        "But God commends",
        "his own love",
        "toward us,",
        "in that",
        "while we were",
        "yet sinners,",
        "Christ died",
        "for us.",
    ],
    "1013": ["For,", '"Whoever', "will call", "on the name", "of the", "Lord", "will be", 'saved."'],
}
VERSES = {
    "323": "For all have sinned and fall short of the glory of God.",
    "623": "For the wages of sin is death, but the free gift of God is eternal life"
    " in Christ Jesus our Lord.",
    "58": "But God commends his own love toward us, in that while we were yet sinners, Christ died for us.",
    "1013": 'For, "Whoever will call on the name of the Lord will be saved."',
}


def test_four_decks_of_thirty_two_make_a_hundred_and_twenty_eight_distinct_cards():
    assert len(ALL_CARDS) == 128 == len(set(ALL_CARDS))
    for deck in DECK_KEYS:
        assert len(cards(deck)) == 32
        assert all(deck_of(c) == deck for c in cards(deck))
        for suit in SUIT_KEYS:
            assert [rank_of(c) for c in cards(deck) if suit_of(c) == suit] == list(range(1, 9))


def test_backs_colours_and_creatures():
    backs = {k: (d["name"], d["creature"], d["colour"]) for k, d in decks.DECKS.items()}
    assert backs == {
        "mt": ("Matthew", "man", "green"),
        "mk": ("Mark", "lion", "orange"),
        "lk": ("Luke", "ox", "red"),
        "jn": ("John", "eagle", "blue"),
    }


def test_suits_colours_and_symbols_in_roman_road_order():
    assert SUIT_KEYS == ("323", "623", "58", "1013")
    assert [(decks.reference(s), decks.suit_colour(s), decks.suit_symbol(s)) for s in SUIT_KEYS] == [
        ("Romans 3:23", "red", "apple"),
        ("Romans 6:23", "orange", "arrows"),
        ("Romans 5:8", "blue", "cross"),
        ("Romans 10:13", "green", "life ring"),
    ]
    assert set(decks.SYMBOL_GLYPHS) == {decks.suit_symbol(s) for s in SUIT_KEYS}


@pytest.mark.parametrize("deck", DECK_KEYS)
@pytest.mark.parametrize("suit", SUIT_KEYS)
def test_every_card_carries_its_words(deck, suit):
    assert [words(card_id(deck, suit, rank)) for rank in range(1, 9)] == WORDS[suit]


@pytest.mark.parametrize("suit", SUIT_KEYS)
def test_a_complete_run_reads_its_verse_in_order(suit):
    assert verse(suit) == VERSES[suit]
    # Any backs: a road in Building Roman Roads mixes decks.
    mixed = [card_id(DECK_KEYS[rank % 4], suit, rank) for rank in range(1, 9)]
    assert reads(mixed) == VERSES[suit]
    assert reads(cards("mt")[SUIT_KEYS.index(suit) * 8 : SUIT_KEYS.index(suit) * 8 + 8]) == VERSES[suit]


def test_incomplete_mixed_or_disordered_runs_read_nothing():
    run = [card_id("mt", "323", r) for r in range(1, 9)]
    assert reads(run[:7]) is None
    assert reads(list(reversed(run))) is None
    assert reads(run[:7] + [card_id("mt", "623", 8)]) is None
    assert reads(run[:7] + ["junk"]) is None
    assert reads(run + [card_id("mk", "323", 1)]) is None
    assert reads([]) is None


def test_id_scheme_round_trips_and_is_page_safe():
    assert card_id("lk", "623", 4) == "lk-623-4"
    assert words("lk-623-4") == "but the free gift"
    for card in ALL_CARDS:
        assert re.fullmatch(r"(mt|mk|lk|jn)-(323|623|58|1013)-[1-8]", card)
        assert card_id(*parse(card)) == card
        assert is_card(card)
    assert json.loads(json.dumps(list(ALL_CARDS))) == list(ALL_CARDS)


@pytest.mark.parametrize(
    "junk",
    [
        None,
        3,
        True,
        1.5,
        "",
        "mt-323",
        "mt-323-0",
        "mt-323-9",
        "mt-323-10",
        "xx-323-1",
        "mt-324-1",
        "MT-323-1",
        "mt-323-1-",
        " mt-323-1",
        "mt_323_1",
        ["mt-323-1"],
        {"id": "mt-323-1"},
    ],
)
def test_junk_is_not_a_card(junk):
    assert not is_card(junk)
    with pytest.raises(ValueError):
        parse(junk)


@pytest.mark.parametrize("args", [("xx", "323", 1), ("mt", "999", 1), ("mt", "323", 0), ("mt", "323", True)])
def test_card_id_refuses_cards_that_do_not_exist(args):
    with pytest.raises(ValueError):
        card_id(*args)


def test_decks_for_tables():
    assert decks_for(2) == ["mt", "mk"]
    assert decks_for(4) == list(DECK_KEYS)
    assert decks_for(6) == list(DECK_KEYS)
    for bad in (0, -1, True, "2"):
        with pytest.raises(ValueError):
            decks_for(bad)


def test_card_info_and_label_for_pages_and_logs():
    info = card_info("jn-1013-2")
    assert info == {
        "id": "jn-1013-2",
        "deck": "jn",
        "deck_name": "John",
        "back": "blue",
        "creature": "eagle",
        "suit": "1013",
        "rank": 2,
        "words": '"Whoever',
        "reference": "Romans 10:13",
        "colour": "green",
        "symbol": "life ring",
    }
    assert json.loads(json.dumps(info)) == info
    assert label("mk-323-7") == "Romans 3:23 #7 \u201cglory\u201d"
    assert decks.suit_info("58")["verse"] == VERSES["58"]


def test_pure_python():
    source = open(sys.modules["games.decks.core"].__file__, encoding="utf-8").read()
    assert re.findall(r"^(?:from|import) (\S+)", source, re.M) == ["__future__", "collections.abc", "typing"]
