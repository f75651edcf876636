"""A game's own part of the create form: its table options, as a Django form class its GameKind names.

The platform's create form (seats, seat order, the turn deadline) and the game's ``TableForm`` are
one form class (``games.web.forms.NewGameForm.of``), so the game's ``clean`` may cross-check the
platform's fields too. A ``BooleanField`` of the game's form is an optional rule.
"""

from __future__ import annotations

from django import forms


class TableForm(forms.Form):
    # (label, help) of the platform's turn deadline at this game's tables, or None for its own words.
    deadline_wording: tuple[str, str] | None = None

    @classmethod
    def options_from(cls, data: dict) -> dict:
        """The table's options from the cleaned form: by default each optional rule, on or off."""
        return {name: bool(data.get(name)) for name in optional_rules(cls)}

    @classmethod
    def labels(cls, options: dict) -> list[str]:
        """The optional rules a table plays with, as the form names them (the lobby's "Rules: …")."""
        return [str(field.label) for name, field in optional_rules(cls).items() if options.get(name)]


def optional_rules(form_class: type[forms.Form]) -> dict[str, forms.Field]:
    """The optional rules a game's table form declares: its boolean fields."""
    fields = form_class.base_fields.items()
    return {name: field for name, field in fields if isinstance(field, forms.BooleanField)}
