"""The Building Roman Roads computer player. Pure Python; it reads the game through its engine.

``choose(state, seat, rng)`` picks one legal move, in this order of preference:

1. a play or a road move that completes a road;
2. a card that builds on a road (the one that lets the most of the hand follow it);
3. a 1 into an empty corner;
4. a road moved whole onto another road, or a road starting with a 1 from a
   main space into a corner (both free a main space for a card of the hand);
5. a road split or part moved that lets a card of the hand build on a road;
6. a card into an empty main space (one the hand can build on, else a high one);
7. draw; 8. end the turn.

It never makes a road move that brings nothing. Every road move it makes
either removes cards from the board, lowers the number of roads or main
spaces in use, or is followed by a card from the hand, so a turn of the bot
cannot go round in circles (and the engine caps road moves between two cards).
"""

from __future__ import annotations

import random

from games.contract.protocol import Move, State
from games.decks import CARDS_PER_SUIT, parse
from games.roads.engine import CORNERS, DRAW, END, MAIN, ROADS, next_needed


def _part_completes(spaces: dict[str, list[str]], move: Move) -> bool:
    target = spaces[move["to"]]
    part = spaces[move["from"]][move["index"] :]
    return bool(target) and parse(target[0])[2] == 1 and len(target) + len(part) == CARDS_PER_SUIT


def _builds(spaces: dict[str, list[str]], hand: list[str]) -> int:
    """How many cards of the hand build on a road (not counting empty spaces)."""
    wanted = {next_needed(road) for road in spaces.values() if road}
    return sum(parse(card)[1:] in wanted for card in hand)


def _chain(card: str, hand: list[str]) -> int:
    """How many cards of the hand could follow ``card`` on its road, one after another."""
    _, suit, rank = parse(card)
    held = {parse(c)[1:] for c in hand}
    length = 0
    while (suit, rank + length + 1) in held:
        length += 1
    return length


def _after(spaces: dict[str, list[str]], move: Move) -> dict[str, list[str]]:
    new = {space: list(road) for space, road in spaces.items()}
    road = new[move["from"]]
    new[move["to"]] += road[move["index"] :]
    del road[move["index"] :]
    return new


def _pick(moves: list[Move], rng: random.Random, key=None) -> Move:
    """The best of ``moves`` by ``key`` (highest), ties broken by ``rng``."""
    if key is None:
        return rng.choice(moves)
    best = max(key(m) for m in moves)
    return rng.choice([m for m in moves if key(m) == best])


def choose(state: State, seat: int | None, rng: random.Random) -> Move:
    """A legal move for ``seat`` (``None``: the seat to act)."""
    legal = ROADS.legal_moves(state, seat)
    if not legal:
        return dict(END)
    if len(legal) == 1:
        return legal[0]
    seat = state["turn"]
    hand = state["hands"][seat]
    spaces = state["spaces"]
    plays = [m for m in legal if m["type"] == "play"]
    moves = [m for m in legal if m["type"] == "move"]

    completing = [m for m in plays if len(spaces[m["to"]]) == CARDS_PER_SUIT - 1]
    completing += [m for m in moves if _part_completes(spaces, m)]
    if completing:
        return _pick(completing, rng)

    building = [m for m in plays if spaces[m["to"]]]
    if building:
        return _pick(building, rng, key=lambda m: _chain(m["card"], hand))

    corners = [m for m in plays if m["to"] in CORNERS]
    if corners:
        return _pick(corners, rng)

    freeing = [
        m for m in moves if m["index"] == 0 and m["from"] in MAIN and (spaces[m["to"]] or m["to"] in CORNERS)
    ]
    if freeing:
        return _pick(freeing, rng)

    before = _builds(spaces, hand)
    opening = [m for m in moves if m["index"] > 0 and _builds(_after(spaces, m), hand) > before]
    if opening:
        return _pick(opening, rng, key=lambda m: _builds(_after(spaces, m), hand))

    if plays:  # only empty main spaces are left
        return _pick(
            plays, rng, key=lambda m: (_chain(m["card"], hand), parse(m["card"])[2] != 1, parse(m["card"])[2])
        )

    if DRAW in legal:
        return dict(DRAW)
    return dict(END) if END in legal else rng.choice(legal)
