"""Roman Catacombs rules: placement, dead slots, scoring, turns, hidden information."""

from __future__ import annotations

import copy
import json
import random

import pytest

from games.catacombs.engine import (
    CATACOMBS,
    card,
    categories,
    dead_slots,
    empty_sheet,
    locate,
    new_dead_slots,
    placement_refusal,
    write_options,
)
from games.contract.protocol import IllegalMove, clone

FLIP = {"type": "flip"}
PASS = {"type": "pass"}
GOSPELS = 5
LAW = 0


def write(pile: int, slot: int) -> dict:
    return {"type": "write", "pile": pile, "slot": slot}


def rng(tag: str = "test") -> random.Random:
    return random.Random(tag)


def new_game(players: int = 2, **options) -> dict:
    return CATACOMBS.setup(players, options, rng("setup"))


def card_of(book: str) -> int:
    return next(number for number in range(90) if card(number)["book"] == book)


def rigged_flip(state: dict, books: list[str]) -> dict:
    """Flip so that pile i shows ``books[i]``, by swapping cards within the
    face-down piles and discards (every card stays in exactly one place)."""
    state = clone(state)
    chosen: set[int] = set()
    for pile, book in enumerate(books):
        wanted = next(
            c for c in range(90) if card(c)["book"] == book and c not in chosen and c not in state["face_up"]
        )
        chosen.add(wanted)
        stack, index = _where(state, wanted)
        top = state["piles"][pile]
        stack[index], top[-1] = top[-1], stack[index]
    return CATACOMBS.apply(state, None, FLIP, rng("flip"))


def _where(state: dict, card_id: int) -> tuple[list, int]:
    for stack in state["piles"] + state["discards"]:
        if card_id in stack:
            return stack, stack.index(card_id)
    raise AssertionError(f"card {card_id} is not face down")


def with_sheet(state: dict, seat: int, category: int, books: list[str | None]) -> dict:
    """Pre-fill one category row of a seat's sheet with cards of those books
    (moving them out of the deck would not matter for these tests)."""
    state = clone(state)
    row = [None if book is None else card_of(book) for book in books]
    state["sheets"][seat][category] = row
    return state


def play_turn(state: dict, moves: list[dict], books: list[str]) -> dict:
    state = rigged_flip(state, books)
    for seat, move in enumerate(moves):
        state = CATACOMBS.apply(state, seat, move, rng())
    return state


def sheet_row(state: dict, seat: int, category: int, viewer: int | None = None) -> list:
    return CATACOMBS.view(state, seat if viewer is None else viewer)["sheets"][seat][category]


def is_sentence(text: str) -> bool:
    return text[:1].isupper() and text.endswith(".") and "{" not in text


# --- The seed's example ------------------------------------------------------


def test_luke_in_the_middle_then_matthew_or_mark_left_and_john_or_acts_right():
    sheet = empty_sheet()
    assert write_options(sheet, "Luke") == [0, 1, 2]
    sheet[GOSPELS][1] = "Luke"
    assert write_options(sheet, "Matthew") == [0]
    assert write_options(sheet, "Mark") == [0]
    assert write_options(sheet, "John") == [2]
    assert write_options(sheet, "Acts") == [2]
    assert write_options(sheet, "Luke") == []


def test_seed_example_played_through_the_engine():
    state = play_turn(new_game(2), [write(1, 1), PASS], ["Genesis", "Luke", "Romans"])
    state = play_turn(state, [write(0, 0), PASS], ["Matthew", "Job", "Isaiah"])
    state = play_turn(state, [write(2, 2), PASS], ["Hosea", "Ruth", "John"])
    assert sheet_row(state, 0, GOSPELS) == ["Matthew", "Luke", "John"]


def test_matthew_right_of_luke_is_refused_with_a_sentence():
    state = play_turn(new_game(2), [write(1, 1), PASS], ["Genesis", "Luke", "Romans"])
    state = rigged_flip(state, ["Matthew", "Job", "Isaiah"])
    with pytest.raises(IllegalMove) as refused:
        CATACOMBS.apply(state, 0, write(0, 2), rng())
    assert str(refused.value) == (
        "Matthew cannot go right of Luke: Gospels and Acts must read in canon order."
    )
    assert write(0, 2) not in CATACOMBS.legal_moves(state, 0)


