"""What the Roman Poker board draws beyond the engine's view: the dice in the order that reads as
the numeral, what each row of a column may still take, the rows a placement would close, the
winner line, the log grouped by turn, and the controls (below). Pure functions of the view (and the
public log)."""

from __future__ import annotations

import re
from collections.abc import Sequence
from functools import lru_cache
from itertools import combinations_with_replacement

from games.poker.engine import (
    CARD_NAMES,
    CARDS,
    FACE_KINDS,
    MISTHROW,
    NUMERAL,
    ROWS,
    dice_status,
    duplicate_only_rows,
    roman_values,
    rows_for,
)

FACE_ORDER = {"X": 0, "V": 1, "I": 2}
VALUES = sorted(NUMERAL)  # every number six dice can form: 1..39 but 38


def reading_order(dice: list[dict], column: Sequence[int | None]) -> list[dict]:
    """The dice still in play, arranged to read as a numeral: the highest number that fits the
    column, else the highest number at all, else X before V before I (XXXX, waiting for its I)."""
    active = [d for d in dice if not d["removed"]]
    values = sorted(roman_values(d["face"] for d in active), reverse=True)
    fitting = [v for v in values if rows_for(column, v)]
    if not (fitting or values):
        return sorted(active, key=lambda d: (FACE_ORDER[d["face"]], d["index"]))
    numeral = NUMERAL[(fitting or values)[0]]
    pool = list(active)
    ordered = []
    for face in numeral:
        die = next(d for d in pool if d["face"] == face)
        pool.remove(die)
        ordered.append(die)
    return ordered


def _open_range(column: Sequence[int | None], index: int) -> list[int]:
    """The numbers row ``index`` (0-based) may still take without a Duplicate."""
    lower = next((v for v in reversed(column[:index]) if v is not None), 0)
    upper = next((v for v in column[index + 1 :] if v is not None), 40)
    return [v for v in VALUES if lower < v < upper]


def row_outlook(column: Sequence[int | None]) -> list[dict]:
    """Per row: its number if written, else the range it may still take, or closed."""
    rows = []
    for index, value in enumerate(column):
        if value is not None:
            rows.append({"value": value})
            continue
        fits = _open_range(column, index)
        rows.append(
            {
                "value": None,
                "closed": not fits,
                "low": fits[0] if fits else None,
                "high": fits[-1] if fits else None,
            }
        )
    return rows


def rows_closed_by(column: Sequence[int | None], value: int, row: int) -> list[int]:
    """The other open rows (1-based) that writing ``value`` in ``row`` leaves with no number."""
    after = list(column)
    after[row - 1] = value
    return [
        r + 1
        for r in range(ROWS)
        if r != row - 1 and column[r] is None and _open_range(column, r) and not _open_range(after, r)
    ]


def winners(totals: list[int], places: list[int] | None) -> list[int]:
    """The seats in first place once the game is over (the page names them)."""
    return [seat for seat, place in enumerate(places or []) if place == 1]


# How the engine words the end of a turn (``describe``): a stop or a pass.
TURN_END = re.compile(r" wrote \d+ in row \d+\.| misthrew and passed\.")


def turns(log: list[str], limit: int) -> list[list[str]]:
    """The log lines (latest first, as the page gets them) grouped by turn, latest turn first; each
    turn's lines read in order. A turn ends with the stop or pass that closes it."""
    grouped: list[list[str]] = []
    for line in reversed(log):
        if not grouped or TURN_END.search(grouped[-1][-1]):
            grouped.append([])
        grouped[-1].append(line)
    return list(reversed(grouped))[:limit]


# --- The controls: the legal moves as the buttons the board draws -------------------------
# Groups Roman Poker's legal moves into the controls its page draws: roll, the stops (with the
# rows each placement would close), and the hand of action cards, each with the plays it offers.
#
# After a misthrow a card offers only the plays that could lift it: a reroll or a removal some
# outcome of which (with the cards still held after it) leaves dice that are no misthrow, or a
# Duplicate stop. Dice showing the same face are one choice ("the I"), not one per die; a Wild card
# lists each card it may stand for once. With ``cards_anytime`` and dice that are no misthrow,
# every play is offered (rerolling a good throw for a better one is a player's call).

CARD_TEXT = {
    "reroll_i": "Roll any of your I dice again.",
    "reroll_v": "Roll your V die again.",
    "reroll_one": "Roll any one die again.",
    "remove_one": "Set one die aside for this turn.",
    "duplicate": "Write a number already in your column.",
    "wild": "Stands for a card you have used.",
}
ACTIONS = ("reroll_i", "reroll_v", "reroll_one", "remove_one")
FACE_WORDS = {"I": "an I", "V": "the V", "X": "an X"}


