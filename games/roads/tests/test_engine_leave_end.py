"""Leaving for good and the host ending the game: the engine's pure ``leave`` and ``end`` hooks."""

from __future__ import annotations

import random

from games.roads.engine import ROADS as engine
from tests.games.leave_end import (
    of_more_the_state_is_unchanged,
    of_two_leaving_is_resigning,
    play,
    the_host_ends_it_as_it_stands,
)


def test_of_two_players_leaving_is_resigning_and_the_other_wins():
    of_two_leaving_is_resigning(engine)


def test_of_more_players_the_state_is_unchanged_and_a_computer_player_takes_the_seat():
    of_more_the_state_is_unchanged(engine)


def test_the_host_ends_the_game_as_it_stands():
    the_host_ends_it_as_it_stands(engine)


def test_ended_by_the_host_the_fewest_cards_in_hand_win():
    after = engine.end(play(engine, 3, moves=30), random.Random(1))
    sizes = [len(hand) for hand in after["hands"]]
    assert after["winners"] == [seat for seat, size in enumerate(sizes) if size == min(sizes)]
