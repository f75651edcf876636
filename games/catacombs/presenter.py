"""What the Roman Catacombs pages draw, computed from a seat's view (never from the state).

Each category has a numeral and a symbol besides its colour, so the sheet and
the cards read the same in black and white.
"""

from __future__ import annotations

from datetime import date

from games.catacombs.engine import SLOT_NAMES, fitting_books

CATEGORY_MARKS = {
    "law": ("I", "⚖"),
    "history": ("II", "♜"),
    "poetry-and-wisdom": ("III", "♫"),
    "major-prophets": ("IV", "✦"),
    "minor-prophets": ("V", "✧"),
    "gospels-and-acts": ("VI", "✝"),
    "letters-and-revelation": ("VII", "✉"),
}


def category_meta(category: dict, number: int) -> dict:
    numeral, symbol = CATEGORY_MARKS.get(category["id"], (str(number + 1), "•"))
    return {
        "number": number,
        "id": category["id"],
        "name": category["name"],
        "numeral": numeral,
        "symbol": symbol,
        "first": category["first"],
        "later": category["later"],
        "points_open": category["points_open"],
        "completed_by": category["completed_by"],
    }


def fits_label(books: list[str]) -> str:
    """The books that could still fill a slot, short enough for a phone."""
    if len(books) <= 3:
        return ", ".join(books)
    return f"{books[0]} … {books[-1]} ({len(books)})"


def _slot(book: str | None, fits: list[str] | None) -> dict:
    return {
        "book": book,
        "dead": fits == [],
        "fits": fits_label(fits) if fits else "",
        "fits_all": ", ".join(fits or []),
        "pending": False,
    }


def sheet_rows(
    sheet: list[list[str | None]], meta: list[dict], seat: int, completions: list[dict]
) -> list[dict]:
    """One row per category: its slots (written, open with what fits, or dead) and its points."""
    points = {c["category"]: c["points"] for c in completions if c["seat"] == seat}
    rows = []
    for number, row in enumerate(sheet):
        fits = fitting_books(row, number)
        category = meta[number]
        rows.append(
            {
                **category,
                "slots": [_slot(book, fit) for book, fit in zip(row, fits, strict=True)],
                "points": points.get(category["id"]),
            }
        )
    return rows


def _mark_pending(rows: list[dict], pending: dict | None) -> None:
    if not pending:
        return
    for row in rows:
        if row["id"] == pending["category"]:
            row["slots"][pending["slot"]]["pending"] = True


def _cells(row: list[str | None], slots: list[dict]) -> list[dict]:
    """The row as it is; each slot the book may go into carries its write option."""
    options = {option["slot"]: option for option in slots}
    cells = []
    for slot, book in enumerate(row):
        option = options.get(slot)
        cells.append(
            {
                "slot": slot,
                "name": SLOT_NAMES[slot],
                "book": book,
                "option": {"new_dead": [SLOT_NAMES[s] for s in option["new_dead"]]} if option else None,
            }
        )
    return cells


def face_up_cards(view: dict, meta_by_id: dict[str, dict], own_sheet: list | None) -> list[dict]:
    """The three face-up cards; for a seat choosing now, its row of that category to write into."""
    placements = {p["pile"]: p for p in view.get("you", {}).get("placements", [])}
    cards = []
    for face in view["face_up"]:
        category = meta_by_id[face["category"]]
        card = {**face, "meta": category, "cells": None, "playable": False}
        if face["pile"] in placements and own_sheet:
            slots = placements[face["pile"]]["slots"]
            card.update(cells=_cells(own_sheet[category["number"]], slots), playable=bool(slots))
        cards.append(card)
    return cards


def light_slots(rows: list[dict], cards: list[dict]) -> None:
    """Marks each slot of the viewer's library that a face-up card may go into: ``puts`` lists the
    cards (pile, book, the slots it would leave dead) the page lights when that card is picked."""
    by_id = {row["id"]: row for row in rows}
    for slot in (slot for row in rows for slot in row["slots"]):
        slot.setdefault("puts", [])
    for card in cards:
        if not card["playable"]:
            continue
        row = by_id[card["meta"]["id"]]
        for cell in card["cells"]:
            if cell["option"]:
                row["slots"][cell["slot"]]["puts"].append(
                    {
                        "pile": card["pile"],
                        "book": card["book"],
                        "name": cell["name"],
                        "category": card["meta"]["name"],
                        "new_dead": cell["option"]["new_dead"],
                    }
                )


