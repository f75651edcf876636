"""Junk moves and junk seats, at states met along random games of every game: the engine refuses
them with IllegalMove and a sentence, never another exception, and leaves its input untouched;
whatever it takes it can describe and keeps the game's invariants, and a game that lists every
spelling it takes (``listed``) took one of its legal moves. The junk is made of the game's own
words: the keys and values of the legal moves met along the way."""

from __future__ import annotations

import json
import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from games.contract.protocol import IllegalMove
from tests.conformance.play import Game
from tests.conformance.subjects import SUBJECTS, Subject
from tests.hypothesis_profiles import examples

STOPS = (0, 1, 7, 40, None)  # moves into the game of each state; None: its end


def states(subject: Subject) -> tuple[int, list[dict], list[dict]]:
    """States of a game at the largest table, and the legal moves met on the way."""
    engine = subject.engine
    players = engine.max_players
    found, met = [], []
    for number, stop in enumerate(STOPS):
        game = Game(subject, players, {}, f"junk-{number}")
        state = game.start()
        for step in game.steps(stop):
            met += engine.legal_moves(step.before, step.seat)
            state = step.after
        found.append(state)
    return players, found, met


def words(moves: list[dict]) -> tuple[list[str], list]:
    """The keys of the moves met, and the values they held (lists taken apart)."""
    keys, values = set(), set()
    for move in moves:
        keys |= set(move)
        for value in move.values():
            for item in value if isinstance(value, list) else [value]:
                if isinstance(item, (str, int)):
                    values.add(item)
    return sorted(keys), sorted(values, key=repr)


def junk_moves(keys: list[str], values: list, legal: list[dict]) -> st.SearchStrategy:
    atoms = (
        st.none()
        | st.booleans()
        | st.integers(-3, 12)
        | st.integers(min_value=10**18)
        | st.integers(max_value=-(10**18))
        | st.floats(allow_nan=True, allow_infinity=True)
        | st.sampled_from(values + ["", "ü", "PASS"])
        | st.text(max_size=4)
    )
    junk = st.recursive(
        atoms,
        lambda inner: (
            st.lists(inner, max_size=4)
            | st.dictionaries(st.sampled_from(keys) | st.text(max_size=3), inner, max_size=3)
        ),
        max_leaves=8,
    )
    types = sorted({move["type"] for move in legal}) + ["", "pass", "PASS"]
    shaped = st.fixed_dictionaries(
        {"type": st.sampled_from(types)}, optional={key: junk for key in keys if key != "type"}
    )
    mended = st.tuples(st.sampled_from(legal), st.dictionaries(st.sampled_from(keys), junk, max_size=3)).map(
        lambda pair: {**pair[0], **pair[1]}
    )
    return junk | shaped | mended


@pytest.mark.parametrize("subject", SUBJECTS, ids=str)
def test_junk_is_refused_with_a_sentence_and_nothing_else(subject: Subject) -> None:
    engine, listed = subject.engine, subject.profile.listed
    players, found, met = states(subject)
    keys, values = words(met)
    seats = [None, *range(players), players, -1, True, "0", 1.0, 10**18]

    @settings(max_examples=examples(300), deadline=None, suppress_health_check=[HealthCheck.too_slow])
    @given(
        which=st.sampled_from(range(len(found))),
        seat=st.sampled_from(seats),
        move=junk_moves(keys, values, met),
    )
    def attempt(which: int, seat, move) -> None:
        state = found[which]
        frozen = json.dumps(state, sort_keys=True)
        try:
            after = engine.apply(state, seat, move, random.Random(0))
        except IllegalMove as refusal:
            assert isinstance(refusal.reason, str) and refusal.reason.endswith((".", "!", "?")), (
                refusal.reason
            )
        else:
            assert isinstance(engine.describe(state, after, seat, move), str)
            subject.profile.check_step(state, after, seat, move)
            if listed is not None:
                assert listed(move) in [listed(m) for m in engine.legal_moves(state, seat)], move
        assert json.dumps(state, sort_keys=True) == frozen, "apply changed its input"

    attempt()


@pytest.mark.parametrize("move", [None, [], "roll", 3, {"type": ["roll"]}, {"type": None}, {}])
@pytest.mark.parametrize("subject", SUBJECTS, ids=str)
def test_a_move_that_is_no_dict_with_a_type_is_refused(subject: Subject, move) -> None:
    engine = subject.engine
    state = engine.setup(engine.min_players, {}, random.Random(0))
    for seat in [None, *range(engine.min_players)]:
        with pytest.raises(IllegalMove):
            engine.apply(state, seat, move, random.Random(0))
