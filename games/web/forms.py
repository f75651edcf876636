from __future__ import annotations

from django import forms

from games.contract import kinds
from games.models import Game
from games.tables.invites import normalize_code

HOUR, DAY = 3600, 86400
TURN_DEADLINES = [
    (0, "No limit"),
    (6 * HOUR, "6 hours"),
    (12 * HOUR, "12 hours"),
    (DAY, "1 day"),
    (2 * DAY, "2 days"),
    (3 * DAY, "3 days"),
    (7 * DAY, "7 days"),
]


class NewGameForm(forms.Form):
    """The platform's fields of the create form; ``of(slug)`` joins them with the game's ``TableForm``."""

    kind: kinds.GameKind

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

    @classmethod
    def of(cls, slug: str) -> type[NewGameForm]:
        """The create form of game ``slug``: these fields, then its table form's."""
        kind = kinds.get(slug)
        return type(f"New{type(kind).__name__}Form", (kind.table_form, cls), {"kind": kind})

    def __init__(self, *args, **kwargs) -> None:
        super().__init__(*args, **kwargs)
        engine = self.kind.engine
        seats = range(engine.min_players, engine.max_players + 1)
        self.fields["max_seats"].choices = [(n, str(n)) for n in seats]
        self.fields["max_seats"].initial = min(max(engine.min_players, 4), engine.max_players)
        if self.kind.table_form.deadline_wording:
            deadline = self.fields["turn_deadline"]
            deadline.label, deadline.help_text = self.kind.table_form.deadline_wording

    def options(self) -> dict:
        return self.kind.table_form.options_from(self.cleaned_data)


class JoinCodeForm(forms.Form):
    # Room for a code typed with spaces or dashes ("7pv-uar"); what counts is the code within.
    code = forms.CharField(
        label="Join code",
        max_length=20,
        widget=forms.TextInput(
            attrs={"autocapitalize": "characters", "autocomplete": "off", "spellcheck": "false"}
        ),
    )

    def clean_code(self) -> str:
        code = normalize_code(self.cleaned_data["code"])
        if not 4 <= len(code) <= 8:
            raise forms.ValidationError("A join code has six letters and digits, like 7PV-UAR.")
        return code
