"""What every entry form of an in-person sheet is: a game's ``sheet.py`` builds on these."""

from __future__ import annotations

from django import forms


class EntryForm(forms.Form):
    """``names`` give the seat choices; ``entry()`` is the dict the game's scorer applies.
    ``fields_template`` draws the fields on the sheet page (a game may give its own)."""

    fields_template = "form_fields.html"

    def __init__(self, names: list[str], *args, **kwargs) -> None:
        super().__init__(*args, **kwargs)
        self.names = names
        if "seat" in self.fields:
            self.fields["seat"].choices = list(enumerate(names))

    def entry(self) -> dict:
        raise NotImplementedError


class SeatField(forms.TypedChoiceField):
    def __init__(self, **kwargs) -> None:
        super().__init__(label="Player", coerce=int, **kwargs)
