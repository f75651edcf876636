"""Building Roman Roads, rule by rule: setup, draws, plays, road moves, completions, turns, the end."""

from __future__ import annotations

import json
import random

import pytest

from games.contract.protocol import Engine, IllegalMove
from games.decks import cards, verse
from games.roads.engine import CORNERS, MAIN, ROAD_MOVES_PER_CARD, ROADS
from games.roads.tests.helpers import RNG, all_cards, c, draw, end, move, play, run, table

# --- Setup -----------------------------------------------------------------------------


def test_the_engine_satisfies_the_contract():
    assert isinstance(ROADS, Engine)
    assert (ROADS.slug, ROADS.name, ROADS.min_players, ROADS.max_players, ROADS.realtime) == (
        "roads",
        "Building Roman Roads",
        2,
        6,
        False,
    )


@pytest.mark.parametrize("players", range(2, 7))
def test_setup_one_deck_a_player_seven_cards_each_and_four_main_roads(players):
    state = ROADS.setup(players, {}, random.Random(players))
    decks = min(players, 4)
    assert state["decks"] == ["mt", "mk", "lk", "jn"][:decks]
    assert [len(hand) for hand in state["hands"]] == [7] * players
    assert [len(state["spaces"][s]) for s in MAIN] == [1, 1, 1, 1]
    assert all(state["spaces"][s] == [] for s in CORNERS)
    assert len(state["pile"]) == 32 * decks - 7 * players - 4
    assert sorted(all_cards(state)) == sorted(cards(state["decks"]))
    # Seat 0 deals; the player on its left (seat 1) begins with the opening draw.
    assert ROADS.to_act(state) == [1]
    assert ROADS.legal_moves(state, 1) == [{"type": "draw"}]
    assert json.loads(json.dumps(state)) == state


@pytest.mark.parametrize("players", [0, 1, 7, True, "3", None, 2.0])
def test_setup_refuses_other_table_sizes(players):
    with pytest.raises(IllegalMove, match="2 to 6 players"):
        ROADS.setup(players, {}, random.Random(0))


def test_setup_takes_its_chance_from_the_rng_only():
    assert ROADS.setup(4, {}, random.Random(7)) == ROADS.setup(4, {}, random.Random(7))
    assert ROADS.setup(4, {}, random.Random(7)) != ROADS.setup(4, {}, random.Random(8))


# --- The opening draw and forced draws -------------------------------------------------


def test_every_turn_opens_with_a_draw_of_the_top_card():
    state = table(
        [[c("mt 323 5")], [c("mt 623 8"), c("mt 58 8")]], {"N": run("mt", "1013", 1, 2)}, phase="draw"
    )
    top = state["pile"][-1]
    for refused in ({"type": "play", "card": c("mt 623 8"), "to": "E"}, {"type": "end_turn"}):
        with pytest.raises(IllegalMove, match="Draw a card first"):
            ROADS.apply(state, 1, refused, random.Random(0))
    after = draw(state, 1)
    assert after["hands"][1][-1] == top and after["pile"] == state["pile"][:-1]
    assert after["phase"] == "play"
    assert ROADS.describe(state, after, 1, {"type": "draw"}) == "{player} drew a card."


def test_nothing_fits_after_the_opening_draw_so_the_player_draws_until_a_card_fits():
    full = {s: [c(f"mt {suit} 3")] for s, suit in zip(MAIN, ["323", "623", "58", "1013"], strict=True)}
    corners = {s: [c(f"mk {suit} 1")] for s, suit in zip(CORNERS, ["323", "623", "58", "1013"], strict=True)}
    hand = [c("mt 323 8"), c("mt 623 8")]
    pile = [c("mt 58 4"), c("mt 58 7"), c("mt 1013 6")]  # the top card is the last one
    state = table([[c("mk 323 8")], hand], {**full, **corners}, pile=pile)
    assert ROADS.legal_moves(state, 1) == [{"type": "draw"}]
    with pytest.raises(IllegalMove, match="draw until one does"):
        end(state)
    state = draw(state)  # 1013 6: no road needs it
    state = draw(state)  # 58 7: no
    assert ROADS.describe(state, draw(state), 1, {"type": "draw"}) == (
        "{player} had nothing to play and drew a card."
    )
    state = draw(state)  # 58 4 goes on the 5:8 road
    assert ROADS.legal_moves(state, 1) == [{"type": "play", "card": c("mt 58 4"), "to": "S"}]
    with pytest.raises(IllegalMove, match="play it instead of drawing"):
        ROADS.apply(state, 1, {"type": "draw"}, random.Random(0))


