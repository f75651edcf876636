"""Random legal Roman Road tables: every hand ends, no card is ever lost or doubled, a game
replays exactly from its seed and moves, ``apply`` never touches its input, views never show a
Search deck, late moves are refused as too late, and junk is refused with ``IllegalMove``.

Pure: runs without Django (``pytest -p no:django --noconftest``).
"""

from __future__ import annotations

import json
import random

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from games.contract.protocol import IllegalMove
from games.decks import cards, parse
from games.romanroad.engine import LAST_HAND, ROMANROAD
from tests.hypothesis_profiles import examples

R = ROMANROAD
HAND_LIMIT = 3_000  # random play ends a hand in about 120 moves; a hand that needs more is stuck for good
MAX_HANDS = 6  # random play rarely reaches a target: a game is cut after this many hands
GAMES = settings(max_examples=examples(20), deadline=None, suppress_health_check=[HealthCheck.too_slow])


def setup_rng(seed: int) -> random.Random:
    return random.Random(f"{seed}:setup")


def move_rng(seed: int, number: int) -> random.Random:
    return random.Random(f"{seed}:{number}")


def movers(state: dict) -> list[int]:
    """The awaited seats with a move to make now (a seat ready before Begin is awaited with none)."""
    return [seat for seat in R.to_act(state) if R.legal_moves(state, seat)]


def pick(state: dict, chooser: random.Random) -> tuple[int | None, dict]:
    """A random legal move: mostly from a seat that is awaited, now and then from a stuck seat
    that may still play to a Foundation; between hands the table deals or a seat is ready."""
    if state["phase"] == "between":
        waiting = R.to_act(state)
        seat = None if chooser.random() < 0.3 or not waiting else chooser.choice(waiting)
    elif state["phase"] == "deal":  # each seat says it is ready, then the table says Begin
        waiting = movers(state)
        seat = chooser.choice(waiting) if waiting else None
    else:
        if chooser.random() < 0.02:  # now and then the table marks a seat away, or it comes back
            seat = chooser.randrange(state["players"])
            return seat, {"type": "back" if state["away"][seat] else "away"}
        awaited = R.to_act(state)
        others = [
            seat for seat in range(state["players"]) if seat not in awaited and R.legal_moves(state, seat)
        ]
        if not awaited:
            seat = chooser.choice(others)
        else:
            seat = chooser.choice(others) if others and chooser.random() < 0.2 else chooser.choice(awaited)
    return seat, chooser.choice(R.legal_moves(state, seat))


def begun(state: dict) -> dict:
    """Every seat ready for the hand just dealt, and the table says Begin."""
    for seat in range(state["players"]):
        state = R.apply(state, seat, {"type": "ready"}, random.Random(0))
    return R.apply(state, None, {"type": "begin"}, random.Random(0))


def conserved(state: dict) -> None:
    """All 32 cards of each deck in exactly one place."""
    found = {deck: [] for deck in state["decks"]}
    for seat, me in enumerate(state["seats"]):
        for card in me["store"] + me["search"] + me["pile"] + [c for pile in me["work"] for c in pile]:
            assert parse(card)[0] == state["decks"][seat]
            found[parse(card)[0]].append(card)
    for pile in state["foundations"] + state["set_aside"]:
        ranks = [parse(card)[2] for card in pile["cards"]]
        assert ranks == list(range(1, len(ranks) + 1))
        assert {parse(card)[1] for card in pile["cards"]} == {pile["suit"]}
        for card in pile["cards"]:
            found[parse(card)[0]].append(card)
    for deck, held in found.items():
        assert sorted(held) == sorted(cards(deck))
    assert all(len(pile["cards"]) < 8 for pile in state["foundations"])
    assert all(len(pile["cards"]) == 8 for pile in state["set_aside"])


