"""Random legal games of Roman Poker, played to the end, keep the rules' invariants."""

from __future__ import annotations

import copy
import json
import random

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from games.poker.engine import CARD_BONUS, CARDS, DICE, MAX_ROUNDS, POKER, ROWS
from tests.hypothesis_profiles import examples

MOVES_PER_TURN = 2 * DICE + 1  # six rolls, six cards, then a stop or a pass

options = st.fixed_dictionaries(
    {"multi_roll": st.booleans(), "cards_anytime": st.booleans(), "physical_dice": st.booleans()}
)
games = st.tuples(st.integers(2, 6), options, st.integers(0, 2**32), st.integers(0, 2**32))


def setup_rng(seed: int) -> random.Random:
    return random.Random(f"{seed}:setup")


def move_rng(seed: int, number: int) -> random.Random:
    return random.Random(f"{seed}:{number}")


def play_random_game(players: int, opts: dict, seed: int, chooser_seed: int):
    """Play uniformly random legal moves; yield (state before, move, state after) per move."""
    chooser = random.Random(chooser_seed)
    state = POKER.setup(players, opts, setup_rng(seed))
    bound = MAX_ROUNDS * players * MOVES_PER_TURN
    for number in range(bound + 1):
        if POKER.is_over(state):
            assert state["round"] <= MAX_ROUNDS
            return
        (seat,) = POKER.to_act(state)
        move = chooser.choice(POKER.legal_moves(state, seat))
        after = POKER.apply(state, seat, move, move_rng(seed, number))
        yield state, move, after
        state = after
    raise AssertionError(f"the game did not end within {bound} moves")


def check_column(column: list, cards: list) -> None:
    filled = [v for v in column if v is not None]
    assert len(column) == ROWS
    assert all(a <= b for a, b in zip(filled, filled[1:], strict=False)), column
    equal_pairs = sum(a == b for a, b in zip(filled, filled[1:], strict=False))
    assert equal_pairs <= sum(card not in cards for card in ("duplicate", "wild")), (column, cards)


def check_state(state: dict) -> None:
    for column, cards in zip(state["columns"], state["cards"], strict=True):
        check_column(column, cards)
        assert cards == [c for c in CARDS if c in cards]  # a subset, in order, no repeats
    assert len(state["dice"]) <= DICE
    expected = [
        sum(v or 0 for v in column) + CARD_BONUS * len(cards)
        for column, cards in zip(state["columns"], state["cards"], strict=True)
    ]
    assert POKER.scores(state) == expected


def check_step(before: dict, move: dict, after: dict) -> None:
    for old, new in zip(before["cards"], after["cards"], strict=True):
        assert set(new) <= set(old) and len(old) - len(new) <= 1  # cards are only ever spent
    if not after["over"]:
        seat = after["turn"]
        assert POKER.default_move(after, seat) in POKER.legal_moves(after, seat)
        assert POKER.legal_moves(after, seat)
    assert "{player}" in POKER.describe(before, after, before["turn"], move)


@settings(max_examples=examples(40), deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(games)
def test_random_games_end_and_keep_the_invariants(game) -> None:
    players, opts, seed, chooser_seed = game
    last = None
    for before, move, after in play_random_game(players, opts, seed, chooser_seed):
        check_step(before, move, after)
        check_state(after)
        last = after
    assert last is not None and POKER.is_over(last) and POKER.to_act(last) == []
    view = POKER.view(last, 0)
    assert json.loads(json.dumps(view)) == view
    assert view["places"] is not None and min(view["places"]) == 1


@settings(max_examples=examples(20), deadline=None)
@given(games)
def test_replay_from_the_log_equals_the_snapshot(game) -> None:
    players, opts, seed, chooser_seed = game
    log, snapshot = [], None
    for before, move, after in play_random_game(players, opts, seed, chooser_seed):
        log.append((before["turn"], move))
        snapshot = after
    state = POKER.setup(players, opts, setup_rng(seed))
    for number, (seat, move) in enumerate(log):
        state = POKER.apply(state, seat, move, move_rng(seed, number))
    assert state == snapshot
    assert json.loads(json.dumps(state)) == state


@settings(max_examples=examples(20), deadline=None)
@given(games)
def test_apply_never_touches_its_input(game) -> None:
    players, opts, seed, chooser_seed = game
    for number, (before, move, _after) in enumerate(
        play_random_game(players, opts, seed, chooser_seed)
    ):
        if number % 7 == 0:
            kept = copy.deepcopy(before)
            POKER.apply(before, before["turn"], move, move_rng(seed, number))
            assert before == kept
            assert POKER.legal_moves(before, (before["turn"] + 1) % players) == []