def test_no_more_draws_once_a_card_has_been_played():
    state = table([[c("mk 323 8")], [c("mt 323 2"), c("mt 623 8")]], {"N": [c("mt 323 1")]}, played=0)
    state["spaces"].update({s: [c("mk 58 2")] for s in ("E", "S", "W")})
    state = play(state, c("mt 323 2"), "N")
    # Nothing else fits, but a road move is left (the mk 5:8 2s could move): the turn waits for End.
    assert not ROADS.playable(state, 1)
    with pytest.raises(IllegalMove, match="draw no more"):
        draw(state)
    assert {"type": "end_turn"} in ROADS.legal_moves(state, 1)


# --- Playing cards -------------------------------------------------------------------------


def test_the_publishers_example_the_orange_4_goes_on_the_orange_3():
    # Romans 6:23 is the orange suit.
    state = table([[c("mk 323 8")], [c("lk 623 4"), c("lk 323 7")]], {"E": run("jn", "623", 1, 3)})
    after = play(state, c("lk 623 4"), "E")
    assert after["spaces"]["E"] == run("jn", "623", 1, 3) + [c("lk 623 4")]
    line = ROADS.describe(state, after, 1, {"type": "play", "card": c("lk 623 4"), "to": "E"})
    assert line == "{player} played Romans 6:23 #4 \u201cbut the free gift\u201d on the east space."


def test_a_road_builds_up_in_its_suit_from_any_back():
    state = table(
        [[c("mk 323 8")], [c("jn 323 4"), c("mt 623 4"), c("mt 323 5")]], {"N": run("mt", "323", 1, 3)}
    )
    with pytest.raises(IllegalMove, match="Wrong verse: the north road needs Romans 3:23 #4 next"):
        play(state, c("mt 623 4"), "N")
    with pytest.raises(IllegalMove, match="Wrong number: the north road needs Romans 3:23 #4 next"):
        play(state, c("mt 323 5"), "N")
    state = play(state, c("jn 323 4"), "N")
    state = play(state, c("mt 323 5"), "N")
    assert state["spaces"]["N"][-2:] == [c("jn 323 4"), c("mt 323 5")]


def test_only_a_1_starts_a_road_in_an_empty_corner():
    spaces = {s: [c(f"mk 58 {n}")] for s, n in zip(MAIN, [2, 4, 6, 8], strict=True)}
    state = table([[c("mk 323 8")], [c("mt 623 2"), c("mt 623 1")]], spaces)
    with pytest.raises(IllegalMove, match="Only a 1 can start a road in a corner"):
        play(state, c("mt 623 2"), "NE")
    assert ROADS.play_targets(state["spaces"], c("mt 623 1")) == list(CORNERS)
    state = play(state, c("mt 623 1"), "SW")
    assert state["spaces"]["SW"] == [c("mt 623 1")]
    state = play(state, c("mt 623 2"), "SW")
    assert ROADS.is_over(state) and state["winners"] == [1]


def test_any_card_goes_into_an_empty_main_space():
    spaces = {"N": [c("mk 58 2")], "E": [c("mk 58 4")], "S": [c("mk 58 6")]}
    state = table([[c("mk 323 8")], [c("mt 1013 6"), c("mt 623 8")]], spaces)
    assert ROADS.play_targets(state["spaces"], c("mt 1013 6")) == ["W"]
    state = play(state, c("mt 1013 6"), "W")
    assert state["spaces"]["W"] == [c("mt 1013 6")]