def card_label(card: str) -> str:
    return CARD_NAMES.get(card, card)


# --- Could a play lift the misthrow? ------------------------------------------------------


def _without(faces: tuple[str, ...], face: str, count: int = 1) -> list[str]:
    rest = list(faces)
    for _ in range(count):
        rest.remove(face)
    return rest


def _outcomes(faces: tuple[str, ...], action: str) -> set[tuple[str, ...]]:
    """Every multiset of faces the action may leave (for the rerolls, of all the chosen dice)."""
    results = set()
    if action in ("reroll_i", "reroll_v"):
        face = "I" if action == "reroll_i" else "V"
        count = faces.count(face)
        if count:
            rest = _without(faces, face, count)
            results = {
                tuple(sorted(rest + list(new))) for new in combinations_with_replacement(FACE_KINDS, count)
            }
    elif action == "reroll_one":
        for face in set(faces):
            rest = _without(faces, face)
            results |= {tuple(sorted([*rest, new])) for new in FACE_KINDS}
    elif action == "remove_one":
        results = {tuple(sorted(_without(faces, face))) for face in set(faces)}
    return results


def _single_outcomes(faces: tuple[str, ...], action: str, face: str) -> set[tuple[str, ...]]:
    """What a reroll-one or a removal of a die showing ``face`` may leave."""
    rest = _without(faces, face)
    if action == "remove_one":
        return {tuple(sorted(rest))}
    return {tuple(sorted([*rest, new])) for new in FACE_KINDS}


def _actions_of(card: str, held: tuple[str, ...] | list[str] = ()) -> tuple[str, ...]:
    """What a card may do; a Wild stands only for cards no longer ``held`` (the card itself does
    the same and keeps the Wild for later)."""
    if card == "wild":
        return tuple(a for a in ACTIONS if a not in held)
    return (card,) if card in ACTIONS else ()


@lru_cache(maxsize=8192)
def rescuable(faces: tuple[str, ...], left: int, column: tuple, cards: tuple[str, ...]) -> bool:
    """Is this no misthrow, or can the cards still turn it into one that is not (or a Duplicate stop)?
    ``faces`` sorted, ``cards`` sorted."""
    if dice_status(list(faces), left, column) != MISTHROW:
        return True
    if {"duplicate", "wild"} & set(cards) and any(
        duplicate_only_rows(column, v) for v in roman_values(faces)
    ):
        return True
    for card in set(cards):
        rest = list(cards)
        rest.remove(card)
        for action in _actions_of(card):
            if any(rescuable(o, left, column, tuple(rest)) for o in _outcomes(faces, action)):
                return True
    return False


def _lifts(outcomes: set[tuple[str, ...]], left: int, column: tuple) -> bool:
    """May this play end the misthrow by itself?"""
    return any(dice_status(list(o), left, column) != MISTHROW for o in outcomes)


def _helps(outcomes: set[tuple[str, ...]], left: int, column: tuple, cards_after: tuple[str, ...]) -> bool:
    """May this play, followed by the cards still held, end the misthrow?"""
    return any(rescuable(o, left, column, cards_after) for o in outcomes)


# --- The plays each card offers -------------------------------------------------------


def _worth(mode: str | None, outcomes: set, left: int, column: tuple, cards_after: tuple[str, ...]) -> bool:
    if mode == "lift":
        return _lifts(outcomes, left, column)
    if mode == "help":
        return _helps(outcomes, left, column, cards_after)
    return True


def _plays(view: dict, card: str, action: str, mode: str | None, cards_after: tuple[str, ...]) -> dict | None:
    """What one card (as one action) offers: the dice to tick, or one button per face; None if nothing."""
    legal = [
        m
        for m in view["legal"]
        if m["type"] == "card" and m["card"] == card and m.get("as", m["card"]) == action
    ]
    if not legal:
        return None
    dice = {d["index"]: d["face"] for d in view["dice"] if not d["removed"]}
    faces = tuple(sorted(dice.values()))
    left, column = view["dice_left"], tuple(view["columns"][view["turn"]])
    base = {
        "card": card,
        "as": action if card == "wild" else None,
        "action": action,
        "label": card_label(action),
        "text": CARD_TEXT[action],
    }
    if action in ("reroll_i", "reroll_v"):
        if not _worth(mode, _outcomes(faces, action), left, column, cards_after):
            return None
        face = "I" if action == "reroll_i" else "V"
        chosen = sorted({i for m in legal for i in m["dice"]})
        return {**base, "kind": "subset", "face": face, "dice": [(i, dice[i]) for i in chosen]}
    choices = []
    for face in ("X", "V", "I"):
        indices = sorted({m["die"] for m in legal if dice.get(m["die"]) == face})
        if not indices:
            continue
        if not _worth(mode, _single_outcomes(faces, action, face), left, column, cards_after):
            continue
        choices.append({"die": indices[0], "face": face, "words": FACE_WORDS[face]})
    return {**base, "kind": "single", "choices": choices} if choices else None