def ranking(scores: list[int], places: list[int]) -> list[dict]:
    """The final table, best first (equal scores share a place, then seat order)."""
    rows = [
        {"score": score, "place": place, "seat": seat}
        for seat, (score, place) in enumerate(zip(scores, places, strict=True))
    ]
    return sorted(rows, key=lambda row: (row["place"], row["seat"]))


def verses_once(completed: list[dict]) -> list[dict]:
    """Completed categories with one verse each: players who completed the same category with the
    same card in the same turn share the entry (``seats``)."""
    grouped: dict[tuple, dict] = {}
    for done in completed:
        key = (done["turn"], done["meta"]["id"], done["book"], done["reference"])
        entry = grouped.setdefault(key, {**done, "seats": []})
        entry["seats"].append(done["seat"])
    return list(grouped.values())


def verses(view: dict, meta_by_id: dict[str, dict]) -> list[dict]:
    return [{**verse, "meta": meta_by_id[verse["category"]]} for verse in view["verses"]]


def categories_meta(view: dict) -> list[dict]:
    return [category_meta(c, n) for n, c in enumerate(view["categories"])]


def catacombs_context(view: dict) -> dict:
    meta = categories_meta(view)
    by_id = {m["id"]: m for m in meta}
    you = view.get("you")
    own = view["sheets"][you["seat"]] if you else None
    mine = None
    if you:
        mine = sheet_rows(own, meta, you["seat"], view["completions"])
        _mark_pending(mine, you["pending"])
    pending = you["pending"] if you else None
    cards = face_up_cards(view, by_id, own)
    if mine:
        light_slots(mine, cards)
    return {
        "cc_categories": meta,
        "cc_cards": cards,
        "cc_ranking": ranking(view["final_scores"], view["places"]) if view.get("places") else None,
        "cc_sheet": mine,
        "cc_verses": verses(view, by_id),
        "cc_pending": {
            **pending,
            "meta": by_id[pending["category"]],
            "slot_name": SLOT_NAMES[pending["slot"]],
        }
        if pending
        else None,
        "cc_waiting": [seat for seat, chosen in enumerate(view["chosen"]) if not chosen]
        if view["phase"] == "write"
        else [],
        "cc_can_choose": bool(you and view["phase"] == "write" and not view["chosen"][you["seat"]]),
    }


def libraries(view: dict) -> list[dict]:
    """Every seat's library as the table sees it (the table's ``view``: this turn's writes unseen)."""
    meta = categories_meta(view)
    return [
        {
            "seat": seat,
            "rows": sheet_rows(sheet, meta, seat, view["completions"]),
            "score": view["scores"][seat],
        }
        for seat, sheet in enumerate(view["sheets"])
    ]


def _completion_rows(state: dict) -> list[dict]:
    """Every completed category with the verse that completed it (all public once resolved)."""
    from games.catacombs.engine import card, categories

    rows = []
    for completion in state["completions"]:
        category = categories()[completion["category"]]
        found = card(completion["card"])
        numeral, symbol = CATEGORY_MARKS.get(category["id"], ("", "•"))
        rows.append(
            {
                "seat": completion["seat"],
                "turn": completion["turn"],
                "points": completion["points"],
                "meta": {
                    "id": category["id"],
                    "name": category["name"],
                    "numeral": numeral,
                    "symbol": symbol,
                },
                "book": found["book"],
                "reference": found["reference"],
                "text": found["text"],
            }
        )
    return rows


def game_info(game) -> dict:
    """Table-level facts a Catacombs page shows: flip mode, time left, and the end screen."""
    from games.catacombs import runs, tables
    from games.models import Game

    info = {
        "mode": tables.flip_mode(game),
        "mode_label": tables.FLIP_MODES[tables.flip_mode(game)],
        "solo": tables.is_solo(game),
        "daily": game.options.get("daily"),
        "host_may_flip": tables.host_may_flip(game),
        "deadline": tables.turn_deadline(game),
    }
    if game.status != Game.Status.FINISHED or game.state is None:
        return info
    info["completed"] = verses_once(_completion_rows(game.state))
    if info["solo"]:
        score = runs.score(game)
        best = runs.personal_best(game.host, exclude=game)
        info.update(
            score=score,
            best=max(score, best) if best is not None else score,
            new_best=best is None or score > best,
        )
        if info["daily"]:
            board = runs.daily_board(date.fromisoformat(info["daily"]))
            info["rank"] = next((r.rank for r in board if r.game.pk == game.pk), None)
            info["ranked"] = len(board)
    return info
