"""Groups Roman Poker's legal moves into the controls its page draws."""

from __future__ import annotations

from collections import defaultdict

CARD_LABELS = {
    "reroll_i": "Reroll I dice",
    "reroll_v": "Reroll V dice",
    "reroll_one": "Reroll one die",
    "remove_one": "Remove one die",
    "duplicate": "Duplicate",
    "wild": "Wild",
}
SUBSET_CARDS = {"reroll_i", "reroll_v"}


def card_label(card: str) -> str:
    return CARD_LABELS.get(card, card)


def poker_controls(view: dict) -> dict:
    """What the seat may press now, from ``view["legal"]``."""
    legal = view.get("legal", [])
    rolls = sorted({m.get("count", 1) for m in legal if m["type"] == "roll"})
    stops: dict[tuple, dict] = {}
    subset_cards: dict[tuple, set[int]] = defaultdict(set)
    single_cards: dict[tuple, list[int]] = defaultdict(list)
    for m in legal:
        if m["type"] == "stop":
            key = (m["value"], m.get("card"))
            stops.setdefault(key, {"value": m["value"], "card": m.get("card"), "rows": []})["rows"].append(
                m["row"]
            )
        elif m["type"] == "card":
            kind = m.get("as", m["card"])
            key = (m["card"], m.get("as"))
            if kind in SUBSET_CARDS:
                subset_cards[key].update(m["dice"])
            else:
                single_cards[key].append(m["die"])
    faces = {d["index"]: d["face"] for d in view.get("dice", [])}
    return {
        "rolls": rolls,
        "stops": sorted(stops.values(), key=lambda s: (s["card"] is not None, -s["value"])),
        "subset_cards": [
            {
                "card": card,
                "as": as_,
                "label": _label(card, as_),
                "dice": [(i, faces[i]) for i in sorted(dice)],
            }
            for (card, as_), dice in subset_cards.items()
        ],
        "single_cards": [
            {
                "card": card,
                "as": as_,
                "label": _label(card, as_),
                "dice": [(i, faces[i]) for i in sorted(dice)],
            }
            for (card, as_), dice in single_cards.items()
        ],
        "can_pass": any(m["type"] == "pass" for m in legal),
        "physical": bool(view.get("options", {}).get("physical_dice")),
    }


def _label(card: str, as_: str | None) -> str:
    return f"Wild as {card_label(as_).lower()}" if as_ else card_label(card)
