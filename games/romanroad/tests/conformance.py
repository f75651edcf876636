"""What the conformance suite (tests/conformance/) needs of Roman Road: its tables, how its random
players play all at once (now and then a seat goes away or comes back, or plays while stuck), what
it hides (every Search deck and every Store below its top card, its owner's included) and the
invariants of its rules every step of a random game keeps: no card lost or doubled, the score
sheet adding up."""

from __future__ import annotations

import random

from hypothesis import strategies as st

from games.decks import cards, parse
from games.romanroad.engine import LAST_HAND, ROMANROAD
from tests.conformance.profile import Profile

R = ROMANROAD
HAND_LIMIT = 3_000  # random play ends a hand in about 120 moves; a hand that needs more is stuck for good
OPTIONS = st.fixed_dictionaries(
    {"amen_bonus": st.booleans(), "negative": st.booleans(), "target": st.sampled_from([5, 10, 20])}
)


def movers(state: dict) -> list[int]:
    """The awaited seats with a move to make now (a seat ready before Begin is awaited with none)."""
    return [seat for seat in R.to_act(state) if R.legal_moves(state, seat)]


def choose(engine, state: dict, players: int, rng: random.Random) -> tuple[int | None, dict]:
    """A random legal move: mostly from a seat that is awaited, now and then from a stuck seat
    that may still play to a Foundation; between hands the table deals or a seat is ready."""
    if state["phase"] == "between":
        waiting = R.to_act(state)
        seat = None if rng.random() < 0.3 or not waiting else rng.choice(waiting)
    elif state["phase"] == "deal":  # each seat says it is ready, then the table says Begin
        waiting = movers(state)
        seat = rng.choice(waiting) if waiting else None
    else:
        if rng.random() < 0.02:  # now and then the table marks a seat away, or it comes back
            seat = rng.randrange(state["players"])
            return seat, {"type": "back" if state["away"][seat] else "away"}
        awaited = R.to_act(state)
        others = [
            seat for seat in range(state["players"]) if seat not in awaited and R.legal_moves(state, seat)
        ]
        if not awaited:
            seat = rng.choice(others)
        else:
            seat = rng.choice(others) if others and rng.random() < 0.2 else rng.choice(awaited)
    return seat, rng.choice(R.legal_moves(state, seat))


def redraw(state: dict, viewer: int | None, rng: random.Random) -> dict:
    """Each seat's face-down cards (its Search deck and its Store below the top card) dealt again."""
    seats = []
    for me in state["seats"]:
        down = len(me["search"])
        pool = rng.sample(me["search"] + me["store"][:-1], down + len(me["store"][:-1]))
        seats.append({**me, "search": pool[:down], "store": pool[down:] + me["store"][-1:]})
    return {**state, "seats": seats}


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


def check_step(before: dict, after: dict, seat: int | None, move: dict) -> None:
    conserved(after)


def check_end(state: dict) -> None:
    players, target = state["players"], state["options"]["target"]
    assert any(total >= target for total in state["totals"]) or state["hand"] == LAST_HAND
    assert state["phase"] != "hand"
    sheet = state["sheet"]
    assert [row["hand"] for row in sheet] == list(range(1, state["hand"] + 1))
    assert (
        R.scores(state)
        == sheet[-1]["totals"]
        == [sum(row["scores"][s] for row in sheet) for s in range(players)]
    )
    for row in sheet:
        assert row["amen"] is None or row["store"][row["amen"]] == 0
        assert all(state["options"]["negative"] or score >= 0 for score in row["scores"])


PROFILE = Profile(
    tables=lambda engine: st.tuples(st.integers(2, 4), OPTIONS),
    bound=lambda players: LAST_HAND * HAND_LIMIT,
    choose=choose,
    redraw=redraw,
    check_step=check_step,
    check_end=check_end,
    playthrough=lambda engine: (2, {"target": 5}),
    games=10,
)
