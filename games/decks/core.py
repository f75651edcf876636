"""The four Roman Road decks as data, with small pure helpers.

Pure Python: no Django, nothing from the platform. Every card game played with
the Roman Road decks (Building Roman Roads, Roman Road) names cards the same way.

Card ids
--------
A card id is a short string ``"<deck>-<suit>-<rank>"``, for example ``"lk-623-4"``:

- ``deck``: the back of the card, one of ``mt`` (Matthew, a man, green),
  ``mk`` (Mark, a lion, orange), ``lk`` (Luke, an ox, red), ``jn`` (John, an
  eagle, blue) -- the usual abbreviations of the four gospels;
- ``suit``: the verse, written as its reference without the colon: ``323``
  (Romans 3:23, red, apple), ``623`` (Romans 6:23, orange, arrows), ``58``
  (Romans 5:8, blue, cross), ``1013`` (Romans 10:13, green, life ring);
- ``rank``: ``1`` to ``8``, the card's place in its verse.

So ``"lk-623-4"`` is the Luke deck's card 4 of Romans 6:23, "but the free gift".
Ids are lower case, contain only letters, digits and ``-``, and are safe in
JSON, URLs and HTML attributes. Every id is unique within the 128 cards.
``parse`` splits an id (``ValueError`` for anything that is not one),
``is_card`` tells whether a value is one.

Orders: ``DECK_KEYS`` (Matthew, Mark, Luke, John) and ``SUIT_KEYS`` (3:23,
6:23, 5:8, 10:13, the order the verses are read on the Roman Road). ``cards()``
lists a deck's 32 cards suit by suit, rank 1 to 8.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any

RANKS = tuple(range(1, 9))
CARDS_PER_SUIT = len(RANKS)

DECKS: dict[str, dict[str, str]] = {
    "mt": {"key": "mt", "name": "Matthew", "creature": "man", "colour": "green"},
    "mk": {"key": "mk", "name": "Mark", "creature": "lion", "colour": "orange"},
    "lk": {"key": "lk", "name": "Luke", "creature": "ox", "colour": "red"},
    "jn": {"key": "jn", "name": "John", "creature": "eagle", "colour": "blue"},
}
DECK_KEYS: tuple[str, ...] = tuple(DECKS)

SUITS: dict[str, dict[str, Any]] = {
    "323": {
        "key": "323",
        "reference": "Romans 3:23",
        "colour": "red",
        "symbol": "apple",
        "words": ("For", "all", "have sinned", "and", "fall short", "of the", "glory", "of God."),
    },
    "623": {
        "key": "623",
        "reference": "Romans 6:23",
        "colour": "orange",
        "symbol": "arrows",
        "words": (
            "For the wages",
            "of sin",
            "is death,",
            "but the free gift",
            "of God",
            "is eternal life",
            "in Christ Jesus",
            "our Lord.",
        ),
    },
    "58": {
        "key": "58",
        "reference": "Romans 5:8",
        "colour": "blue",
        "symbol": "cross",
        "words": (
            "But God commends",
            "his own love",
            "toward us,",
            "in that",
            "while we were",
            "yet sinners,",
            "Christ died",
            "for us.",
        ),
    },
    "1013": {
        "key": "1013",
        "reference": "Romans 10:13",
        "colour": "green",
        "symbol": "life ring",
        "words": ("For,", '"Whoever', "will call", "on the name", "of the", "Lord", "will be", 'saved."'),
    },
}
SUIT_KEYS: tuple[str, ...] = tuple(SUITS)

# A glyph per suit symbol, for pages and plain-text logs that want an icon beside the colour.
SYMBOL_GLYPHS = {"apple": "\U0001f34e", "arrows": "\u21c4", "cross": "\u271d", "life ring": "\U0001f6df"}

MAX_DECKS = len(DECK_KEYS)
_PARSED: dict[str, tuple[str, str, int]] = {
    f"{deck}-{suit}-{rank}": (deck, suit, rank) for deck in DECK_KEYS for suit in SUIT_KEYS for rank in RANKS
}
CARDS_PER_DECK = len(SUIT_KEYS) * CARDS_PER_SUIT


def card_id(deck: str, suit: str, rank: int) -> str:
    """The id of ``deck``'s card ``rank`` of ``suit``; ``ValueError`` if there is no such card."""
    if deck not in DECKS or suit not in SUITS or isinstance(rank, bool) or rank not in RANKS:
        raise ValueError(f"No such card: deck {deck!r}, suit {suit!r}, rank {rank!r}.")
    return f"{deck}-{suit}-{rank}"


