"""The Roman Poker computer player. Pure Python; it reads the game only through its engine.

The strategy (``poker_move``) reads the seat's ``view`` and uses these
optional engine hooks, plain functions the poker engine exposes as attributes:

- ``roman_values(faces) -> set[int]``: the values a multiset of faces forms;
- ``dice_status(faces, dice_left, column) -> str``: ``start``, ``valid``,
  ``roll_on`` or ``misthrow``;
- ``rows_for(column, value, duplicate=False) -> list[int]``: rows a value fits.

It weighs every legal move by expected value. A column is worth its filled sum
plus an estimate of what its empty rows will still bring (``_ColumnModel``); a stop
is worth the change of that estimate, a roll the probability-weighted value of
each face (the rest of the turn is searched to the last die, with at most one
rescue card after a later misthrow), a card its outcome minus the five bonus
points it would score unused, a pass nothing. With physical dice the bot still
needs faces: it draws them from ``rng``. The search's caches are per column, so
the decisions of one turn share them; a decision takes a few milliseconds.
"""

from __future__ import annotations

import json
import logging
import random
from collections import Counter
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from functools import lru_cache
from itertools import combinations_with_replacement
from math import factorial
from typing import Any

from games.contract.protocol import Move, State
from games.poker.engine import POKER

log = logging.getLogger(__name__)

# --- Roman Poker ----------------------------------------------------------------------

POKER_FACES = ("I", "I", "I", "X", "X", "V")
FACE_P = {"I": 3 / 6, "V": 1 / 6, "X": 2 / 6}
DICE, ROWS, TOP = 6, 7, 39
CARD_BONUS = 5
FILL_RATE = 0.75  # entries per turn a player makes on average; paces the game's end
WILD_EXTRA = 0.5  # spend a specific card before a wild one that does the same
SLOT_BOOST, SLOT_CAP = 2.0, 0.5  # tuned in self-play (2-player duels, 400 games)
ABILITIES = ("reroll_i", "reroll_v", "reroll_one", "remove_one", "duplicate")


def _multiset_p(faces: Iterable[str]) -> float:
    """Chance that len(faces) dice show exactly this multiset."""
    counts = Counter(faces)
    ways = factorial(sum(counts.values()))
    p = 1.0
    for face, n in counts.items():
        ways //= factorial(n)
        p *= FACE_P[face] ** n
    return ways * p


@lru_cache(maxsize=8)
def _outcomes(count: int) -> tuple[tuple[tuple[str, ...], float], ...]:
    """Each multiset ``count`` dice can show, with its probability."""
    return tuple((combo, _multiset_p(combo)) for combo in combinations_with_replacement("IVX", count))


def _without(faces: tuple[str, ...], face: str, n: int = 1) -> tuple[str, ...]:
    rest = list(faces)
    for _ in range(n):
        rest.remove(face)
    return tuple(rest)


def _sorted(faces: Iterable[str]) -> tuple[str, ...]:
    return tuple(sorted(faces))


CACHED = 20_000  # entries each cache of a model keeps: a worker playing for days holds a steady few MB


@dataclass
class _ColumnModel:
    """What a column is worth: filled values plus the expected yield of its empty rows.

    Its two caches keep their newest ``CACHED`` entries (``lru_cache``: safe for the worker's
    threads, which share one model, and steady in size where emptying a full cache at once left
    holes a long-running worker's memory grew around)."""

    values: Callable[[Iterable[str]], set[int]]
    weight: dict[int, float] = field(init=False)

    def __post_init__(self) -> None:
        # How likely a turn ends on each value: the chance its dice come up, summed.
        self.weight = Counter()
        for count in range(1, DICE + 1):
            for combo, p in _outcomes(count):
                for value in self.values(combo):
                    self.weight[value] += p
        self.known_worth = lru_cache(maxsize=CACHED)(self._worth)
        self.known_gap = lru_cache(maxsize=CACHED)(self._split_gap)

    def worth(self, column: tuple, turns: float) -> float:
        return self.known_worth(column, round(turns, 1))

    def _worth(self, column: tuple, turns: float) -> float:
        empty = sum(1 for v in column if v is None)
        total = float(sum(v for v in column if v is not None))
        if not empty:
            return total
        turns_per_row = max(turns, 0.0) * FILL_RATE / empty
        for lo, hi, rows in _gaps(column):
            total += self._gap_worth(lo, hi, rows, turns_per_row)
        return total

    def _gap_worth(self, lo: int, hi: int, rows: int, turns_per_row: float) -> float:
        return self.known_gap(lo, hi, rows, round(turns_per_row, 2))

    def _split_gap(self, lo: int, hi: int, rows: int, turns_per_row: float) -> float:
        """Split the values strictly between lo and hi into ``rows`` slots of equal weight."""
        values = [v for v in range(lo + 1, hi) if self.weight[v] > 0]
        if not values or turns_per_row <= 0:
            return 0.0
        mass = sum(self.weight[v] for v in values)
        slots: list[list[int]] = [[] for _ in range(min(rows, len(values)))]
        seen = 0.0
        for v in values:
            seen += self.weight[v]
            slots[min(len(slots) - 1, int(len(slots) * (seen - 1e-9) / mass))].append(v)
        return sum(self._slot_worth(slot, turns_per_row) for slot in slots if slot)

    def _slot_worth(self, slot: list[int], turns_per_row: float) -> float:
        p = min(SLOT_CAP, SLOT_BOOST * sum(self.weight[v] for v in slot))
        mean = sum(v * self.weight[v] for v in slot) / sum(self.weight[v] for v in slot)
        return mean * (1 - (1 - p) ** turns_per_row)


