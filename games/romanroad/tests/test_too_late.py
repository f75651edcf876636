"""A move sent while the others keep playing Roman Road: it applies, or it is refused as too late
when the others took its Foundation place or ended the hand."""

from __future__ import annotations

import random

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from games.contract.protocol import IllegalMove
from games.play.services import move_rng, setup_rng
from games.romanroad.engine import ROMANROAD as R
from games.romanroad.tests.conformance import choose
from tests.hypothesis_profiles import examples


def begun(state: dict) -> dict:
    """Every seat ready for the hand just dealt, and the table says Begin."""
    for seat in range(state["players"]):
        state = R.apply(state, seat, {"type": "ready"}, random.Random(0))
    return R.apply(state, None, {"type": "begin"}, random.Random(0))


def to_foundations(moves: list[dict]) -> list[dict]:
    return [move for move in moves if move["type"] == "move" and move["to"].startswith("foundation:")]


@settings(max_examples=examples(80), deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    seed=st.integers(min_value=0, max_value=10**6).map(str),
    players=st.integers(min_value=2, max_value=4),
    warmup=st.integers(min_value=0, max_value=150),
    between=st.integers(min_value=1, max_value=30),
)
def test_a_move_overtaken_by_others_is_refused_as_too_late_or_still_fits(seed, players, warmup, between):
    """A seat's legal move, sent while others keep playing: it applies, or it is refused and,
    when others took its Foundation place or ended the hand, the reason says "Too late"."""
    chooser = random.Random(seed)
    state = begun(R.setup(players, {}, setup_rng(seed)))
    for number in range(warmup):
        if state["phase"] != "hand":
            break
        seat, move = choose(R, state, players, chooser)
        state = R.apply(state, seat, move, move_rng(seed, number))
    if state["phase"] != "hand":
        return
    sender = chooser.randrange(players)
    sent = R.legal_moves(state, sender)
    if not sent:
        return
    late = chooser.choice(to_foundations(sent) or sent)
    for number in range(between):
        if state["phase"] != "hand":
            break
        others = [s for s in range(players) if s != sender and R.legal_moves(state, s)]
        if not others:
            break
        seat = chooser.choice(others)
        legal = R.legal_moves(state, seat)
        move = chooser.choice(
            to_foundations(legal) if chooser.random() < 0.7 and to_foundations(legal) else legal
        )
        state = R.apply(state, seat, move, move_rng(seed, number))
    try:
        R.apply(state, sender, late, random.Random(0))
    except IllegalMove as refusal:
        reason = refusal.reason
        if state["phase"] != "hand":
            assert reason == "Too late \u2014 the hand is over."
        elif (
            late["type"] == "move" and late["to"].startswith("foundation:") and late["to"] != "foundation:new"
        ):
            assert reason.startswith("Too late \u2014 the ") and "is already there" in reason
        else:  # the sender's own piles change only by its own moves: only its Foundation place goes
            raise AssertionError(f"{late} refused: {reason}") from refusal
