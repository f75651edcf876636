"""Random legal Romi Rami games for 2-4 players: they end, keep every card in one place,
score as the rules add up, replay exactly, never leak a hidden card, and accept only
the moves they list."""

from __future__ import annotations

import copy
import json
import random

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from games.contract.protocol import IllegalMove
from games.romirami.engine import (
    ROMIRAMI,
    contract,
    edition,
    end_contracts,
    suit_name,
)
from games.romirami.tests.helpers import ALL_CARDS, every_card, every_contract
from tests.hypothesis_profiles import examples

GAME_SETTINGS = settings(max_examples=examples(12), suppress_health_check=[HealthCheck.too_slow])
SUIT_NAMES = [suit_name(s["id"]) for s in edition()["suits"]]


def setup_rng(seed: int) -> random.Random:
    return random.Random(f"{seed}:setup")


def move_rng(seed: int, number: int) -> random.Random:
    return random.Random(f"{seed}:{number}")


def play(seed: int, players: int, checks=()) -> tuple[dict, list]:
    """A whole game of random legal moves (sometimes made by the system, seat None)."""
    state = ROMIRAMI.setup(players, {}, setup_rng(seed))
    chooser = random.Random(seed)
    log: list[tuple[int | None, dict]] = []
    while not ROMIRAMI.is_over(state):
        (seat,) = ROMIRAMI.to_act(state)
        acting = None if chooser.random() < 0.1 else seat
        move = chooser.choice(ROMIRAMI.legal_moves(state, acting))
        before = copy.deepcopy(state)
        after = ROMIRAMI.apply(state, acting, move, move_rng(seed, len(log)))
        assert state == before, "apply changed its input"
        log.append((acting, move))
        for check in checks:
            check(state, after, seat, move, chooser)
        state = after
        assert len(log) < 5_000, "the game did not end"
    return state, log


def conserved(before: dict, after: dict, seat: int, move: dict, chooser) -> None:
    assert every_card(after) == ALL_CARDS
    assert len(every_contract(after)) == 36 and len(set(every_contract(after))) == 36
    assert all(len(hand) <= 10 for s, hand in enumerate(after["hands"]) if s != after["turn"])
    assert json.loads(json.dumps(after)) == after  # JSON-able, nothing but lists, dicts, str, int, bool, None


def _card_ids(view) -> set[int]:
    found = set()
    if isinstance(view, dict):
        if {"id", "suit", "number"} <= set(view):
            found.add(view["id"])
        for value in view.values():
            found |= _card_ids(value)
    elif isinstance(view, list):
        for value in view:
            found |= _card_ids(value)
    return found


def hidden(before: dict, after: dict, seat: int, move: dict, chooser) -> None:
    over = ROMIRAMI.is_over(after)
    for viewer in [None, *range(after["players"])]:
        view = ROMIRAMI.view(after, viewer)
        text = json.dumps(view)
        own = set(after["hands"][viewer]) if viewer is not None else set()
        assert _card_ids(view) <= own | set(after["market"])
        assert not {"deck", "discard", "hands"} & set(view) and isinstance(view["contract_deck"], int)
        if len(after["deck"]) >= 6:
            assert json.dumps(after["deck"][-6:])[1:-1] not in text
        for row in view["table"]:
            if not over and row["seat"] != viewer:
                assert row["bonus"] is None and row["score"] is None
        if viewer is not None and not over:
            assert view["bonus"] == len(after["bonus"][viewer])
    text = ROMIRAMI.describe(before, after, seat, move)
    if move["type"] in ("end_turn", "discard"):  # cards drawn or discarded are never named
        assert not any(name in text for name in SUIT_NAMES), text
    if move["type"] == "complete":  # the numbers played, never their suits
        assert text.count("(") == 1 and not any(name in text.split(")")[1] for name in SUIT_NAMES), text