def _gaps(column: tuple) -> list[tuple[int, int, int]]:
    """Runs of empty rows as (value above or 0, value below or 40, number of rows)."""
    gaps, lo, run = [], 0, 0
    for v in column:
        if v is None:
            run += 1
            continue
        if run:
            gaps.append((lo, v, run))
        lo, run = v, 0
    if run:
        gaps.append((lo, TOP + 1, run))
    return gaps


Faces = tuple[str, ...]
Cards = tuple[str, ...]


@dataclass
class _Search:
    """The rest of a turn for one column, searched by expected worth.

    Every cache depends only on the column and the turns left, so one search
    serves all the decisions of a turn.
    """

    engine: Any
    model: _ColumnModel
    column: tuple
    turns_after: float
    base: float = field(init=False)
    gains: dict = field(default_factory=dict)
    stops: dict = field(default_factory=dict)
    statuses: dict = field(default_factory=dict)
    memo: dict = field(default_factory=dict)

    def __post_init__(self) -> None:
        self.base = self.model.worth(self.column, self.turns_after)

    def card_cost(self, card: str) -> float:
        """The five bonus points an unused card scores (self-play found no gain in more)."""
        return CARD_BONUS + (WILD_EXTRA if card == "wild" else 0.0)

    def gain(self, value: int, row: int) -> float:
        """Worth of writing ``value`` in ``row`` (1-based) against leaving the column as is."""
        key = (value, row)
        if key not in self.gains:
            column = list(self.column)
            column[row - 1] = value
            self.gains[key] = self.model.worth(tuple(column), self.turns_after) - self.base
        return self.gains[key]

    def best_stop(self, faces: Faces, duplicate: bool = False) -> float | None:
        """The best gain of a stop with these faces (None: nothing fits)."""
        key = (faces, duplicate)
        if key not in self.stops:
            self.stops[key] = max(
                (self.gain(v, r) for v, r in self._placements(faces, duplicate)), default=None
            )
        return self.stops[key]

    def _placements(self, faces: Faces, duplicate: bool) -> list[tuple[int, int]]:
        column, rows_for = list(self.column), self.engine.rows_for
        found = []
        for value in self.engine.roman_values(faces):
            rows = rows_for(column, value, duplicate)
            if duplicate:
                rows = [r for r in rows if r not in rows_for(column, value)]
            found += [(value, row) for row in rows]
        return found

    def status(self, faces: Faces, left: int) -> str:
        key = (faces, left)
        if key not in self.statuses:
            self.statuses[key] = self.engine.dice_status(list(faces), left, list(self.column))
        return self.statuses[key]

    def value(self, cards: Cards, faces: Faces, left: int, rescue: bool) -> float:
        """Expected worth of the turn from these active faces, playing on optimally."""
        key = (cards if rescue else (), faces, left, rescue)
        if key not in self.memo:
            self.memo[key] = self._value(cards, faces, left, rescue)
        return self.memo[key]

    def _value(self, cards: Cards, faces: Faces, left: int, rescue: bool) -> float:
        status = self.status(faces, left)
        if status == "misthrow":
            return max(0.0, self.rescue(cards, faces, left)) if rescue else 0.0
        options = [self.roll(cards, faces, left, 1, rescue)] if left else []
        if status == "valid":
            options.append(self.best_stop(faces))
        return max(o for o in options if o is not None)

    def roll(self, cards: Cards, faces: Faces, left: int, count: int, rescue: bool) -> float:
        return sum(
            p * self.value(cards, _sorted(faces + combo), left - count, rescue)
            for combo, p in _outcomes(count)
        )

    def rescue(self, cards: Cards, faces: Faces, left: int) -> float:
        """Best card after a misthrow met in the search (one card, then no more)."""
        best = 0.0
        for card in cards:
            for ability in ABILITIES if card == "wild" else (card,):
                worth = self.ability(cards, ability, faces, left, rescue=False)
                if worth is not None:
                    best = max(best, worth - self.card_cost(card))
        return best

    def ability(self, cards: Cards, ability: str, faces: Faces, left: int, rescue: bool) -> float | None:
        """The best use of one card's ability on these faces (before the card's cost)."""
        if ability == "duplicate":
            return self.best_stop(faces, duplicate=True)
        if ability in ("reroll_i", "reroll_v"):
            face = "I" if ability == "reroll_i" else "V"
            counts = range(1, faces.count(face) + 1)
            options = [self.reroll(cards, _without(faces, face, n), n, left, rescue) for n in counts]
        elif ability == "reroll_one":
            options = [self.reroll(cards, _without(faces, f), 1, left, rescue) for f in set(faces)]
        else:
            options = [self.value(cards, _without(faces, f), left, rescue) for f in set(faces)]
        return max(options, default=None)

    def reroll(self, cards: Cards, kept: Faces, count: int, left: int, rescue: bool) -> float:
        return self.roll(cards, kept, left + count, count, rescue)


