"""What each seat sees of a Romi Rami table, and the public log lines."""

from __future__ import annotations

import json
import random

from games.romirami.engine import ROMIRAMI, card_text
from games.romirami.tests.helpers import complete, table

SUIT_NAMES = ("Cherry", "Diamond", "Heart", "Clover")


def play(state: dict, *moves: dict) -> dict:
    for number, move in enumerate(moves):
        state = ROMIRAMI.apply(state, None, move, random.Random(number))
    return state


def test_a_seat_sees_its_hand_sorted_and_of_the_others_only_the_size() -> None:
    state = table(hands={0: "5C 1H 3D 1C 3C", 1: "2L 2H 4D 4C"})
    view = ROMIRAMI.view(state, 0)
    assert [(c["number"], c["suit"]) for c in view["hand"]] == [
        (1, "cherry"),
        (1, "heart"),
        (3, "cherry"),
        (3, "diamond"),
        (5, "cherry"),
    ]
    assert [p["hand_size"] for p in view["table"]] == [5, 4]
    assert not {c for c in state["hands"][1]} & {c["id"] for c in view["hand"]}
    other = ROMIRAMI.view(state, 1)
    assert [c["id"] for c in other["hand"]] != [c["id"] for c in view["hand"]]


def test_suit_bonus_counts_are_the_owners_until_the_end() -> None:
    state = table(bonus={0: "1H 2H", 1: "3C"}, offers=[None] * 4)
    view = ROMIRAMI.view(state, 0)
    assert view["bonus"] == 2
    assert [p["bonus"] for p in view["table"]] == [2, None]
    assert [p["bonus"] for p in ROMIRAMI.view(state, None)["table"]] == [None, None]
    assert ROMIRAMI.view(state, None)["bonus"] is None
    assert view["scores"] is None and view["places"] is None
    state["phase"], state["end_reason"] = "over", "contracts"
    final = ROMIRAMI.view(state, None)
    assert [p["bonus"] for p in final["table"]] == [2, 1]
    assert final["scores"] == ROMIRAMI.scores(state) and final["places"] == ROMIRAMI.places(state)
    assert [p["score"] for p in final["table"]] == final["scores"]


def test_the_view_has_what_a_page_needs() -> None:
    state = table(hands={0: "1C 2C 3C 4C"}, market="3D 3H 5C 1D 1H 2L", phase="take")
    state = play(state, {"type": "take", "cards": state["market"][:2]}, complete("run4-cherry", "1 2 3 4"))
    view = ROMIRAMI.view(state, 0)
    for key in (
        "market",
        "contract_market",
        "hand",
        "trophies",
        "table",
        "bonus",
        "star_used",
        "this_turn",
        "last_turn",
        "turn",
        "to_act",
        "phase",
        "round",
        "scores",
        "places",
        "legal",
        "end_contracts",
        "last_round",
        "suits",
    ):
        assert key in view, key
    assert view["market"][:2] == [None, None] and view["market"][2]["number"] == 5
    assert view["contract_market"][0] is None and view["contract_market"][1]["points"] == 2
    assert view["table"][0]["contracts"][0]["id"] == "run4-cherry"
    assert view["table"][0]["contract_points"] == 1
    assert view["this_turn"]["took"] == [{"suit": "diamond", "number": 3}, {"suit": "heart", "number": 3}]
    assert view["this_turn"]["completed"][0]["numbers"] == [1, 2, 3, 4]
    assert view["trophies"][0]["leader"] == 0  # most Cherry contracts
    legal = view["legal"]
    assert legal["end_turn"] == {"type": "end_turn"} and legal["take"] == [] and legal["discard"] == []
    assert [offer["contract"] for offer in legal["complete"]] == [c for c in state["contract_market"] if c]
    assert ROMIRAMI.view(state, 1)["legal"] is None and ROMIRAMI.view(state, None)["legal"] is None
    after = play(state, {"type": "end_turn"})
    assert ROMIRAMI.view(after, 1)["last_turn"]["completed"][0]["contract"] == "run4-cherry"


