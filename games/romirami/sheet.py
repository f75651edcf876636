"""Romi Rami's sheet, kept by hand: contracts, trophies, Suit Bonus cards, the Star.

The rules are the engine's pure functions, called here rather than copied: its contract
cards (each of the 36 exists once, so a contract is with at most one player), the trophies
the contracts win on the four sides the table shows (a tie for the most gives the trophy to
nobody), the total (contract points + trophies + 1 per Suit Bonus card + 1 for an unused
Star), the places (equal totals: most Suit Bonus cards wins; still equal, the place is
shared) and the contracts that end the game.
"""

from __future__ import annotations

import copy
from functools import cache

from django import forms

from games.contract.protocol import IllegalMove
from games.romirami import engine
from games.romirami.engine import ROMIRAMI, SIDES, edition, suit_name, trophy_label
from scoresheets.entries import EntryForm, SeatField
from scoresheets.scoring import Entry, Scorer, State, check_names, require, seat, whole

MAX_BONUS = len(engine.number_cards())  # every Number card


@cache
def contracts() -> dict[str, dict]:
    """The engine's contract cards by id ("run5-diamond"), each with the label the sheet shows."""
    return {
        key: {**card, "label": f"{card['name']} ({suit_name(card['suit'])}, {card['points']})"}
        for key, card in engine.contract_cards().items()
    }


def trophies(state: State) -> list[list[int]]:
    """Per player, the points of each of the four trophies (0 when not theirs)."""
    return engine.trophies_won(state["options"]["trophies"], state["contracts"])


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
                choices=[(side, trophy_label(number, side)) for side in SIDES],
                initial="suit",
                widget=forms.RadioSelect,
            )
            for number, tile in enumerate(edition()["trophies"])
        }

    def form_options(self, data: dict) -> dict:
        return {"trophies": [data[f"trophy_{n}"] for n in range(len(edition()["trophies"]))]}

    def options(self, raw: dict) -> dict:
        tiles = len(edition()["trophies"])
        sides = raw.get("trophies", ["suit"] * tiles)
        valid = isinstance(sides, list) and len(sides) == tiles
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
        contract_points = [engine.points_of(held) for held in state["contracts"]]
        star = [0 if used else 1 for used in state["star_used"]]
        totals = [
            engine.total(points, sum(trophy), bonus, used)
            for points, trophy, bonus, used in zip(
                contract_points, won, state["bonus"], state["star_used"], strict=True
            )
        ]
        ranks = engine.ranking(totals, state["bonus"])
        needed = engine.end_contracts(len(state["names"]))
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
                trophy_label(number, side) for number, side in enumerate(state["options"]["trophies"])
            ],
            "star": star,
            "totals": totals,
            "places": ranks,
            "over": bool(enough),
            "message": message,
            "needed": needed,
        }


SHEET = RomiRamiScorer()
