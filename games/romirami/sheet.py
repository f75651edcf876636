"""Romi Rami's sheet, kept by hand: contracts, trophies, Suit Bonus cards, the Star.

Contracts are the published cards, read from the Romi Rami engine's data
(``games/romirami/data/romirami.json``, one source for both): each of the 36
exists once, so a contract is with at most one player. Trophies follow from
the contracts and the four trophy sides the table shows; a tie for the most
gives the trophy to nobody. Total: contract points + trophies + 1 per Suit
Bonus card + 1 for an unused Star. Equal totals: most Suit Bonus cards wins;
still equal, the place is shared.
"""

from __future__ import annotations

import copy
from functools import cache

from django import forms

from games.rules import IllegalMove
from scoresheets.entries import EntryForm, SeatField
from scoresheets.scoring import Entry, Scorer, State, check_names, require, seat, whole

from .engine import ROMIRAMI, edition

SIDES = ("suit", "combo")
MAX_BONUS = 92  # every Number card


def data() -> dict:
    """Suits, contract requirements, trophies and end counts: the engine's card data."""
    return edition()


def suit_name(suit: str) -> str:
    return next(s["name"] for s in data()["suits"] if s["id"] == suit)


@cache
def contracts() -> dict[str, dict]:
    """Contract id ("run5-diamond") -> name, parts, points, suit, label."""
    cards = {}
    for requirement in data()["requirements"]:
        slug = requirement["name"].lower().replace(" + ", "+").replace(" ", "")
        for suit in requirement["suits"]:
            cards[f"{slug}-{suit}"] = {
                "name": requirement["name"],
                "parts": requirement["parts"],
                "points": requirement["points"],
                "suit": suit,
                "label": f"{requirement['name']} ({suit_name(suit)}, {requirement['points']})",
            }
    return cards


def trophy_label(tile: dict, side: str) -> str:
    face = tile[side]
    if side == "suit":
        return f"Most {suit_name(face['suit'])} contracts ({face['points']})"
    return f"Most {face['icon']}-card icons ({face['points']})"


def _trophy_counts(tile: dict, side: str, held: list[list[str]]) -> list[int]:
    face = tile[side]
    if side == "suit":
        return [sum(contracts()[c]["suit"] == face["suit"] for c in cards) for cards in held]
    return [sum(contracts()[c]["parts"].count(face["icon"]) for c in cards) for cards in held]


def trophies(state: State) -> list[list[int]]:
    """Per player, the points of each of the four trophies (0 when not theirs)."""
    won = [[0] * len(data()["trophies"]) for _ in state["names"]]
    for number, (tile, side) in enumerate(zip(data()["trophies"], state["options"]["trophies"], strict=True)):
        counts = _trophy_counts(tile, side, state["contracts"])
        best = max(counts)
        if best > 0 and counts.count(best) == 1:
            won[counts.index(best)][number] = tile[side]["points"]
    return won


class ContractForm(EntryForm):
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


class BonusForm(EntryForm):
    seat = SeatField()
    count = forms.IntegerField(label="Suit Bonus cards", min_value=0, max_value=MAX_BONUS)

    def entry(self) -> dict:
        return {"type": "bonus", "seat": self.cleaned_data["seat"], "count": self.cleaned_data["count"]}


class StarForm(EntryForm):
    seat = SeatField()
    used = forms.TypedChoiceField(
        label="Star", coerce=lambda v: v == "1", choices=[("1", "Used"), ("0", "Not used")]
    )

    def entry(self) -> dict:
        return {"type": "star", "seat": self.cleaned_data["seat"], "used": self.cleaned_data["used"]}


class RomiRamiScorer(Scorer):
    engine = ROMIRAMI
    template = "romirami/score_sheet.html"
    entries = {
        "contract": ("Add the contract", ContractForm),
        "bonus": ("Set Suit Bonus cards", BonusForm),
        "star": ("Set the Star", StarForm),
    }

    def form_fields(self) -> dict[str, forms.Field]:
        return {
            f"trophy_{number}": forms.ChoiceField(
                label=f"Trophy {tile['tile']}",
                choices=[(side, trophy_label(tile, side)) for side in SIDES],
                initial="suit",
                widget=forms.RadioSelect,
            )
            for number, tile in enumerate(data()["trophies"])
        }

    def form_options(self, data_: dict) -> dict:
        return {"trophies": [data_[f"trophy_{n}"] for n in range(len(data()["trophies"]))]}

    def options(self, raw: dict) -> dict:
        sides = raw.get("trophies", ["suit"] * len(data()["trophies"]))
        valid = isinstance(sides, list) and len(sides) == len(data()["trophies"])
        require(
            valid and all(side in SIDES for side in sides), "Choose a side for each of the four trophies."
        )
        return {"trophies": list(sides)}

    def new(self, names: list[str], options: dict) -> State:
        names = check_names(names, self.min_players, self.max_players, self.name)
        return {
            "names": names,
            "options": self.options(options),
            "contracts": [[] for _ in names],
            "bonus": [0 for _ in names],
            "star_used": [False for _ in names],
        }

    def apply(self, state: State, entry: Entry) -> State:
        kind = entry.get("type")
        require(kind in ("contract", "bonus", "star"), "Enter a contract, Suit Bonus cards or the Star.")
        player = seat(state, entry)
        new = copy.deepcopy(state)
        if kind == "contract":
            contract = entry.get("contract")
            known = isinstance(contract, str) and contract in contracts()
            require(known, "Choose one of the contract cards.")
            for other, held in enumerate(state["contracts"]):
                if contract in held:
                    raise IllegalMove(
                        f"{contracts()[contract]['label']} is already with {state['names'][other]}: "
                        "each contract card is in the game once."
                    )
            new["contracts"][player].append(contract)
        elif kind == "bonus":
            new["bonus"][player] = whole(entry.get("count"), 0, MAX_BONUS, "the Suit Bonus cards")
        else:
            new["star_used"][player] = bool(entry.get("used"))
        return new

    def describe(self, state: State, entry: Entry) -> str:
        name = state["names"][entry["seat"]]
        if entry["type"] == "contract":
            return f"{name}: {contracts()[entry['contract']]['label']}"
        if entry["type"] == "bonus":
            return f"{name}: {entry['count']} Suit Bonus cards"
        return f"{name}: Star {'used' if entry.get('used') else 'not used'}"

    def summary(self, state: State) -> dict:
        won = trophies(state)
        contract_points = [sum(contracts()[c]["points"] for c in held) for held in state["contracts"]]
        star = [0 if used else 1 for used in state["star_used"]]
        totals = [
            points + sum(trophy) + bonus + extra
            for points, trophy, bonus, extra in zip(contract_points, won, state["bonus"], star, strict=True)
        ]
        keys = list(zip(totals, state["bonus"], strict=True))
        ranks = [1 + sum(other > mine for other in keys) for mine in keys]
        needed = data()["end_contracts"][str(len(state["names"]))]
        enough = [
            n for n, held in zip(state["names"], state["contracts"], strict=True) if len(held) >= needed
        ]
        if enough:
            message = f"{' and '.join(enough)} reached {needed} contracts: the game ends with this round."
        else:
            message = f"The game ends at the end of the round in which someone has {needed} contracts."
        return {
            "contract_points": contract_points,
            "trophies": won,
            "trophy_labels": [
                trophy_label(tile, side)
                for tile, side in zip(data()["trophies"], state["options"]["trophies"], strict=True)
            ],
            "star": star,
            "totals": totals,
            "places": ranks,
            "over": bool(enough),
            "message": message,
            "needed": needed,
        }


SHEET = RomiRamiScorer()
