"""Random legal Building Roman Roads games: they end, keep every card in one place, replay
exactly, never touch their input, and show nobody another seat's hand or the pile order."""

from __future__ import annotations

import json
import random
import re

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from games.decks import cards
from games.roads.engine import ROADS
from games.roads.tests.helpers import all_cards
from tests.hypothesis_profiles import examples

GAME_SETTINGS = settings(max_examples=examples(12), suppress_health_check=[HealthCheck.too_slow])
MAX_STEPS = 20_000  # far above any game (a few hundred moves); a runaway game fails the test
CARD_ID = re.compile(r"[a-z]{2}-[0-9]{2,4}-[1-8]")


def pick(state: dict, seat: int, chooser: random.Random, shuffle_roads: float) -> dict:
    """A random legal move; ``shuffle_roads`` is how readily road moves are chosen."""
    legal = ROADS.legal_moves(state, seat)
    others = [m for m in legal if m["type"] != "move"]
    if others and chooser.random() > shuffle_roads:
        return chooser.choice(others)
    return chooser.choice(legal)


def play(seed: int, players: int, shuffle_roads: float, check=None) -> tuple[dict, list]:
    rng = random.Random(seed)
    state = ROADS.setup(players, {}, rng)
    chooser = random.Random(f"choose:{seed}")
    log = []
    for _ in range(MAX_STEPS):
        if ROADS.is_over(state):
            break
        (seat,) = ROADS.to_act(state)
        acting = None if chooser.random() < 0.1 else seat  # now and then the system acts for the seat
        move = pick(state, seat, chooser, shuffle_roads)
        after = ROADS.apply(state, acting, move, rng)
        if check:
            check(state, after, seat, move)
        log.append((acting, move))
        state = after
    return state, log


def replay(seed: int, players: int, log: list) -> dict:
    rng = random.Random(seed)
    state = ROADS.setup(players, {}, rng)
    for seat, move in log:
        state = ROADS.apply(state, seat, move, rng)
    return state


def hidden_from(state: dict, seat: int | None) -> list[str]:
    """The pile, and the other hands until the game is over (then every hand is public)."""
    if ROADS.is_over(state):
        return list(state["pile"])
    mine = state["hands"][seat] if seat is not None else []
    return [card for hand in state["hands"] for card in hand if card not in mine] + state["pile"]


def checks(before: dict, after: dict, seat: int, move: dict) -> None:
    frozen = json.dumps(before, sort_keys=True)
    # Every card of the decks in play is in exactly one place.
    assert sorted(all_cards(after)) == sorted(cards(after["decks"]))
    # Roads are runs of one suit going up by one; complete ones have been removed.
    for road in after["spaces"].values():
        ranks = [int(card.rsplit("-", 1)[1]) for card in road]
        assert ranks == list(range(ranks[0], ranks[0] + len(ranks))) if road else True
        assert len({card.split("-")[1] for card in road}) <= 1 and len(road) < 8
    assert after == json.loads(json.dumps(after))
    # Views: JSON, and no other seat's card nor any pile card anywhere in them. One viewer a
    # step, in turn: each seat and the spectator, whoever is to act.
    viewers = [None, *range(after["players"])]
    viewer = viewers[sum(map(len, after["hands"])) % len(viewers)]
    shown = set(CARD_ID.findall(json.dumps(ROADS.view(after, viewer))))
    assert not shown & set(hidden_from(after, viewer))
    line = ROADS.describe(before, after, seat, move)
    assert line.startswith("{player} ")
    if move["type"] == "draw":
        assert "Romans" not in line  # a drawn card is never named
    assert json.dumps(before, sort_keys=True) == frozen  # apply, view and describe left the input alone
    if not ROADS.is_over(after):
        assert ROADS.to_act(after) == [after["turn"]] and ROADS.legal_moves(after, after["turn"])


@GAME_SETTINGS
@given(seed=st.integers(0, 10**6), players=st.integers(2, 6), shuffle_roads=st.sampled_from([0.0, 0.3, 1.0]))
def test_random_legal_games_end_and_keep_every_card_in_one_place(seed, players, shuffle_roads):
    state, log = play(seed, players, shuffle_roads, checks)
    assert ROADS.is_over(state) and ROADS.to_act(state) == []
    assert state["winners"] and sum(ROADS.scores(state)) == len(state["winners"])
    if state["end_reason"] == "out":
        assert [len(state["hands"][w]) for w in state["winners"]] == [0]
    else:
        assert state["pile"] == [] and state["end_reason"] == "blocked"
        fewest = min(len(hand) for hand in state["hands"])
        assert state["winners"] == [s for s, hand in enumerate(state["hands"]) if len(hand) == fewest]


@settings(max_examples=examples(25), deadline=None)
@given(seed=st.integers(0, 10**6), players=st.integers(2, 6), shuffle_roads=st.sampled_from([0.0, 1.0]))
def test_a_game_replays_exactly_from_its_seed_and_moves(seed, players, shuffle_roads):
    state, log = play(seed, players, shuffle_roads)
    assert replay(seed, players, log) == state


def test_bigger_tables_end_too():
    # One fixed sweep, so every table size is always covered whatever hypothesis draws.
    for players in range(2, 7):
        for seed in range(3):
            state, _ = play(seed, players, 1.0)
            assert ROADS.is_over(state)
