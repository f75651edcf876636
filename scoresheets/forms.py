"""Forms: what a blank pad asks for, starting a sheet, and each game's entries."""

from __future__ import annotations

import re

from django import forms

from games.catacombs.engine import categories
from games.poker.engine import CARD_NAMES, CARDS, ROWS

from .layouts import LAYOUTS
from .pads import MAX_COPIES, MAX_PAGES, PAPERS, page_count, player_count
from .scoring import SCORERS
from .scoring.romanroad import TARGET
from .scoring.romirami import contracts, data, trophy_label

PAPER_CHOICES = [("a4", "A4"), ("letter", "Letter")]
SLOT_CHOICES = [(0, "Left"), (1, "Middle"), (2, "Right")]


def split_names(raw: str) -> list[str]:
    """Names typed one per line or separated by commas."""
    return [name.strip() for name in re.split(r"[,\n\r]+", raw or "") if name.strip()]


class NamesField(forms.CharField):
    widget = forms.Textarea(attrs={"rows": 3, "placeholder": "Julius, Agrippina, Gaius"})

    def to_python(self, value) -> list[str]:
        names = split_names(super().to_python(value))
        if any(len(name) > 40 for name in names):
            raise forms.ValidationError("Keep each name to 40 characters.")
        if len(set(names)) != len(names):
            raise forms.ValidationError("Give each player a different name.")
        return names


class RoadVariants(forms.Form):
    """Roman Road's table options, printed on the pad and used by the sheet."""

    amen_bonus = forms.BooleanField(label="Amen bonus (+10 to whoever calls Amen)", required=False)
    negative = forms.BooleanField(label="Negative hand scores allowed", required=False)
    target = forms.IntegerField(
        label="Play to",
        min_value=5,
        max_value=500,
        required=False,
        widget=forms.NumberInput(attrs={"placeholder": str(TARGET)}),
    )

    def road_options(self) -> dict:
        data = self.cleaned_data
        return {
            "amen_bonus": data["amen_bonus"],
            "negative": data["negative"],
            "target": data["target"] or TARGET,
        }


class BlankPadForm(RoadVariants):
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

    def __init__(self, kind: str, *args, **kwargs) -> None:
        super().__init__(*args, **kwargs)
        self.kind = kind
        self.layout = LAYOUTS[kind]

    def clean(self) -> dict:
        data = super().clean()
        layout = self.layout
        data["paper"] = data.get("paper") or "a4"
        data["copies"] = data.get("copies") or 1
        names = data.get("names") or []
        if len(names) > layout.MAX_PLAYERS:
            raise forms.ValidationError(
                f"A {layout.NAME} pad has room for {layout.MAX_PLAYERS} players at most."
            )
        players = data.get("players")
        fewest = max(len(names), layout.MIN_PLAYERS)
        if players is not None and not fewest <= players <= layout.MAX_PLAYERS:
            message = f"A {layout.NAME} pad is for {fewest} to {layout.MAX_PLAYERS} players."
            raise forms.ValidationError(message)
        pages = page_count(self.kind, player_count(self.kind, names, players), data["copies"])
        if pages > MAX_PAGES:
            raise forms.ValidationError(f"That would be {pages} pages: ask for {MAX_PAGES} pages at most.")
        return data

    def pad_options(self) -> dict:
        return self.road_options() if self.kind == "romanroad" else {}


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


TROPHY_SIDES = [("suit", "Suit side"), ("combo", "Combo side")]


class NewSheetForm(RoadVariants):
    names = NamesField(label="Players, in seat order (one per line or separated by commas)")

    def __init__(self, kind: str, *args, **kwargs) -> None:
        super().__init__(*args, **kwargs)
        self.kind = kind
        scorer = SCORERS[kind]
        self.fields["names"].help_text = f"{scorer.min_players} to {scorer.max_players} players."
        if kind != "romanroad":
            for name in ("amen_bonus", "negative", "target"):
                del self.fields[name]
        if kind == "romirami":
            for number, tile in enumerate(data()["trophies"]):
                self.fields[f"trophy_{number}"] = forms.ChoiceField(
                    label=f"Trophy {tile['tile']}",
                    choices=[(side, trophy_label(tile, side)) for side in ("suit", "combo")],
                    initial="suit",
                    widget=forms.RadioSelect,
                )

    def clean_names(self) -> list[str]:
        names = self.cleaned_data["names"]
        scorer = SCORERS[self.kind]
        if not scorer.min_players <= len(names) <= scorer.max_players:
            raise forms.ValidationError(
                f"{scorer.name} is for {scorer.min_players} to {scorer.max_players} players."
            )
        return names

    def options(self) -> dict:
        if self.kind == "romanroad":
            return self.road_options()
        if self.kind == "romirami":
            return {"trophies": [self.cleaned_data[f"trophy_{n}"] for n in range(len(data()["trophies"]))]}
        return {}


# --- Entries, one form per kind of entry ------------------------------------------


class EntryForm(forms.Form):
    """Base for entry forms: ``names`` give the seat choices; ``entry()`` the scorer's dict."""

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


class PokerEnterForm(EntryForm):
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


class PokerCardForm(EntryForm):
    seat = SeatField()
    card = forms.ChoiceField(label="Action card used", choices=[(c, CARD_NAMES[c]) for c in CARDS])

    def entry(self) -> dict:
        return {"type": "card", "seat": self.cleaned_data["seat"], "card": self.cleaned_data["card"]}


