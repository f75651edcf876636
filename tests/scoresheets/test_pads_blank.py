"""Blank pads: valid PDFs with the right labels, names, paper and copies; a picture of each."""

from __future__ import annotations

import pytest

from games.catacombs.engine import categories
from scoresheets.pads import blank_pad, render_pdf
from tests.scoresheets.pad_helpers import landscape, page_sizes, paper, pdf_text

NAMES = ["Julius", "Agrippina", "Gaius"]


@pytest.mark.parametrize("size", ["a4", "letter"])
def test_roman_poker_pad(size, keep_picture):
    pdf = render_pdf(blank_pad("poker", paper=size, names=NAMES))
    text = pdf_text(pdf)
    assert paper(pdf) == size and len(page_sizes(pdf)) == 1
    labels = ("Roman Poker", *NAMES, "5 per unused card", "Σ", "Roman numbers", "not possible with six dice")
    assert all(label in text for label in labels)
    assert "39 = X X X I X" in text and "14 = X I V" in text
    keep_picture(f"poker-{size}", pdf)


def test_roman_poker_pad_without_names_has_six_columns():
    pad = blank_pad("poker")
    assert len(pad.units[0]["columns"]) == 6


def test_catacombs_scorecards_four_to_a_page(keep_picture):
    pdf = render_pdf(blank_pad("catacombs", paper="a4"))
    assert page_sizes(pdf) == [(595.3, 841.9)]
    text = pdf_text(pdf)
    for category in categories():
        assert text.count(category["name"]) == 4
        assert f"first {category['first']} · later {category['later']}" in text
    assert "Genesis · Exodus · Leviticus · Numbers · Deuteronomy" in text
    assert "Empty slots (−1 each)" in text and "Total" in text
    keep_picture("catacombs-a4", pdf)


def test_catacombs_cards_with_names_and_copies_fill_pages():
    pdf = render_pdf(blank_pad("catacombs", paper="letter", names=NAMES, copies=2))
    assert paper(pdf) == "letter"
    assert len(page_sizes(pdf)) == 2  # 6 cards, 4 to a page
    text = pdf_text(pdf)
    assert all(text.count(name) == 2 for name in NAMES)


def test_romi_rami_sheet(keep_picture):
    pdf = render_pdf(blank_pad("romirami", paper="letter", names=NAMES))
    text = pdf_text(pdf)
    assert paper(pdf) == "letter"
    labels = (
        *NAMES,
        "Contract 1",
        "Contracts total",
        "Most Cherry contracts (3)",
        "Most 2-card icons (5)",
        "Suit Bonus cards",
        "Star unused",
        "Total",
        "Run3 + 5-kind",
    )
    assert all(label in text for label in labels)
    keep_picture("romirami-letter", pdf)


def test_roman_road_tally_prints_the_variants(keep_picture):
    options = {"amen_bonus": True, "negative": True, "target": 60}
    pdf = render_pdf(blank_pad("romanroad", names=NAMES[:2], options=options))
    text = pdf_text(pdf)
    assert landscape(pdf) and paper(pdf) == "a4"
    for label in (
        "Roman Road",
        *NAMES[:2],
        "Foundations",
        "Store left",
        "Hand score",
        "Total",
        "Game to 60 points",
        "Amen bonus: +10",
        "Negative hand scores: allowed",
    ):
        assert label in text
    keep_picture("romanroad-a4", pdf)


def test_roman_road_box_rules_by_default():
    text = pdf_text(render_pdf(blank_pad("romanroad")))
    assert "Game to 40 points" in text and "Amen bonus: no" in text and "never below 0" in text


def test_building_roman_roads_match_tally(keep_picture):
    pdf = render_pdf(blank_pad("roads", names=NAMES))
    text = pdf_text(pdf)
    for label in ("Building Roman Roads", *NAMES, "Games won", "Match tally"):
        assert label in text
    keep_picture("roads-a4", pdf)


def test_copies_repeat_the_pad():
    pdf = render_pdf(blank_pad("poker", names=NAMES, copies=3))
    assert len(page_sizes(pdf)) == 3
    assert pdf_text(pdf).count("Agrippina") == 3
