from __future__ import annotations

from django import forms

from .engines import ENGINES
from .models import Game

# Options each game offers when a table is created: name -> (label, help).
GAME_OPTIONS: dict[str, dict[str, tuple[str, str]]] = {
    "poker": {
        "multi_roll": (
            "Roll several dice at once",
            "Optional rule: roll any number of the remaining dice together.",
        ),
        "cards_anytime": ("Action cards at any time", "Optional rule: play cards even after a valid roll."),
        "physical_dice": (
            "We roll real dice",
            "Enter the faces you roll at the table; the site keeps score.",
        ),
    },
}


class NewGameForm(forms.Form):
    max_seats = forms.TypedChoiceField(label="Seats", coerce=int)
    seat_order = forms.ChoiceField(
        label="Seat order",
        choices=Game.SeatOrder.choices,
        initial=Game.SeatOrder.SHUFFLE,
        widget=forms.RadioSelect,
    )
    host_plays = forms.BooleanField(label="I play too", required=False, initial=True)

    def __init__(self, kind: str, *args, **kwargs) -> None:
        super().__init__(*args, **kwargs)
        engine = ENGINES[kind]
        self.kind = kind
        seats = range(engine.min_players, engine.max_players + 1)
        self.fields["max_seats"].choices = [(n, str(n)) for n in seats]
        self.fields["max_seats"].initial = min(max(engine.min_players, 4), engine.max_players)
        for name, (label, help_text) in GAME_OPTIONS.get(kind, {}).items():
            self.fields[name] = forms.BooleanField(label=label, help_text=help_text, required=False)

    def options(self) -> dict:
        return {name: bool(self.cleaned_data.get(name)) for name in GAME_OPTIONS.get(self.kind, {})}


class JoinCodeForm(forms.Form):
    code = forms.CharField(label="Join code", max_length=8, min_length=4)

    def clean_code(self) -> str:
        return self.cleaned_data["code"].strip().upper()
