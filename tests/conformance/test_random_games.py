"""Random legal games of every game (OpenSpiel's random simulation test): each ends within its
bound; every step keeps the engine's contract and the game's own invariants, leaves its input
untouched and gives JSON; the end awaits nobody and places everyone; and the game replays exactly
from its seed and moves."""

from __future__ import annotations

import json

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from games.contract import kinds
from games.contract.protocol import finishing_places
from tests.conformance.play import Game
from tests.conformance.subjects import SUBJECTS, Subject, profile_of
from tests.hypothesis_profiles import examples

SEEDS = st.integers(0, 10**6).map(str)


def is_json(value) -> bool:
    return json.loads(json.dumps(value)) == value


def check_end(game: Game, state: dict) -> None:
    engine, players = game.subject.engine, game.players
    assert engine.is_over(state) and engine.to_act(state) == []
    assert all(engine.legal_moves(state, seat) == [] for seat in [None, *range(players)])
    assert len(engine.scores(state)) == players
    places = finishing_places(engine, state)
    assert len(places) == players and 1 in places
    game.subject.profile.check_end(state)


@pytest.mark.parametrize("subject", SUBJECTS, ids=str)
def test_random_legal_games_end_keep_the_rules_and_replay_exactly(subject: Subject) -> None:
    engine, profile = subject.engine, subject.profile

    @settings(
        max_examples=examples(profile.games), deadline=None, suppress_health_check=[HealthCheck.too_slow]
    )
    @given(table=profile.tables(engine), seed=SEEDS)
    def play(table, seed: str) -> None:
        players, options = table
        game = Game(subject, players, options, seed)
        state = game.start()
        assert is_json(state)
        for step in game.steps():
            state = step.after
            assert isinstance(engine.describe(step.before, state, step.seat, step.move), str)
            assert is_json(state)
            viewer = [None, *range(players)][step.number % (players + 1)]
            assert is_json(engine.view(state, viewer))
            profile.check_step(step.before, state, step.seat, step.move)
        check_end(game, state)
        assert game.replay() == state

    play()


@pytest.mark.parametrize("subject", SUBJECTS, ids=str)
def test_every_table_size_ends(subject: Subject) -> None:
    """One game at each size, so every size is played whatever Hypothesis draws."""
    engine = subject.engine
    for players in range(engine.min_players, engine.max_players + 1):
        game = Game(subject, players, {}, f"size-{players}")
        state = game.play()
        check_end(game, state)
        assert game.replay() == state


@pytest.mark.parametrize("kind", list(kinds.all_kinds()), ids=lambda kind: kind.slug)
def test_every_registered_game_says_what_the_suite_needs_to_know(kind) -> None:
    """Each game folder declares its profile (tests/conformance.py), so a new game cannot pass the
    hidden-information test by saying nothing of what it hides."""
    assert profile_of(kind) is not None
