"""Leaving for good and the host ending the game, in every game, through the engine's optional pure
``leave`` and ``end`` hooks as the platform calls them (``games.contract.protocol``).

At states along random games: a leave or an end leaves its input untouched and gives JSON; after a
leave someone still has a move (or the game is over); an end awaits nobody and places every seat;
a finished game stays as it is when someone leaves. Where, of two players, leaving ends the game
(``leaving_resigns``): it is a resignation and the other wins; of more, the state is unchanged and
a computer player takes the seat."""

from __future__ import annotations

import json
import random

import pytest

from games.contract.protocol import end_early, finishing_places, seat_leaves
from tests.conformance.play import Game, played
from tests.conformance.subjects import SUBJECTS, Subject, leaving_resigns

STOPS = (0, 5, 30, None)  # moves into the game; None: its end


def is_json(value) -> bool:
    return json.loads(json.dumps(value)) == value


def someone_moves(subject: Subject, state: dict, players: int) -> bool:
    engine = subject.engine
    return engine.is_over(state) or any(engine.legal_moves(state, seat) for seat in [None, *range(players)])


def ended(subject: Subject, state: dict) -> None:
    engine = subject.engine
    players = len(engine.scores(state))
    assert engine.is_over(state) and engine.to_act(state) == []
    assert all(engine.legal_moves(state, seat) == [] for seat in [None, *range(players)])
    places = finishing_places(engine, state)
    assert len(places) == players and 1 in places


@pytest.mark.parametrize("subject", SUBJECTS, ids=str)
@pytest.mark.parametrize("stop", STOPS)
def test_leaving_and_ending_keep_the_contract(subject: Subject, stop) -> None:
    engine = subject.engine
    for players in sorted({engine.min_players, engine.max_players}):
        state = Game(subject, players, {}, f"leave-{stop}").play(stop)
        frozen = json.dumps(state, sort_keys=True)
        for seat in range(players):
            after = seat_leaves(engine, state, seat, random.Random(1))
            assert is_json(after) and someone_moves(subject, after, players)
            if engine.is_over(state):
                assert after == state  # over: nothing more to leave
            gone = end_early(engine, after, random.Random(1))
            if gone is not None:
                ended(subject, gone)
        gone = end_early(engine, state, random.Random(1))
        if gone is not None:
            ended(subject, gone)
            assert is_json(gone)
            if "end_reason" in engine.view(gone, 0) and not engine.is_over(state):
                assert engine.view(gone, 0)["end_reason"] == "ended"
        assert json.dumps(state, sort_keys=True) == frozen, "leave or end changed its input"


PLAYED_ON = [subject for subject in SUBJECTS if leaving_resigns(subject.kind)]


def test_in_some_games_leaving_is_resigning() -> None:
    assert PLAYED_ON and len(PLAYED_ON) < len(SUBJECTS)


@pytest.mark.parametrize("subject", PLAYED_ON, ids=str)
def test_of_two_leaving_is_resigning_and_the_other_wins(subject: Subject) -> None:
    engine = subject.engine
    state = played(subject, 2, moves=12)
    after = engine.leave(state, 0, random.Random(1))
    assert engine.is_over(after) and engine.to_act(after) == [] and engine.legal_moves(after, 1) == []
    assert finishing_places(engine, after) == [2, 1]
    assert engine.view(after, 1)["end_reason"] == "resigned"
    assert engine.leave(after, 1, random.Random(1)) == after  # over: nothing more to resign


@pytest.mark.parametrize("subject", [s for s in PLAYED_ON if s.engine.max_players > 2], ids=str)
def test_of_more_the_state_is_unchanged_and_a_computer_player_takes_the_seat(subject: Subject) -> None:
    state = played(subject, 3, moves=12)
    assert subject.engine.leave(state, 1, random.Random(1)) == state
