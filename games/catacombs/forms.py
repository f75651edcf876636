"""The table options of a new Roman Catacombs game: who flips, and how long a timed turn lasts."""

from __future__ import annotations

from django import forms

from games.catacombs.tables import AUTO, TIMED
from games.contract.tableform import TableForm

FLIP_CHOICES = [
    ("host", "I flip: I press Flip when the table is ready, and see who has chosen"),
    (AUTO, "Automatic: the next cards come as soon as everyone has chosen"),
    (TIMED, "Timed: each turn lasts a set time; then whoever has not chosen passes"),
]
UNIT_SECONDS = {"minutes": 60, "hours": 3600, "days": 86400}
MAX_TURN_SECONDS = 30 * 86400


class CatacombsTableForm(TableForm):
    flip_mode = forms.ChoiceField(
        label="Who flips the cards", choices=FLIP_CHOICES, initial=AUTO, widget=forms.RadioSelect
    )
    turn_length = forms.IntegerField(
        label="Timed turns: length of a turn",
        min_value=1,
        max_value=999,
        required=False,
        initial=1,
        help_text="Only for timed turns.",
    )
    turn_unit = forms.ChoiceField(
        label="Timed turns: unit",
        choices=[(unit, unit) for unit in UNIT_SECONDS],
        initial="days",
        required=False,
    )
    deadline_wording = (
        "Time each player has to choose a book",
        "Whoever has not chosen by then passes. A timed table uses its own turn length instead.",
    )

    def clean(self) -> dict:
        """A timed table needs a turn length between a minute and 30 days."""
        data = super().clean()
        if data.get("flip_mode") != TIMED:
            return data
        data["turn_deadline"] = 0  # a timed table's turn length is its deadline
        length, unit = data.get("turn_length"), data.get("turn_unit") or "days"
        if not length:
            self.add_error("turn_length", "Give the length of a turn for a timed table.")
        elif length * UNIT_SECONDS[unit] > MAX_TURN_SECONDS:
            self.add_error("turn_length", "A turn can last at most 30 days.")
        return data

    @classmethod
    def options_from(cls, data: dict) -> dict:
        options = {"flip_mode": data["flip_mode"]}
        if data["flip_mode"] == TIMED:
            options["turn_seconds"] = data["turn_length"] * UNIT_SECONDS[data.get("turn_unit") or "days"]
        return options
