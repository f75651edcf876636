"""What the conformance suite (tests/conformance/) needs of Romi Rami: what it hides (the other
hands and Suit Bonus piles until the end, the decks' order, the discard pile), how its moves read
against ``legal_moves`` (lists as sets), and the invariants of its rules every step of a random
game keeps: cards conserved, views and log lines that name no hidden card, scores as the rules add
them up."""

from __future__ import annotations

import copy
import json
import random
import re

from games.contract.protocol import IllegalMove
from games.romirami.engine import ROMIRAMI, contract, edition, end_contracts, suit_name
from games.romirami.tests.helpers import ALL_CARDS, every_card, every_contract
from tests.conformance.profile import Profile

SUIT_NAMES = [suit_name(s["id"]) for s in edition()["suits"]]


def listed(move: dict) -> dict:
    """A move as legal_moves lists it: the numbers of a completion and the cards of a take sorted."""
    move = dict(move)
    if move.get("type") == "complete" and isinstance(move.get("numbers"), list):
        move["numbers"] = sorted(move["numbers"])
    if move.get("type") == "take" and isinstance(move.get("cards"), list):
        move["cards"] = sorted(move["cards"])
    return move


def redraw(state: dict, viewer: int | None, rng: random.Random) -> dict:
    """The deck, the discard pile, the Contract deck and until the end every other seat's hand and
    Suit Bonus pile, dealt again from the same cards."""
    hidden = [s for s in range(state["players"]) if s != viewer and not ROMIRAMI.is_over(state)]
    piles = [("deck", None), ("discard", None)] + [(place, s) for s in hidden for place in ("hands", "bonus")]
    held = [state[place] if s is None else state[place][s] for place, s in piles]
    pool = [card for cards in held for card in cards]
    rng.shuffle(pool)
    again = {**state, "hands": list(state["hands"]), "bonus": list(state["bonus"])}
    again["contract_deck"] = rng.sample(state["contract_deck"], len(state["contract_deck"]))
    for (place, seat), cards in zip(piles, held, strict=True):
        dealt, pool = pool[: len(cards)], pool[len(cards) :]
        if seat is None:
            again[place] = dealt
        else:
            again[place][seat] = dealt
    return again


def conserved(after: dict) -> None:
    assert every_card(after) == ALL_CARDS
    assert len(every_contract(after)) == 36 and len(set(every_contract(after))) == 36
    assert all(len(hand) <= 10 for s, hand in enumerate(after["hands"]) if s != after["turn"])


def views_in_its_words(after: dict) -> None:
    """No view holds the decks or the hands; another seat's Suit Bonus and score are hidden until
    the end, a seat's own Suit Bonus is counted."""
    over = ROMIRAMI.is_over(after)
    for viewer in [None, *range(after["players"])]:
        view = ROMIRAMI.view(after, viewer)
        assert not {"deck", "discard", "hands"} & set(view) and isinstance(view["contract_deck"], int)
        for row in view["table"]:
            if not over and row["seat"] != viewer:
                assert row["bonus"] is None and row["score"] is None
        if viewer is not None and not over:
            assert view["bonus"] == len(after["bonus"][viewer])


def lines_name_no_hidden_card(before: dict, after: dict, seat: int | None, move: dict) -> None:
    text = ROMIRAMI.describe(before, after, seat, move)
    if move["type"] in ("end_turn", "discard"):  # cards drawn or discarded are never named
        assert not any(name in text for name in SUIT_NAMES), text
    if move["type"] == "complete":  # the numbers played, never their suits
        assert text.count("(") == 1 and not any(name in text.split(")")[1] for name in SUIT_NAMES), text


def only_listed(before: dict, seat: int | None, move: dict) -> None:
    """Near misses of the chosen move are refused unless legal_moves lists them too."""
    chooser = random.Random(json.dumps(move, sort_keys=True))
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
    assert listed(near) in [listed(m) for m in ROMIRAMI.legal_moves(before, seat)], near


def check_step(before: dict, after: dict, seat: int | None, move: dict) -> None:
    conserved(after)
    views_in_its_words(after)
    lines_name_no_hidden_card(before, after, seat, move)
    only_listed(before, seat, move)


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


def check_end(state: dict) -> None:
    assert state["turn"] == state["players"] - 1  # always at the end of a round
    if state["end_reason"] == "contracts":
        assert max(len(held) for held in state["contracts"]) >= end_contracts(state["players"])
    scores = ROMIRAMI.scores(state)
    assert scores == recount(state)
    keys = [(score, len(pile)) for score, pile in zip(scores, state["bonus"], strict=True)]
    assert ROMIRAMI.places(state) == [1 + sum(k > mine for k in keys) for mine in keys]
    view = ROMIRAMI.view(state, None)
    assert view["scores"] == scores and view["places"] == ROMIRAMI.places(state)


def own_in_table(html: str, seat: int) -> str:
    """The table's part without the seat's own Suit Bonus count in its row: its own view counts
    it, and its hand's section shows it."""
    return re.sub(rf'(data-seat="{seat}">(?:(?!</li>).)*?) · Suit Bonus \d+', r"\1", html, flags=re.S)


PROFILE = Profile(
    redraw=redraw,
    check_step=check_step,
    check_end=check_end,
    listed=listed,
    games=12,
    own_in_table=own_in_table,
)
