"""Roman Poker's in-person sheet, kept by hand: each roll's number in a row, cards used, totals.

The rules come from the online game's engine: which numbers six Roman dice
can form (``roman_values``) and where a number may go in a column
(``placement_error``: rising rows, no repeat without the Duplicate card).
"""

from __future__ import annotations

import copy
from functools import cache
from itertools import combinations_with_replacement

from django import forms

from games.contract.protocol import IllegalMove
from games.poker.engine import CARD_BONUS, CARD_NAMES, CARDS, DICE, POKER, ROWS, placement_error, roman_values
from scoresheets.entries import EntryForm, SeatField
from scoresheets.scoring import Entry, Scorer, State, check_names, places, require, seat, whole

DUPLICATING = ("duplicate", "wild")


@cache
def formable() -> frozenset[int]:
    """Every number some throw of up to six dice forms."""
    throws = (c for n in range(1, DICE + 1) for c in combinations_with_replacement("IVX", n))
    return frozenset().union(*(roman_values(throw) for throw in throws))


class EnterForm(EntryForm):
    seat = SeatField()
    value = forms.IntegerField(label="Number", min_value=1, max_value=39)
    row = forms.TypedChoiceField(label="Row", coerce=int, choices=[(r, str(r)) for r in range(1, ROWS + 1)])
    card = forms.ChoiceField(
        label="Card played with it",
        required=False,
        choices=[("", "None"), ("duplicate", CARD_NAMES["duplicate"]), ("wild", CARD_NAMES["wild"])],
    )

    def entry(self) -> dict:
        data = self.cleaned_data
        return {
            "type": "enter",
            "seat": data["seat"],
            "value": data["value"],
            "row": data["row"],
            "card": data["card"] or None,
        }


class CardForm(EntryForm):
    seat = SeatField()
    card = forms.ChoiceField(label="Action card used", choices=[(c, CARD_NAMES[c]) for c in CARDS])

    def entry(self) -> dict:
        return {"type": "card", "seat": self.cleaned_data["seat"], "card": self.cleaned_data["card"]}


class EndForm(EntryForm):
    """The scorer says the last round is over: paper keeps no passes, so the sheet cannot tell."""

    def entry(self) -> dict:
        return {"type": "end"}


class PokerScorer(Scorer):
    engine = POKER
    template = "poker/score_sheet.html"
    entries = {
        "enter": ("Enter the number", EnterForm),
        "card": ("Mark the card used", CardForm),
        "end": ("The last round is finished", EndForm),
    }

    def new(self, names: list[str], options: dict) -> State:
        names = check_names(names, self.min_players, self.max_players, self.name)
        return {
            "names": names,
            "columns": [[None] * ROWS for _ in names],
            "cards": [list(CARDS) for _ in names],
        }

    def apply(self, state: State, entry: Entry) -> State:
        kind = entry.get("type")
        require(kind in ("enter", "card", "end"), "Enter a number or an action card.")
        require(not state.get("ended"), "The game is over: its last round is finished.")
        new = copy.deepcopy(state)
        if kind == "end":
            require(_full(state), "Nobody has filled row 7 yet: the game goes on until someone does.")
            new["ended"] = True
        else:
            (self._enter if kind == "enter" else self._card)(new, entry)
        return new

    def offered(self, state: State) -> list[str]:
        """Numbers and cards while the game goes on; once a column is full, also the end of the
        last round (a turn that missed writes nothing on paper, so the scorer says when it is)."""
        if self.summary(state)["over"]:
            return []
        return ["enter", "card", "end"] if _full(state) else ["enter", "card"]

    def _enter(self, state: State, entry: Entry) -> None:
        player = seat(state, entry)
        name, column = state["names"][player], state["columns"][player]
        value = whole(entry.get("value"), 1, 39, "the number")
        if value not in formable():
            raise IllegalMove(f"{value} cannot be made with six dice.")
        row = whole(entry.get("row"), 1, ROWS, "the row")
        card = entry.get("card") or None
        require(card in (None, *DUPLICATING), "Only Duplicate or Wild lets a number in twice.")
        if card is None and value in column:
            rows = ", ".join(str(r) for r, v in enumerate(column, 1) if v == value)
            raise IllegalMove(
                f"{value} is already in {name}'s column (row {rows}): "
                "only the Duplicate card (or Wild) lets it in twice."
            )
        if card is not None:
            require(card in state["cards"][player], f"{name} has already used {CARD_NAMES[card]}.")
            require(
                value in column,
                f"{value} is not yet in {name}'s column: no card is needed to enter it.",
            )
        error = placement_error(column, value, row, duplicate=card is not None)
        if error:
            raise IllegalMove(f"{name}: {error}")
        column[row - 1] = value
        if card is not None:
            state["cards"][player].remove(card)

    def _card(self, state: State, entry: Entry) -> None:
        player = seat(state, entry)
        card = entry.get("card")
        require(card in CARDS, "Choose one of the six action cards.")
        name = state["names"][player]
        require(card in state["cards"][player], f"{name} has already used {CARD_NAMES[card]}.")
        state["cards"][player].remove(card)

    def keeps_turn(self, entry: Entry) -> bool:
        return entry.get("type") == "card"  # a card is played during the turn, before its number

    def prefill(self, state: State, entries: list[Entry]) -> dict:
        chosen = super().prefill(state, entries)
        if "seat" in chosen:
            empty = [row for row, value in enumerate(state["columns"][chosen["seat"]], 1) if value is None]
            chosen.update({"row": empty[0]} if empty else {})
        return chosen

    def describe(self, state: State, entry: Entry) -> str:
        if entry["type"] == "end":
            return "The last round is finished: the game is over."
        name = state["names"][entry["seat"]]
        if entry["type"] == "card":
            return f"{name} used {CARD_NAMES[entry['card']]}"
        text = f"{name}: {entry['value']} in row {entry['row']}"
        return text + (f" ({CARD_NAMES[entry['card']]})" if entry.get("card") else "")

    def summary(self, state: State) -> dict:
        sums = [sum(v for v in column if v is not None) for column in state["columns"]]
        bonus = [CARD_BONUS * len(cards) for cards in state["cards"]]
        totals = [s + b for s, b in zip(sums, bonus, strict=True)]
        full = _full(state)
        over = bool(full) and (bool(state.get("ended")) or len(full) == len(state["names"]))
        if over:
            message = "The game is over."
        elif full:
            message = (
                f"{' and '.join(full)} filled the column: finish the round, "
                "then say so with “The last round is finished”."
            )
        else:
            message = "The game ends after the round in which someone fills row 7."
        return {
            "sums": sums,
            "bonus": bonus,
            "totals": totals,
            "places": places(totals),
            "used": [[card for card in CARDS if card not in cards] for cards in state["cards"]],
            "over": over,
            "message": message,
        }


def _full(state: State) -> list[str]:
    """The names whose column is full (row 7 written)."""
    return [name for name, column in zip(state["names"], state["columns"], strict=True) if None not in column]


SHEET = PokerScorer()