def play(seed: int, players: int, options: dict, check=None) -> tuple[dict, list]:
    """A game of random legal moves, to its end or to the end of hand ``MAX_HANDS``."""
    chooser = random.Random(seed)
    state = R.setup(players, options, setup_rng(seed))
    log: list[tuple[int | None, dict]] = []
    in_hand = 0
    while not R.is_over(state) and len(state["sheet"]) < MAX_HANDS:
        seat, move = pick(state, chooser)
        before = state
        state = R.apply(state, seat, move, move_rng(seed, len(log)))
        log.append((seat, move))
        in_hand = in_hand + 1 if state["phase"] == "hand" else 0
        assert in_hand < HAND_LIMIT, "a hand did not end"
        if check:
            check(before, state, seat, move)
    return state, log


def replay(seed: int, players: int, options: dict, log: list) -> dict:
    state = R.setup(players, options, setup_rng(seed))
    for number, (seat, move) in enumerate(log):
        state = R.apply(state, seat, move, move_rng(seed, number))
    return state


@GAMES
@given(
    seed=st.integers(min_value=0, max_value=10**6),
    players=st.integers(min_value=2, max_value=4),
    amen_bonus=st.booleans(),
    negative=st.booleans(),
    target=st.sampled_from([5, 10, 20]),
)
def test_random_games_end_every_hand_conserve_cards_and_replay(seed, players, amen_bonus, negative, target):
    options = {"amen_bonus": amen_bonus, "negative": negative, "target": target}

    def check(before, after, seat, move):
        conserved(after)
        assert isinstance(R.describe(before, after, seat, move), str)

    state, log = play(seed, players, options, check)
    reached = any(total >= target for total in state["totals"]) or state["hand"] == LAST_HAND
    assert R.is_over(state) == reached and state["phase"] != "hand"
    here = [seat for seat in range(players) if not state["away"][seat]]  # nobody waits for the away
    assert R.to_act(state) == ([] if reached else here)
    sheet = state["sheet"]
    assert [row["hand"] for row in sheet] == list(range(1, state["hand"] + 1))
    assert (
        R.scores(state)
        == sheet[-1]["totals"]
        == [sum(row["scores"][s] for row in sheet) for s in range(players)]
    )
    for row in sheet:
        assert row["amen"] is None or row["store"][row["amen"]] == 0
        assert all(negative or score >= 0 for score in row["scores"])
    assert replay(seed, players, options, log) == state
    json.dumps(state)


def search_cards(state: dict) -> set[str]:
    return {card for me in state["seats"] for card in me["search"]}


def hides_search_decks(state: dict, chooser: random.Random) -> None:
    """No view holds a Search deck's card; no view changes when the decks are reordered."""
    hidden = search_cards(state)
    shuffled = json.loads(json.dumps(state))
    for me in shuffled["seats"]:
        chooser.shuffle(me["search"])
    for seat in [None, *range(state["players"])]:
        view = R.view(state, seat)
        text = json.dumps(view)
        assert not [card for card in hidden if f'"{card}"' in text]
        assert R.view(shuffled, seat) == view


@settings(max_examples=examples(20), deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    seed=st.integers(min_value=0, max_value=10**6),
    players=st.integers(min_value=2, max_value=4),
    steps=st.integers(min_value=1, max_value=400),
)
def test_apply_never_touches_its_input_and_views_hide_every_search_deck(seed, players, steps):
    chooser = random.Random(seed)
    state = R.setup(players, {}, setup_rng(seed))
    for number in range(steps):
        if R.is_over(state):
            break
        seat, move = pick(state, chooser)
        snapshot = json.dumps(state, sort_keys=True)
        after = R.apply(state, seat, move, move_rng(seed, number))
        assert json.dumps(state, sort_keys=True) == snapshot
        if number % 5 == 0:
            hides_search_decks(after, chooser)
        state = after
    hides_search_decks(state, chooser)


def to_foundations(moves: list[dict]) -> list[dict]:
    return [move for move in moves if move["type"] == "move" and move["to"].startswith("foundation:")]