def test_refusals_name_the_problem():
    sheet = empty_sheet()
    sheet[GOSPELS] = [None, "Luke", None]
    assert placement_refusal(sheet, "Luke", 0) == "Luke is already in Gospels and Acts."
    assert placement_refusal(sheet, "Acts", 1) == ("The middle slot of Gospels and Acts already holds Luke.")
    assert placement_refusal(sheet, "Acts", 0) == (
        "Acts cannot go left of Luke: Gospels and Acts must read in canon order."
    )
    assert placement_refusal(sheet, "Mark", 0) is None


# --- Dead slots --------------------------------------------------------------


def test_acts_on_the_left_kills_the_other_two_gospel_slots():
    sheet = empty_sheet()
    assert new_dead_slots(sheet, "Acts", 0) == [1, 2]
    sheet[GOSPELS][0] = "Acts"
    assert dead_slots(sheet[GOSPELS], GOSPELS) == [1, 2]


def test_genesis_and_exodus_at_both_ends_kill_the_middle():
    row = ["Genesis", None, "Exodus"]
    assert dead_slots(row, LAW) == [1]
    assert dead_slots(["Genesis", None, "Leviticus"], LAW) == []


def test_a_dead_making_write_is_allowed_and_warned_in_the_view():
    state = rigged_flip(new_game(2), ["Acts", "Genesis", "Romans"])
    acts = CATACOMBS.view(state, 0)["you"]["placements"][0]
    assert acts["book"] == "Acts"
    assert {"slot": 0, "new_dead": [1, 2]} in acts["slots"]
    assert {"slot": 2, "new_dead": []} in acts["slots"]
    state = CATACOMBS.apply(state, 0, write(0, 0), rng())
    you = CATACOMBS.view(state, 0)["you"]
    assert you["fits"][GOSPELS] == [None, [], []]
    assert [GOSPELS, 1] in you["dead"] and [GOSPELS, 2] in you["dead"]


def test_the_view_lists_the_books_that_could_still_fill_each_slot():
    state = play_turn(new_game(2), [write(1, 1), PASS], ["Genesis", "Luke", "Romans"])
    fits = CATACOMBS.view(state, 0)["you"]["fits"]
    assert fits[GOSPELS] == [["Matthew", "Mark"], None, ["John", "Acts"]]
    assert fits[LAW][0] == categories()[LAW]["books"]


# --- Completion and scores ---------------------------------------------------


def _two_gospels_ready(players: int) -> dict:
    state = new_game(players)
    for seat in range(players):
        state = with_sheet(state, seat, GOSPELS, ["Matthew", "Mark", None])
    return state


def test_same_turn_completions_all_score_first():
    state = play_turn(_two_gospels_ready(2), [write(0, 2), write(0, 2)], ["John", "Job", "Ruth"])
    points = [(c["seat"], c["points"]) for c in state["completions"]]
    assert points == [(0, 6), (1, 6)]
    verses = CATACOMBS.view(state, None)["verses"]
    john = card(state["face_up"][0])
    assert verses == [
        {
            "category": "gospels-and-acts",
            "book": "John",
            "reference": john["reference"],
            "text": john["text"],
            "seats": [0, 1],
        }
    ]


def test_a_later_completion_scores_the_lower_value():
    state = _two_gospels_ready(3)
    state = play_turn(state, [write(0, 2), write(0, 2), PASS], ["John", "Job", "Ruth"])
    state = play_turn(state, [PASS, PASS, write(1, 2)], ["Psalms", "Acts", "Esther"])
    assert [(c["seat"], c["points"]) for c in state["completions"]] == [(0, 6), (1, 6), (2, 3)]
    table = CATACOMBS.view(state, None)
    assert table["categories"][GOSPELS]["completed_by"] == [0, 1, 2]
    assert table["categories"][GOSPELS]["points_open"] == 3
    assert [v["seats"] for v in table["verses"]] == [[2]]


def test_score_is_categories_minus_empty_slots():
    state = new_game(1)
    state = with_sheet(state, 0, LAW, ["Genesis", "Exodus", "Leviticus"])
    state = with_sheet(state, 0, 1, ["Joshua", "Judges", "Ruth"])
    state["completions"] = [
        {"seat": 0, "category": LAW, "turn": 1, "card": 0, "points": 8},
        {"seat": 0, "category": 1, "turn": 2, "card": 12, "points": 7},
    ]
    assert CATACOMBS.scores(state) == [8 + 7 - 15]


def test_an_empty_sheet_scores_minus_twenty_one():
    assert CATACOMBS.scores(new_game(3)) == [-21, -21, -21]


# --- Flips, piles and the end --------------------------------------------------