def _duplicate_stops(view: dict, card: str) -> list[dict]:
    stops: dict[int, list[int]] = {}
    for m in view["legal"]:
        if m["type"] == "stop" and m.get("card") == card:
            stops.setdefault(m["value"], []).append(m["row"])
    return [{"value": value, "rows": sorted(rows)} for value, rows in sorted(stops.items(), reverse=True)]


def _hand(view: dict, seat: int | None, misthrow: bool) -> list[dict]:
    """The seat's cards in CARDS order. After a misthrow: the plays that may end it at once, or,
    when none can (and no Duplicate stop is there), those that may end it with a further card."""
    held = view["cards"][seat] if seat is not None else []
    duplicates = {card: _duplicate_stops(view, card) for card in ("duplicate", "wild") if card in held}
    if "duplicate" in held:
        duplicates.pop("wild", None)  # the Duplicate does what a Wild as Duplicate would

    def build(mode: str | None) -> list[dict]:
        hand = []
        for card in CARDS:
            if card not in held:
                continue
            rest = list(held)
            rest.remove(card)
            cards_after = tuple(sorted(rest))
            actions = _actions_of(card, held)
            plays = [p for p in (_plays(view, card, a, mode, cards_after) for a in actions) if p]
            stops = duplicates.get(card, [])
            hand.append(
                {
                    "card": card,
                    "name": card_label(card),
                    "text": CARD_TEXT[card],
                    "plays": plays,
                    "stops": stops,
                    "playable": bool(plays or stops),
                }
            )
        return hand

    if not misthrow:
        return build(None)
    hand = build("lift")
    if any(card["playable"] for card in hand):
        return hand
    return build("help")


def poker_controls(view: dict) -> dict:
    """What the seat may press now, from ``view["legal"]``."""
    legal = view.get("legal", [])
    seat = view.get("seat")
    rolls = sorted({m.get("count", 1) for m in legal if m["type"] == "roll"})
    column = view["columns"][seat] if seat is not None else []
    stops: dict[int, dict] = {}
    for m in legal:
        if m["type"] == "stop" and not m.get("card"):
            stop = stops.setdefault(m["value"], {"value": m["value"], "rows": []})
            stop["rows"].append({"row": m["row"], "closes": rows_closed_by(column, m["value"], m["row"])})
    misthrow = view.get("status") == MISTHROW
    hand = _hand(view, seat, misthrow) if legal or seat is not None else []
    return {
        "rolls": rolls,
        "stops": sorted(stops.values(), key=lambda s: -s["value"]),
        "hand": hand,
        "cards_open": any(card["playable"] for card in hand),
        "can_pass": any(m["type"] == "pass" for m in legal),
        "physical": bool(view.get("options", {}).get("physical_dice")),
        "misthrow": misthrow,
    }


def pad_rows(view: dict) -> list[dict]:
    """The score pad's rows: each seat's cell with its number or what it may still take."""
    columns = view["columns"]
    outlooks = [row_outlook(column) for column in columns]
    return [{"number": r + 1, "cells": [outlook[r] for outlook in outlooks]} for r in range(len(columns[0]))]


def poker_context(view: dict) -> dict:
    """The board's context: the controls, the dice as they read, the winners."""
    columns = view["columns"]
    controls = poker_controls(view)
    dice = view.get("dice") or []
    column = columns[view["turn"]] if view["turn"] is not None else []
    return {
        "controls": controls,
        "shown_dice": reading_order(dice, column) if dice else [],
        "removed_dice": [d for d in dice if d["removed"]],
        "duplicate_values": {stop["value"] for card in controls["hand"] for stop in card["stops"]},
        "winners": (won := winners(view["totals"], view["places"])),
        # The winner's own total: after a resignation the other may hold more points.
        "winning_total": view["totals"][won[0]] if won else max(view["totals"]),
    }
