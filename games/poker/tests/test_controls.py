"""The Roman Poker board's controls: after a misthrow, a card offers only plays that could lift it,
each choice once; every legal card move is reached by an offered play or could not help."""

from __future__ import annotations

import random
from itertools import product

import pytest

from games.poker.engine import CARDS, MISTHROW, POKER
from games.poker.presenter import poker_controls, rescuable

EMPTY = [None] * 7


def state_with(faces: str, column=EMPTY, cards=CARDS, **options) -> dict:
    state = POKER.setup(2, options, random.Random(0))
    state["columns"][0] = list(column)
    state["cards"][0] = list(cards)
    state["dice"] = [{"face": f, "removed": False} for f in faces]
    return state


def controls(state: dict) -> dict:
    return poker_controls(POKER.view(state, 0))


def offered(c: dict) -> list[dict]:
    """Every move the controls can post (a subset play posts all its dice, the default)."""
    moves = []
    for card in c["hand"]:
        for play in card["plays"]:
            base = {"type": "card", "card": play["card"], **({"as": play["as"]} if play["as"] else {})}
            if play["kind"] == "subset":
                moves.append({**base, "dice": [i for i, _ in play["dice"]]})
            else:
                moves += [{**base, "die": choice["die"]} for choice in play["choices"]]
        for stop in card["stops"]:
            moves += [
                {"type": "stop", "value": stop["value"], "row": r, "card": card["card"]} for r in stop["rows"]
            ]
    return moves


def choices(c: dict) -> list[tuple]:
    """What a player picks between: (card, as, face) for single plays, (card, as) for the rest."""
    picks = []
    for card in c["hand"]:
        for play in card["plays"]:
            if play["kind"] == "subset":
                picks.append((play["card"], play["as"], "subset"))
            else:
                picks += [(play["card"], play["as"], choice["face"]) for choice in play["choices"]]
        picks += [(card["card"], "stop", stop["value"], r) for stop in card["stops"] for r in stop["rows"]]
    return picks


def outcome(state: dict, move: dict) -> tuple:
    """What a card move leaves: the sorted faces in play, or the row written."""
    if move["type"] == "stop":
        return ("stop", move["value"], move["row"])
    faces = [d["face"] for d in state["dice"]]
    removed = [d["removed"] for d in state["dice"]]
    action = move.get("as", move["card"])
    if action == "remove_one":
        removed[move["die"]] = True
        return ("faces", tuple(sorted(f for f, r in zip(faces, removed, strict=True) if not r)))
    chosen = move["dice"] if "dice" in move else [move["die"]]
    return (
        "reroll",
        tuple(sorted(faces[i] for i in chosen)),
        tuple(
            sorted(
                f for i, (f, r) in enumerate(zip(faces, removed, strict=True)) if not r and i not in chosen
            )
        ),
    )


def test_a_misthrow_with_all_six_cards_offers_each_choice_once():
    state = state_with("XVIV", column=[3, None, 12, None, None, 27, None])
    c = controls(state)
    picks = choices(c)
    assert len(picks) == len(set(picks))
    assert c["misthrow"] and c["can_pass"]
    reroll_one = next(card for card in c["hand"] if card["card"] == "reroll_one")
    # Rerolling the X or the I leaves two Vs: only the V is worth rerolling (one button, not two).
    assert [choice["face"] for choice in reroll_one["plays"][0]["choices"]] == ["V"]
    wild = next(card for card in c["hand"] if card["card"] == "wild")
    assert not wild["playable"]  # every card it could stand for is still in hand


def test_physical_dice_offer_each_die_once_not_once_per_face():
    state = state_with("IIII", physical_dice=True)
    c = controls(state)
    picks = choices(c)
    assert len(picks) == len(set(picks))
    remove = next(card for card in c["hand"] if card["card"] == "remove_one")
    assert [choice["face"] for choice in remove["plays"][0]["choices"]] == ["I"]


def test_a_wild_stands_only_for_used_cards():
    state = state_with("XVIV", cards=["reroll_i", "duplicate", "wild"])
    wild = next(card for card in controls(state)["hand"] if card["card"] == "wild")
    assert sorted(play["action"] for play in wild["plays"]) == ["remove_one", "reroll_one", "reroll_v"]


