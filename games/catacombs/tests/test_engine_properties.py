"""Random legal Roman Catacombs games: they end, conserve cards, score and replay exactly."""

from __future__ import annotations

import copy
import json
import random

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from games.catacombs.engine import (
    CATACOMBS,
    book_sheet,
    can_still_write,
    card,
    categories,
    category_of,
    is_full,
)
from tests.hypothesis_profiles import examples

DECK = list(range(90))
GAME_SETTINGS = settings(
    max_examples=examples(30), deadline=None, suppress_health_check=[HealthCheck.too_slow]
)


def setup_rng(seed: int) -> random.Random:
    return random.Random(f"{seed}:setup")


def move_rng(seed: int, number: int) -> random.Random:
    return random.Random(f"{seed}:{number}")


def choose(state: dict, seat: int, chooser: random.Random, eagerness: float) -> dict:
    moves = CATACOMBS.legal_moves(state, seat)
    writes = moves[:-1]
    if writes and chooser.random() < eagerness:
        return chooser.choice(writes)
    return moves[-1]


def play(seed: int, players: int, eagerness: float, checks=()) -> tuple[dict, list, dict]:
    """A whole game; returns the final state, the move log and the options."""
    options = {"deck_seed": f"day-{seed % 3}"} if seed % 2 else {}
    state = CATACOMBS.setup(players, options, setup_rng(seed))
    chooser = random.Random(seed)
    log: list[tuple[int | None, dict]] = []
    while not CATACOMBS.is_over(state):
        seats = CATACOMBS.to_act(state)
        seat = chooser.choice(seats) if seats else None
        move = (
            CATACOMBS.default_move(state, None)
            if seat is None
            else choose(state, seat, chooser, eagerness)
        )
        before = state
        state = CATACOMBS.apply(state, seat, move, move_rng(seed, len(log)))
        log.append((seat, move))
        for check in checks:
            check(before, state)
    return state, log, options


def replay(seed: int, players: int, options: dict, log: list) -> dict:
    state = CATACOMBS.setup(players, options, setup_rng(seed))
    for number, (seat, move) in enumerate(log):
        state = CATACOMBS.apply(state, seat, move, move_rng(seed, number))
    return state


def cards_conserved(before: dict, after: dict) -> None:
    """Every card is in exactly one place: a face-down pile, a discard (under
    the face-up card) or face up; after the first flip 3 are face up."""
    places = [c for pile in after["piles"] for c in pile]
    places += [c for discard in after["discards"] for c in discard]
    places += after["face_up"]
    assert sorted(places) == DECK
    assert len(after["face_up"]) == (3 if after["turn"] else 0)
    for pile in range(3):
        assert len(after["piles"][pile]) + len(after["discards"][pile]) == 29 + (not after["turn"])


def sheets_in_canon_order(before: dict, after: dict) -> None:
    for sheet in after["sheets"]:
        for number, row in enumerate(sheet):
            books = categories()[number]["books"]
            filled = [books.index(card(c)["book"]) for c in row if c is not None]
            assert filled == sorted(set(filled))
            assert all(category_of(c) == number for c in row if c is not None)


def expected_scores(state: dict) -> list[int]:
    """Scores recomputed from the sheets alone and the turn of each completion."""
    first_turn: dict[int, int] = {}
    for completion in state["completions"]:
        first_turn.setdefault(completion["category"], completion["turn"])
    totals = []
    for seat, sheet in enumerate(state["sheets"]):
        total = -sum(c is None for row in sheet for c in row)
        for completion in state["completions"]:
            if completion["seat"] != seat:
                continue
            category = categories()[completion["category"]]
            first = state["solo"] or completion["turn"] == first_turn[completion["category"]]
            total += category["first"] if first else category["later"]
        totals.append(total)
    return totals


def completions_match_sheets(state: dict) -> None:
    recorded = sorted((c["seat"], c["category"]) for c in state["completions"])
    full = sorted(
        (seat, number)
        for seat, sheet in enumerate(state["sheets"])
        for number, row in enumerate(sheet)
        if None not in row
    )
    assert recorded == full


def end_is_due(state: dict) -> bool:
    if state["solo"]:
        return state["turn"] == 21
    sheets = [book_sheet(sheet) for sheet in state["sheets"]]
    return (
        any(is_full(sheet) for sheet in sheets)
        or not any(can_still_write(sheet) for sheet in sheets)
        or state["turn"] == 90
    )


def ends_exactly_when_due(before: dict, after: dict) -> None:
    if after["phase"] != "write":
        assert CATACOMBS.is_over(after) == end_is_due(after)


@GAME_SETTINGS
@given(
    seed=st.integers(min_value=0, max_value=10**6),
    players=st.integers(min_value=1, max_value=6),
    eagerness=st.sampled_from([0.6, 0.9, 1.0]),
)
def test_random_games_end_conserve_cards_score_and_replay(seed, players, eagerness):
    state, log, options = play(
        seed,
        players,
        eagerness,
        checks=(cards_conserved, sheets_in_canon_order, ends_exactly_when_due),
    )
    assert CATACOMBS.is_over(state)
    completions_match_sheets(state)
    assert CATACOMBS.scores(state) == expected_scores(state)
    assert CATACOMBS.view(state, None)["final_scores"] == CATACOMBS.scores(state)
    assert replay(seed, players, options, log) == state
    json.dumps(state)


@settings(max_examples=examples(15), deadline=None)
@given(
    seed=st.integers(min_value=0, max_value=10**6),
    players=st.integers(min_value=2, max_value=4),
    stop=st.integers(min_value=1, max_value=120),
)
def test_apply_is_pure_and_views_hide_pending_choices(seed, players, stop):
    state = CATACOMBS.setup(players, {}, setup_rng(seed))
    chooser = random.Random(seed)
    for number in range(stop):
        if CATACOMBS.is_over(state):
            break
        seats = CATACOMBS.to_act(state)
        seat = chooser.choice(seats) if seats else None
        move = {"type": "flip"} if seat is None else choose(state, seat, chooser, 0.9)
        snapshot = copy.deepcopy(state)
        after = CATACOMBS.apply(state, seat, move, move_rng(seed, number))
        assert state == snapshot
        state = after
    hide_pending(state)


def hide_pending(state: dict) -> None:
    """Replacing any seat's pending choice by a pass changes no other seat's view."""
    if state["phase"] != "write":
        return
    for mover, choice in enumerate(state["choices"]):
        if choice is None:
            continue
        passed = copy.deepcopy(state)
        passed["choices"][mover] = {"type": "pass"}
        for viewer in [None, *range(state["players"])]:
            if viewer != mover:
                assert CATACOMBS.view(state, viewer) == CATACOMBS.view(passed, viewer)
