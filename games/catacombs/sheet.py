"""Roman Catacombs scorecards, kept by hand.

Per player and category: three slots, each holding a book's name, a tick (a
book written on paper, name not entered) or nothing; and, once the three are
filled, whether the category was completed first or later. The edition
(categories, canon order, first and later scores) is the online game's data.

Score: first or later points per completed category, minus 1 per empty slot.
A player who completes a category is scored ``first`` unless someone else
completed it in an earlier entry; the scorekeeper can say otherwise (two
players completing it in the same turn both score first). Solo: always first.
"""

from __future__ import annotations

import copy

from django import forms

from games.catacombs.engine import CATACOMBS, categories, locate, placement_refusal, slot_count
from games.contract.protocol import IllegalMove
from scoresheets.entries import EntryForm, SeatField
from scoresheets.scoring import Entry, Scorer, State, check_names, places, require, seat

TICK = ""  # a filled slot whose book was not named
RANKS = ("first", "later")
SLOT_NAMES = ("left", "middle", "right")


def _category(entry: Entry) -> int:
    book = entry.get("book")
    if book:
        require(isinstance(book, str), "Choose a book by its name.")
        try:
            return locate(book)[0]
        except KeyError:
            raise IllegalMove(f"{book} is not a book of this edition.") from None
    number = entry.get("category")
    valid = isinstance(number, int) and not isinstance(number, bool) and 0 <= number < len(categories())
    require(valid, "Choose one of the categories, or a book.")
    return number


def _named(row: list[str | None]) -> list[str | None]:
    """The row with ticks read as unknown, for the canon-order check."""
    return [None if book == TICK else book for book in row]


SLOT_CHOICES = [(0, "Left"), (1, "Middle"), (2, "Right")]
RANK_CHOICES = [("", "Work it out"), ("first", "First"), ("later", "Later")]
RANK_HELP = "Work it out: first, unless someone else completed it earlier. Completed in the same turn: first."


class BookPicker(forms.RadioSelect):
    """The books as radio buttons grouped by category, each category a disclosure that opens on a
    tap (or Enter): a category, then a book. Plain HTML, so it works without scripts."""

    template_name = "catacombs/book_picker.html"


def _book_choices() -> list:
    return [("", "No book named: only a tick")] + [
        (category["name"], [(book, book) for book in category["books"]]) for category in categories()
    ]


class WriteForm(EntryForm):
    fields_template = "catacombs/entry_fields.html"

    seat = SeatField(widget=forms.RadioSelect)
    book = forms.ChoiceField(label="Book", required=False, widget=BookPicker)
    category = forms.TypedChoiceField(
        label="Or only tick a slot in",
        coerce=int,
        required=False,
        help_text="No book named: a tick in the slot of this category.",
    )
    slot = forms.TypedChoiceField(label="Slot", coerce=int, choices=SLOT_CHOICES, widget=forms.RadioSelect)
    rank = forms.ChoiceField(
        label="If this completes the category, it scores",
        choices=RANK_CHOICES,
        required=False,
        help_text=RANK_HELP,
    )

    def __init__(self, names: list[str], *args, **kwargs) -> None:
        super().__init__(names, *args, **kwargs)
        self.fields["category"].choices = [("", "(the book's own)")] + [
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


class CompleteForm(EntryForm):
    fields_template = "catacombs/entry_fields.html"

    seat = SeatField(widget=forms.RadioSelect)
    category = forms.TypedChoiceField(label="Category completed", coerce=int, widget=forms.RadioSelect)
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


class CatacombsScorer(Scorer):
    engine = CATACOMBS
    template = "catacombs/score_sheet.html"
    entries = {"write": ("Write it", WriteForm), "complete": ("Mark completed", CompleteForm)}
    entries_first = True  # the scorecards run long on a phone: the entry comes before them

    def next_seat(self, names: list[str], entries: list[Entry]) -> int | None:
        # Everyone writes at once and some pass, so no order says whose write comes next:
        # the scorekeeper taps the player each time.
        return None

    def new(self, names: list[str], options: dict) -> State:
        names = check_names(names, self.min_players, self.max_players, self.name)
        rows = [[None] * slot_count() for _ in categories()]
        return {
            "names": names,
            "slots": [copy.deepcopy(rows) for _ in names],
            "done": [[None] * len(categories()) for _ in names],
        }

    def apply(self, state: State, entry: Entry) -> State:
        kind = entry.get("type")
        require(kind in ("write", "complete"), "Write a book, tick a slot or mark a category completed.")
        player = seat(state, entry)
        category = _category(entry)
        new = copy.deepcopy(state)
        row = new["slots"][player][category]
        label = categories()[category]["name"]
        require(new["done"][player][category] is None, f"{state['names'][player]} has completed {label}.")
        if kind == "write":
            self._write(row, entry, label)
        else:
            row[:] = [TICK if book is None else book for book in row]
        if None not in row:
            new["done"][player][category] = self._rank(state, player, category, entry.get("rank"))
        return new

    def _write(self, row: list[str | None], entry: Entry, label: str) -> None:
        slot = entry.get("slot")
        valid = isinstance(slot, int) and not isinstance(slot, bool) and 0 <= slot < slot_count()
        require(valid, "Choose the left, middle or right slot.")
        require(row[slot] is None, f"The {SLOT_NAMES[slot]} slot of {label} is already filled.")
        book = entry.get("book") or TICK
        if book != TICK:
            refusal = placement_refusal(_sheet_with(row, book), book, slot)
            if refusal:
                raise IllegalMove(refusal)
        row[slot] = book

    def _rank(self, state: State, player: int, category: int, rank: object) -> str:
        if len(state["names"]) == 1:
            return "first"
        if rank in RANKS:
            return str(rank)
        earlier = any(done[category] for other, done in enumerate(state["done"]) if other != player)
        return "later" if earlier else "first"

    def describe(self, state: State, entry: Entry) -> str:
        name = state["names"][entry["seat"]]
        label = categories()[_category(entry)]["name"]
        if entry["type"] == "complete":
            return f"{name} completed {label}"
        book = entry.get("book") or "a book"
        return f"{name}: {book} in the {SLOT_NAMES[entry['slot']]} slot of {label}"

    def summary(self, state: State) -> dict:
        cats = categories()
        points, empty, totals = [], [], []
        for slots, done in zip(state["slots"], state["done"], strict=True):
            row_points = [cat[rank] if rank else None for cat, rank in zip(cats, done, strict=True)]
            missing = sum(book is None for row in slots for book in row)
            points.append(row_points)
            empty.append(missing)
            totals.append(sum(p for p in row_points if p) - missing)
        full = [name for name, count in zip(state["names"], empty, strict=True) if count == 0]
        message = (
            f"{' and '.join(full)} filled all slots: the game ends with this turn."
            if full
            else "The game ends when someone fills all their slots."
        )
        return {
            "points": points,
            "empty": empty,
            "totals": totals,
            "places": places(totals),
            "over": bool(full),
            "message": message,
        }


def _sheet_with(row: list[str | None], book: str) -> list[list[str | None]]:
    """A sheet where ``book``'s category row is ``row`` (ticks unknown), as the engine reads it."""
    sheet: list[list[str | None]] = [[None] * slot_count() for _ in categories()]
    sheet[locate(book)[0]] = _named(row)
    return sheet


SHEET = CatacombsScorer()
