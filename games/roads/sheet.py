"""Building Roman Roads, a match of several games: who won each one.

The first player to play the last card of their hand wins a game; when the
draw pile runs out and everyone passes, the fewest cards wins and a tie
shares the win. The sheet counts games won.
"""

from __future__ import annotations

import copy

from django import forms

from games.roads.engine import ROADS
from scoresheets.entries import EntryForm
from scoresheets.scoring import Entry, Scorer, State, check_names, places, require


class GameForm(EntryForm):
    winners = forms.TypedMultipleChoiceField(
        label="Who won this game", coerce=int, widget=forms.CheckboxSelectMultiple
    )

    def __init__(self, names: list[str], *args, **kwargs) -> None:
        super().__init__(names, *args, **kwargs)
        self.fields["winners"].choices = list(enumerate(names))

    def entry(self) -> dict:
        return {"type": "game", "winners": self.cleaned_data["winners"]}


class RoadsScorer(Scorer):
    engine = ROADS
    template = "roads/score_sheet.html"
    entries = {"game": ("Add the game", GameForm)}

    def new(self, names: list[str], options: dict) -> State:
        names = check_names(names, self.min_players, self.max_players, self.name)
        return {"names": names, "games": []}

    def apply(self, state: State, entry: Entry) -> State:
        require(entry.get("type") == "game", "A Building Roman Roads sheet takes the winner of each game.")
        winners = entry.get("winners")
        count = len(state["names"])
        valid = isinstance(winners, list) and all(
            isinstance(w, int) and not isinstance(w, bool) and 0 <= w < count for w in winners
        )
        require(valid and winners, "Tick who won the game.")
        require(len(set(winners)) == len(winners), "Tick each winner once.")
        require(len(winners) < count, "Not everyone can win: tick who won the game.")
        new = copy.deepcopy(state)
        new["games"].append(sorted(winners))
        return new

    def describe(self, state: State, entry: Entry) -> str:
        names = " and ".join(state["names"][w] for w in entry["winners"])
        return f"Game {len(state['games']) + 1}: {names}"

    def finished(self, state: State) -> bool:
        # Each entry is a whole game, finished when written: the match has no end of its own.
        return bool(state["games"])

    def summary(self, state: State) -> dict:
        wins = [sum(seat in game for game in state["games"]) for seat in range(len(state["names"]))]
        leaders = [n for n, w in zip(state["names"], wins, strict=True) if state["games"] and w == max(wins)]
        message = f"Leading: {' and '.join(leaders)}." if leaders else "No game played yet."
        return {"totals": wins, "places": places(wins), "over": False, "message": message}


SHEET = RoadsScorer()