@pytest.mark.parametrize(
    ("card", "to", "reason"),
    [
        ("mk-323-8", "N", "not in your hand"),
        ("mt-999-1", "N", "Choose a card from your hand"),
        (7, "N", "Choose a card from your hand"),
        (None, "N", "Choose a card from your hand"),
        ("mt-623-8", "X", "eight spaces around Rome"),
        ("mt-623-8", ["N"], "eight spaces around Rome"),
        ("mt-623-8", None, "eight spaces around Rome"),
    ],
)
def test_a_play_names_a_card_of_the_hand_and_a_space(card, to, reason):
    state = table([[c("mk 323 8")], [c("mt 623 8"), c("mt 58 1")]])
    with pytest.raises(IllegalMove, match=reason):
        ROADS.apply(state, 1, {"type": "play", "card": card, "to": to}, random.Random(0))


# --- Moving road parts ---------------------------------------------------------------------


def four_full(**extra) -> dict:
    """Main roads that nothing in the hands below continues, plus ``extra`` spaces."""
    spaces = {"N": [c("mk 58 2")], "E": [c("mk 623 4")], "S": [c("mk 1013 6")], "W": [c("mk 58 8")]}
    spaces.update(extra)
    return spaces


def test_the_top_part_of_a_road_moves_onto_a_road_it_continues():
    state = table(
        [[c("mk 323 8")], [c("lk 1013 8"), c("lk 623 8")]],
        four_full(N=run("mt", "323", 3, 6), NE=run("mk", "323", 1, 4)),
    )
    after = move(state, "N", 2, "NE")  # 5 and 6 go onto the corner's 4
    assert after["spaces"]["NE"] == run("mk", "323", 1, 4) + run("mt", "323", 5, 6)
    assert after["spaces"]["N"] == run("mt", "323", 3, 4)
    assert after["road_moves"] == 1
    line = ROADS.describe(state, after, 1, {"type": "move", "from": "N", "index": 2, "to": "NE"})
    assert line == (
        "{player} moved Romans 3:23 #5 \u201cfall short\u201d to #6 "
        "from the north space onto the north-east space."
    )


def test_a_part_whose_lowest_card_does_not_fit_stays():
    state = table(
        [[c("mk 323 8")], [c("lk 1013 8")]],
        four_full(N=run("mt", "323", 3, 6), NE=run("mk", "323", 1, 4)),
    )
    with pytest.raises(IllegalMove, match=r"starting with Romans 3:23 #6 .* needs Romans 3:23 #5 next"):
        move(state, "N", 3, "NE")
    with pytest.raises(IllegalMove, match="does not continue the south road"):
        move(state, "N", 2, "S")


def test_a_main_road_starting_with_a_1_may_move_into_a_corner_and_frees_its_space():
    state = table([[c("mk 323 8")], [c("lk 1013 8"), c("lk 623 8")]], four_full(N=run("mt", "323", 1, 3)))
    state = move(state, "N", 0, "NW")
    assert state["spaces"]["NW"] == run("mt", "323", 1, 3) and state["spaces"]["N"] == []
    # The freed main space takes any card, so the hand has a card to play.
    assert ROADS.play_targets(state["spaces"], c("lk 1013 8")) == ["N"]


def test_only_a_part_starting_with_a_1_goes_into_an_empty_corner():
    state = table([[c("mk 323 8")], [c("lk 1013 8")]], four_full(N=run("mt", "323", 2, 4)))
    with pytest.raises(IllegalMove):
        move(state, "N", 0, "NW")
    with pytest.raises(IllegalMove, match="Only a part that starts with a 1"):
        move(state, "N", 1, "NW")


