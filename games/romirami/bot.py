"""The Romi Rami computer player. Pure Python; it reads the game only through its engine.

It values a hand by what it could become: for every contract on offer, the
contract's points (and the Suit Bonus cards it would bring) times a weight that
falls with the number of cards still missing; the requirement kinds not on offer
count a little, as the contracts still to come. Then:

- **take**: every legal take is tried; the hand after it is completed greedily and
  trimmed to 10, and the take with the best points now plus hand value wins;
- **complete**: greedily, the way with the most points + Suit Bonus cards + trophy
  gain (with what is left in hand as the tie-break), as long as one exists;
- **the Star** plays only for a contract worth ``STAR_POINTS`` or more, or in the
  last round for any contract worth more than the Star's own point;
- **discard**: the card whose loss costs the hand the least value.

``choose(state, seat, rng)`` always returns one of ``ROMIRAMI.legal_moves``; ``rng``
only breaks exact ties, so a game replays.
"""

from __future__ import annotations

import random
from collections import Counter
from functools import lru_cache

from games.contract.protocol import Move, State
from games.romirami.engine import (
    HAND_MAX,
    ROMIRAMI,
    Counts,
    contract,
    counts_of,
    end_contracts,
    number_card,
    offered,
    patterns,
    requirements,
    trophy_points,
    ways,
)

STAR_POINTS = 5  # the smallest contract the Star is kept for
# Weight of a contract by cards still missing (0, 1, 2, ...), beyond the table: 0.
MISSING_WEIGHT = (0.8, 0.45, 0.22, 0.1, 0.04, 0.015)
HOPE_SHARES = (1.0, 0.35, 0.15, 0.05)  # the best contract on offer, the second, ...
UNSEEN = 0.12  # weight of the requirement kinds not on offer (the contracts to come)
LEFT_OVER = 0.5  # weight of the hand's value after a completion, against its points now
TROPHY = 0.6  # a trophy lead can still change hands


@lru_cache(maxsize=1 << 16)
def _missing(requirement: int, have: Counts, star: bool) -> int:
    """Cards the hand lacks for a requirement (the Star, if it may play, fills one)."""
    short = min(sum(max(0, n - h) for n, h in zip(need, have, strict=True)) for need in patterns(requirement))
    return max(0, short - 1) if star and short else short


def _weight(missing: int) -> float:
    return MISSING_WEIGHT[missing] if missing < len(MISSING_WEIGHT) else 0.0


@lru_cache(maxsize=1 << 14)
def _unseen_value(have: Counts) -> float:
    return UNSEEN * sum(r["points"] * _weight(_missing(i, have, False)) for i, r in enumerate(requirements()))


