"""Romi Rami tables laid out by hand for the rule tests.

Cards are written ``"3H"``: a number, then C (Cherry), D (Diamond), H (Heart) or
L (cLover); ``"-"`` is an empty market slot. Each spec takes a card of that kind
not used yet, so a table stays consistent: every other card is in the deck.
"""

from __future__ import annotations

import random

from games.romirami.engine import ROMIRAMI, contract_cards, number_card, number_cards

SUITS = {"C": "cherry", "D": "diamond", "H": "heart", "L": "clover"}
CODES = {suit: code for code, suit in SUITS.items()}
ALL_CARDS = list(range(92))
OFFERS = ["run4-cherry", "4-kind-heart", "pair+3-kind-diamond", "run5-diamond"]


def code(card_id: int) -> str:
    suit, number = number_card(card_id)
    return f"{number}{CODES[suit]}"


class Cards:
    """Hands out distinct card ids by spec."""

    def __init__(self) -> None:
        self.free: dict[tuple[str, int], list[int]] = {}
        for card_id, kind in enumerate(number_cards()):
            self.free.setdefault(kind, []).append(card_id)

    def one(self, spec: str) -> int:
        kind = (SUITS[spec[-1]], int(spec[:-1]))
        assert self.free[kind], f"no {spec} left"
        return self.free[kind].pop(0)

    def many(self, specs: str) -> list[int]:
        return [self.one(spec) for spec in specs.split()]

    def slots(self, specs: str) -> list[int | None]:
        return [None if spec == "-" else self.one(spec) for spec in specs.split()]


def table(
    players: int = 2,
    hands: dict[int, str] | None = None,
    market: str = "1C 2D 3H 4L 5C 2C",
    offers: list[str | None] | None = None,
    contracts: dict[int, list[str]] | None = None,
    phase: str = "play",
    turn: int = 0,
    trophies: tuple[str, ...] = ("suit",) * 4,
    deck: str | None = None,
    discard: str = "",
    bonus: dict[int, str] | None = None,
) -> dict:
    """A state at ``turn``'s ``phase`` with the named cards in place. ``deck`` names the
    whole deck (top card last); by default it holds every card not named."""
    state = ROMIRAMI.setup(players, {"trophies": list(trophies)}, random.Random(0))
    cards = Cards()
    hands = hands or {}
    state["hands"] = [cards.many(hands.get(seat, "1D 1H 1L")) for seat in range(players)]
    state["bonus"] = [cards.many((bonus or {}).get(seat, "")) for seat in range(players)]
    state["market"] = cards.slots(market)
    state["discard"] = cards.many(discard)
    if deck is not None:
        state["deck"] = cards.many(deck)
    else:
        state["deck"] = [c for free in cards.free.values() for c in free]
        random.Random(1).shuffle(state["deck"])
    state["contracts"] = [list((contracts or {}).get(seat, [])) for seat in range(players)]
    state["contract_market"] = list(OFFERS if offers is None else offers)
    held = {c for held in state["contracts"] for c in held} | set(state["contract_market"])
    state["contract_deck"] = [c for c in contract_cards() if c not in held]
    state["turn"] = turn
    state["phase"] = phase
    state["this_turn"] = {"seat": turn, "took": [], "completed": [], "drew": 0, "discarded": 0}
    return state


def hand_codes(state: dict, seat: int) -> list[str]:
    return sorted(code(c) for c in state["hands"][seat])


def complete(contract: str, numbers: str, star: bool = False) -> dict:
    return {
        "type": "complete",
        "contract": contract,
        "numbers": [int(n) for n in numbers.split()],
        "star": star,
    }


def every_card(state: dict) -> list[int]:
    """Every Number card of a state, wherever it is (each should be there once)."""
    found = list(state["deck"]) + list(state["discard"])
    found += [c for c in state["market"] if c is not None]
    found += [c for hand in state["hands"] for c in hand]
    found += [c for pile in state["bonus"] for c in pile]
    return sorted(found)


def every_contract(state: dict) -> list[str]:
    found = list(state["contract_deck"]) + [c for c in state["contract_market"] if c is not None]
    found += [c for held in state["contracts"] for c in held]
    return sorted(found)
