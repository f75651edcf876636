"""Forms: what a blank pad asks for, and starting a sheet; each game's entry forms are its own."""

from __future__ import annotations

import re

from django import forms

from .entries import EntryForm
from .pads import MAX_COPIES, MAX_PAGES, PAPERS, page_count, player_count
from .registry import pad_kind, sheet_kind

PAPER_CHOICES = [("a4", "A4"), ("letter", "Letter")]


def split_names(raw: str) -> list[str]:
    """Names typed one per line or separated by commas."""
    return [name.strip() for name in re.split(r"[,\n\r]+", raw or "") if name.strip()]


class NamesField(forms.CharField):
    widget = forms.Textarea(attrs={"rows": 6, "placeholder": "Julius, Agrippina, Gaius"})  # six players

    def to_python(self, value) -> list[str]:
        names = split_names(super().to_python(value))
        if any(len(name) > 40 for name in names):
            raise forms.ValidationError("Keep each name to 40 characters.")
        if len(set(names)) != len(names):
            raise forms.ValidationError("Give each player a different name.")
        return names


def pad_variants(slug: str) -> forms.Form | None:
    """The variants a blank pad of ``slug`` asks for, as an unbound form (None: the pad has none)."""
    fields = getattr(pad_kind(slug).pad, "form_fields", dict)()
    if not fields:
        return None
    form = forms.Form(auto_id=f"id_{slug}_%s")
    form.fields.update(fields)
    return form


class BlankPadForm(forms.Form):
    paper = forms.ChoiceField(
        label="Paper",
        choices=PAPER_CHOICES,
        required=False,
        error_messages={"invalid_choice": "Choose A4 or Letter paper."},
    )
    names = NamesField(label="Player names (optional)", required=False)
    players = forms.IntegerField(
        label="Players",
        required=False,
        error_messages={"invalid": "Give the number of players as a whole number."},
    )
    copies = forms.IntegerField(
        label="Copies",
        min_value=1,
        max_value=MAX_COPIES,
        required=False,
        error_messages={
            "invalid": "Give the number of copies as a whole number.",
            "min_value": f"Ask for 1 to {MAX_COPIES} copies.",
            "max_value": f"Ask for 1 to {MAX_COPIES} copies.",
        },
    )

    def __init__(self, slug: str, *args, **kwargs) -> None:
        super().__init__(*args, **kwargs)
        self.slug = slug
        self.game = pad_kind(slug)
        self.fields.update(getattr(self.game.pad, "form_fields", dict)())

    def clean(self) -> dict:
        data = super().clean()
        engine = self.game.engine
        data["paper"] = data.get("paper") or "a4"
        data["copies"] = data.get("copies") or 1
        names = data.get("names") or []
        if len(names) > engine.max_players:
            raise forms.ValidationError(
                f"A {engine.name} pad has room for {engine.max_players} players at most."
            )
        players = data.get("players")
        fewest = max(len(names), engine.min_players)
        if players is not None and not fewest <= players <= engine.max_players:
            message = f"A {engine.name} pad is for {fewest} to {engine.max_players} players."
            raise forms.ValidationError(message)
        pages = page_count(self.slug, player_count(self.slug, names, players), data["copies"])
        if pages > MAX_PAGES:
            raise forms.ValidationError(f"That would be {pages} pages: ask for {MAX_PAGES} pages at most.")
        return data

    def pad_options(self) -> dict:
        read = getattr(self.game.pad, "form_options", None)
        return read(self.cleaned_data) if read else {}

    def asked(self) -> dict:
        """What to print, as ``blank_pad`` takes it (and ``blank_key`` keys it)."""
        values = self.cleaned_data
        return {
            "paper": values["paper"],
            "names": values["names"],
            "players": values["players"],
            "copies": values["copies"],
            "options": self.pad_options(),
        }


def page_query(slug: str, paper: str) -> dict:
    """The query the score-pad page's form sends for ``slug`` left as it is: no names, one copy,
    each variant at its initial value (a box not ticked is not sent)."""
    query = {"names": "", "paper": paper, "copies": "1"}
    for name, field in getattr(pad_kind(slug).pad, "form_fields", dict)().items():
        if field.initial is True:
            query[name] = "on"
        elif field.initial not in (None, False, ""):
            query[name] = str(field.initial)
    return query


class PadPaperForm(forms.Form):
    paper = forms.ChoiceField(
        choices=PAPER_CHOICES, required=False, error_messages={"invalid_choice": "Choose A4 or Letter paper."}
    )
    scope = forms.ChoiceField(
        choices=[("table", "The whole table"), ("mine", "My sheet")],
        required=False,
        error_messages={
            "invalid_choice": "Choose the whole table (scope=table) or your own sheet (scope=mine)."
        },
    )

    def clean(self) -> dict:
        data = super().clean()
        data["paper"] = data.get("paper") or "a4"
        data["scope"] = data.get("scope") or "table"
        return data


class NewSheetForm(forms.Form):
    names = NamesField(label="Players, in seat order (one per line or separated by commas)")

    def __init__(self, slug: str, *args, **kwargs) -> None:
        super().__init__(*args, **kwargs)
        self.slug = slug
        self.scorer = scorer = sheet_kind(slug).sheet
        self.fields["names"].help_text = f"{scorer.min_players} to {scorer.max_players} players."
        self.fields.update(scorer.form_fields())

    def clean_names(self) -> list[str]:
        names = self.cleaned_data["names"]
        scorer = self.scorer
        if not scorer.min_players <= len(names) <= scorer.max_players:
            raise forms.ValidationError(
                f"{scorer.name} is for {scorer.min_players} to {scorer.max_players} players."
            )
        return names

    def options(self) -> dict:
        return self.scorer.form_options(self.cleaned_data)


def entry_form(
    scorer, action: str, names: list[str], data=None, initial: dict | None = None
) -> EntryForm | None:
    """The form for one action of a sheet kept by ``scorer`` (None for an unknown action),
    starting from ``initial`` (``Scorer.prefill``: the next player, and their next row)."""
    found = scorer.entries.get(action)
    if found is None:
        return None
    return found[1](names, data, initial=initial or {}, auto_id=f"id_{action}_%s")


__all__ = [
    "PAPERS",
    "BlankPadForm",
    "NewSheetForm",
    "PadPaperForm",
    "entry_form",
    "page_query",
    "pad_variants",
    "split_names",
]