def test_setup_deals_three_piles_of_thirty_and_waits_for_a_flip():
    state = new_game(4)
    assert [len(pile) for pile in state["piles"]] == [30, 30, 30]
    assert CATACOMBS.awaits_table(state)
    assert CATACOMBS.to_act(state) == []
    assert CATACOMBS.legal_moves(state, None) == [FLIP]
    assert CATACOMBS.legal_moves(state, 0) == []
    assert CATACOMBS.default_move(state, None) == FLIP


def test_after_a_flip_every_seat_must_act():
    state = CATACOMBS.apply(new_game(3), None, FLIP, rng())
    assert not CATACOMBS.awaits_table(state)
    assert CATACOMBS.to_act(state) == [0, 1, 2]
    assert CATACOMBS.legal_moves(state, None) == []
    assert CATACOMBS.legal_moves(state, 1)[-1] == PASS
    assert CATACOMBS.default_move(state, 1) == PASS
    state = CATACOMBS.apply(state, 1, PASS, rng())
    assert CATACOMBS.to_act(state) == [0, 2]


def test_the_turn_resolves_when_every_seat_has_chosen():
    state = CATACOMBS.apply(new_game(2), None, FLIP, rng())
    state = CATACOMBS.apply(state, 0, PASS, rng())
    assert state["phase"] == "write"
    state = CATACOMBS.apply(state, 1, PASS, rng())
    assert CATACOMBS.awaits_table(state)


def test_an_exhausted_pile_is_reshuffled_from_its_own_discard():
    state = new_game(2)
    for _ in range(30):
        state = CATACOMBS.apply(state, None, FLIP, rng())
        state = CATACOMBS.apply(CATACOMBS.apply(state, 0, PASS, rng()), 1, PASS, rng())
    assert [len(pile) for pile in state["piles"]] == [0, 0, 0]
    assert [len(discard) for discard in state["discards"]] == [29, 29, 29]
    before = state
    after = CATACOMBS.apply(before, None, FLIP, rng("reshuffle"))
    for pile in range(3):
        shown = before["discards"][pile] + [before["face_up"][pile]]
        assert len(after["piles"][pile]) == 29
        assert after["discards"][pile] == []
        assert sorted(after["piles"][pile] + [after["face_up"][pile]]) == sorted(shown)
    table = CATACOMBS.view(after, None)
    assert table["piles"] == [{"face_down": 29, "discard": 0}] * 3
    text = CATACOMBS.describe(before, after, None, FLIP)
    assert text.startswith("Pile 1 was reshuffled. Pile 2 was reshuffled. Pile 3 was reshuffled.")


def test_solo_ends_after_twenty_one_turns():
    state = new_game(1)
    assert state["solo"]
    for turn in range(1, 22):
        assert not CATACOMBS.is_over(state)
        assert CATACOMBS.view(state, 0)["turns_left"] == 21 - (turn - 1)
        state = CATACOMBS.apply(state, None, FLIP, rng())
        state = CATACOMBS.apply(state, 0, PASS, rng())
    assert CATACOMBS.is_over(state)
    assert state["turn"] == 21
    view = CATACOMBS.view(state, 0)
    assert view["turns_left"] == 0
    assert view["final_scores"] == [-21] and view["places"] == [1]
    assert CATACOMBS.legal_moves(state, None) == []
    with pytest.raises(IllegalMove, match="The game is over."):
        CATACOMBS.apply(state, None, FLIP, rng())


def test_solo_completions_always_score_first():
    state = with_sheet(new_game(1), 0, GOSPELS, ["Matthew", "Mark", None])
    state["completions"] = [{"seat": 0, "category": GOSPELS, "turn": 0, "card": 0, "points": 6}]
    state = with_sheet(state, 0, LAW, ["Genesis", "Exodus", None])
    state = play_turn(state, [write(1, 2)], ["Job", "Numbers", "Ruth"])
    assert state["completions"][-1]["points"] == 8


def _nearly_full(state: dict, seat: int) -> dict:
    for number, category in enumerate(categories()):
        state = with_sheet(state, seat, number, category["books"][:3])
    state["sheets"][seat][LAW][2] = None
    return state


def test_a_group_game_ends_when_a_sheet_is_full():
    state = _nearly_full(new_game(3), 0)
    state = play_turn(state, [write(0, 2), PASS, PASS], ["Numbers", "Job", "Ruth"])
    assert CATACOMBS.is_over(state)
    view = CATACOMBS.view(state, 2)
    assert view["final_scores"] == CATACOMBS.scores(state) == [8, -21, -21]
    assert view["places"] == [1, 2, 2]