def only_listed(before: dict, after: dict, seat: int, move: dict, chooser) -> None:
    """Near misses of the chosen move are refused unless legal_moves lists them too."""
    legal = ROMIRAMI.legal_moves(before, seat)
    near = copy.deepcopy(move)
    if move["type"] == "complete":
        numbers = near["numbers"]
        choice = chooser.randrange(3)
        if choice == 0 and numbers:
            numbers.pop(chooser.randrange(len(numbers)))
        elif choice == 1:
            numbers.append(chooser.randint(1, 5))
        else:
            near["star"] = not near["star"]
    elif move["type"] == "take":
        near["cards"] = [*near["cards"], chooser.choice(ALL_CARDS)]
    elif move["type"] == "discard":
        near["card"] = chooser.choice(ALL_CARDS)
    else:
        near = {"type": "discard", "card": chooser.choice(ALL_CARDS)}
    try:
        ROMIRAMI.apply(before, seat, near, random.Random(0))
    except IllegalMove:
        return
    if near["type"] == "complete":
        near["numbers"] = sorted(near["numbers"])
    assert near in legal or (
        near["type"] == "take" and any(sorted(m.get("cards", [])) == sorted(near["cards"]) for m in legal)
    ), near


def recount(state: dict) -> list[int]:
    """The final scores from the rules, without the engine's scoring code."""
    players = state["players"]
    totals = [
        sum(contract(c)["points"] for c in state["contracts"][s])
        + len(state["bonus"][s])
        + (0 if state["star_used"][s] else 1)
        for s in range(players)
    ]
    for tile, side in zip(edition()["trophies"], state["trophies"], strict=True):
        face = tile[side]
        if side == "suit":
            counts = [sum(contract(c)["suit"] == face["suit"] for c in held) for held in state["contracts"]]
        else:
            counts = [
                sum(contract(c)["parts"].count(face["icon"]) for c in held) for held in state["contracts"]
            ]
        best = max(counts)
        if best and counts.count(best) == 1:
            totals[counts.index(best)] += face["points"]
    return totals


@GAME_SETTINGS
@given(seed=st.integers(0, 10**6), players=st.integers(2, 4))
def test_random_games_end_and_keep_every_card_in_one_place(seed: int, players: int) -> None:
    state, _ = play(seed, players, checks=[conserved, only_listed])
    assert ROMIRAMI.is_over(state) and ROMIRAMI.to_act(state) == []
    assert state["turn"] == players - 1  # always at the end of a round
    if state["end_reason"] == "contracts":
        assert max(len(held) for held in state["contracts"]) >= end_contracts(players)


@GAME_SETTINGS
@given(seed=st.integers(0, 10**6), players=st.integers(2, 4))
def test_scores_recompute_and_places_follow_them(seed: int, players: int) -> None:
    state, _ = play(seed, players)
    scores = ROMIRAMI.scores(state)
    assert scores == recount(state)
    keys = [(score, len(pile)) for score, pile in zip(scores, state["bonus"], strict=True)]
    assert ROMIRAMI.places(state) == [1 + sum(k > mine for k in keys) for mine in keys]
    view = ROMIRAMI.view(state, None)
    assert view["scores"] == scores and view["places"] == ROMIRAMI.places(state)


@GAME_SETTINGS
@given(seed=st.integers(0, 10**6), players=st.integers(2, 4))
def test_a_game_replays_from_its_seed_and_moves(seed: int, players: int) -> None:
    final, log = play(seed, players)
    state = ROMIRAMI.setup(players, {}, setup_rng(seed))
    for number, (seat, move) in enumerate(log):
        state = ROMIRAMI.apply(state, seat, move, move_rng(seed, number))
    assert state == final


@settings(max_examples=examples(6), suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 10**6), players=st.integers(2, 4))
def test_views_and_log_lines_never_show_a_hidden_card(seed: int, players: int) -> None:
    play(seed, players, checks=[hidden])
