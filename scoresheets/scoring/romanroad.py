"""Roman Road, hand by hand: Foundations minus twice the Store left, to a target.

Box rules: a hand scores the cards the player put on the Foundations minus 2
per card left in their Store, never below 0; the first hand total to reach 40
ends the game and the highest total wins. Variants: an Amen bonus (+10 to the
player who emptied their Store), negative hand scores, another target.
Where the box is silent: equal highest totals share the win.
"""

from __future__ import annotations

import copy

from .base import Entry, Refused, State, check_names, places, require, whole

DECK = 32
STORE = 10
TARGET = 40
AMEN_BONUS = 10


def hand_score(foundations: int, store_left: int, *, negative: bool = False) -> int:
    """Cards on the Foundations minus 2 per card left in the Store (floored at 0 unless ``negative``)."""
    score = foundations - 2 * store_left
    return score if negative else max(score, 0)


def hand_points(foundations: int, store_left: int, amen: bool, options: dict) -> int:
    """A hand's score with the table's variants."""
    score = hand_score(foundations, store_left, negative=options["negative"])
    return score + (AMEN_BONUS if amen and options["amen_bonus"] else 0)


def _read_counts(state: State, entry: Entry, key: str, what: str, high: int) -> list[int]:
    counts = entry.get(key)
    names = state["names"]
    require(isinstance(counts, list) and len(counts) == len(names), f"Give {what} for every player.")
    return [whole(count, 0, high, f"{name}'s {what}") for name, count in zip(names, counts, strict=True)]


class RomanRoadScorer:
    kind = "romanroad"
    name = "Roman Road"
    min_players = 2
    max_players = 4

    def options(self, raw: dict) -> dict:
        target = raw.get("target", TARGET)
        return {
            "amen_bonus": bool(raw.get("amen_bonus", False)),
            "negative": bool(raw.get("negative", False)),
            "target": whole(target, 5, 500, "the target score"),
        }

    def new(self, names: list[str], options: dict) -> State:
        names = check_names(names, self.min_players, self.max_players, self.name)
        return {"names": names, "options": self.options(options), "hands": [], "totals": [0] * len(names)}

    def apply(self, state: State, entry: Entry) -> State:
        require(entry.get("type") == "hand", "A Roman Road sheet takes one hand at a time.")
        summary = self.summary(state)
        require(not summary["over"], f"The game is over: {summary['message']}")
        store = _read_counts(state, entry, "store", "cards left in the Store", STORE)
        foundations = _read_counts(state, entry, "foundations", "cards on the Foundations", DECK)
        names = state["names"]
        for name, played, left in zip(names, foundations, store, strict=True):
            require(
                played + left <= DECK,
                f"{name} cannot have {played} cards on the Foundations and {left} in the Store: "
                f"a deck has {DECK} cards.",
            )
        empty = [seat for seat, left in enumerate(store) if left == 0]
        require(empty, "A hand ends when someone plays their last Store card: whose Store is empty?")
        require(
            len(empty) == 1,
            "Only one player can empty their Store: the hand stops at the first Amen.",
        )
        amen = empty[0]
        scores = [
            hand_points(played, left, seat == amen, state["options"])
            for seat, (played, left) in enumerate(zip(foundations, store, strict=True))
        ]
        new = copy.deepcopy(state)
        new["hands"].append({"foundations": foundations, "store": store, "amen": amen, "scores": scores})
        new["totals"] = [total + score for total, score in zip(state["totals"], scores, strict=True)]
        return new

    def describe(self, state: State, entry: Entry) -> str:
        return f"Hand {len(state['hands']) + 1}"

    def summary(self, state: State) -> dict:
        totals = state["totals"]
        target = state["options"]["target"]
        over = any(total >= target for total in totals)
        best = max(totals) if totals else 0
        winners = [state["names"][s] for s, total in enumerate(totals) if over and total == best]
        if over:
            message = f"{' and '.join(winners)} {'win' if len(winners) > 1 else 'wins'} with {best}."
        else:
            message = f"The game goes on until someone reaches {target}."
        running = []
        so_far = [0] * len(totals)
        for hand in state["hands"]:
            so_far = [total + score for total, score in zip(so_far, hand["scores"], strict=True)]
            running.append(list(so_far))
        return {
            "totals": totals,
            "places": places(totals),
            "over": over,
            "winners": winners,
            "message": message,
            "running": running,
        }


ROMAN_ROAD = RomanRoadScorer()

__all__ = ["AMEN_BONUS", "ROMAN_ROAD", "Refused", "hand_points", "hand_score"]