def test_a_group_game_ends_when_nobody_can_write_any_more():
    state = new_game(2)
    for seat in range(2):
        for number, category in enumerate(categories()):
            state = with_sheet(state, seat, number, [category["books"][-1], None, None])
    state = play_turn(state, [PASS, PASS], ["Genesis", "Job", "Ruth"])
    assert CATACOMBS.is_over(state)


def test_a_group_game_ends_at_the_turn_limit():
    state = new_game(2)
    state["turn"] = 89
    state = play_turn(state, [PASS, PASS], ["Genesis", "Job", "Ruth"])
    assert state["turn"] == 90 and CATACOMBS.is_over(state)


# --- Refusals ----------------------------------------------------------------


def _refusal(state: dict, seat, move: dict) -> str:
    snapshot = copy.deepcopy(state)
    with pytest.raises(IllegalMove) as refused:
        CATACOMBS.apply(state, seat, move, rng())
    assert state == snapshot
    assert is_sentence(str(refused.value)), str(refused.value)
    return str(refused.value)


def test_refused_moves_explain_themselves():
    fresh = new_game(2)
    assert _refusal(fresh, 0, write(0, 0)) == "Wait for the cards to be flipped."
    assert _refusal(fresh, 0, PASS) == "Wait for the cards to be flipped."
    flipped = rigged_flip(fresh, ["Luke", "Genesis", "Romans"])
    assert _refusal(flipped, None, FLIP) == ("Every player must write or pass before the next flip.")
    assert _refusal(flipped, 0, FLIP) == "Only the host or the table flips the cards."
    assert _refusal(flipped, 2, PASS) == "You are not a player in this game."
    assert _refusal(flipped, 0, write(3, 0)) == "Choose a pile from 0 to 2."
    assert _refusal(flipped, 0, write(0, -1)) == "Choose a slot from 0 to 2."
    assert _refusal(flipped, 0, {"type": "draw"}) == "In Roman Catacombs you flip, write or pass."
    assert _refusal(flipped, 0, "pass") == "That is not a move this game understands."
    chosen = CATACOMBS.apply(flipped, 0, write(0, 1), rng())
    assert _refusal(chosen, 0, write(1, 0)) == "You have already chosen this turn."
    assert _refusal(chosen, 0, PASS) == "You have already chosen this turn."
    resolved = CATACOMBS.apply(chosen, 1, PASS, rng())
    assert _refusal(resolved, 0, PASS) == "Wait for the cards to be flipped."
    again = rigged_flip(resolved, ["Acts", "Genesis", "Luke"])
    assert _refusal(again, 0, write(0, 1)) == ("The middle slot of Gospels and Acts already holds Luke.")
    assert _refusal(again, 0, write(2, 0)) == "Luke is already in Gospels and Acts."


def test_setup_refuses_bad_player_counts():
    for players in (0, 13):
        with pytest.raises(IllegalMove, match="1 to 12 players"):
            CATACOMBS.setup(players, {}, rng())
    with pytest.raises(IllegalMove, match="solo game has exactly one player"):
        CATACOMBS.setup(2, {"solo": True}, rng())
    assert CATACOMBS.setup(1, {}, rng())["solo"]
    assert CATACOMBS.setup(1, {"solo": True}, rng())["solo"]


def test_apply_never_mutates_its_input():
    state = new_game(2)
    for seat, move in [(None, FLIP), (0, write(0, 0)), (1, PASS), (None, FLIP)]:
        snapshot = copy.deepcopy(state)
        after = CATACOMBS.apply(state, seat, move, rng())
        assert state == snapshot
        state = after


# --- Deck seed ---------------------------------------------------------------


def test_deck_seed_fixes_the_deck_whatever_the_rng():
    first = CATACOMBS.setup(1, {"deck_seed": "daily:2025-01-01"}, random.Random(1))
    second = CATACOMBS.setup(1, {"deck_seed": "daily:2025-01-01"}, random.Random(2))
    other_day = CATACOMBS.setup(1, {"deck_seed": "daily:2025-01-02"}, random.Random(1))
    assert first["piles"] == second["piles"]
    assert first["piles"] != other_day["piles"]
    assert "daily" not in json.dumps(first)


def test_without_a_deck_seed_the_rng_shuffles():
    assert new_game(1)["piles"] != CATACOMBS.setup(1, {}, random.Random("other"))["piles"]


# --- Hidden information ------------------------------------------------------


def _face_down_references(state: dict) -> list[str]:
    return [card(c)["reference"] for pile in state["piles"] for c in pile]


