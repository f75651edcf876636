"""What the Roman Road table draws, computed from a seat's view (never from the state).

The viewer's own piles come large, with every place each playable card may go
(``targets``) and the Foundation a double tap sends it to; the other seats come
small: their Store count and top, their Work tops and Search pile top. Nothing
here can show a Search deck: the view holds only its count.
"""

from __future__ import annotations

import math
from datetime import datetime

PILE_NAMES = ("Work 1", "Work 2", "Work 3")
PREVIEW_LETTERS = 20  # about two lines of a Foundation's verse line on a laptop


def symbol_slug(symbol: str) -> str:
    """``"life ring"`` -> ``"life-ring"``: the id of the suit's icon in the page's SVG sprite."""
    return symbol.replace(" ", "-")


def _card(card: dict | None, **extra) -> dict | None:
    if card is None:
        return None
    shown = {**card, "sym": symbol_slug(card["symbol"]), "targets": "", "foundation": "", "source": ""}
    return {**shown, **extra}


def _playable(card: dict | None, moves: dict[str, dict]) -> dict | None:
    """A top card with the places it may go, if it may go anywhere now."""
    if card is None:
        return None
    move = moves.get(card["id"])
    if move is None or not move["targets"]:
        return _card(card)
    return _card(
        card,
        targets=" ".join(move["targets"]),
        foundation=move["foundation"] or "",
        source=move["from"],
    )


def _work(view: dict, seat: int, moves: dict[str, dict], stacks: dict[str, dict]) -> list[dict]:
    piles = []
    for number, pile in enumerate(view["seats"][seat]["work"]):
        cards = []
        for depth, card in enumerate(pile):
            if depth == len(pile) - 1:
                shown = _playable(card, moves)
            elif card["id"] in stacks:
                stack = stacks[card["id"]]
                targets = " ".join(stack["targets"])
                shown = _card(card, targets=targets, source=stack["from"], carries=stack["cards"] - 1)
            else:
                shown = _card(card)
            cards.append(shown)
        piles.append({"number": number, "to": f"work:{number}", "name": PILE_NAMES[number], "cards": cards})
    return piles


def _mine(view: dict) -> dict | None:
    you = view["you"]
    if you is None:
        return None
    seat = view["seats"][you["seat"]]
    moves = {move["card"]: move for move in you["playable"]}
    stacks = {stack["card"]: stack for stack in you["stacks"]}
    return {
        **seat,
        "store_top": _playable(seat["store_top"], moves),
        "pile_top": _playable(seat["pile_top"], moves),
        "work": _work(view, you["seat"], moves, stacks),
        "can_flip": you["can_flip"],
        "turn_over": you["turn_over"],
        "can_stuck": {"type": "stuck"} in view["legal"],
        "can_ready": {"type": "ready"} in view["legal"],
        "moves": sum(1 for move in you["playable"] if move["targets"]) + len(you["stacks"]),
    }


def _other(seat: dict) -> dict:
    return {
        **seat,
        "store_top": _card(seat["store_top"]),
        "pile_top": _card(seat["pile_top"]),
        "work_tops": [_card(pile[-1]) if pile else None for pile in seat["work"]],
        "work_sizes": [len(pile) for pile in seat["work"]],
    }


def preview(text: str, letters: int = PREVIEW_LETTERS) -> str:
    """``text`` as is if it has at most ``letters`` letters, else its first whole words and an ellipsis
    within them: a preview cut short never ends inside a word ("For the wages of…")."""
    if len(text) <= letters:
        return text
    words = text[:letters].split(" ")[:-1] or text.split(" ")[:1]  # the last may be cut: drop it
    return " ".join(words).rstrip(",;:.") + "…"


def _foundation(pile: dict) -> dict:
    return {
        **pile,
        "preview": preview(pile["reads"]),
        "sym": symbol_slug(pile["symbol"]),
        "top": _card(pile["cards"][-1]),
        "height": len(pile["cards"]),
        "owners": [card["owner"] for card in pile["cards"]],
    }


def _sheet(view: dict) -> list[dict]:
    """The score sheet, one row per hand, newest last: each seat's four numbers and the Amen."""
    rows = []
    for row in view["sheet"]:
        cells = [
            {
                "played": row["foundations"][seat],
                "store": row["store"][seat],
                "score": row["scores"][seat],
                "total": row["totals"][seat],
                "amen": row["amen"] == seat,
                "seat": seat,
                "deck": view["seats"][seat]["deck"]["key"],
            }
            for seat in range(view["players"])
        ]
        ended = "amen" if row["amen"] is not None else "host" if row.get("host") else "blocked"
        rows.append({"hand": row["hand"], "cells": cells, "ended": ended})
    return rows


def _places(view: dict) -> list[dict]:
    """Best first: each seat's place (equal totals share one) and total, once the game is over."""
    if not view["over"]:
        return []
    rows = [
        {"seat": seat["seat"], "place": view["places"][seat["seat"]], "total": seat["total"]}
        for seat in view["seats"]
    ]
    return sorted(rows, key=lambda row: (row["place"], row["seat"]))


def _begin(view: dict, clock_at: datetime | None, now: datetime) -> dict | None:
    """Before Begin: counting down (everyone is ready) or waiting for some, and how long."""
    if view["phase"] != "deal":
        return None
    left = max(0, math.ceil((clock_at - now).total_seconds())) if clock_at is not None else None
    return {
        "counting": all(view["ready"]),
        "seconds": left,
        "at": clock_at,
        "waiting": [seat["seat"] for seat in view["seats"] if not seat["ready"]],
    }


def table_context(view: dict) -> dict:
    """The table's parts: every seat small (a seat's own is left out of its board on the page)."""
    return {"rr_others": [_other(seat) for seat in view["seats"]]}


def romanroad_context(view: dict, next_hand_at: datetime | None, now: datetime) -> dict:
    """The board's context: ``rr_you`` (large), the Foundations, the sheet.
    ``next_hand_at``: when the table's clock moves on (the next deal, or Begin)."""
    mine = _mine(view)
    left = None
    if next_hand_at is not None and view["phase"] == "between":
        left = max(0, round((next_hand_at - now).total_seconds()))
    sheet = _sheet(view)
    return {
        "rr_you": mine,
        "rr_foundations": [_foundation(pile) for pile in view["foundations"]],
        "rr_done": [_foundation(pile) for pile in view["set_aside"]],
        "rr_sheet": sheet,
        "rr_last": sheet[-1] if sheet else None,
        "rr_next_hand_at": next_hand_at if left is not None else None,
        "rr_seconds_left": left,
        "rr_places": _places(view),
        "rr_begin": _begin(view, next_hand_at, now),
        "rr_symbols": ("apple", "arrows", "cross", "life-ring"),
    }