class RoadHandForm(EntryForm):
    def __init__(self, names: list[str], *args, **kwargs) -> None:
        super().__init__(names, *args, **kwargs)
        for seat, name in enumerate(names):
            self.fields[f"foundations_{seat}"] = forms.IntegerField(
                label=f"{name}: cards on the Foundations", min_value=0, max_value=32
            )
            self.fields[f"store_{seat}"] = forms.IntegerField(
                label=f"{name}: cards left in the Store", min_value=0, max_value=10
            )

    def entry(self) -> dict:
        seats = range(len(self.names))
        return {
            "type": "hand",
            "foundations": [self.cleaned_data[f"foundations_{s}"] for s in seats],
            "store": [self.cleaned_data[f"store_{s}"] for s in seats],
        }


def _book_choices() -> list:
    return [("", "(only tick the slot)")] + [
        (category["name"], [(book, book) for book in category["books"]]) for category in categories()
    ]


RANK_CHOICES = [("", "Work it out"), ("first", "First"), ("later", "Later")]
RANK_HELP = "Work it out: first, unless someone else completed it earlier. Completed in the same turn: first."


class CatacombsWriteForm(EntryForm):
    seat = SeatField()
    category = forms.TypedChoiceField(label="Category", coerce=int, required=False)
    book = forms.ChoiceField(
        label="Book", required=False, help_text="Or no book and a category: a tick in the slot."
    )
    slot = forms.TypedChoiceField(label="Slot", coerce=int, choices=SLOT_CHOICES)
    rank = forms.ChoiceField(
        label="If this completes the category, it scores",
        choices=RANK_CHOICES,
        required=False,
        help_text=RANK_HELP,
    )

    def __init__(self, names: list[str], *args, **kwargs) -> None:
        super().__init__(names, *args, **kwargs)
        self.fields["category"].choices = [("", "(the book's category)")] + [
            (n, c["name"]) for n, c in enumerate(categories())
        ]
        self.fields["book"].choices = _book_choices()

    def clean(self) -> dict:
        data = super().clean()
        if not data.get("book") and data.get("category") in (None, ""):
            raise forms.ValidationError("Choose a book, or a category to tick a slot in.")
        return data

    def entry(self) -> dict:
        data = self.cleaned_data
        entry = {"type": "write", "seat": data["seat"], "slot": data["slot"], "rank": data["rank"] or None}
        if data["book"]:
            entry["book"] = data["book"]
        else:
            entry["category"] = data["category"]
        return entry


class CatacombsCompleteForm(EntryForm):
    seat = SeatField()
    category = forms.TypedChoiceField(label="Category completed", coerce=int)
    rank = forms.ChoiceField(label="Scored", choices=RANK_CHOICES, required=False, help_text=RANK_HELP)

    def __init__(self, names: list[str], *args, **kwargs) -> None:
        super().__init__(names, *args, **kwargs)
        self.fields["category"].choices = [
            (n, f"{c['name']} ({c['first']} / {c['later']})") for n, c in enumerate(categories())
        ]

    def entry(self) -> dict:
        data = self.cleaned_data
        return {
            "type": "complete",
            "seat": data["seat"],
            "category": data["category"],
            "rank": data["rank"] or None,
        }


class RamiContractForm(EntryForm):
    seat = SeatField()
    contract = forms.ChoiceField(label="Contract completed")

    def __init__(self, names: list[str], *args, **kwargs) -> None:
        super().__init__(names, *args, **kwargs)
        self.fields["contract"].choices = [(key, card["label"]) for key, card in contracts().items()]

    def entry(self) -> dict:
        return {
            "type": "contract",
            "seat": self.cleaned_data["seat"],
            "contract": self.cleaned_data["contract"],
        }


class RamiBonusForm(EntryForm):
    seat = SeatField()
    count = forms.IntegerField(label="Suit Bonus cards", min_value=0, max_value=92)

    def entry(self) -> dict:
        return {"type": "bonus", "seat": self.cleaned_data["seat"], "count": self.cleaned_data["count"]}


class RamiStarForm(EntryForm):
    seat = SeatField()
    used = forms.TypedChoiceField(
        label="Star", coerce=lambda v: v == "1", choices=[("1", "Used"), ("0", "Not used")]
    )

    def entry(self) -> dict:
        return {"type": "star", "seat": self.cleaned_data["seat"], "used": self.cleaned_data["used"]}


class RoadsGameForm(EntryForm):
    winners = forms.TypedMultipleChoiceField(
        label="Who won this game", coerce=int, widget=forms.CheckboxSelectMultiple
    )

    def __init__(self, names: list[str], *args, **kwargs) -> None:
        super().__init__(names, *args, **kwargs)
        self.fields["winners"].choices = list(enumerate(names))

    def entry(self) -> dict:
        return {"type": "game", "winners": self.cleaned_data["winners"]}


# Per kind: action name -> (button label, form class). The page shows them in this order.
ENTRY_FORMS: dict[str, dict[str, tuple[str, type[EntryForm]]]] = {
    "poker": {"enter": ("Enter the number", PokerEnterForm), "card": ("Mark the card used", PokerCardForm)},
    "romanroad": {"hand": ("Add the hand", RoadHandForm)},
    "catacombs": {
        "write": ("Write it", CatacombsWriteForm),
        "complete": ("Mark completed", CatacombsCompleteForm),
    },
    "romirami": {
        "contract": ("Add the contract", RamiContractForm),
        "bonus": ("Set Suit Bonus cards", RamiBonusForm),
        "star": ("Set the Star", RamiStarForm),
    },
    "roads": {"game": ("Add the game", RoadsGameForm)},
}


def entry_form(kind: str, action: str, names: list[str], data=None) -> EntryForm | None:
    """The form for one action of a sheet of ``kind`` (None for an unknown action)."""
    found = ENTRY_FORMS[kind].get(action)
    return None if found is None else found[1](names, data, auto_id=f"id_{action}_%s")


__all__ = ["ENTRY_FORMS", "PAPERS", "BlankPadForm", "NewSheetForm", "PadPaperForm", "split_names"]