def test_other_seats_never_see_a_pending_write():
    flipped = rigged_flip(new_game(3), ["Luke", "Genesis", "Romans"])
    worlds = [
        CATACOMBS.apply(flipped, 0, write(0, 1), rng()),
        CATACOMBS.apply(flipped, 0, write(1, 0), rng()),
        CATACOMBS.apply(flipped, 0, PASS, rng()),
    ]
    for viewer in (1, 2, None):
        views = [json.dumps(CATACOMBS.view(world, viewer), sort_keys=True) for world in worlds]
        assert views[0] == views[1] == views[2]
    seat_one = CATACOMBS.view(worlds[0], 1)
    assert seat_one["chosen"] == [True, False, False]
    assert seat_one["sheets"][0][GOSPELS] == [None, None, None]
    assert seat_one["you"]["pending"] is None
    own = CATACOMBS.view(worlds[0], 0)
    assert own["sheets"][0][GOSPELS] == [None, "Luke", None]
    assert own["you"]["pending"] == {
        "pile": 0,
        "book": "Luke",
        "category": "gospels-and-acts",
        "slot": 1,
    }
    assert own["you"]["choice"] == "write" and own["you"]["placements"] == []


def test_writes_are_revealed_when_the_turn_resolves():
    state = rigged_flip(new_game(2), ["Luke", "Genesis", "Romans"])
    state = CATACOMBS.apply(state, 0, write(0, 1), rng())
    state = CATACOMBS.apply(state, 1, write(1, 0), rng())
    assert sheet_row(state, 0, GOSPELS, viewer=1) == [None, "Luke", None]
    assert sheet_row(state, 1, LAW, viewer=0) == ["Genesis", None, None]
    assert sheet_row(state, 0, GOSPELS, viewer=None) == [None, "Luke", None]


def test_views_never_show_face_down_cards_or_verses_of_face_up_cards():
    state = rigged_flip(new_game(2), ["Luke", "Genesis", "Romans"])
    state = CATACOMBS.apply(state, 0, write(0, 1), rng())
    hidden = _face_down_references(state)
    face_up_texts = [card(c)["text"] for c in state["face_up"]]
    for viewer in (0, 1, None):
        text = json.dumps(CATACOMBS.view(state, viewer))
        assert not [ref for ref in hidden if f'"{ref}"' in text]
        assert not [verse for verse in face_up_texts if verse in text]
        for secret in ('"piles": [[', "discards", "seed", "choices"):
            assert secret not in text


def test_the_table_view_has_no_seat_section():
    state = rigged_flip(new_game(2), ["Luke", "Genesis", "Romans"])
    table = CATACOMBS.view(state, None)
    assert "you" not in table
    assert [face["book"] for face in table["face_up"]] == ["Luke", "Genesis", "Romans"]
    assert table["piles"] == [{"face_down": 29, "discard": 0}] * 3


# --- describe() --------------------------------------------------------------


def test_describe_never_reveals_a_choice():
    before = rigged_flip(new_game(2), ["Luke", "Genesis", "Romans"])
    wrote = CATACOMBS.apply(before, 0, write(0, 1), rng())
    passed = CATACOMBS.apply(before, 0, PASS, rng())
    assert CATACOMBS.describe(before, wrote, 0, write(0, 1)) == "{player} has chosen."
    assert CATACOMBS.describe(before, passed, 0, PASS) == "{player} has chosen."
    resolved = CATACOMBS.apply(wrote, 1, PASS, rng())
    assert CATACOMBS.describe(wrote, resolved, 1, PASS) == "{player} has chosen. Turn 1 resolved."


def test_describe_a_flip_and_a_completion():
    before = new_game(2)
    flipped = rigged_flip(before, ["Genesis", "Luke", "Romans"])
    assert CATACOMBS.describe(before, flipped, None, FLIP) == (
        "The cards were flipped: Genesis, Luke, Romans."
    )
    state = rigged_flip(_two_gospels_ready(2), ["John", "Job", "Ruth"])
    chosen = CATACOMBS.apply(state, 0, write(0, 2), rng())
    resolved = CATACOMBS.apply(chosen, 1, PASS, rng())
    assert CATACOMBS.describe(chosen, resolved, 1, PASS) == (
        "{player} has chosen. Turn 1 resolved. Completed: Gospels and Acts."
    )


def test_engine_is_registered():
    from games.contract import kinds
    from games.contract.protocol import Engine

    assert kinds.get("catacombs").engine is CATACOMBS
    assert isinstance(CATACOMBS, Engine)
    assert (CATACOMBS.min_players, CATACOMBS.max_players) == (1, 12)
    assert locate("Acts") == (GOSPELS, 4)
