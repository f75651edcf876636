from __future__ import annotations

from django import forms

from . import catacombs_forms
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


HOUR, DAY = 3600, 86400
TURN_DEADLINES = [
    (0, "No limit"), (6 * HOUR, "6 hours"), (12 * HOUR, "12 hours"), (DAY, "1 day"),
    (2 * DAY, "2 days"), (3 * DAY, "3 days"), (7 * DAY, "7 days"),
]


class NewGameForm(forms.Form):
    max_seats = forms.TypedChoiceField(label="Seats", coerce=int)
    seat_order = forms.ChoiceField(
        label="Seat order",
        choices=Game.SeatOrder.choices,
        initial=Game.SeatOrder.SHUFFLE,
        widget=forms.RadioSelect,
    )
    host_plays = forms.BooleanField(label="I play too", required=False, initial=True)
    turn_deadline = forms.TypedChoiceField(
        label="Time for each turn",
        coerce=int,
        choices=TURN_DEADLINES,
        initial=0,
        required=False,
        help_text="When it runs out, the site plays the default move. Players on holiday are not hurried.",
    )

    def __init__(self, kind: str, *args, **kwargs) -> None:
        super().__init__(*args, **kwargs)
        engine = ENGINES[kind]
        self.kind = kind
        seats = range(engine.min_players, engine.max_players + 1)
        self.fields["max_seats"].choices = [(n, str(n)) for n in seats]
        self.fields["max_seats"].initial = min(max(engine.min_players, 4), engine.max_players)
        for name, (label, help_text) in GAME_OPTIONS.get(kind, {}).items():
            self.fields[name] = forms.BooleanField(label=label, help_text=help_text, required=False)
        if kind == "catacombs":
            self.fields.update(catacombs_forms.table_fields())
            deadline = self.fields["turn_deadline"]
            deadline.label = "Time to choose (tables you flip or automatic ones)"
            deadline.help_text = "Whoever has not chosen by then passes. Timed tables use their turn length."

    def clean(self) -> dict:
        data = super().clean()
        if self.kind == "catacombs":
            catacombs_forms.check(self, data)
        return data

    def options(self) -> dict:
        options = {name: bool(self.cleaned_data.get(name)) for name in GAME_OPTIONS.get(self.kind, {})}
        if self.kind == "catacombs":
            options.update(catacombs_forms.table_options(self.cleaned_data))
        return options


class JoinCodeForm(forms.Form):
    code = forms.CharField(label="Join code", max_length=8, min_length=4)

    def clean_code(self) -> str:
        return self.cleaned_data["code"].strip().upper()
