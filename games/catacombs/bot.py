"""The Roman Catacombs computer player. Pure Python; it reads the game only through its engine.

It decides from the seat's ``view`` alone (its sheet, the other sheets as of the
last resolved turn, the three face-up books, who completed what) and from the
public make-up of the deck (how many cards each book has). It never looks at
the order of the piles or at what others chose this turn.

Every legal move is scored and the best one is played:

- a write earns the point its slot no longer costs, minus ``DEAD_COST`` for
  every slot it makes unwritable (a dead slot, or one of two free slots left
  with a single book between their neighbours): such a slot costs its point at
  the end;
- plus the change in the expected points of the category written into. A
  category's free slots split into *gaps* (runs of free slots between written
  books); a gap of ``k`` slots that books ``lo..hi`` of the canon could fill is
  completed within ``t`` turns with a probability worked out once per gap and
  cached (``_gap_chances``): each turn every fitting book shows with its share
  of the deck, the row gets the turn with probability ``ATTENTION`` (the other
  rows want turns too), and the book goes where it leaves the most chances.
  So a slot whose few fitting cards just showed up is worth taking now, and a
  placement that narrows the canon gaps is worth less;
- the race: a category scores ``first`` only if no other seat completes it on an
  earlier turn. The bot works out, from each other seat's visible row, the chance
  that seat completes the category within ``t`` turns, and weighs its own
  completion turn by turn against them; a category someone already completed is
  worth only ``later``.

A pass scores 0, so the bot passes only when every write would cost more than it
brings. The horizon is the turns left in a solo run; at a table it is the turns
until some sheet is likely full (at most ``HORIZON``). A decision takes about half
a millisecond; the first ones fill the caches (under a tenth of a second in all).
``ATTENTION`` was tuned in solo runs, ``RIVAL_ATTENTION`` at 4-seat tables of bots
with and without the race weighting (``bench/bench_catacombs_bot.py``).
"""

from __future__ import annotations

import random
from functools import cache

from games.catacombs.engine import CATACOMBS, GROUP_TURN_LIMIT, categories, edition, locate
from games.contract.protocol import Move, State

ATTENTION = 0.9  # chance a row gets the turn when a book it wants shows (tuned in solo runs)
RIVAL_ATTENTION = 0.4  # the same for another seat's row, when weighing a race (tuned at tables)
DEAD_COST = 0.5  # a killed slot: its end-of-game point, less what a live one may still miss
HORIZON = 60  # turns looked ahead at most
FLIPPED = 3  # cards face up per turn


def choose(state: State, seat: int | None, rng: random.Random, *, races: bool = True) -> Move:
    """The best legal move for ``seat`` by the strategy above; a random legal one for anything else.

    ``races=False`` ignores how close the other sheets are to completing (for comparisons)."""
    legal = CATACOMBS.legal_moves(state, seat)
    if not legal:
        raise ValueError("This seat has no move to make now.")
    if seat is None or len(legal) == 1:
        return rng.choice(legal)
    decision = _Decision(CATACOMBS.view(state, seat), seat, races)
    scored = [(decision.value(move), index) for index, move in enumerate(legal)]
    best = max(value for value, _ in scored)
    ties = [index for value, index in scored if value >= best - 1e-9]
    return legal[rng.choice(ties)]


# --- The public make-up of the deck ----------------------------------------------------


@cache
def _copies() -> tuple[tuple[int, ...], ...]:
    """Per category, the number of cards of each book (canon order)."""
    counts = [[0] * len(category["books"]) for category in categories()]
    for card in edition()["cards"]:
        number, position = locate(card["book"])
        counts[number][position] += 1
    return tuple(tuple(row) for row in counts)


@cache
def _deck() -> int:
    return len(edition()["cards"])


def _shows(cards: int) -> float:
    """Chance that at least one of ``cards`` cards is among the flipped ones."""
    return 1.0 - (1.0 - cards / _deck()) ** FLIPPED


# --- Chances of completing a gap ---------------------------------------------------------


@cache
def _gap_chances(category: int, lo: int, hi: int, k: int, attention: float) -> tuple[float, ...]:
    """Index ``t``: the chance that ``k`` free slots, fillable by canon positions
    ``lo..hi`` in increasing order, are all written within ``t`` turns."""
    if k <= 0:
        return (1.0,) * (HORIZON + 1)
    if hi - lo + 1 < k:
        return (0.0,) * (HORIZON + 1)
    copies = _copies()[category]
    if k == 1:
        hit = attention * _shows(sum(copies[lo : hi + 1]))
        return tuple(1.0 - (1.0 - hit) ** t for t in range(HORIZON + 1))
    # Where book ``i`` goes: slot ``j`` of the gap leaves j slots for lo..i-1 and the rest for i+1..hi.
    splits = [
        (
            _shows(copies[i]),
            [
                (
                    _gap_chances(category, lo, i - 1, j, attention),
                    _gap_chances(category, i + 1, hi, k - 1 - j, attention),
                )
                for j in range(k)
            ],
        )
        for i in range(lo, hi + 1)
    ]
    chances = [0.0]
    for t in range(1, HORIZON + 1):
        wait = chances[-1]
        offers = sorted(
            ((max(left[t - 1] * right[t - 1] for left, right in ways), shows) for shows, ways in splits),
            reverse=True,
        )
        expected, missed = 0.0, 1.0
        for value, shows in offers:
            if value <= wait:
                break
            expected += missed * shows * value
            missed *= 1.0 - shows
        expected += missed * wait
        chances.append((1.0 - attention) * wait + attention * expected)
    return tuple(chances)


