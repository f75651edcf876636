"""Hidden information stays hidden in every game's views: along random games, each seat's view and
the spectator's are the same whatever is dealt where that viewer cannot see (the game's profile
deals it again: other hands, the order of a deck, a choice not yet revealed). The web pages are
drawn from these views; each game's own test_hidden.py searches its pages, e-mails and pads."""

from __future__ import annotations

import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tests.conformance.play import Game
from tests.conformance.subjects import SUBJECTS, Subject
from tests.hypothesis_profiles import examples

HIDING = [subject for subject in SUBJECTS if subject.profile.redraw is not None]
EVERY = 3  # the views of every third state are compared, and the last state's


def test_the_games_that_hide_something_say_how() -> None:
    assert {subject.slug for subject in HIDING} >= {"catacombs", "roads", "romanroad", "romirami"}


@pytest.mark.parametrize("subject", HIDING, ids=str)
def test_no_view_changes_when_what_its_viewer_cannot_see_is_dealt_again(subject: Subject) -> None:
    engine, redraw = subject.engine, subject.profile.redraw
    changed = 0

    def compare(state: dict, players: int, rng: random.Random) -> None:
        nonlocal changed
        for viewer in [None, *range(players)]:
            again = redraw(state, viewer, rng)
            changed += again != state
            assert engine.view(again, viewer) == engine.view(state, viewer), viewer

    @settings(max_examples=examples(6), deadline=None, suppress_health_check=[HealthCheck.too_slow])
    @given(table=subject.profile.tables(engine), seed=st.integers(0, 10**6).map(str))
    def play(table, seed: str) -> None:
        players, options = table
        game = Game(subject, players, options, seed)
        rng = random.Random(seed)
        state = game.start()
        compare(state, players, rng)
        for step in game.steps():
            state = step.after
            if step.number % EVERY == 0:
                compare(state, players, rng)
        compare(state, players, rng)

    play()
    assert changed, "the redraw never changed anything: the comparison could not fail"
