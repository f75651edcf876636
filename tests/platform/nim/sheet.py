"""Nim kept by hand: who won each game of a match."""

from __future__ import annotations

from django import forms

from scoresheets.entries import EntryForm, SeatField
from scoresheets.scoring import Entry, Scorer, State, check_names, places, seat

from .engine import NIM


class WinnerForm(EntryForm):
    seat = SeatField()

    def entry(self) -> dict:
        return {"type": "game", "seat": self.cleaned_data["seat"]}


class NimScorer(Scorer):
    engine = NIM
    template = "nim/score_sheet.html"
    entries = {"game": ("Add the winner", WinnerForm)}

    def form_fields(self) -> dict[str, forms.Field]:
        return {"to": forms.IntegerField(label="Games to win", min_value=1, max_value=9, initial=3)}

    def form_options(self, data: dict) -> dict:
        return {"to": data["to"] or 3}

    def options(self, raw: dict) -> dict:
        return {"to": raw.get("to", 3)}

    def new(self, names: list[str], options: dict) -> State:
        names = check_names(names, self.min_players, self.max_players, self.name)
        return {"names": names, "options": self.options(options), "winners": []}

    def apply(self, state: State, entry: Entry) -> State:
        winner = seat(state, entry)
        return {**state, "winners": [*state["winners"], winner]}

    def describe(self, state: State, entry: Entry) -> str:
        return f"Game {len(state['winners']) + 1}: {state['names'][entry['seat']]}"

    def summary(self, state: State) -> dict:
        totals = [state["winners"].count(s) for s in range(len(state["names"]))]
        over = max(totals) >= state["options"]["to"]
        return {
            "totals": totals,
            "places": places(totals),
            "over": over,
            "message": "Match over." if over else f"First to {state['options']['to']} wins the match.",
        }


SHEET = NimScorer()