def test_any_part_may_go_onto_an_empty_main_space_but_a_whole_road_is_not_merely_relocated():
    spaces = {
        "N": run("mt", "323", 2, 5),
        "E": [c("mk 58 4")],
        "S": [c("mk 58 6")],
        "NE": run("mt", "623", 1, 2),
    }
    state = table([[c("mk 323 8")], [c("lk 323 4"), c("lk 1013 8")]], spaces, played=1)
    # A split exposes the 3 for the hand's 4 of Romans 3:23 (from another deck).
    split = move(state, "N", 2, "W")
    assert split["spaces"]["W"] == run("mt", "323", 4, 5) and split["spaces"]["N"] == run("mt", "323", 2, 3)
    assert play(split, c("lk 323 4"), "N")["spaces"]["N"][-1] == c("lk 323 4")
    with pytest.raises(IllegalMove, match="Moving a whole road onto an empty space changes nothing"):
        move(state, "N", 0, "W")
    with pytest.raises(IllegalMove, match="changes nothing"):
        move(state, "NE", 0, "SE")
    with pytest.raises(IllegalMove, match="changes nothing"):
        move(state, "NE", 0, "W")


@pytest.mark.parametrize(
    ("fields", "reason"),
    [
        ({"from": "N", "index": 0, "to": "N"}, "different space"),
        ({"from": "SE", "index": 0, "to": "N"}, "no road on the south-east space"),
        ({"from": "N", "index": 9, "to": "NE"}, "card of the road"),
        ({"from": "N", "index": -1, "to": "NE"}, "card of the road"),
        ({"from": "N", "index": True, "to": "NE"}, "card of the road"),
        ({"from": "N", "index": "1", "to": "NE"}, "card of the road"),
        ({"from": "N", "to": "NE"}, "card of the road"),
        ({"from": "Rome", "index": 0, "to": "NE"}, "eight spaces"),
        ({"from": "N", "index": 0, "to": 3}, "eight spaces"),
    ],
)
def test_a_road_move_names_a_road_a_card_of_it_and_another_space(fields, reason):
    state = table([[c("mk 323 8")], [c("lk 1013 8")]], four_full(N=run("mt", "323", 3, 6)))
    with pytest.raises(IllegalMove, match=reason):
        ROADS.apply(state, 1, {"type": "move", **fields}, random.Random(0))


