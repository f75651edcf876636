"""The Roman Road computer player: always legal, makes progress, and a table of them ends
every hand and the game.

Pure: runs without Django (``pytest -p no:django --noconftest``).
"""

from __future__ import annotations

import random

import pytest

from games.contract.protocol import choose_move
from games.romanroad.bot import DEFAULT_SPEED, JITTER, SPEEDS, choose, pause
from games.romanroad.engine import LAST_HAND, ROMANROAD

R = ROMANROAD
HAND_LIMIT = 1_500  # a table of computer players ends a hand in about 80 moves


def begun(state: dict) -> dict:
    """The hand just dealt, once every seat is ready and the table said Begin."""
    for seat in range(state["players"]):
        state = R.apply(state, seat, choose(state, seat, random.Random(0)), random.Random(0))
    return R.apply(state, None, choose(state, None, random.Random(0)), random.Random(0))


def bots_game(players: int, seed: int, options: dict | None = None, per_hand: list | None = None) -> dict:
    """Computer players only, each asked in a random order; the table deals between hands."""
    chooser = random.Random(seed)
    state = R.setup(players, options or {}, random.Random(f"{seed}:setup"))
    number = in_hand = 0
    while not R.is_over(state):
        movers = [seat for seat in R.to_act(state) if R.legal_moves(state, seat)]
        if state["phase"] == "between" or not movers:
            seat = None  # the table deals, or says Begin
        else:
            seat = chooser.choice(movers)
        move = choose(state, seat, chooser)
        assert move in R.legal_moves(state, seat), move
        hands = len(state["sheet"])
        state = R.apply(state, seat, move, random.Random(f"{seed}:{number}"))
        number += 1
        in_hand += 1
        if len(state["sheet"]) > hands:
            if per_hand is not None:
                per_hand.append((in_hand, state["ended"]))
            in_hand = 0
        assert in_hand < HAND_LIMIT, "a hand of computer players did not end"
    return state


@pytest.mark.parametrize("players", [2, 3, 4])
@pytest.mark.parametrize("seed", [1, 2])
def test_a_table_of_computer_players_ends_every_hand_and_the_game(players, seed) -> None:
    hands: list = []
    state = bots_game(players, seed, per_hand=hands)
    assert R.is_over(state) and (max(state["totals"]) >= 40 or state["hand"] == LAST_HAND)
    assert len(hands) == state["hand"] and all(moves < HAND_LIMIT for moves, _ in hands)
    assert sum(ended == "amen" for _, ended in hands) >= len(hands) // 2


@pytest.mark.parametrize(
    "options", [{"amen_bonus": True}, {"negative": True}, {"target": 15}, {"negative": True, "target": 100}]
)
def test_computer_players_finish_with_every_variant(options) -> None:
    state = bots_game(3, 7, options)
    assert R.is_over(state)
    target = options.get("target", 40)
    assert max(state["totals"]) >= target or state["hand"] == LAST_HAND


def on_store_top(state: dict, seat: int, card: str) -> dict:
    """The state with ``card`` swapped onto the top of the seat's Store."""
    me = state["seats"][seat]
    for cards in [me["store"], me["search"], me["pile"], *me["work"]]:
        if card in cards:
            cards[cards.index(card)] = me["store"][-1]
            me["store"][-1] = card
            return state
    raise AssertionError(card)


def test_the_computer_player_plays_its_store_top_to_a_foundation_first() -> None:
    state = on_store_top(begun(R.setup(2, {}, random.Random(4))), 0, "mt-58-1")
    assert choose(state, 0, random.Random(0)) == {"type": "move", "card": "mt-58-1", "to": "foundation:new"}


@pytest.mark.parametrize("seed", range(6))
def test_the_computer_player_flips_through_its_search_deck_at_most_once_then_declares_stuck(seed) -> None:
    state = begun(R.setup(2, {}, random.Random(seed)))
    me = state["seats"][0]
    cycle = -(-(len(me["search"]) + len(me["pile"])) // 3) + 1
    flips = 0
    while (move := choose(state, 0, random.Random(flips))) == {"type": "flip"}:
        state = R.apply(state, 0, move, random.Random(0))
        flips += 1
    assert flips <= cycle
    if move == {"type": "stuck"}:
        assert not [m for m in R.legal_moves(state, 0) if m["type"] == "move" and "foundation" in m["to"]]


def test_a_stuck_computer_player_still_takes_a_foundation_place_and_else_waits() -> None:
    state = on_store_top(on_store_top(begun(R.setup(2, {}, random.Random(0))), 0, "mt-323-2"), 1, "mk-323-1")
    state = R.apply(state, 0, {"type": "stuck"}, random.Random(0))
    assert R.legal_moves(state, 0) == [] and choose(state, 0, random.Random(0)) == {"type": "stuck"}
    state = R.apply(state, 1, {"type": "move", "card": "mk-323-1", "to": "foundation:new"}, random.Random(0))
    assert choose(state, 0, random.Random(0)) == {"type": "move", "card": "mt-323-2", "to": "foundation:0"}


def test_between_hands_the_computer_player_is_ready_and_the_table_deals() -> None:
    state = on_store_top(begun(R.setup(2, {}, random.Random(4))), 0, "mt-58-1")
    state["seats"][0]["search"] += state["seats"][0]["store"][:-1]
    state["seats"][0]["store"] = ["mt-58-1"]
    state = R.apply(state, 0, {"type": "move", "card": "mt-58-1", "to": "foundation:new"}, random.Random(0))
    assert state["phase"] == "between"
    assert choose(state, 1, random.Random(0)) == {"type": "ready"}
    assert choose(state, None, random.Random(0)) == {"type": "next_hand"}


def test_the_platform_helper_takes_the_computer_players_move() -> None:
    state = R.setup(3, {}, random.Random(8))
    rng = random.Random(1)
    for number in range(200):
        awaited = [seat for seat in R.to_act(state) if R.legal_moves(state, seat)]
        seat = awaited[number % len(awaited)] if state["phase"] != "between" and awaited else None
        move = choose_move(R, choose, state, seat, rng)
        state = R.apply(state, seat, move, random.Random(number))


def test_speeds_are_seconds_between_moves_with_a_little_jitter() -> None:
    assert list(SPEEDS) == ["slow", "steady", "fast"] and DEFAULT_SPEED in SPEEDS
    assert SPEEDS["slow"] > SPEEDS["steady"] > SPEEDS["fast"] > 0
    for speed, seconds in SPEEDS.items():
        waits = [pause(speed, random.Random(n)) for n in range(50)]
        assert all(seconds * (1 - JITTER) <= wait <= seconds * (1 + JITTER) for wait in waits)
    assert pause("warp", random.Random(0)) == pause(DEFAULT_SPEED, random.Random(0))
    assert pause("fast", random.Random(3)) == pause("fast", random.Random(3))