class _Seat:
    """What the bot needs of one seat's situation, and its hand as suit/number pairs."""

    def __init__(self, state: State, seat: int) -> None:
        self.state = state
        self.seat = seat
        self.offers = offered(state)
        self.star = not state["star_used"][seat]
        self.last_round = any(len(h) >= end_contracts(state["players"]) for h in state["contracts"])

    def star_ok(self, contract_id: str) -> bool:
        points = contract(contract_id)["points"]
        return points >= STAR_POINTS or (self.last_round and points > 1)

    def hand_value(self, cards: list[tuple[str, int]], offers: list[str], star: bool) -> float:
        have = counts_of(n for _, n in cards)
        suits = Counter(s for s, _ in cards)
        hopes = []
        for contract_id in offers:
            card = contract(contract_id)
            may_star = star and self.star_ok(contract_id)
            worth = card["points"] + 0.5 * min(suits[card["suit"]], sum(card["parts"]))
            hopes.append(worth * _weight(_missing(card["requirement"], have, may_star)))
        # One hand rarely serves every offer: the best hope counts in full, the others less.
        hopes.sort(reverse=True)
        return _unseen_value(have) + sum(h * share for h, share in zip(hopes, HOPE_SHARES, strict=False))

    def completions(self, cards: list[tuple[str, int]], offers: list[str], star: bool) -> list[tuple]:
        """(immediate gain, move, cards left) for every completion the bot would consider."""
        have = counts_of(n for _, n in cards)
        found = []
        for contract_id in offers:
            card = contract(contract_id)
            for numbers, used in ways(card["requirement"], have, star and self.star_ok(contract_id)):
                left, bonus = _play(cards, numbers, card["suit"])
                gain = card["points"] + bonus - (1 if used else 0) + TROPHY * self.trophy_gain(contract_id)
                move = {"type": "complete", "contract": contract_id, "numbers": list(numbers), "star": used}
                found.append((gain, move, left))
        return found

    def trophy_gain(self, contract_id: str) -> int:
        contracts = [list(held) for held in self.state["contracts"]]
        before = trophy_points(self.state)[self.seat]
        contracts[self.seat].append(contract_id)
        after = trophy_points({**self.state, "contracts": contracts})[self.seat]
        return after - before

    def best_completion(self, cards: list[tuple[str, int]], offers: list[str], star: bool) -> tuple | None:
        best = None
        for gain, move, left in self.completions(cards, offers, star):
            rest = [c for c in offers if c != move["contract"]]
            score = gain + LEFT_OVER * self.hand_value(left, rest, star and not move["star"])
            if best is None or score > best[0]:
                best = (score, gain, move, left)
        return best

    def after_completing(self, cards: list[tuple[str, int]]) -> float:
        """Points a greedy run of completions brings, plus the value of the hand kept."""
        offers, star, total = list(self.offers), self.star, 0.0
        while (best := self.best_completion(cards, offers, star)) is not None:
            _, gain, move, cards = best
            total += gain
            offers.remove(move["contract"])
            star = star and not move["star"]
        while len(cards) > HAND_MAX:
            cards = max(
                (cards[:i] + cards[i + 1 :] for i in range(len(cards))),
                key=lambda kept: self.hand_value(kept, offers, star),
            )
        return total + self.hand_value(cards, offers, star)


def _play(cards: list[tuple[str, int]], numbers, suit: str) -> tuple[list[tuple[str, int]], int]:
    """The cards left after playing ``numbers`` (bonus suit first, as the engine does), and
    how many of them score as Suit Bonus cards."""
    left = list(cards)
    bonus = 0
    for number, count in Counter(numbers).items():
        for _ in range(count):
            card = (suit, number) if (suit, number) in left else next(c for c in left if c[1] == number)
            bonus += card[0] == suit
            left.remove(card)
    return left, bonus


def _hand(state: State, seat: int) -> list[tuple[str, int]]:
    return [number_card(c) for c in state["hands"][seat]]


def _take(state: State, seat: int, rng: random.Random) -> Move:
    me = _Seat(state, seat)
    hand = _hand(state, seat)
    scored = [
        (me.after_completing(hand + [number_card(c) for c in move["cards"]]), rng.random(), move)
        for move in ROMIRAMI.legal_moves(state, seat)
    ]
    return max(scored, key=lambda item: item[:2])[2]


def _complete_or_end(state: State, seat: int) -> Move:
    me = _Seat(state, seat)
    best = me.best_completion(_hand(state, seat), me.offers, me.star)
    return best[2] if best is not None and best[1] > 0 else {"type": "end_turn"}


def _discard(state: State, seat: int) -> Move:
    me = _Seat(state, seat)
    hand = state["hands"][seat]

    def kept_value(card_id: int) -> tuple[float, int]:
        kept = [number_card(c) for c in hand if c != card_id]
        return (me.hand_value(kept, me.offers, me.star), -card_id)

    return {"type": "discard", "card": max(hand, key=kept_value)}


def choose(state: State, seat: int | None, rng: random.Random) -> Move:
    """The bot's move for ``seat`` (``None``: the seat to act)."""
    seat = state["turn"] if seat is None else seat
    phase = state["phase"]
    if phase == "take":
        return _take(state, seat, rng)
    if phase == "play":
        return _complete_or_end(state, seat)
    if phase == "discard":
        return _discard(state, seat)
    return ROMIRAMI.default_move(state, seat)