def test_road_moves_are_limited_between_two_cards_so_a_turn_always_ends():
    spaces = four_full(N=run("mt", "323", 3, 6), NE=run("mk", "323", 1, 4))
    state = table([[c("mk 323 8")], [c("lk 1013 8"), c("lk 58 3")]], spaces, played=1)
    for _ in range(ROAD_MOVES_PER_CARD // 2 - 1):  # back and forth
        state = move(state, "N", 2, "NE")
        state = move(state, "NE", 4, "N")
    state = move(state, "N", 2, "NE")
    assert state["road_moves"] == ROAD_MOVES_PER_CARD - 1 and ROADS.to_act(state) == [1]
    state = move(state, "NE", 4, "N")
    # Nothing of the hand fits and no road move is left: the turn ended by itself.
    assert ROADS.to_act(state) == [0] and state["phase"] == "draw"
    assert state["history"][-1]["events"][-1] == {"type": "end_turn", "auto": True}


def test_playing_a_card_renews_the_road_moves():
    spaces = four_full(N=run("mt", "323", 3, 6), NE=run("mk", "323", 1, 4))
    state = table([[c("mk 323 8")], [c("lk 623 5"), c("lk 1013 8")]], spaces)
    for _ in range(ROAD_MOVES_PER_CARD // 2):
        state = move(state, "N", 2, "NE")
        state = move(state, "NE", 4, "N")
    assert [m["type"] for m in ROADS.legal_moves(state, 1)] == ["play"]
    with pytest.raises(IllegalMove, match="10 road moves since your last card"):
        move(state, "N", 2, "NE")
    state = play(state, c("lk 623 5"), "E")
    assert state["road_moves"] == 0
    assert {"type": "move", "from": "N", "index": 2, "to": "NE"} in ROADS.legal_moves(state, 1)


# --- Completed roads -----------------------------------------------------------------------


def test_the_8_completes_a_road_which_shows_its_verse_and_leaves_the_space_empty():
    state = table(
        [[c("mk 323 8")], [c("jn 623 8"), c("lk 1013 5"), c("lk 1013 6")]],
        four_full(NE=run("mt", "623", 1, 7)),
    )
    after = play(state, c("jn 623 8"), "NE")
    assert after["spaces"]["NE"] == []
    assert after["completed"] == [
        {
            "suit": "623",
            "cards": run("mt", "623", 1, 7) + [c("jn 623 8")],
            "space": "NE",
            "seat": 1,
            "turn": 1,
        }
    ]
    done = ROADS.view(after, 0)["last_completion"]
    assert done["verse"] == verse("623") and done["reference"] == "Romans 6:23" and done["latest"]
    assert [card["words"] for card in done["cards"]][-1] == "our Lord."
    line = ROADS.describe(state, after, 1, {"type": "play", "card": c("jn 623 8"), "to": "NE"})
    assert line == (
        "{player} played Romans 6:23 #8 \u201cour Lord.\u201d on the north-east space, then completed "
        "Romans 6:23: \u201cFor the wages of sin is death, but the free gift of God is eternal life in "
        "Christ Jesus our Lord.\u201d, then ended the turn."
    )


def test_a_road_move_can_complete_a_road_and_a_completed_main_road_frees_its_space():
    spaces = four_full(N=run("mt", "58", 5, 8), SE=run("lk", "58", 1, 4))
    state = table([[c("mk 323 8")], [c("lk 1013 8"), c("lk 323 6")]], spaces)
    state = move(state, "N", 0, "SE")
    assert state["spaces"]["SE"] == [] and state["spaces"]["N"] == []
    assert state["completed"][-1]["cards"] == run("lk", "58", 1, 4) + run("mt", "58", 5, 8)
    # The emptied north space takes any card: both cards of the hand fit there now.
    assert set(ROADS.playable(state, 1)) == {c("lk 1013 8"), c("lk 323 6")}


def test_the_latest_completion_is_highlighted():
    state = table(
        [[c("mk 323 8")], [c("jn 623 8"), c("jn 323 8"), c("lk 1013 6")]],
        four_full(NE=run("mt", "623", 1, 7), NW=run("mt", "323", 1, 7)),
    )
    state = play(play(state, c("jn 623 8"), "NE"), c("jn 323 8"), "NW")
    completed = ROADS.view(state, None)["completed"]
    assert [(d["suit"], d["latest"]) for d in completed] == [("623", False), ("323", True)]


# --- The end of a turn ---------------------------------------------------------------------


def test_the_turn_cannot_end_while_a_card_fits():
    state = table([[c("mk 323 8")], [c("lk 623 5"), c("lk 1013 8")]], four_full(), played=1)
    with pytest.raises(IllegalMove, match="still fits"):
        end(state)


def test_the_turn_ends_by_itself_when_nothing_at_all_is_possible():
    state = table([[c("mk 323 8")], [c("lk 623 5"), c("lk 1013 8")]], four_full())
    state = play(state, c("lk 623 5"), "E")
    assert ROADS.to_act(state) == [0] and state["phase"] == "draw"
    assert state["history"][-1] == {
        "seat": 1,
        "turn": 1,
        "events": [{"type": "play", "card": c("lk 623 5"), "to": "E"}, {"type": "end_turn", "auto": True}],
        "passed": False,
    }
    assert ROADS.describe(state, state, 1, {"type": "draw"})  # describing never fails


def test_end_turn_is_offered_when_only_road_moves_are_left():
    spaces = four_full(N=run("mt", "323", 3, 6), NE=run("mk", "323", 1, 4))
    state = table([[c("mk 323 8")], [c("lk 623 5"), c("lk 1013 8")]], spaces)
    state = play(state, c("lk 623 5"), "E")
    legal = ROADS.legal_moves(state, 1)
    assert {"type": "end_turn"} in legal and {"type": "move", "from": "N", "index": 2, "to": "NE"} in legal
    after = end(state)
    assert ROADS.to_act(after) == [0] and after["turn_number"] == 2
    assert ROADS.describe(state, after, 1, {"type": "end_turn"}) == "{player} ended the turn."


def test_only_the_seat_to_act_moves_and_seat_none_acts_for_it():
    state = table([[c("mk 323 8")], [c("lk 623 5"), c("lk 1013 8")]], four_full(), phase="draw")
    with pytest.raises(IllegalMove, match="not your turn"):
        ROADS.apply(state, 0, {"type": "draw"}, random.Random(0))
    for seat in (2, -1, True, "1", 1.0):
        with pytest.raises(IllegalMove):
            ROADS.apply(state, seat, {"type": "draw"}, random.Random(0))
    assert ROADS.legal_moves(state, 0) == []
    assert ROADS.legal_moves(state, None) == ROADS.legal_moves(state, 1) == [{"type": "draw"}]
    assert draw(state, None) == draw(state, 1)


# --- The win ---------------------------------------------------------------------------------


def test_the_first_to_play_the_last_card_of_the_hand_wins():
    state = table([[c("mk 323 8"), c("mk 323 7")], [c("lk 623 5"), c("lk 623 6")]], four_full())
    state = play(state, c("lk 623 5"), "E")
    before = state
    with pytest.raises(IllegalMove):
        end(state)  # the 6 fits on the 5 just played
    state = play(state, c("lk 623 6"), "E")
    assert ROADS.is_over(state) and state["end_reason"] == "out" and state["winners"] == [1]
    assert ROADS.scores(state) == [0, 1] and ROADS.to_act(state) == [] and ROADS.legal_moves(state, 1) == []
    assert ROADS.view(state, 0)["places"] == [2, 1]
    line = ROADS.describe(before, state, 1, {"type": "play", "card": c("lk 623 6"), "to": "E"})
    assert line == (
        "{player} played Romans 6:23 #6 \u201cis eternal life\u201d on the east space. "
        "They played their last card and win the game!"
    )
    with pytest.raises(IllegalMove, match="The game is over"):
        draw(state)


def test_the_last_card_may_complete_a_road():
    state = table([[c("mk 323 7")], [c("jn 623 8")]], four_full(NE=run("mt", "623", 1, 7)))
    state = play(state, c("jn 623 8"), "NE")
    assert state["winners"] == [1] and len(state["completed"]) == 1


def test_no_score_before_the_end():
    state = ROADS.setup(3, {}, random.Random(3))
    assert ROADS.scores(state) == [0, 0, 0] and not ROADS.is_over(state)


# --- The empty pile --------------------------------------------------------------------------


def test_with_the_pile_empty_there_is_no_opening_draw():
    hands = [[c("mk 323 8")], [c("lk 623 5"), c("lk 1013 8")], [c("jn 1013 7")]]
    state = table(hands, four_full(), pile=[c("jn 323 8")])
    state = play(state, c("lk 623 5"), "E")  # and seat 1's turn ends by itself
    state = draw(state, 2)  # the last card of the pile
    assert state["pile"] == []
    state = play(state, c("jn 1013 7"), "S", seat=2)
    # Seat 0 cannot play: with the pile empty it passes by itself. Seat 1 begins without a
    # draw, and the 8 of Romans 10:13 now fits the south road.
    assert ROADS.to_act(state) == [1] and state["phase"] == "play"
    assert state["passes"] == 1 and state["history"][-1] == {
        "seat": 0,
        "turn": 3,
        "events": [{"type": "end_turn", "auto": True}],
        "passed": True,
    }
    assert ROADS.legal_moves(state, 1) == [{"type": "play", "card": c("lk 1013 8"), "to": "S"}]


def test_when_everyone_passes_with_the_pile_empty_the_fewest_cards_win():
    hands = [[c("mk 323 8"), c("mk 623 8")], [c("lk 1013 8")], [c("jn 623 1"), c("jn 323 7"), c("jn 623 7")]]
    state = table(hands, four_full(NE=run("mt", "1013", 1, 2)), pile=[], turn=0)
    assert state["phase"] == "play" and ROADS.to_act(state) == [0]
    # Seat 2's 1 of Romans 6:23 fits a corner: seat 0 and seat 1 pass, seat 2 plays it and ends.
    assert ROADS.legal_moves(state, 0) == [{"type": "end_turn"}]
    state = end(state)  # seat 0 passes; seat 1 cannot play either and passes by itself
    assert ROADS.to_act(state) == [2] and state["passes"] == 2
    before = state
    state = play(state, c("jn 623 1"), "SE")  # seat 2 plays; then nobody can: three passes end it
    assert ROADS.is_over(state) and state["end_reason"] == "blocked"
    assert state["winners"] == [1] and ROADS.scores(state) == [0, 1, 0]
    line = ROADS.describe(before, state, 2, {"type": "play", "card": c("jn 623 1"), "to": "SE"})
    assert line.startswith("{player} played Romans 6:23 #1 \u201cFor the wages\u201d on the south-east space")
    assert "The next 3 turns passed" in line and line.endswith("won with the fewest cards in hand (1).")


def test_a_tie_for_the_fewest_cards_shares_the_win():
    hands = [[c("mk 323 8")], [c("lk 1013 8")], [c("jn 323 7"), c("jn 623 7")]]
    state = table(hands, four_full(), pile=[], turn=0)
    state = end(state)
    assert ROADS.is_over(state) and state["winners"] == [0, 1] and ROADS.scores(state) == [1, 1, 0]
    assert ROADS.view(state, None)["places"] == [1, 1, 3]


# --- Default moves ---------------------------------------------------------------------------


def test_the_default_move_plays_what_fits_else_draws_then_ends():
    state = table(
        [[c("mk 323 8")], [c("jn 623 8"), c("lk 623 5"), c("lk 1013 8")]],
        four_full(NE=run("mt", "623", 1, 7)),
        phase="draw",
    )
    assert ROADS.default_move(state, 1) == {"type": "draw"}
    state = draw(state)
    assert ROADS.default_move(state, 1) == {"type": "play", "card": c("jn 623 8"), "to": "NE"}  # completes
    state = ROADS.apply(state, None, ROADS.default_move(state, None), RNG)
    assert ROADS.default_move(state, 1) == {"type": "play", "card": c("lk 623 5"), "to": "E"}


def test_default_moves_alone_finish_a_game():
    rng = random.Random(5)
    state = ROADS.setup(4, {}, rng)
    for _ in range(5000):
        if ROADS.is_over(state):
            break
        state = ROADS.apply(state, None, ROADS.default_move(state, None), rng)
    assert ROADS.is_over(state)
    assert ROADS.default_move(state, 0) == {"type": "end_turn"}


def test_road_moves_may_come_before_a_forced_draw_and_can_spare_it():
    state = table([[c("mk 323 8")], [c("lk 1013 8")]], four_full(N=run("mt", "323", 1, 3)))
    legal = ROADS.legal_moves(state, 1)
    assert {"type": "draw"} in legal and {"type": "move", "from": "N", "index": 0, "to": "NE"} in legal
    state = move(state, "N", 0, "NE")
    # The freed north space takes any card: no draw now, the card is played.
    legal = ROADS.legal_moves(state, 1)
    assert {"type": "play", "card": c("lk 1013 8"), "to": "N"} in legal and {"type": "draw"} not in legal
    with pytest.raises(IllegalMove, match="play it instead of drawing"):
        draw(state)
