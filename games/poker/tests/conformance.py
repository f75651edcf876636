"""What the conformance suite (tests/conformance/) needs of Roman Poker: its tables, the bound on a
game's length, and the invariants of its rules every step of a random game keeps."""

from __future__ import annotations

from hypothesis import strategies as st

from games.poker.engine import CARD_BONUS, CARDS, DICE, MAX_ROUNDS, POKER, ROWS
from tests.conformance.profile import Profile

MOVES_PER_TURN = 2 * DICE + 1  # six rolls, six cards, then a stop or a pass

OPTIONS = st.fixed_dictionaries(
    {"multi_roll": st.booleans(), "cards_anytime": st.booleans(), "physical_dice": st.booleans()}
)


def check_column(column: list, cards: list) -> None:
    filled = [v for v in column if v is not None]
    assert len(column) == ROWS
    assert all(a <= b for a, b in zip(filled, filled[1:], strict=False)), column
    equal_pairs = sum(a == b for a, b in zip(filled, filled[1:], strict=False))
    assert equal_pairs <= sum(card not in cards for card in ("duplicate", "wild")), (column, cards)


def check_step(before: dict, after: dict, seat: int | None, move: dict) -> None:
    for column, cards in zip(after["columns"], after["cards"], strict=True):
        check_column(column, cards)
        assert cards == [c for c in CARDS if c in cards]  # a subset, in order, no repeats
    assert len(after["dice"]) <= DICE
    expected = [
        sum(v or 0 for v in column) + CARD_BONUS * len(cards)
        for column, cards in zip(after["columns"], after["cards"], strict=True)
    ]
    assert POKER.scores(after) == expected
    for old, new in zip(before["cards"], after["cards"], strict=True):
        assert set(new) <= set(old) and len(old) - len(new) <= 1  # cards are only ever spent
    assert "{player}" in POKER.describe(before, after, seat, move)
    if not after["over"]:
        turn = after["turn"]
        assert POKER.default_move(after, turn) in POKER.legal_moves(after, turn)
        assert POKER.legal_moves(after, (turn + 1) % after["players"]) == []  # only the seat to play


def check_end(state: dict) -> None:
    assert state["round"] <= MAX_ROUNDS
    assert POKER.view(state, 0)["places"] is not None


PROFILE = Profile(
    tables=lambda engine: st.tuples(st.integers(2, 6), OPTIONS),
    bound=lambda players: MAX_ROUNDS * players * MOVES_PER_TURN,
    check_step=check_step,
    check_end=check_end,
    games=40,
)
