"""Filled pads of in-person sheets: the names, entries and totals each should show."""

from __future__ import annotations

import pytest

from scoresheets.models import ScoreSheet
from scoresheets.pads import render_pdf
from scoresheets.presenter import sheet_pad
from tests.scoresheets.pad_helpers import landscape, paper, pdf_text

pytestmark = pytest.mark.django_db


def printed(
    kind: str, names: list[str], entries: list[dict], options: dict | None = None, size: str = "a4"
) -> bytes:
    sheet = ScoreSheet.objects.create(kind=kind, names=names, options=options or {}, entries=entries)
    sheet.state()  # the entries are valid
    return render_pdf(sheet_pad(sheet, size))


def test_the_seed_poker_pad_prints_164_180_196(keep_picture):
    from games.poker.tests.test_sheet import NAMES, seed_entries

    pdf = printed("poker", NAMES, seed_entries(), size="letter")
    text = pdf_text(pdf)
    assert paper(pdf) == "letter"
    assert all(name in text for name in NAMES)
    for total in ("164", "180", "196", "(1st)", "(2nd)", "(3rd)"):
        assert total in text
    keep_picture("poker-seed-filled", pdf)


def test_roman_road_pad_prints_the_seed_hands(keep_picture):
    entries = [{"type": "hand", "foundations": [12, 8, 15], "store": [4, 6, 0]}]
    options = {"amen_bonus": False, "negative": False, "target": 40}
    pdf = printed("romanroad", ["Julius", "Agrippina", "Gaius"], entries, options)
    text = pdf_text(pdf)
    assert landscape(pdf)
    assert "12 4 4 4" in text and "8 6 0 0" in text and "Amen" in text
    keep_picture("romanroad-filled", pdf)


def test_roman_road_pad_with_negative_scores_prints_minus_four():
    entries = [{"type": "hand", "foundations": [8, 15], "store": [6, 0]}]
    options = {"amen_bonus": False, "negative": True, "target": 40}
    text = pdf_text(printed("romanroad", ["Julius", "Agrippina"], entries, options))
    assert "8 6 -4 -4" in text and "Negative hand scores: allowed" in text


def test_catacombs_cards_print_books_points_and_totals(keep_picture):
    entries = [
        {"type": "write", "seat": 0, "book": "Matthew", "slot": 0},
        {"type": "write", "seat": 0, "book": "Luke", "slot": 1},
        {"type": "write", "seat": 0, "book": "Acts", "slot": 2},
        {"type": "complete", "seat": 1, "category": 0},
    ]
    pdf = printed("catacombs", ["Julius", "Agrippina"], entries)
    text = pdf_text(pdf)
    assert "Julius" in text and "Agrippina" in text
    assert text.count("−18") == 2  # empty slots on each card
    assert "-12" in text and "-10" in text  # 6 − 18 and 8 − 18
    assert "Score sheet of" in text
    keep_picture("catacombs-filled", pdf)


def test_romi_rami_sheet_prints_contracts_and_totals(keep_picture):
    entries = [
        {"type": "contract", "seat": 0, "contract": "run3+5-kind-heart"},
        {"type": "contract", "seat": 1, "contract": "run4-cherry"},
        {"type": "bonus", "seat": 0, "count": 4},
    ]
    pdf = printed("romirami", ["Julius", "Agrippina"], entries, {"trophies": ["suit"] * 4})
    text = pdf_text(pdf)
    assert "Run3 + 5-kind" in text and "Heart" in text
    assert "17" in text  # 9 + Heart trophy 3 + 4 bonus + Star 1
    keep_picture("romirami-filled", pdf)


def test_roads_tally_prints_the_wins():
    entries = [{"type": "game", "winners": [1]}, {"type": "game", "winners": [1]}]
    text = pdf_text(printed("roads", ["Julius", "Agrippina"], entries))
    assert "Games won 0 2" in text and "Leading: Agrippina." in text


def test_catacombs_card_with_no_empty_slot_prints_zero_not_minus_zero():
    from games.catacombs.engine import categories

    entries = [
        {"type": "write", "seat": 0, "book": book, "slot": slot}
        for category in categories()
        for slot, book in enumerate(category["books"][:3])
    ]
    text = pdf_text(printed("catacombs", ["Julius", "Agrippina"], entries))
    assert "−0" not in text and "-0" not in text


def test_roman_road_pad_formula_names_the_amen_bonus_when_it_is_on():
    entries = [{"type": "hand", "foundations": [12, 8], "store": [0, 6]}]
    on = pdf_text(
        printed(
            "romanroad",
            ["Julius", "Agrippina"],
            entries,
            {"amen_bonus": True, "negative": False, "target": 40},
        )
    )
    off = pdf_text(
        printed(
            "romanroad",
            ["Julius", "Agrippina"],
            entries,
            {"amen_bonus": False, "negative": False, "target": 40},
        )
    )
    assert "+ 10 for whoever calls “Amen”" in on
    assert "for whoever calls" not in off


def test_romi_rami_contract_points_stand_apart_from_the_suit():
    entries = [{"type": "contract", "seat": 0, "contract": "run3+5-kind-heart"}]
    text = pdf_text(printed("romirami", ["Julius", "Agrippina"], entries, {"trophies": ["suit"] * 4}))
    assert "Heart" in text and not any(f"Heart{n}" in text for n in range(10))