@settings(max_examples=examples(80), deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    seed=st.integers(min_value=0, max_value=10**6),
    players=st.integers(min_value=2, max_value=4),
    warmup=st.integers(min_value=0, max_value=150),
    between=st.integers(min_value=1, max_value=30),
)
def test_a_move_overtaken_by_others_is_refused_as_too_late_or_still_fits(seed, players, warmup, between):
    """A seat's legal move, sent while others keep playing: it applies, or it is refused and,
    when others took its Foundation place or ended the hand, the reason says "Too late"."""
    chooser = random.Random(seed)
    state = begun(R.setup(players, {}, setup_rng(seed)))
    for number in range(warmup):
        if state["phase"] != "hand":
            break
        seat, move = pick(state, chooser)
        state = R.apply(state, seat, move, move_rng(seed, number))
    if state["phase"] != "hand":
        return
    sender = chooser.randrange(players)
    sent = R.legal_moves(state, sender)
    if not sent:
        return
    late = chooser.choice(to_foundations(sent) or sent)
    for number in range(between):
        if state["phase"] != "hand":
            break
        others = [s for s in range(players) if s != sender and R.legal_moves(state, s)]
        if not others:
            break
        seat = chooser.choice(others)
        legal = R.legal_moves(state, seat)
        move = chooser.choice(
            to_foundations(legal) if chooser.random() < 0.7 and to_foundations(legal) else legal
        )
        state = R.apply(state, seat, move, move_rng(seed, number))
    try:
        R.apply(state, sender, late, random.Random(0))
    except IllegalMove as refusal:
        reason = refusal.reason
        if state["phase"] != "hand":
            assert reason == "Too late \u2014 the hand is over."
        elif (
            late["type"] == "move" and late["to"].startswith("foundation:") and late["to"] != "foundation:new"
        ):
            assert reason.startswith("Too late \u2014 the ") and "is already there" in reason
        else:  # the sender's own piles change only by its own moves: only its Foundation place goes
            raise AssertionError(f"{late} refused: {reason}") from refusal


KEYS = ("type", "card", "to", "hand", "x")
WORDS = (
    "move",
    "flip",
    "stuck",
    "ready",
    "next_hand",
    "begin",
    "away",
    "back",
    "foundation:new",
    "foundation:0",
    "foundation:1",
    "work:0",
    "work:2",
    "work:3",
    "mt-323-1",
    "mk-58-2",
    "lk-1013-8",
    "jn-623-4",
    "mt-58-9",
    "",
    "ü",
)
junk = st.recursive(
    st.none()
    | st.booleans()
    | st.integers(-3, 8)
    | st.integers(min_value=10**18)
    | st.floats(allow_nan=True, allow_infinity=True)
    | st.sampled_from(WORDS)
    | st.text(max_size=5),
    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=3), inner, max_size=3),
    max_leaves=6,
)


def states() -> list[dict]:
    found = []
    for seed, players, steps in ((1, 2, 0), (2, 3, 40), (3, 4, 120), (4, 2, 400)):
        chooser = random.Random(seed)
        state = R.setup(players, {}, setup_rng(seed))
        for number in range(steps):
            if R.is_over(state):
                break
            seat, move = pick(state, chooser)
            state = R.apply(state, seat, move, move_rng(seed, number))
        found.append(state)
    return found


STATES = states()


@settings(max_examples=examples(300), deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    st.sampled_from(range(len(STATES))),
    st.sampled_from([None, 0, 1, 2, 3, 99, -1, True, "0"]),
    st.dictionaries(st.sampled_from(KEYS), junk, max_size=4),
    st.data(),
)
def test_junk_is_refused_with_illegal_move_or_applied_and_described(which, seat, extra, data):
    state = STATES[which]
    legal = R.legal_moves(state, (movers(state) or [None])[0]) or [{"type": "flip"}]
    base = data.draw(st.sampled_from(legal))
    for move in ({**base, **extra}, extra, [extra], "flip", None):
        snapshot = json.dumps(state, sort_keys=True)
        try:
            after = R.apply(state, seat, move, random.Random(0))
        except IllegalMove as refusal:
            assert refusal.reason
        else:
            assert isinstance(R.describe(state, after, seat, move), str)
            conserved(after)
        assert json.dumps(state, sort_keys=True) == snapshot