def _gaps(row: list[str | None], category: int) -> list[tuple[int, int, int]]:
    """The gaps of a row: (lo, hi, free slots) per run of free slots."""
    size = len(categories()[category]["books"])
    gaps, left, free = [], -1, 0
    for book in row:
        if book is None:
            free += 1
            continue
        position = locate(book)[1]
        if free:
            gaps.append((left + 1, position - 1, free))
        left, free = position, 0
    if free:
        gaps.append((left + 1, size - 1, free))
    return gaps


def row_chances(row: list[str | None], category: int, attention: float | None = None) -> list[float]:
    """Index ``t``: the chance this row is complete within ``t`` turns (``attention``: see ATTENTION)."""
    attention = ATTENTION if attention is None else attention
    chances: list[float] | tuple[float, ...] = (1.0,) * (HORIZON + 1)
    for lo, hi, k in _gaps(row, category):
        gap = _gap_chances(category, lo, hi, k, attention)
        chances = [a * b for a, b in zip(chances, gap, strict=True)]
    return list(chances)


def _lost(row: list[str | None], category: int) -> int:
    """Free slots of a row that can never all be written: a gap with fewer books than slots."""
    return sum(max(0, k - (hi - lo + 1)) for lo, hi, k in _gaps(row, category))


# --- Scoring a move ------------------------------------------------------------------------


class _Decision:
    """One seat's view of one turn, with what its moves share worked out once."""

    def __init__(self, view: dict, seat: int, races: bool) -> None:
        self.view, self.seat, self.races = view, seat, races
        self.sheet = view["sheets"][seat]
        self.horizon = self._horizon()
        self.now: dict[int, float] = {}  # category -> value of the row as it stands
        self.ahead: dict[int, list[float]] = {}  # category -> chance no rival completes it first

    def _horizon(self) -> int:
        """Turns still to play after this one."""
        view = self.view
        if view["solo"]:
            return max(0, min(HORIZON, view["turns_left"] - 1))
        left = GROUP_TURN_LIMIT - view["turn"]
        # A sheet without dead slots may fill up and end the game: stop where that is likely.
        for number, sheet in enumerate(view["sheets"]):
            if any(_lost(row, category) for category, row in enumerate(sheet)):
                continue
            full = [1.0] * (HORIZON + 1)
            for category, row in enumerate(sheet):
                full = [a * b for a, b in zip(full, row_chances(row, category), strict=True)]
            likely = next((t for t, chance in enumerate(full) if chance >= 0.5), HORIZON)
            if number != self.seat:
                likely += 1  # they still write this turn
            left = min(left, likely)
        return max(0, min(HORIZON, left))

    def _ahead(self, category: int) -> list[float]:
        """Index ``t``: the chance that no other seat completes the category in the next ``t``
        turns (this one included), judged from their rows as of the last resolved turn."""
        if category not in self.ahead:
            ahead = [1.0] * (self.horizon + 1)
            if self.races:
                for number, sheet in enumerate(self.view["sheets"]):
                    if number != self.seat and None in sheet[category]:
                        rival = row_chances(sheet[category], category, RIVAL_ATTENTION)
                        ahead = [a * (1.0 - r) for a, r in zip(ahead, rival, strict=False)]
            self.ahead[category] = ahead
        return self.ahead[category]

    def row_value(self, category: int, row: list[str | None]) -> float:
        """Expected points this row still brings, counting the race against the other seats."""
        info = self.view["categories"][category]
        mine = row_chances(row, category)
        horizon = self.horizon
        if self.view["solo"] or info["completed_by"]:
            return info["points_open"] * mine[horizon]
        ahead = self._ahead(category)
        first = sum((mine[t] - mine[t - 1]) * ahead[t] for t in range(1, horizon + 1))
        return info["later"] * mine[horizon] + (info["first"] - info["later"]) * first

    def value(self, move: Move) -> float:
        """What a move adds to the seat's expected final score; a pass adds nothing."""
        if move["type"] != "write":
            return 0.0
        book = self.view["face_up"][move["pile"]]["book"]
        category = locate(book)[0]
        row = self.sheet[category]
        after = list(row)
        after[move["slot"]] = book
        value = 1.0 - DEAD_COST * (_lost(after, category) - _lost(row, category))
        if category not in self.now:
            self.now[category] = self.row_value(category, row)
        if None in after:
            return value + self.row_value(category, after) - self.now[category]
        return value + self.view["categories"][category]["points_open"] - self.now[category]
