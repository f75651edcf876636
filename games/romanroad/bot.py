"""The Roman Road computer player. Pure Python; it reads the game only through its engine.

``choose(state, seat, rng)`` returns one legal move. Everyone plays at once, so
the web layer asks a computer player for a move, waits ``pause(speed, rng)``
seconds (``SPEEDS``: slow, steady, fast) and asks again; the pause is what makes
a computer player slow or fast, the choice itself is the same.

The strategy, first that applies:

1. between hands: ready (the table's seat ``None``: deal);
2. a card to a Foundation: the Store top first, then the Search pile top, then
   a Work top (a 1 starts a new Foundation);
3. the Store top onto a Work pile (an empty one too);
4. a whole Work pile onto another (it empties, so the Store top fills it), or a
   stack whose move uncovers a card that goes to a Foundation;
5. the Search pile top onto a Work pile;
6. flip, until the whole Search deck has been seen once since the last card was
   played (``flips`` in the state);
7. declare stuck.

Every move of 2 to 5 plays a card for good (steps 4 then lead to 2 or 3), so a
table of computer players always comes to the stuck rule, and a hand ends by an
Amen or by the blocked-hand rule.
"""

from __future__ import annotations

import math
import random

from games.contract.protocol import Move, State
from games.romanroad.engine import FLIP, ROMANROAD, foundation_targets, tops, work_targets

SPEEDS = {"slow": 4.0, "steady": 2.0, "fast": 1.0}  # seconds between two moves of one computer player
DEFAULT_SPEED = "steady"
JITTER = 0.25  # each pause is the speed's seconds, give or take a quarter


def pause(speed: str, rng: random.Random) -> float:
    """Seconds to wait before the next move of a computer player at ``speed``."""
    base = SPEEDS.get(speed, SPEEDS[DEFAULT_SPEED])
    return round(base * rng.uniform(1 - JITTER, 1 + JITTER), 3)


def _search_cycle(me: dict) -> int:
    """Flips that show every card of the Search deck once, from wherever the deck stands."""
    return math.ceil((len(me["search"]) + len(me["pile"])) / FLIP) + 1


def _foundation_play(state: State, me: dict, rng: random.Random) -> Move | None:
    order = {"store": 0, "search": 1}
    for card, _source in sorted(tops(me), key=lambda item: order.get(item[1], 2)):
        targets = foundation_targets(state, card)
        if targets:
            return {"type": "move", "card": card, "to": rng.choice(targets)}
    return None


def _store_to_work(me: dict) -> Move | None:
    if not me["store"]:
        return None
    card = me["store"][-1]
    targets = work_targets(me, card, "store")
    if not targets:
        return None
    filled = [target for target in targets if me["work"][int(target[-1])]]
    return {"type": "move", "card": card, "to": (filled or targets)[0]}


def _stack_move(state: State, me: dict) -> Move | None:
    for number, pile in enumerate(me["work"]):
        for depth, card in enumerate(pile):
            targets = work_targets(me, card, f"work:{number}")
            if not targets:
                continue
            uncovers = depth > 0 and bool(foundation_targets(state, pile[depth - 1]))
            if depth == 0 or uncovers:
                return {"type": "move", "card": card, "to": targets[0]}
    return None


def _search_to_work(me: dict) -> Move | None:
    if not me["pile"]:
        return None
    card = me["pile"][-1]
    targets = work_targets(me, card, "search")
    return {"type": "move", "card": card, "to": targets[0]} if targets else None


def choose(state: State, seat: int | None, rng: random.Random) -> Move:
    """The computer player's move for ``seat`` (the table's for ``None``)."""
    legal = ROMANROAD.legal_moves(state, seat)
    if not legal:
        return ROMANROAD.default_move(state, seat)
    if state["phase"] != "hand" or seat is None:
        return legal[0]
    me = state["seats"][seat]
    move = _foundation_play(state, me, rng)
    if move is None and not me["stuck"]:
        move = _store_to_work(me) or _stack_move(state, me) or _search_to_work(me)
        if move is None and (me["search"] or me["pile"]) and me["flips"] < _search_cycle(me):
            move = {"type": "flip"}
    return move or ROMANROAD.default_move(state, seat)