def test_hopeless_plays_are_not_offered():
    # V V with only Reroll I: no I to reroll, and rerolling nothing else is possible.
    state = state_with("VV", cards=["reroll_i", "remove_one"])
    c = controls(state)
    reroll_i = next(card for card in c["hand"] if card["card"] == "reroll_i")
    assert not reroll_i["playable"]
    remove = next(card for card in c["hand"] if card["card"] == "remove_one")
    assert [choice["face"] for choice in remove["plays"][0]["choices"]] == ["V"]


FACE_SETS = ["IIII", "VV", "XVV", "XXXXV", "IIIIV", "XXIIII", "VVI", "XXXXXX", "IVIV", "XXXIXV"]
COLUMNS = [
    EMPTY,
    [3, None, 12, None, None, 27, None],
    [1, 2, 3, 4, None, 6, 7],
    [None, 9, 10, None, 12, 13, 14],
]
HANDS = [CARDS, ("reroll_one", "wild"), ("duplicate",), ("wild",), ("remove_one", "reroll_v", "wild")]


def reachable(state: dict, c: dict, move: dict) -> bool:
    """Can the page post this move (a subset play's dice may be unticked; dice of one face are one)?"""
    faces = {d["index"]: d["face"] for d in POKER.view(state, 0)["dice"]}
    for card in c["hand"]:
        for play in card["plays"]:
            if play["card"] != move["card"] or play["as"] != move.get("as") or move["type"] != "card":
                continue
            if play["kind"] == "subset" and set(move["dice"]) <= {i for i, _ in play["dice"]}:
                return True
            if play["kind"] == "single" and faces[move["die"]] in {ch["face"] for ch in play["choices"]}:
                return True
        if move["type"] == "stop" and card["card"] == move["card"]:
            if any(s["value"] == move["value"] and move["row"] in s["rows"] for s in card["stops"]):
                return True
    return False


def outcomes_of(state: dict, move: dict) -> list[tuple]:
    """The faces in play after the move, for every way its rerolled dice may land."""
    count = (
        len(move["dice"]) if "dice" in move else (0 if move.get("as", move["card"]) == "remove_one" else 1)
    )
    results = []
    for faces in product("IVX", repeat=count):
        after = POKER.apply(state, 0, move, Scripted(faces))
        results.append(tuple(sorted(d["face"] for d in after["dice"] if not d["removed"])))
    return results


@pytest.mark.parametrize(("faces", "column", "cards"), list(product(FACE_SETS, COLUMNS, HANDS)))
def test_every_legal_card_play_is_reached_or_could_not_help(faces, column, cards):
    state = state_with(faces, column=column, cards=cards)
    view = POKER.view(state, 0)
    assert view["status"] == MISTHROW
    c = poker_controls(view)
    for move in offered(c):
        POKER.apply(state, 0, move, random.Random(1))  # every offered move is legal
    left, col = 6 - len(state["dice"]), tuple(column)
    card_moves = [m for m in view["legal"] if m["type"] == "card" or (m["type"] == "stop" and "card" in m)]
    lifting = [
        m
        for m in card_moves
        if m["type"] == "stop"
        or any(POKER.dice_status(list(o), left, col) != MISTHROW for o in outcomes_of(state, m))
    ]
    for move in card_moves:
        if reachable(state, c, move):
            continue
        stand_in = move["card"] == "wild" and (move.get("as") or "duplicate") in cards
        if stand_in:  # the card it stands for, still in hand, does the same: that play is offered
            plain = {k: v for k, v in move.items() if k != "as"} | {"card": move.get("as") or "duplicate"}
            assert reachable(state, c, plain) or plain not in card_moves or plain not in lifting, move
            continue
        held = list(cards)
        held.remove(move["card"])
        if lifting:
            assert move not in lifting, f"{move} ends the misthrow but is not offered"
        else:
            assert not any(rescuable(o, left, col, tuple(sorted(held))) for o in outcomes_of(state, move)), (
                move
            )


class Scripted:
    def __init__(self, faces) -> None:
        self.faces = list(faces)

    def choice(self, seq):
        return self.faces.pop(0)
