"""What the Romi Rami board draws, computed from a seat's view (never from the state).

Every card carries its suit's symbol besides its colour (and the suit's name for
screen readers), so the board reads the same to someone who does not tell red
from green. The symbols are drawn from ``games/romirami/static/romirami/img/``, not from a font,
so a device without a colour emoji font shows the Cherry too.
"""

from __future__ import annotations

import json

from games.romirami.engine import HAND_MAX, contract, numbers_text, pick_cards

STAR_WORD = "star"  # the last word of a contract way that the Star completes ("1 2 4 star")
END_TEXTS = {
    "contracts": "a player reached the contracts that end the game",
    "numbers": "the Number market was empty and could not be refilled",
    "offers": "the Contract market was empty and could not be refilled",
    "rounds": "the last round was played",
    "resigned": "a player resigned",
    "ended": "the host ended it as it stood",
}


def number_card(card: dict, suits: dict[str, dict]) -> dict:
    """A Number card with its suit's name and the words a screen reader says ("Heart 3")."""
    name = suits[card["suit"]]["name"]
    return {**card, "suit_name": name, "label": f"{name} {card['number']}"}


def contract_card(card: dict, suits: dict[str, dict]) -> dict:
    return {**card, "suit_name": suits[card["suit"]]["name"]}


def _ways(offer: dict, suit: str, view: dict) -> list[dict]:
    """The buttons of one contract (bonus suit ``suit``): each way the hand meets it, and how many
    Suit Bonus cards it scores (the cards the engine would play, from the seat's own hand)."""
    hand = [c["id"] for c in view["hand"]]
    others = {c["suit"] for c in view["contract_market"] if c and c["id"] != offer["contract"]}
    by_id = {c["id"]: c for c in view["hand"]}
    ways = []
    for move in offer["ways"]:
        numbers, star = move["numbers"], move["star"]
        played = pick_cards(hand, numbers, suit, others)
        ways.append(
            {
                "value": " ".join([*(str(n) for n in numbers), *([STAR_WORD] if star else [])]),
                "numbers": " ".join(str(n) for n in numbers),
                "star": star,
                "text": numbers_text(numbers, star),
                "bonus": sum(by_id[c]["suit"] == suit for c in played),
            }
        )
    return ways


def _offers(view: dict, suits: dict[str, dict]) -> list[dict]:
    legal = view["legal"] or {}
    ways = {offer["contract"]: offer for offer in legal.get("complete", [])}
    offers = []
    for slot, card in enumerate(view["contract_market"]):
        if card is None:
            offers.append({"slot": slot, "card": None, "ways": None})
            continue
        offer = ways.get(card["id"])
        met = _ways(offer, card["suit"], view) if offer else None
        plain = [way for way in met or [] if not way["star"]]
        offers.append(
            {
                "slot": slot,
                "card": contract_card(card, suits),
                "ways": met,
                # the ways shown at once; those with the Star are folded under them when there are any
                "plain": plain or met,
                "starred": [way for way in met or [] if way["star"]] if plain else [],
                "unmet": met == [],  # the seat is completing contracts and its hand does not meet this one
            }
        )
    return offers


def _turn(turn: dict | None, suits: dict[str, dict]) -> dict | None:
    """A turn as everyone saw it: the cards taken and the contracts completed, with their numbers."""
    if turn is None:
        return None
    return {
        **turn,
        "took": [number_card({"id": None, **c}, suits) for c in turn["took"]],
        "completed": [
            {
                **done,
                "suit_name": suits[done["suit"]]["name"],
                "points": contract(done["contract"])["points"],
                "text": numbers_text(done["numbers"], done["star"]),
            }
            for done in turn["completed"]
        ],
        "empty": not (turn["took"] or turn["completed"] or turn["drew"] or turn["discarded"]),
    }


def _trophies(view: dict) -> list[dict]:
    return [
        {**trophy, "tied": trophy["leader"] is None and max(trophy["counts"]) > 0}
        for trophy in view["trophies"]
    ]


def _players(view: dict, suits: dict[str, dict]) -> list[dict]:
    leads: dict[int, list[dict]] = {}
    for trophy in view["trophies"]:
        if trophy["leader"] is not None:
            leads.setdefault(trophy["leader"], []).append(trophy)
    return [
        {
            **player,
            "contracts": [contract_card(c, suits) for c in player["contracts"]],
            "to_play": player["seat"] in view["to_act"],
            "leads": leads.get(player["seat"], []),
            "me": player["seat"] == view["seat"],
        }
        for player in view["table"]
    ]


def _final(players: list[dict]) -> list[dict]:
    return sorted(players, key=lambda p: (p["place"], p["seat"]))


def table_context(view: dict) -> dict:
    """The table's part: every player as the table sees them, and the trophies."""
    suits = {s["id"]: s for s in view["suits"]}
    return {"rami_players": _players(view, suits), "rami_trophies": _trophies(view)}


def romirami_context(view: dict) -> dict:
    suits = {s["id"]: s for s in view["suits"]}
    legal = view["legal"]
    phase = view["phase"] if legal else None
    hand = [number_card(c, suits) for c in view["hand"]]
    takes = sorted(sorted(m["cards"]) for m in legal["take"]) if legal else []
    return {
        "rami_suits": view["suits"],
        "rami_market": [None if c is None else number_card(c, suits) for c in view["market"]],
        "rami_hand": hand,
        "rami_offers": _offers(view, suits),
        "rami_phase": phase,  # the seat's step when it is to act: take, play or discard; else None
        "rami_takes": json.dumps(takes, separators=(",", ":")),
        "rami_over_limit": max(0, len(hand) - HAND_MAX),
        "rami_hand_max": HAND_MAX,
        "rami_this_turn": _turn(view["this_turn"], suits),
        "rami_last_turn": _turn(view["last_turn"], suits),
        "rami_final": _final(_players(view, suits)) if view["over"] else None,
        "rami_end_text": END_TEXTS.get(view["end_reason"] or "", ""),
        "rami_star": STAR_WORD,
    }