def parse(card: Any) -> tuple[str, str, int]:
    """``(deck, suit, rank)`` of a card id; ``ValueError`` for anything that is not a card id."""
    found = _PARSED.get(card) if isinstance(card, str) else None
    if found is None:
        raise ValueError(f"Not a card id: {card!r}.")
    return found


def is_card(card: Any) -> bool:
    """Whether ``card`` is one of the 128 card ids."""
    try:
        parse(card)
    except ValueError:
        return False
    return True


def deck_of(card: str) -> str:
    """The deck key (``mt``, ``mk``, ``lk``, ``jn``): whose back the card has."""
    return parse(card)[0]


def suit_of(card: str) -> str:
    """The suit key (``323``, ``623``, ``58``, ``1013``): which verse the card belongs to."""
    return parse(card)[1]


def rank_of(card: str) -> int:
    """The card's number, 1 to 8: its place in the verse."""
    return parse(card)[2]


def words(card: str) -> str:
    """The words printed on the card."""
    _, suit, rank = parse(card)
    return SUITS[suit]["words"][rank - 1]


def verse(suit: str) -> str:
    """The whole verse of a suit, its eight cards' words in order."""
    return " ".join(SUITS[suit]["words"])


def reference(suit: str) -> str:
    """``"Romans 3:23"`` and so on."""
    return SUITS[suit]["reference"]


def suit_colour(suit: str) -> str:
    """The colour of a suit's text: red, orange, blue or green."""
    return SUITS[suit]["colour"]


def suit_symbol(suit: str) -> str:
    """The suit's icon: apple, arrows, cross or life ring."""
    return SUITS[suit]["symbol"]


def deck_name(deck: str) -> str:
    """Matthew, Mark, Luke or John."""
    return DECKS[deck]["name"]


def deck_colour(deck: str) -> str:
    """The colour of a deck's back: green, orange, red or blue."""
    return DECKS[deck]["colour"]


def deck_creature(deck: str) -> str:
    """The creature on a deck's back: man, lion, ox or eagle."""
    return DECKS[deck]["creature"]


def decks_for(players: int) -> list[str]:
    """Deck keys for a table: one deck per player, at most the four there are."""
    if isinstance(players, bool) or not isinstance(players, int) or players < 1:
        raise ValueError(f"A table needs at least one player, not {players!r}.")
    return list(DECK_KEYS[: min(players, MAX_DECKS)])


def cards(decks: str | Iterable[str] = DECK_KEYS) -> list[str]:
    """The card ids of one deck (a key) or several, each deck suit by suit, rank 1 to 8."""
    keys = [decks] if isinstance(decks, str) else list(decks)
    return [card_id(deck, suit, rank) for deck in keys for suit in SUIT_KEYS for rank in RANKS]


ALL_CARDS: tuple[str, ...] = tuple(cards())


def reads(run: Sequence[str]) -> str | None:
    """The verse a complete run reads: cards 1 to 8 of one suit in order (any backs), else None."""
    try:
        parsed = [parse(card) for card in run]
    except ValueError:
        return None
    if len(parsed) != CARDS_PER_SUIT or len({suit for _, suit, _ in parsed}) != 1:
        return None
    if [rank for _, _, rank in parsed] != list(RANKS):
        return None
    return verse(parsed[0][1])


def label(card: str) -> str:
    """A short public name for logs: ``Romans 6:23 #4 "but the free gift"``."""
    _, suit, rank = parse(card)
    return f"{reference(suit)} #{rank} \u201c{words(card)}\u201d"


def card_info(card: str) -> dict[str, Any]:
    """Everything a page needs to draw a face-up card, as a JSON-able dict (a fresh one each call)."""
    return dict(_INFO[parse(card)])


def _info(deck: str, suit: str, rank: int) -> dict[str, Any]:
    return {
        "id": card_id(deck, suit, rank),
        "deck": deck,
        "deck_name": deck_name(deck),
        "back": deck_colour(deck),
        "creature": deck_creature(deck),
        "suit": suit,
        "rank": rank,
        "words": SUITS[suit]["words"][rank - 1],
        "reference": reference(suit),
        "colour": suit_colour(suit),
        "symbol": suit_symbol(suit),
    }


_INFO = {parsed: _info(*parsed) for parsed in _PARSED.values()}


def suit_info(suit: str) -> dict[str, Any]:
    """A suit for pages: key, reference, colour, symbol, its eight words and the whole verse."""
    data = SUITS[suit]
    return {
        "suit": suit,
        "reference": data["reference"],
        "colour": data["colour"],
        "symbol": data["symbol"],
        "words": list(data["words"]),
        "verse": verse(suit),
    }
