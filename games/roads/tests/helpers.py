"""Rigged Building Roman Roads tables for the rule tests."""

from __future__ import annotations

import random

from games.decks import DECK_KEYS, card_id, cards
from games.roads.engine import ROADS, SPACES

RNG = random.Random(0)


def c(text: str) -> str:
    """A card by a short name: ``"mt 623 4"`` -> ``"mt-623-4"``."""
    deck, suit, rank = text.split()
    return card_id(deck, suit, int(rank))


def run(deck: str, suit: str, low: int, high: int) -> list[str]:
    """Cards ``low`` to ``high`` of one suit of one deck, bottom first."""
    return [card_id(deck, suit, rank) for rank in range(low, high + 1)]


def table(
    hands: list[list[str]],
    spaces: dict[str, list[str]] | None = None,
    pile: list[str] | None = None,
    turn: int = 1,
    phase: str = "play",
    played: int = 0,
) -> dict:
    """A state with exactly these hands and spaces (cards of all four decks). The pile,
    unless given, holds the other cards of the four decks (in a fixed order, the top card last)."""
    state = ROADS.setup(len(hands), {}, random.Random(1))
    state["decks"] = list(DECK_KEYS)  # any card may appear on a rigged table
    layout = {space: [] for space in SPACES}
    layout.update(spaces or {})
    used = [card for hand in hands for card in hand] + [card for road in layout.values() for card in road]
    assert len(used) == len(set(used)), "a card is placed twice"
    if pile is None:
        pile = [card for card in cards(state["decks"]) if card not in used]
    state.update(
        hands=[list(hand) for hand in hands],
        spaces={space: list(layout[space]) for space in SPACES},
        pile=list(pile),
        turn=turn,
        phase=phase,
        played=played,
    )
    return state


def play(state: dict, card: str, to: str, seat: int | None = None) -> dict:
    return ROADS.apply(state, seat, {"type": "play", "card": card, "to": to}, RNG)


def move(state: dict, source: str, index: int, to: str, seat: int | None = None) -> dict:
    return ROADS.apply(state, seat, {"type": "move", "from": source, "index": index, "to": to}, RNG)


def draw(state: dict, seat: int | None = None) -> dict:
    return ROADS.apply(state, seat, {"type": "draw"}, RNG)


def end(state: dict, seat: int | None = None) -> dict:
    return ROADS.apply(state, seat, {"type": "end_turn"}, RNG)


def all_cards(state: dict) -> list[str]:
    """Every card of the state, wherever it is."""
    found = list(state["pile"])
    found += [card for hand in state["hands"] for card in hand]
    found += [card for road in state["spaces"].values() for card in road]
    found += [card for done in state["completed"] for card in done["cards"]]
    return found
