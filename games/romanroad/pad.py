"""Roman Road tally: per hand and player, cards on the Foundations, Store left,
the hand's score and the running total, with the table's variants printed."""

from __future__ import annotations

from games.romanroad.engine import AMEN_BONUS
from games.romanroad.sheet import SHEET, variant_fields, variant_options
from scoresheets.layout import Unit, padded

TEMPLATE = "romanroad/pad.html"
PER_PAGE = 1
LANDSCAPE = True
BLANK_PLAYERS = 4
BLANK_HANDS = 13


def form_fields() -> dict:
    """The variants a blank pad prints, asked as the new sheet asks them."""
    return variant_fields()


def form_options(data: dict) -> dict:
    return variant_options(data)


def variants(options: dict) -> list[str]:
    return [
        f"Game to {options['target']} points",
        f"Amen bonus: +{AMEN_BONUS}" if options["amen_bonus"] else "Amen bonus: no",
        "Negative hand scores: allowed"
        if options["negative"]
        else "Negative hand scores: no (a hand is at least 0)",
    ]


def _unit(names: list[str], options: dict, hands: list[dict], extra: int, summary: dict | None) -> Unit:
    return {
        "names": names,
        "variants": variants(options),
        "negative": options["negative"],
        "amen_bonus": AMEN_BONUS if options["amen_bonus"] else 0,
        "hands": hands,
        "blank_hands": list(range(len(hands) + 1, len(hands) + 1 + extra)),
        "totals": summary["totals"] if summary else None,
        "message": summary["message"] if summary and summary["over"] else "",
    }


def blank(names: list[str], players: int, options: dict) -> list[Unit]:
    return [_unit(padded(names, players), SHEET.options(options), [], BLANK_HANDS, None)]


def from_sheet(state: dict, summary: dict) -> list[Unit]:
    hands = []
    for number, (hand, running) in enumerate(zip(state["hands"], summary["running"], strict=True), 1):
        cells = [
            {"foundations": f, "store": s, "score": score, "total": total, "amen": seat == hand["amen"]}
            for seat, (f, s, score, total) in enumerate(
                zip(hand["foundations"], hand["store"], hand["scores"], running, strict=True)
            )
        ]
        hands.append({"number": number, "cells": cells})
    extra = 0 if summary["over"] else max(3, BLANK_HANDS - len(hands))
    return [_unit(state["names"], state["options"], hands, extra, summary)]


def from_view(view: dict, names: list[str], seat: int | None) -> list[Unit]:
    """The hands scored so far, for the whole table or only ``seat``'s columns; read from the
    viewer's view of an online game (the sheet and totals are public)."""
    seats = list(range(view["players"])) if seat is None else [seat]
    hands = [
        {
            "number": row["hand"],
            "cells": [
                {
                    "foundations": row["foundations"][s],
                    "store": row["store"][s],
                    "score": row["scores"][s],
                    "total": row["totals"][s],
                    "amen": row["amen"] == s,
                }
                for s in seats
            ],
        }
        for row in view["sheet"]
    ]
    if view["over"]:
        best = max(view["totals"])
        winners = [names[s] for s in view["winners"]]
        message = f"{' and '.join(winners)} {'win' if len(winners) > 1 else 'wins'} with {best}."
        extra = 0
    else:
        message = ""
        extra = max(3, BLANK_HANDS - len(hands))
    summary = {"totals": [view["totals"][s] for s in seats], "over": view["over"], "message": message}
    return [_unit([names[s] for s in seats], view["options"], hands, extra, summary)]


def status(view: dict) -> str:
    if view["over"]:
        return "Final score"
    if view["phase"] == "between":
        return f"Between hands · {len(view['sheet'])} scored"
    return f"In progress · hand {view['hand']}"
