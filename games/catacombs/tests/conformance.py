"""What the conformance suite (tests/conformance/) needs of Roman Catacombs: its tables, how its
random player writes, what it hides (a write not yet revealed, the order of the face-down piles)
and the invariants of its rules every step of a random game keeps."""

from __future__ import annotations

import random
import re

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
from tests.conformance.profile import Profile

DECK = list(range(90))
OPTIONS = st.sampled_from([{}, {"deck_seed": "day-0"}, {"deck_seed": "day-1"}])


def choose(engine, state: dict, players: int, rng: random.Random) -> tuple[int | None, dict]:
    """The table flips when nobody is choosing; a seat mostly writes when it can (the last legal
    move is a pass)."""
    seats = engine.to_act(state)
    if not seats:
        return None, engine.default_move(state, None)
    seat = rng.choice(seats)
    moves = engine.legal_moves(state, seat)
    writes = moves[:-1]
    return seat, rng.choice(writes) if writes and rng.random() < 0.9 else moves[-1]


def redraw(state: dict, viewer: int | None, rng: random.Random) -> dict:
    """Another seat's pending choice a pass, and the face-down piles in another order."""
    again = {**state, "piles": [rng.sample(pile, len(pile)) for pile in state["piles"]]}
    if state["phase"] == "write":
        again["choices"] = [
            choice if seat == viewer or choice is None else {"type": "pass"}
            for seat, choice in enumerate(state["choices"])
        ]
    return again


def cards_conserved(after: dict) -> None:
    """Every card is in exactly one place: a face-down pile, a discard (under the face-up card)
    or face up; after the first flip 3 are face up."""
    places = [c for pile in after["piles"] for c in pile]
    places += [c for discard in after["discards"] for c in discard]
    places += after["face_up"]
    assert sorted(places) == DECK
    assert len(after["face_up"]) == (3 if after["turn"] else 0)
    for pile in range(3):
        assert len(after["piles"][pile]) + len(after["discards"][pile]) == 29 + (not after["turn"])


def sheets_in_canon_order(after: dict) -> None:
    for sheet in after["sheets"]:
        for number, row in enumerate(sheet):
            books = categories()[number]["books"]
            filled = [books.index(card(c)["book"]) for c in row if c is not None]
            assert filled == sorted(set(filled))
            assert all(category_of(c) == number for c in row if c is not None)


def end_is_due(state: dict) -> bool:
    if state["solo"]:
        return state["turn"] == 21
    sheets = [book_sheet(sheet) for sheet in state["sheets"]]
    return (
        any(is_full(sheet) for sheet in sheets)
        or not any(can_still_write(sheet) for sheet in sheets)
        or state["turn"] == 90
    )


def check_step(before: dict, after: dict, seat: int | None, move: dict) -> None:
    cards_conserved(after)
    sheets_in_canon_order(after)
    if after["phase"] != "write":
        assert CATACOMBS.is_over(after) == end_is_due(after)


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


def check_end(state: dict) -> None:
    recorded = sorted((c["seat"], c["category"]) for c in state["completions"])
    full = sorted(
        (seat, number)
        for seat, sheet in enumerate(state["sheets"])
        for number, row in enumerate(sheet)
        if None not in row
    )
    assert recorded == full
    assert CATACOMBS.scores(state) == expected_scores(state)
    assert CATACOMBS.view(state, None)["final_scores"] == CATACOMBS.scores(state)


def own_in_table(html: str, seat: int) -> str:
    """The table's part without the seat's own library: its own view shows this turn's write, and
    its board draws that library large above."""
    return re.sub(rf'<details class="cc-other" data-seat="{seat}">.*?</details>', "", html, flags=re.S)


PROFILE = Profile(
    tables=lambda engine: st.tuples(st.integers(engine.min_players, engine.max_players), OPTIONS),
    bound=lambda players: 90 * (players + 1),
    choose=choose,
    redraw=redraw,
    check_step=check_step,
    check_end=check_end,
    games=30,
    own_in_table=own_in_table,
)