def _search_for(engine: Any, column: tuple, turns_after: float) -> _Search:
    """The search for this column, kept while the same turn asks again."""
    return _kept_search(engine, column, round(turns_after, 1))


@lru_cache(maxsize=32)  # lru_cache, not a dict: the worker's threads share it
def _kept_search(engine: Any, column: tuple, turns_after: float) -> _Search:
    return _Search(engine, _model_for(engine), column, turns_after)


def _turns_after(view: dict) -> float:
    """How many more turns this seat will likely get after the current one."""
    if view["final_round"]:
        return 0.0
    most_filled = max(sum(v is not None for v in column) for column in view["columns"])
    return max(0.0, (ROWS - most_filled) / FILL_RATE - 1)


@lru_cache(maxsize=4)
def _model_for(engine: Any) -> _ColumnModel:
    return _ColumnModel(engine.roman_values)


def _dice_in(move: Move) -> int:
    """How many dice a move rolls."""
    if move["type"] == "roll":
        return move.get("count", 1)
    if "dice" in move:
        return len(move["dice"])
    return 1 if move.get("as", move.get("card")) == "reroll_one" else 0


@dataclass
class _Root:
    """Expected worth of each legal move of the seat to act."""

    search: _Search
    cards: Cards
    dice: list[dict]
    left: int

    @property
    def faces(self) -> Faces:
        return _sorted(d["face"] for d in self.dice if not d["removed"])

    def worth(self, move: Move) -> float:
        kind, search = move["type"], self.search
        if kind == "pass":
            return 0.0
        if kind == "roll":
            count = move.get("count", 1)
            return search.roll(self.cards, self.faces, self.left, count, bool(self.cards))
        if kind == "stop":
            cost = search.card_cost(move["card"]) if "card" in move else 0.0
            return search.gain(move["value"], move["row"]) - cost
        return self.card_worth(move)

    def card_worth(self, move: Move) -> float:
        rest = list(self.cards)
        rest.remove(move["card"])
        chosen = move["dice"] if "dice" in move else [move["die"]]
        kept = list(self.faces)
        for i in chosen:
            kept.remove(self.dice[i]["face"])
        args = (tuple(rest), _sorted(kept))
        if move.get("as", move["card"]) == "remove_one":
            worth = self.search.value(*args, self.left, bool(rest))
        else:
            worth = self.search.reroll(*args, len(chosen), self.left, bool(rest))
        return worth - self.search.card_cost(move["card"])


def poker_move(engine: Any, state: State, seat: int | None, rng: random.Random) -> Move:
    """The legal move of highest expected worth (ties: the first listed)."""
    view = engine.view(state, seat)
    legal = view["legal"] if seat is not None else engine.legal_moves(state, seat)
    me = view["turn"]
    column = tuple(view["columns"][me])
    root = _Root(
        search=_search_for(engine, column, _turns_after(view)),
        cards=tuple(view["cards"][me]),
        dice=view["dice"],
        left=view["dice_left"],
    )
    best = max(_distinct(_without_faces(m) for m in legal), key=root.worth)
    if view["options"]["physical_dice"] and _dice_in(best):
        # A bot at a physical table still needs faces: it rolls its own from rng.
        best = {**best, "faces": sorted(rng.choice(POKER_FACES) for _ in range(_dice_in(best)))}
    return best


def _without_faces(move: Move) -> Move:
    return {k: v for k, v in move.items() if k != "faces"}


def _distinct(moves: Iterable[Move]) -> list[Move]:
    seen: dict[str, Move] = {}
    for move in moves:
        seen.setdefault(json.dumps(move, sort_keys=True), move)
    return list(seen.values())


def choose(state: State, seat: int | None, rng: random.Random) -> Move:
    """The computer player's move (the game's ``Strategy``)."""
    return poker_move(POKER, state, seat, rng)