def test_the_view_holds_no_deck_no_discard_and_no_other_hand() -> None:
    state = table(hands={0: "1C 2C", 1: "5L 5H 5D"}, discard="4H 4L", bonus={1: "2H"})
    view = ROMIRAMI.view(state, 0)
    assert not {"deck", "discard", "hands"} & set(view)
    assert json.dumps(state["deck"][-5:])[1:-1] not in json.dumps(view)
    shown = _card_ids(ROMIRAMI.view(state, 0))
    assert shown == set(state["hands"][0]) | set(state["market"])


def _card_ids(view) -> set[int]:
    found = set()
    if isinstance(view, dict):
        if {"id", "suit", "number"} <= set(view):
            found.add(view["id"])
        for value in view.values():
            found |= _card_ids(value)
    elif isinstance(view, list):
        for value in view:
            found |= _card_ids(value)
    return found


def test_describe_names_market_cards_and_numbers_played_never_a_card_drawn() -> None:
    state = table(hands={0: "1C 2C 3C 4D"}, market="4C 4H 5C 1D 1H 2L", phase="take")
    take = {"type": "take", "cards": state["market"][:2]}
    after = play(state, take)
    assert (
        ROMIRAMI.describe(state, after, 0, take) == "{player} took Cherry 4, Heart 4 from the Number market."
    )
    move = complete("run4-cherry", "1 2 3 4")
    done = play(after, move)
    text = ROMIRAMI.describe(after, done, 0, move)
    assert text == "{player} completed Run4 (Cherry, 1 point) with 1 2 3 4."
    end = play(done, {"type": "end_turn"})
    text = ROMIRAMI.describe(done, end, 0, {"type": "end_turn"})
    assert text.startswith("{player} ended the turn. {player} drew 1 card.")
    drawn = set(end["hands"][0]) - set(done["hands"][0])
    refilled = set(end["market"]) - set(done["market"])
    assert not any(card_text(c) in text for c in drawn | refilled)
    assert not any(name in text for name in SUIT_NAMES)


def test_describe_a_star_and_the_contract_that_ends_the_game() -> None:
    from games.romirami.engine import contract_cards

    held = list(contract_cards())[4:10]
    state = table(hands={0: "1C 2C 4C"}, contracts={0: held})
    move = complete("run4-cherry", "1 2 4", star=True)
    after = play(state, move)
    text = ROMIRAMI.describe(state, after, 0, move)
    assert "with 1 2 4 and the Star." in text
    assert "That is their 7th contract: the game ends after this round." in text


def test_describe_a_discard_without_the_card() -> None:
    state = table(hands={0: "1C 1D 1H 1L 2C 2D 2H 2L 3C 3D 3H 3L"})
    over = play(state, {"type": "end_turn"})
    assert ROMIRAMI.describe(state, over, 0, {"type": "end_turn"}) == (
        "{player} ended the turn with 12 cards and discards down to 10."
    )
    move = {"type": "discard", "card": over["hands"][0][0]}
    after = play(over, move)
    assert ROMIRAMI.describe(over, after, 0, move) == "{player} discarded a card."  # one more to go
    move = {"type": "discard", "card": after["hands"][0][0]}
    done = play(after, move)
    text = ROMIRAMI.describe(after, done, 0, move)
    assert done["turn"] == 1 and text == "{player} discarded a card."  # nothing to draw or refill


def test_the_end_is_described() -> None:
    state = table(turn=1)
    state["round"] = 50
    after = play(state, {"type": "end_turn"})
    assert ROMIRAMI.describe(state, after, 1, {"type": "end_turn"}).endswith(
        "The game is over: round 50 is the last."
    )
    state["round"] = 3
    after = play(state, {"type": "end_turn"})
    assert ROMIRAMI.describe(state, after, 1, {"type": "end_turn"}).endswith("Round 4 begins.")
