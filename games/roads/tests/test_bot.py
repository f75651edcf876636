"""The Building Roman Roads computer player: legal, sensible, and its games end."""

from __future__ import annotations

import copy
import random

import pytest

from games.contract.protocol import choose_move
from games.roads.bot import choose
from games.roads.engine import ROADS
from games.roads.tests.helpers import c, run, table

MAX_STEPS = 5000


def bot_game(players: int, seed: int) -> tuple[dict, int]:
    rng = random.Random(seed)
    state = ROADS.setup(players, {}, rng)
    steps = 0
    while not ROADS.is_over(state) and steps < MAX_STEPS:
        (seat,) = ROADS.to_act(state)
        before = copy.deepcopy(state)
        move = choose(state, seat, rng)
        assert state == before, "the bot changed the state"
        assert move in ROADS.legal_moves(state, seat)
        state = ROADS.apply(state, seat, move, rng)
        steps += 1
    return state, steps


@pytest.mark.parametrize("players", range(2, 7))
def test_bot_only_games_end(players):
    for seed in range(6):
        state, steps = bot_game(players, seed)
        assert ROADS.is_over(state), f"{players} bots, seed {seed}: no end after {steps} moves"
        assert state["winners"]


def full_mains(**extra) -> dict:
    spaces = {"N": [c("mk 58 2")], "E": [c("mk 623 4")], "S": [c("mk 1013 6")], "W": [c("mk 58 8")]}
    spaces.update(extra)
    return spaces


def test_completing_a_road_comes_first():
    state = table(
        [[c("mk 323 8")], [c("lk 623 5"), c("jn 623 8"), c("lk 1013 1")]],
        full_mains(NE=run("mt", "623", 1, 7)),
    )
    assert choose(state, 1, random.Random(0)) == {"type": "play", "card": c("jn 623 8"), "to": "NE"}


def test_a_road_move_that_completes_a_road_is_made():
    state = table(
        [[c("mk 323 8")], [c("lk 623 5"), c("lk 1013 1")]],
        full_mains(N=run("mt", "58", 5, 8), SE=run("lk", "58", 1, 4)),
    )
    assert choose(state, 1, random.Random(0)) == {"type": "move", "from": "N", "index": 0, "to": "SE"}


def test_building_on_a_road_prefers_the_card_the_hand_can_follow():
    state = table(
        [[c("mk 323 8")], [c("lk 1013 7"), c("lk 623 5"), c("lk 623 6"), c("lk 623 7")]],
        full_mains(),
    )
    assert choose(state, 1, random.Random(0)) == {"type": "play", "card": c("lk 623 5"), "to": "E"}


def test_a_split_is_made_only_when_it_lets_a_card_build():
    spaces = {
        "N": run("mt", "323", 2, 5),
        "E": [c("mk 623 4")],
        "S": [c("mk 1013 6")],
        "NE": run("mk", "58", 1, 2),
    }
    useful = table([[c("mk 323 8")], [c("lk 323 4"), c("lk 1013 8")]], spaces, played=1)
    # With an empty main space every card fits, but the split onto it first lets the 4 build.
    move = choose(useful, 1, random.Random(0))
    assert move == {"type": "move", "from": "N", "index": 2, "to": "W"}
    useless = table([[c("mk 323 8")], [c("lk 1013 8"), c("lk 58 8")]], spaces, played=1)
    assert choose(useless, 1, random.Random(0))["type"] == "play"


def test_a_main_road_starting_with_a_1_goes_to_a_corner_to_free_its_space():
    state = table(
        [[c("mk 323 8")], [c("lk 1013 8"), c("lk 58 8")]], full_mains(N=run("mt", "323", 1, 3)), played=1
    )
    assert choose(state, 1, random.Random(0))["to"] in ("NE", "SE", "SW", "NW")


def test_no_pointless_road_moves_the_bot_draws_or_ends_instead():
    spaces = full_mains(N=run("mt", "323", 3, 6), NE=run("mk", "323", 1, 4))
    drawing = table([[c("mk 323 8")], [c("lk 1013 8")]], spaces)
    assert choose(drawing, 1, random.Random(0)) == {"type": "draw"}
    ending = table([[c("mk 323 8")], [c("lk 1013 8")]], spaces, played=1)
    assert choose(ending, 1, random.Random(0)) == {"type": "end_turn"}


def test_the_bot_beats_random_play():
    wins = 0
    for seed in range(24):
        rng = random.Random(seed)
        state = ROADS.setup(2, {}, rng)
        bot_seat = seed % 2
        while not ROADS.is_over(state):
            (seat,) = ROADS.to_act(state)
            strategy = choose if seat == bot_seat else None
            state = ROADS.apply(state, seat, choose_move(ROADS, strategy, state, seat, rng), rng)
        wins += bot_seat in state["winners"]
    assert wins >= 16
