"""What each seat sees of a Building Roman Roads table, and what it must not see."""

from __future__ import annotations

import json
import random

from games.roads.engine import ROADS, SPACES
from games.roads.tests.helpers import c, draw, move, play, run, table

TOP_KEYS = {
    "game",
    "seat",
    "players",
    "decks",
    "turn",
    "turn_number",
    "phase",
    "to_act",
    "pile",
    "hand_sizes",
    "kept",
    "spaces",
    "completed",
    "last_completion",
    "events",
    "last_turns",
    "road_moves_per_card",
    "passes",
    "over",
    "end_reason",
    "winners",
    "scores",
    "places",
    "you",
    "legal",
}


def mid_game() -> dict:
    spaces = {
        "N": run("mt", "323", 3, 6),
        "E": [c("mk 623 4")],
        "S": [c("mk 1013 6")],
        "W": [c("mk 58 8")],
        "NE": run("mk", "323", 1, 4),
        "SW": run("mt", "623", 1, 7),
    }
    hands = [[c("lk 58 2"), c("lk 58 3")], [c("jn 623 8"), c("jn 623 5"), c("lk 1013 1")], [c("jn 58 4")]]
    state = table(hands, spaces, pile=[c("jn 323 8"), c("jn 58 7")], phase="draw")
    state = draw(state)
    state = play(state, c("jn 623 8"), "SW")
    return move(state, "N", 2, "NE")


def test_the_seat_to_act_sees_the_table_its_hand_and_its_moves():
    state = mid_game()
    seen = ROADS.view(state, 1)
    assert set(seen) == TOP_KEYS
    assert seen["seat"] == 1 and seen["turn"] == 1 and seen["to_act"] == [1] and seen["phase"] == "play"
    assert seen["pile"] == len(state["pile"]) and seen["hand_sizes"] == [2, 3, 1]
    north = seen["spaces"][0]
    assert [s["space"] for s in seen["spaces"]] == list(SPACES)
    assert north == {
        "space": "N",
        "name": "north",
        "kind": "main",
        "cards": north["cards"],
        "top": north["cards"][-1],
        "empty": False,
        "needs": {"suit": "323", "rank": 5, "reference": "Romans 3:23"},
        "takes": "Romans 3:23 #5",
    }
    assert [card["words"] for card in north["cards"]] == ["have sinned", "and"]
    assert seen["spaces"][5]["empty"] and seen["spaces"][5]["takes"] == "a 1"
    you = seen["you"]
    # The hand in verse order (3:23, 6:23, 5:8, 10:13), the card drawn this turn marked new.
    assert [(card["id"], card["new"]) for card in you["hand"]] == [
        (c("jn 623 5"), False),
        (c("jn 58 7"), True),
        (c("lk 1013 1"), False),
    ]
    assert {card["id"]: card["targets"] for card in you["hand"]} == {
        c("jn 623 5"): ["E"],
        c("jn 58 7"): [],
        c("lk 1013 1"): ["SE", "SW", "NW"],
    }
    assert you["playable"] == [c("jn 623 5"), c("lk 1013 1")]
    assert seen["legal"] == ROADS.legal_moves(state, 1)
    assert {"from": "NE", "index": 4, "to": ["N"]} in you["movable"]
    assert you["can_draw"] is False and you["can_end"] is False
    assert you["road_moves_left"] == 9
    # This turn so far, card by card; the drawn card is not named.
    assert [e["type"] for e in seen["events"]] == ["draw", "play", "complete", "move"]
    assert seen["events"][0] == {"type": "draw", "forced": False}
    assert seen["events"][1]["card"]["words"] == "our Lord."
    assert seen["last_completion"]["verse"].startswith("For the wages of sin is death")
    assert json.loads(json.dumps(seen)) == seen


def test_others_and_spectators_see_hand_sizes_but_no_hidden_card():
    state = mid_game()
    for seat in (None, 0, 1, 2, 5, "x"):
        seen = ROADS.view(state, seat)
        text = json.dumps(seen)
        mine = state["hands"][seat] if seat in (0, 1, 2) else []
        hidden = [card for hand in state["hands"] for card in hand if card not in mine] + state["pile"]
        assert not [card for card in hidden if card in text]
        assert seen["hand_sizes"] == [2, 3, 1]
        if seat not in (0, 1, 2):
            assert seen["you"] is None and seen["seat"] is None and seen["legal"] == []
    waiting = ROADS.view(state, 0)
    assert waiting["legal"] == [] and waiting["you"]["can_draw"] is False
    assert sorted(card["id"] for card in waiting["you"]["hand"]) == sorted(state["hands"][0])


def test_the_last_turns_of_each_player_stay_visible():
    state = mid_game()
    state = play(state, c("jn 623 5"), "E")
    state = play(state, c("lk 1013 1"), "SE")
    before = state
    state = ROADS.apply(state, 1, {"type": "end_turn"}, random.Random(0))
    seen = ROADS.view(state, 2)
    assert seen["to_act"] == [2] and seen["events"] == []
    last = seen["last_turns"][-1]
    assert (last["seat"], last["turn"], last["passed"]) == (1, 1, False)
    kinds = [e["type"] for e in last["events"]]
    assert kinds == ["draw", "play", "complete", "move", "play", "play", "end_turn"]
    assert last["events"][0] == {"type": "draw", "forced": False}
    assert last["events"][3]["cards"][0]["words"] == "fall short"
    assert ROADS.describe(before, state, 1, {"type": "end_turn"}) == "{player} ended the turn."


def test_the_hands_are_hidden_while_playing_and_shown_to_everyone_at_the_end():
    state = mid_game()
    assert all(ROADS.view(state, seat)["kept"] is None for seat in (0, 1, 2, None))
    state = {**state, "phase": "over", "winners": [2], "end_reason": "blocked"}
    for seat in (0, 1, 2, None):
        kept = ROADS.view(state, seat)["kept"]
        assert [[card["id"] for card in hand] for hand in kept] == [
            [c("lk 58 2"), c("lk 58 3")],
            [c("jn 623 5"), c("jn 58 7"), c("lk 1013 1")],  # with the card drawn
            [c("jn 58 4")],
        ]
        assert kept[0][0]["words"] == "his own love"
