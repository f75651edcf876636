"""Roman Road, hand by hand: Foundations minus twice the Store left, to a target.

Box rules: a hand scores the cards the player put on the Foundations minus 2
per card left in their Store, never below 0; the first hand total to reach 40
ends the game and the highest total wins. Variants: an Amen bonus (+10 to the
player who emptied their Store), negative hand scores, another target.
Where the box is silent: equal highest totals share the win.
"""

from __future__ import annotations

import copy

from django import forms

from games.romanroad.engine import AMEN_BONUS, ROMANROAD, TARGET, TARGET_RANGE, hand_points, hand_score
from scoresheets.entries import EntryForm
from scoresheets.scoring import Entry, Scorer, State, check_names, places, require, whole

DECK = 32
STORE = 10


def _read_counts(state: State, entry: Entry, key: str, what: str, high: int) -> list[int]:
    counts = entry.get(key)
    names = state["names"]
    require(isinstance(counts, list) and len(counts) == len(names), f"Give {what} for every player.")
    return [whole(count, 0, high, f"{name}'s {what}") for name, count in zip(names, counts, strict=True)]


def variant_fields() -> dict[str, forms.Field]:
    """The table's variants, asked when a sheet starts and printed on a blank pad."""
    low, high = TARGET_RANGE
    return {
        "amen_bonus": forms.BooleanField(
            label=f"Amen bonus (+{AMEN_BONUS} to whoever calls Amen)", required=False
        ),
        "negative": forms.BooleanField(label="Negative hand scores allowed", required=False),
        "target": forms.IntegerField(
            label="Play to",
            min_value=low,
            max_value=high,
            required=False,
            widget=forms.NumberInput(attrs={"placeholder": str(TARGET)}),
        ),
    }


def variant_options(data: dict) -> dict:
    return {
        "amen_bonus": data["amen_bonus"],
        "negative": data["negative"],
        "target": data["target"] or TARGET,
    }


class HandForm(EntryForm):
    def __init__(self, names: list[str], *args, **kwargs) -> None:
        super().__init__(names, *args, **kwargs)
        for seat, name in enumerate(names):
            self.fields[f"foundations_{seat}"] = forms.IntegerField(
                label=f"{name}: cards on the Foundations", min_value=0, max_value=DECK
            )
            self.fields[f"store_{seat}"] = forms.IntegerField(
                label=f"{name}: cards left in the Store", min_value=0, max_value=STORE
            )

    def entry(self) -> dict:
        seats = range(len(self.names))
        return {
            "type": "hand",
            "foundations": [self.cleaned_data[f"foundations_{s}"] for s in seats],
            "store": [self.cleaned_data[f"store_{s}"] for s in seats],
        }


class RomanRoadScorer(Scorer):
    engine = ROMANROAD
    template = "romanroad/score_sheet.html"
    entries = {"hand": ("Add the hand", HandForm)}

    def form_fields(self) -> dict[str, forms.Field]:
        return variant_fields()

    def form_options(self, data: dict) -> dict:
        return variant_options(data)

    def options(self, raw: dict) -> dict:
        target = raw.get("target", TARGET)
        return {
            "amen_bonus": bool(raw.get("amen_bonus", False)),
            "negative": bool(raw.get("negative", False)),
            "target": whole(target, *TARGET_RANGE, "the target score"),
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
            "closed": over,  # no hand may follow the one that reached the target
            "winners": winners,
            "message": message,
            "running": running,
        }


SHEET = RomanRoadScorer()

__all__ = ["SHEET", "hand_points", "hand_score", "variant_fields", "variant_options"]
