"""Computer players: always legal, games of bots end, and the poker bot plays well."""

from __future__ import annotations

import random
import statistics
import sys
import threading

import pytest

from games.contract.protocol import choose_move
from games.poker import bot
from games.poker.bot import choose, poker_move
from games.poker.engine import POKER

ALL_OPTIONS = [
    {"multi_roll": m, "cards_anytime": a, "physical_dice": p}
    for m in (False, True)
    for a in (False, True)
    for p in (False, True)
]


def play(kinds: list[str], seed: int, options: dict | None = None) -> dict:
    """A whole game; ``kinds`` per seat is "bot" or "random". Returns the final state."""
    state = POKER.setup(len(kinds), options or {}, random.Random(f"{seed}:setup"))
    chooser = random.Random(seed)
    number = 0
    while not POKER.is_over(state):
        (seat,) = POKER.to_act(state)
        legal = POKER.legal_moves(state, seat)
        if kinds[seat] == "bot":
            move = choose_move(POKER, choose, state, seat, chooser)
            assert move in legal
        else:
            move = chooser.choice(legal)
        state = POKER.apply(state, seat, move, random.Random(f"{seed}:{number}"))
        number += 1
        assert number < 5_000, "the game did not end"
    return state


def random_states(options: dict, games: int = 2):
    """States met in random games with these options."""
    for seed in range(games):
        chooser = random.Random(seed)
        state = POKER.setup(3, options, random.Random(0))
        number = 0
        while not POKER.is_over(state) and number < 150:
            yield state
            move = chooser.choice(POKER.legal_moves(state, state["turn"]))
            state = POKER.apply(state, None, move, random.Random(f"{seed}:{number}"))
            number += 1


@pytest.mark.parametrize(
    "options", ALL_OPTIONS, ids=lambda o: "-".join(k for k, v in o.items() if v) or "plain"
)
def test_the_poker_strategy_picks_a_legal_move_in_every_state(options: dict) -> None:
    rng = random.Random(1)
    for state in random_states(options):
        legal = POKER.legal_moves(state, state["turn"])
        assert poker_move(POKER, state, state["turn"], rng) in legal  # the strategy itself
        assert choose_move(POKER, choose, state, state["turn"], rng) in legal


@pytest.mark.parametrize("players", [2, 3, 4])
def test_games_of_bots_end(players: int) -> None:
    for seed in range(2):
        options = ALL_OPTIONS[(players + seed) % len(ALL_OPTIONS)]
        state = play(["bot"] * players, seed, options)
        assert POKER.is_over(state) and state["round"] <= 20


def test_the_bot_scores_clearly_more_than_random_play() -> None:
    bot, rand = [], []
    for seed in range(30):
        kinds = ["bot", "random"] if seed % 2 else ["random", "bot"]
        scores = POKER.scores(play(kinds, seed))
        bot.append(scores[kinds.index("bot")])
        rand.append(scores[kinds.index("random")])
    assert statistics.mean(bot) > statistics.mean(rand) + 60, (bot, rand)
    assert statistics.mean(bot) > 150


def test_the_bot_uses_its_duplicate_like_gaius() -> None:
    state = POKER.setup(3, {}, random.Random(0))
    state.update(turn=2, cards_at_start=6)
    state["columns"][2] = [19, 21, 23, 28, None, 33, None]
    state["dice"] = [{"face": f, "removed": False} for f in "XXXIII"]
    move = choose_move(POKER, choose, state, 2, random.Random(0))
    assert move == {"type": "stop", "value": 33, "row": 5, "card": "duplicate"}


def test_the_bot_stops_on_a_good_number_and_rolls_on_a_poor_one() -> None:
    state = POKER.setup(2, {}, random.Random(0))
    state["dice"] = [{"face": f, "removed": False} for f in "XXXVI"]  # 36 or 34
    move = choose_move(POKER, choose, state, 0, random.Random(0))
    assert move["type"] == "stop" and move["value"] in (34, 36) and move["row"] >= 6
    state["dice"] = [{"face": "I", "removed": False}]
    assert choose_move(POKER, choose, state, 0, random.Random(0)) == {"type": "roll"}


def test_the_models_caches_keep_their_size_forgetting_the_oldest_entry(monkeypatch):
    """A worker that plays for days: each cache of the column model holds at most ``CACHED``
    entries, the newest, and a value worked out again is the same."""
    monkeypatch.setattr(bot, "CACHED", 40)
    model = bot._ColumnModel(POKER.roman_values)
    columns = [(value, None, None, None, None, None, None) for value in range(1, 31)]
    asked = [(column, turns) for column in columns for turns in (1.0, 4.0, 9.0)]
    worths = [model.worth(column, turns) for column, turns in asked]  # 90 entries
    assert model.known_worth.cache_info().currsize == 40
    assert model.known_gap.cache_info().currsize <= 40
    hits = model.known_worth.cache_info().hits
    assert model.worth(*asked[-1]) == worths[-1]  # the newest is kept
    assert model.known_worth.cache_info().hits == hits + 1
    fresh = bot._ColumnModel(POKER.roman_values)
    assert [fresh.worth(column, turns) for column, turns in asked[:5]] == worths[:5]


def test_the_kept_searches_are_shared_by_threads_without_losing_one() -> None:
    """The worker's threads ask for searches at once; one thread forgetting a search another
    is about to read must not fail that thread's turn (as a plain dict of searches did)."""
    failures: list[BaseException] = []

    def ask(offset: int) -> None:
        try:
            for n in range(3_000):
                column = ((n + offset) % 97,)
                assert bot._search_for(POKER, column, 1.0).column == column
        except BaseException as error:  # noqa: BLE001 - any failure in a thread is the finding
            failures.append(error)

    interval = sys.getswitchinterval()
    sys.setswitchinterval(1e-6)  # switch threads as often as possible
    try:
        threads = [threading.Thread(target=ask, args=(k * 13,)) for k in range(6)]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join()
    finally:
        sys.setswitchinterval(interval)
    assert failures == []
