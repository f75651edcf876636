"""What the conformance suite (tests/conformance/) needs of Building Roman Roads: how its random
player leans between road moves and the rest, what it hides (the other hands until the end, the
pile's order) and the invariants of its rules every step of a random game keeps."""

from __future__ import annotations

import random

from games.decks import cards
from games.roads.engine import ROADS
from games.roads.tests.helpers import all_cards
from tests.conformance.profile import Profile, random_move


def choose(engine, state: dict, players: int, rng: random.Random) -> tuple[int | None, dict]:
    """A random legal move; half the time one that is not a road move, when there is one."""
    seat, move = random_move(engine, state, players, rng)
    others = [m for m in engine.legal_moves(state, seat) if m["type"] != "move"]
    if move["type"] == "move" and others and rng.random() < 0.5:
        move = rng.choice(others)
    return seat, move


def redraw(state: dict, viewer: int | None, rng: random.Random) -> dict:
    """The pile, and until the end every hand but the viewer's, dealt again from the same cards."""
    hidden = [seat for seat in range(state["players"]) if seat != viewer and not ROADS.is_over(state)]
    pool = list(state["pile"]) + [card for seat in hidden for card in state["hands"][seat]]
    rng.shuffle(pool)
    hands = [list(hand) for hand in state["hands"]]
    for seat in hidden:
        hands[seat], pool = pool[: len(hands[seat])], pool[len(hands[seat]) :]
    return {**state, "hands": hands, "pile": pool}


def check_step(before: dict, after: dict, seat: int | None, move: dict) -> None:
    # Every card of the decks in play is in exactly one place.
    assert sorted(all_cards(after)) == sorted(cards(after["decks"]))
    # Roads are runs of one suit going up by one; complete ones have been removed.
    for road in after["spaces"].values():
        ranks = [int(card.rsplit("-", 1)[1]) for card in road]
        assert ranks == list(range(ranks[0], ranks[0] + len(ranks))) if road else True
        assert len({card.split("-")[1] for card in road}) <= 1 and len(road) < 8
    line = ROADS.describe(before, after, seat, move)
    assert line.startswith("{player} ")
    if move["type"] == "draw":
        assert "Romans" not in line  # a drawn card is never named
    if not ROADS.is_over(after):
        assert ROADS.to_act(after) == [after["turn"]] and ROADS.legal_moves(after, after["turn"])


def check_end(state: dict) -> None:
    assert state["winners"] and sum(ROADS.scores(state)) == len(state["winners"])
    if state["end_reason"] == "out":
        assert [len(state["hands"][w]) for w in state["winners"]] == [0]
    else:
        assert state["pile"] == [] and state["end_reason"] == "blocked"
        fewest = min(len(hand) for hand in state["hands"])
        assert state["winners"] == [s for s, hand in enumerate(state["hands"]) if len(hand) == fewest]


PROFILE = Profile(
    bound=lambda players: 20_000,  # far above any game (a few hundred moves)
    choose=choose,
    redraw=redraw,
    check_step=check_step,
    check_end=check_end,
    listed=lambda move: move,
    games=12,
)
