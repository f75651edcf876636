"""What the Roman Road table draws from a view: a Foundation's verse preview."""

from games.romanroad.presenter import preview


def test_a_short_verse_is_shown_whole():
    assert preview("For all have sinned", 26) == "For all have sinned"


def test_a_long_verse_is_cut_after_a_whole_word_with_an_ellipsis():
    assert preview("For the wages of sin is death, but the free gift") == "For the wages of…"
    assert preview("But God commends his own love toward us,") == "But God commends…"


def test_a_cut_ending_on_punctuation_drops_it_before_the_ellipsis():
    assert preview("For the wages of sin is death, but", 31) == "For the wages of sin is death…"


def test_a_first_word_longer_than_the_preview_is_kept_whole():
    assert preview("Thessalonians and more", 5) == "Thessalonians…"
