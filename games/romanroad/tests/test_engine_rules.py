"""Roman Road rules, one move kind at a time: what is legal, what is refused and why.

Pure: runs without Django (``pytest -p no:django --noconftest``).
"""

from __future__ import annotations

import json
import random

import pytest

from games.contract.protocol import IllegalMove
from games.decks import cards
from games.romanroad.engine import (
    AMEN_BONUS,
    DEAD_AFTER,
    LAST_HAND,
    ROMANROAD,
    hand_points,
    hand_score,
    name,
)

R = ROMANROAD
RNG = random.Random(0)
DECKS = ("mt", "mk", "lk", "jn")


def arrange(*seats: dict, foundations=(), set_aside=(), players: int | None = None, **extra) -> dict:
    """A state with chosen piles. Per seat: ``store``, ``work`` (3 lists), ``pile`` and ``search``
    as short ids ("58-4" is that seat's card 4 of Romans 5:8); the seat's other cards go to the
    bottom of its Search deck, so every card is still in exactly one place. ``foundations`` and
    ``set_aside`` are lists of full card ids."""
    players = players or len(seats)
    state = R.setup(players, extra.pop("options", {}), random.Random(1))
    state.update(phase="hand", ready=[False] * players)  # after Begin
    on_foundations = {card for pile in [*foundations, *set_aside] for card in pile}
    for number in range(players):
        spec = seats[number] if number < len(seats) else {}
        deck = DECKS[number]

        def full(short: str, deck: str = deck) -> str:
            return f"{deck}-{short}"

        me = {
            "store": [full(c) for c in spec.get("store", [])],
            "work": [[full(c) for c in pile] for pile in spec.get("work", [[], [], []])],
            "pile": [full(c) for c in spec.get("pile", [])],
            "search": [full(c) for c in spec.get("search", [])],
            "stuck": spec.get("stuck", False),
            "flips": 0,
        }
        used = set(me["store"]) | set(me["pile"]) | set(me["search"]) | on_foundations
        used |= {card for pile in me["work"] for card in pile}
        rest = [card for card in cards(deck) if card not in used]
        me["search"] = rest + me["search"] if spec.get("rest", True) else me["search"]
        state["seats"][number] = me
    state["foundations"] = [
        {"id": number, "suit": pile[0].split("-")[1], "cards": list(pile)}
        for number, pile in enumerate(foundations)
    ]
    state["set_aside"] = [
        {"id": 100 + number, "suit": pile[0].split("-")[1], "cards": list(pile)}
        for number, pile in enumerate(set_aside)
    ]
    state["next_foundation"] = 200 if set_aside else len(foundations)
    state.update(extra)
    return state


def begin(state: dict) -> dict:
    """Every seat says it is ready for the hand just dealt, then the table says Begin."""
    for seat in range(state["players"]):
        state = R.apply(state, seat, {"type": "ready"}, RNG)
    return R.apply(state, None, {"type": "begin"}, RNG)


def run(*pile: str) -> list[str]:
    """A foundation: full ids."""
    return list(pile)


def move(card: str, to: str, **extra) -> dict:
    return {"type": "move", "card": card, "to": to, **extra}


def refused(state: dict, seat, action: dict, text: str) -> None:
    before = json.dumps(state, sort_keys=True)
    with pytest.raises(IllegalMove) as caught:
        R.apply(state, seat, action, RNG)
    assert text in caught.value.reason, caught.value.reason
    assert json.dumps(state, sort_keys=True) == before


def place(state: dict, seat: int, card: str) -> tuple:
    from games.romanroad.engine import locate

    return locate(state["seats"][seat], card)


# --- Setup ---------------------------------------------------------------------------


def test_setup_deals_three_work_cards_a_store_of_ten_and_nineteen_to_search() -> None:
    state = R.setup(3, {}, random.Random(5))
    assert state["decks"] == ["mt", "mk", "lk"]
    assert state["phase"] == "deal" and state["hand"] == 1
    for seat, me in enumerate(state["seats"]):
        assert [len(pile) for pile in me["work"]] == [1, 1, 1]
        assert len(me["store"]) == 10 and len(me["search"]) == 19 and me["pile"] == []
        everything = me["store"] + me["search"] + [c for pile in me["work"] for c in pile]
        assert sorted(everything) == sorted(cards(state["decks"][seat]))
    assert R.to_act(state) == [0, 1, 2]
    assert state["options"] == {"amen_bonus": False, "negative": False, "target": 40}
    assert (R.slug, R.name, R.min_players, R.max_players, R.realtime) == (
        "romanroad",
        "Roman Road",
        2,
        4,
        True,
    )
    json.dumps(state)


@pytest.mark.parametrize("players", [1, 5, True, "2", None])
def test_setup_refuses_a_table_of_the_wrong_size(players) -> None:
    with pytest.raises(IllegalMove, match="2 to 4 players"):
        R.setup(players, {}, random.Random(0))


@pytest.mark.parametrize("target", [4, 501, "40", True, 40.0, None])
def test_setup_refuses_a_strange_target(target) -> None:
    with pytest.raises(IllegalMove, match="target score from 5 to 500"):
        R.setup(2, {"target": target}, random.Random(0))


def test_options_are_read_as_the_score_pad_reads_them() -> None:
    state = R.setup(2, {"amen_bonus": 1, "negative": "yes", "target": 25}, random.Random(0))
    assert state["options"] == {"amen_bonus": True, "negative": True, "target": 25}
    assert R.setup(4, None, random.Random(0))["options"]["target"] == 40


# --- Foundations ---------------------------------------------------------------------


@pytest.mark.parametrize(
    ("spec", "card"),
    [
        ({"store": ["58-6", "323-1"]}, "mt-323-1"),
        ({"work": [["623-5", "323-1"], [], []]}, "mt-323-1"),
        ({"pile": ["58-7", "323-1"]}, "mt-323-1"),
    ],
    ids=["store", "work", "search"],
)
def test_a_one_starts_a_foundation_from_store_work_or_search(spec, card) -> None:
    state = arrange({"store": ["58-6"], **spec}, {"store": ["58-5"]})
    assert move(card, "foundation:new") in R.legal_moves(state, 0)
    after = R.apply(state, 0, move(card, "foundation:new"), RNG)
    assert after["foundations"] == [{"id": 0, "suit": "323", "cards": [card]}]
    assert after["next_foundation"] == 1
    assert place(after, 0, card) == ()
    assert R.describe(state, after, 0, move(card, "foundation:new")).startswith(
        "{player} started a Romans 3:23 Foundation with the 1 from"
    )


def test_anyone_builds_on_a_foundation_up_in_its_verse_and_each_card_keeps_its_owner() -> None:
    state = arrange({"store": ["58-6", "323-2"]}, {"store": ["58-5", "323-3"]}, foundations=[run("mk-323-1")])
    state = R.apply(state, 0, move("mt-323-2", "foundation:0"), RNG)
    state = R.apply(state, 1, move("mk-323-3", "foundation:0"), RNG)
    view = R.view(state, None)
    pile = view["foundations"][0]
    assert [(c["id"], c["owner"]) for c in pile["cards"]] == [
        ("mk-323-1", 1),
        ("mt-323-2", 0),
        ("mk-323-3", 1),
    ]
    assert pile["reads"] == "For all have sinned" and pile["needs"] == 4
    assert [c["words"] for c in pile["cards"]] == ["For", "all", "have sinned"]
    assert view["seats"][0]["played"] == 1 and view["seats"][1]["played"] == 2


def test_a_completed_foundation_is_set_aside_with_its_whole_verse() -> None:
    pile = run(*(f"mk-58-{rank}" for rank in range(1, 8)))
    state = arrange({"store": ["323-5", "58-8"]}, {}, foundations=[pile])
    action = move("mt-58-8", "foundation:0")
    after = R.apply(state, 0, action, RNG)
    assert after["foundations"] == [] and after["set_aside"][0]["cards"] == [*pile, "mt-58-8"]
    done = R.view(after, 1)["set_aside"][0]
    assert done["complete"] and done["reads"].startswith("But God commends his own love")
    assert "Romans 5:8 is complete and set aside." in R.describe(state, after, 0, action)


@pytest.mark.parametrize(
    ("card", "to", "text"),
    [
        ("mt-323-2", "foundation:new", "Only a 1 starts a Foundation; the 2 of Romans 3:23 goes on the 1."),
        ("mt-323-2", "foundation:1", "does not go on the Romans 5:8 foundation"),
        ("mt-323-2", "foundation:7", "There is no foundation 7."),
        ("mt-323-4", "foundation:0", "does not fit there yet: that foundation needs the 2."),
        (
            "mt-58-1",
            "foundation:1",
            'A 1 starts a new Foundation: play the 1 of Romans 5:8 to "foundation:new".',
        ),
        ("mt-623-2", "foundation:3", "is not on top of your Store, a Work pile or your Search pile"),
        ("mt-1013-3", "foundation:2", "is not on top of your Store, a Work pile or your Search pile"),
        ("mk-323-2", "foundation:0", "The 2 of Romans 3:23 with Mark's back is not yours."),
        ("mt-58-3", "foundation:1", "Only the top card of a Work pile goes to a Foundation"),
    ],
)
def test_foundation_moves_that_do_not_fit_are_refused(card, to, text) -> None:
    state = arrange(
        {
            "store": ["623-2", "323-2"],
            "work": [["58-3", "1013-2"], ["323-4"], ["58-1"]],
            "pile": ["1013-3", "1013-5"],
        },
        {"store": ["323-2"]},
        foundations=[
            run("mk-323-1"),
            run("mk-58-1", "lk-58-2"),
            run("mk-1013-1", "mk-1013-2"),
            run("lk-623-1"),
        ],
        players=3,
    )
    refused(state, 0, move(card, to), text)


def test_a_card_already_on_a_foundation_is_not_played_twice() -> None:
    state = arrange({"store": ["58-6", "323-1"]}, {})
    after = R.apply(state, 0, move("mt-323-1", "foundation:new"), RNG)
    refused(after, 0, move("mt-323-1", "foundation:new"), "The 1 of Romans 3:23 is already on a Foundation.")


# --- Races: too late -----------------------------------------------------------------


def test_two_players_racing_for_one_place_the_second_is_too_late_and_keeps_the_card() -> None:
    state = arrange(
        {"store": ["58-6", "58-4"]},
        {"store": ["623-6", "58-4"]},
        foundations=[run("lk-58-1", "mt-58-2", "mk-58-3")],
        players=3,
    )
    first = move("mt-58-4", "foundation:0")
    second = move("mk-58-4", "foundation:0")
    assert first in R.legal_moves(state, 0) and second in R.legal_moves(state, 1)
    after = R.apply(state, 0, first, RNG)
    refused(after, 1, second, "Too late \u2014 the 4 of Romans 5:8 is already there.")
    assert after["seats"][1]["store"][-1] == "mk-58-4"
    assert [c for c in after["foundations"][0]["cards"] if c.startswith("mk")] == ["mk-58-3"]


def test_racing_for_the_last_card_of_a_foundation_it_is_complete_and_set_aside() -> None:
    pile = run(*(f"lk-323-{rank}" for rank in range(1, 8)))
    state = arrange(
        {"store": ["58-6", "323-8"]}, {"work": [["323-8"], [], []]}, foundations=[pile], players=3
    )
    after = R.apply(state, 0, move("mt-323-8", "foundation:0"), RNG)
    refused(
        after,
        1,
        move("mk-323-8", "foundation:0"),
        "Too late \u2014 the 8 of Romans 3:23 is already there: that foundation is complete.",
    )
    assert after["seats"][1]["work"][0] == ["mk-323-8"]


def test_a_second_foundation_of_the_same_verse_still_takes_the_card() -> None:
    state = arrange(
        {"store": ["58-6", "58-2"]},
        {"store": ["623-6", "58-2"]},
        foundations=[run("lk-58-1"), run("mt-58-1")],
        players=3,
    )
    legal = R.legal_moves(state, 1)
    assert move("mk-58-2", "foundation:0") in legal and move("mk-58-2", "foundation:1") in legal
    after = R.apply(state, 0, move("mt-58-2", "foundation:0"), RNG)
    refused(after, 1, move("mk-58-2", "foundation:0"), "Too late")
    assert R.apply(after, 1, move("mk-58-2", "foundation:1"), RNG)["foundations"][1]["cards"][-1] == "mk-58-2"


# --- Work piles ----------------------------------------------------------------------


def test_the_store_top_goes_on_a_work_pile_one_lower_of_another_verse() -> None:
    state = arrange({"store": ["58-1", "623-4"], "work": [["323-5"], ["623-5"], ["58-6"]]}, {})
    legal = R.legal_moves(state, 0)
    assert move("mt-623-4", "work:0") in legal
    assert move("mt-623-4", "work:1") not in legal and move("mt-623-4", "work:2") not in legal
    after = R.apply(state, 0, move("mt-623-4", "work:0"), RNG)
    assert after["seats"][0]["work"][0] == ["mt-323-5", "mt-623-4"]
    assert after["seats"][0]["store"] == ["mt-58-1"]
    assert R.describe(state, after, 0, move("mt-623-4", "work:0")) == (
        "{player} moved the 4 of Romans 6:23 from their Store to Work pile 1."
    )


def test_an_empty_work_pile_takes_only_the_store_top() -> None:
    state = arrange(
        {"store": ["58-1", "623-7"], "work": [[], ["1013-8", "58-7"], ["323-3"]], "pile": ["58-5"]}, {}
    )
    legal = R.legal_moves(state, 0)
    assert move("mt-623-7", "work:0") in legal
    refused(state, 0, move("mt-58-5", "work:0"), "An empty Work pile takes only the top card of your Store.")
    refused(state, 0, move("mt-58-7", "work:0"), "An empty Work pile takes only the top card of your Store.")
    after = R.apply(state, 0, move("mt-623-7", "work:0"), RNG)
    assert after["seats"][0]["work"][0] == ["mt-623-7"]


def test_the_search_top_goes_on_a_work_pile() -> None:
    state = arrange({"store": ["58-1", "58-8"], "work": [["323-6"], [], []], "pile": ["1013-1", "623-5"]}, {})
    action = move("mt-623-5", "work:0")
    assert action in R.legal_moves(state, 0)
    after = R.apply(state, 0, action, RNG)
    assert after["seats"][0]["work"][0] == ["mt-323-6", "mt-623-5"]
    assert after["seats"][0]["pile"] == ["mt-1013-1"]
    assert "from their Search pile to Work pile 1" in R.describe(state, after, 0, action)


def test_a_work_card_moves_with_the_cards_on_it() -> None:
    state = arrange(
        {"store": ["58-1", "58-8"], "work": [["323-8", "623-7", "1013-6"], ["58-8"], ["1013-3"]]}, {}
    )
    action = move("mt-623-7", "work:1")
    assert action in R.legal_moves(state, 0)
    after = R.apply(state, 0, action, RNG)
    assert after["seats"][0]["work"][:2] == [["mt-323-8"], ["mt-58-8", "mt-623-7", "mt-1013-6"]]
    assert R.describe(state, after, 0, action) == (
        "{player} moved the 7 of Romans 6:23 and the 1 on it from Work pile 1 to Work pile 2."
    )


@pytest.mark.parametrize(
    ("card", "to", "text"),
    [
        ("mt-58-5", "work:0", "does not go on the 6 of Romans 5:8: a Work pile builds down"),
        ("mt-323-1", "work:2", "does not go on the 4 of Romans 10:13"),
        ("mt-623-7", "work:1", "The 7 of Romans 6:23 does not go on the 6 of Romans 10:13"),
        ("mt-58-6", "work:0", "is already on Work pile 1."),
        ("mt-58-2", "work:1", "is not on top of your Store, a Work pile or your Search pile"),
        ("mt-1013-2", "work:1", "is not on top of your Store, a Work pile or your Search pile"),
        ("mt-1013-7", "work:1", "is not on top of your Store, a Work pile or your Search pile"),
        ("mk-58-5", "work:1", "is not yours"),
        ("mt-58-5", "work:3", 'Say where the card goes: "foundation:new"'),
        ("mt-58-5", "work:-1", "Say where the card goes"),
        ("mt-58-5", "Work:1", "Say where the card goes"),
        ("mt-58-5", "foundation:01", "Say where the card goes"),
        ("mt-58-5", ["work:1"], "Say where the card goes"),
        ("mt-58-5", None, "Say where the card goes"),
        ("mt-58-9", "work:1", "Name the card you move by its id."),
        (["mt-58-5"], "work:1", "Name the card you move by its id."),
        (None, "work:1", "Name the card you move by its id."),
    ],
)
def test_work_moves_that_do_not_fit_are_refused(card, to, text) -> None:
    state = arrange(
        {
            "store": ["58-2", "58-5"],
            "work": [["323-8", "623-7", "58-6"], ["1013-6"], ["1013-4"]],
            "pile": ["1013-2", "323-1"],
        },
        {},
    )
    assert move("mt-58-5", "work:1") in R.legal_moves(state, 0)
    refused(state, 0, move(card, to), text)


@pytest.mark.parametrize("to", ["work:1", "foundation:new", "foundation:0"])
def test_a_card_that_is_no_playable_top_is_refused_alike_wherever_it_lies(to) -> None:
    """Under the Store's top, in the Search deck or under the Search pile's top: one sentence."""
    state = arrange(
        {"store": ["58-2", "58-5"], "work": [["323-8"], ["1013-6"], ["1013-4"]], "pile": ["1013-2", "323-1"]},
        {},
    )
    hidden = next(card for card in state["seats"][0]["search"])
    texts = set()
    for card in ("mt-58-2", hidden, "mt-1013-2"):
        with pytest.raises(IllegalMove) as refusal:
            R.apply(state, 0, move(card, to), RNG)
        texts.add(refusal.value.reason.replace(name(card)[0].upper() + name(card)[1:], "CARD"))
    assert texts == {"CARD is not on top of your Store, a Work pile or your Search pile."}


# --- Search --------------------------------------------------------------------------


def test_flip_turns_three_cards_then_what_is_left_then_the_pile_over() -> None:
    order = ["58-1", "58-2", "58-3", "58-4", "58-5"]  # the last is the top of the Search deck
    state = arrange({"store": ["323-1"], "search": order, "rest": False}, {})
    state["seats"][0]["store"] = [c for c in cards("mt") if c not in {f"mt-{s}" for s in order}][:27]
    state = R.apply(state, 0, {"type": "flip"}, RNG)
    me = state["seats"][0]
    assert me["pile"] == ["mt-58-5", "mt-58-4", "mt-58-3"] and me["search"] == ["mt-58-1", "mt-58-2"]
    before = state
    state = R.apply(state, 0, {"type": "flip"}, RNG)
    assert state["seats"][0]["pile"][-1] == "mt-58-1" and state["seats"][0]["search"] == []
    assert (
        R.describe(before, state, 0, {"type": "flip"}) == "{player} flipped 2 cards onto their Search pile."
    )
    before = state
    state = R.apply(state, 0, {"type": "flip"}, RNG)
    assert state["seats"][0]["pile"] == ["mt-58-5", "mt-58-4", "mt-58-3"]
    assert state["seats"][0]["search"] == ["mt-58-1", "mt-58-2"]
    assert state["seats"][0]["flips"] == 3
    assert R.describe(before, state, 0, {"type": "flip"}) == (
        "{player} turned their Search pile over and flipped 3 cards."
    )


def test_flip_with_nothing_left_to_search_is_refused() -> None:
    state = arrange({"store": ["323-1"], "rest": False}, {})
    state["seats"][0]["store"] = [c for c in cards("mt") if c != "mt-323-1"][:28] + ["mt-323-1"]
    assert {"type": "flip"} not in R.legal_moves(state, 0)
    refused(state, 0, {"type": "flip"}, "Your Search deck and Search pile are empty")


# --- Stuck ---------------------------------------------------------------------------


def two_stuck_ready() -> dict:
    """Seat 0 has flipped once; seat 1 not at all."""
    state = arrange(
        {"store": ["323-3"], "search": ["58-1", "58-2", "58-3", "58-4", "58-5"], "rest": False},
        {"store": ["323-4"]},
    )
    state["seats"][0]["store"] = [
        c for c in cards("mt") if c[3:] not in {"58-1", "58-2", "58-3", "58-4", "58-5"}
    ]
    return R.apply(state, 0, {"type": "flip"}, RNG)


def test_declaring_stuck_gathers_the_search_pile_and_waits_for_the_others() -> None:
    state = two_stuck_ready()
    assert state["seats"][0]["pile"] == ["mt-58-5", "mt-58-4", "mt-58-3"]
    state = R.apply(state, 0, {"type": "stuck"}, RNG)
    me = state["seats"][0]
    # The rest of the deck flipped through and the pile turned over: the order it started in.
    assert me["search"] == ["mt-58-1", "mt-58-2", "mt-58-3", "mt-58-4", "mt-58-5"] and me["pile"] == []
    assert me["stuck"] and R.to_act(state) == [1]
    assert R.legal_moves(state, 0) == []
    refused(state, 0, {"type": "stuck"}, "You have already declared stuck.")
    refused(state, 0, {"type": "flip"}, "You have declared stuck")
    assert R.view(state, 1)["seats"][0]["stuck"] is True


def test_when_everyone_is_stuck_each_search_deck_moves_its_top_card_to_the_bottom() -> None:
    state = R.apply(two_stuck_ready(), 0, {"type": "stuck"}, RNG)
    seat1 = list(state["seats"][1]["search"])
    before = state
    state = R.apply(state, 1, {"type": "stuck"}, RNG)
    assert state["seats"][0]["search"] == ["mt-58-5", "mt-58-1", "mt-58-2", "mt-58-3", "mt-58-4"]
    assert state["seats"][1]["search"] == [seat1[-1], *seat1[:-1]]
    assert not any(me["stuck"] for me in state["seats"]) and R.to_act(state) == [0, 1]
    assert state["turnarounds"] == 1 and state["fruitless"] == 1
    assert R.describe(before, state, 1, {"type": "stuck"}) == (
        "{player} is stuck. Everyone is stuck: each Search deck's top card goes to the bottom."
    )
    state = R.apply(state, 0, {"type": "flip"}, RNG)
    assert state["seats"][0]["pile"][-1] == "mt-58-2"  # it was the 3 before the turn-around


def test_a_stuck_player_may_still_play_to_a_foundation_which_takes_the_declaration_back() -> None:
    state = arrange(
        {"store": ["58-7", "323-2"], "work": [["1013-5"], ["623-8"], ["58-6"]]},
        {"store": ["58-8", "323-1"]},
    )
    state = R.apply(state, 0, {"type": "stuck"}, RNG)
    assert R.legal_moves(state, 0) == []
    state = R.apply(state, 1, move("mk-323-1", "foundation:new"), RNG)
    assert R.legal_moves(state, 0) == [move("mt-323-2", "foundation:0")]
    refused(state, 0, move("mt-1013-5", "work:1"), "You have declared stuck")
    state = R.apply(state, 0, move("mt-323-2", "foundation:0"), RNG)
    assert not state["seats"][0]["stuck"] and R.to_act(state) == [0, 1]


def test_a_hand_nobody_can_play_any_more_ends_without_an_amen() -> None:
    state = arrange({"store": ["323-3", "323-2"]}, {"store": ["58-3", "58-2"]}, options={"amen_bonus": True})
    for round_number in range(DEAD_AFTER + 1):
        assert state["phase"] == "hand"
        state = R.apply(state, 0, {"type": "stuck"}, RNG)
        before = state
        state = R.apply(state, 1, {"type": "stuck"}, RNG)
        assert state["turnarounds"] == min(round_number + 1, DEAD_AFTER)
    assert state["phase"] == "between" and state["ended"] == "blocked" and state["amen"] is None
    assert state["sheet"][-1]["amen"] is None and state["sheet"][-1]["scores"] == [0, 0]
    assert "Nobody can play any more: hand 1 ends without an Amen." in R.describe(
        before, state, 1, {"type": "stuck"}
    )


def test_a_card_played_between_turn_arounds_keeps_the_hand_alive() -> None:
    state = arrange({"store": ["323-3", "323-2"]}, {"store": ["58-3", "58-2"], "work": [["323-1"], [], []]})
    for _ in range(DEAD_AFTER):
        state = R.apply(R.apply(state, 0, {"type": "stuck"}, RNG), 1, {"type": "stuck"}, RNG)
    assert state["fruitless"] == DEAD_AFTER
    state = R.apply(state, 1, move("mk-323-1", "foundation:new"), RNG)
    assert state["fruitless"] == 0
    state = R.apply(R.apply(state, 0, {"type": "stuck"}, RNG), 1, {"type": "stuck"}, RNG)
    assert state["phase"] == "hand" and state["fruitless"] == 1


# --- Begin ----------------------------------------------------------------------------


def test_a_hand_is_dealt_face_up_and_nobody_plays_before_begin() -> None:
    state = R.setup(3, {}, random.Random(5))
    assert state["phase"] == "deal" and state["hand"] == 1 and R.to_act(state) == [0, 1, 2]
    assert not R.awaits_table(state) and R.legal_moves(state, None) == []
    assert R.legal_moves(state, 0) == [{"type": "ready"}]
    card = state["seats"][0]["store"][-1]
    waiting = "Hand 1 has not begun yet: wait for Begin."
    refused(state, 0, {"type": "flip"}, waiting)
    refused(state, 0, {"type": "stuck", "hand": 1}, waiting)
    refused(state, 1, move(card, "foundation:new"), waiting)
    refused(state, None, {"type": "begin"}, "Not everyone is ready yet.")
    refused(state, 0, {"type": "begin"}, "The table says Begin once everyone is ready")
    view = R.view(state, 0)
    assert view["phase"] == "deal" and view["you"]["playable"] == [] and not view["you"]["can_flip"]
    assert view["seats"][0]["store_top"]["id"] == card  # everyone sees their cards before Begin


def test_a_seat_is_awaited_from_the_deal_through_begin() -> None:
    """Ready or not, every seat of the hand is awaited from the deal on, so Begin puts nobody newly
    in play (the site mails a hand's turn once, at the deal). A seat away since the last hand is
    awaited until it is ready; a seat whose player left never is."""
    state = R.setup(3, {}, random.Random(5))
    state = R.leave(state, 2, RNG)  # ready by the rules, and away for good
    state = {**state, "away": [True, False, True]}  # seat 0 marked away in the last hand
    assert state["phase"] == "deal" and R.to_act(state) == [0, 1]
    dealt = R.to_act(state)
    for seat in (1, 0):
        state = R.apply(state, seat, {"type": "ready"}, RNG)
        assert R.to_act(state) == dealt and R.legal_moves(state, seat) == []
    assert R.awaits_table(state) and not any(away for away in state["away"][:2])
    state = R.apply(state, None, {"type": "begin"}, RNG)
    assert state["phase"] == "hand" and R.to_act(state) == dealt


def test_everyone_ready_then_the_table_says_begin_and_play_starts() -> None:
    state = R.setup(2, {}, random.Random(5))
    state = R.apply(state, 1, {"type": "ready"}, RNG)
    assert R.legal_moves(state, 1) == [] and state["phase"] == "deal"
    refused(state, 1, {"type": "ready"}, "You are already ready.")
    before = state
    state = R.apply(state, 0, {"type": "ready"}, RNG)
    assert R.describe(before, state, 0, {"type": "ready"}) == "{player} is ready. Everyone is ready."
    assert R.awaits_table(state) and R.legal_moves(state, 0) == R.legal_moves(state, 1) == []
    assert R.legal_moves(state, None) == [{"type": "begin"}] == [R.default_move(state, None)]
    before = state
    state = R.apply(state, None, {"type": "begin"}, RNG)
    assert state["phase"] == "hand" and R.to_act(state) == [0, 1] and state["ready"] == [False, False]
    assert R.describe(before, state, None, {"type": "begin"}) == (
        "Begin! Hand 1 is under way: everyone plays at once."
    )
    refused(state, None, {"type": "begin"}, "Too late \u2014 hand 1 has already begun.")
    assert R.apply(state, 0, {"type": "flip", "hand": 1}, RNG)["seats"][0]["flips"] == 1


def test_the_default_move_before_begin_is_ready_and_the_table_s_is_begin() -> None:
    state = R.setup(2, {}, random.Random(5))
    assert R.default_move(state, 0) == {"type": "ready"}
    assert R.default_move(state, None) == {"type": "begin"}


# --- Away -----------------------------------------------------------------------------


def test_an_away_seat_counts_as_stuck_and_the_others_turn_the_decks_around_without_it() -> None:
    state = arrange({"store": ["323-3"]}, {"store": ["58-3"]}, {"store": ["623-3"]})
    before = state
    state = R.apply(state, 2, {"type": "away"}, RNG)
    assert state["away"] == [False, False, True] and R.to_act(state) == [0, 1]
    assert R.describe(before, state, 2, {"type": "away"}) == (
        "{player} is away: taken to be stuck until they are back."
    )
    assert R.view(state, 0)["seats"][2]["away"] is True and R.view(state, 2)["you"]["away"] is True
    assert not state["seats"][2]["stuck"]  # its piles are left as they lie
    state = R.apply(state, 0, {"type": "stuck"}, RNG)
    before = state
    state = R.apply(state, 1, {"type": "stuck"}, RNG)
    assert state["turnarounds"] == 1 and R.to_act(state) == [0, 1]
    assert "Everyone is stuck" in R.describe(before, state, 1, {"type": "stuck"})
    assert state["away"] == [False, False, True]  # still away after the turn-around


def test_the_away_mark_that_leaves_only_stuck_seats_turns_the_decks_around() -> None:
    state = arrange({"store": ["323-3"]}, {"store": ["58-3"]})
    state = R.apply(state, 0, {"type": "stuck"}, RNG)
    before = state
    state = R.apply(state, 1, {"type": "away"}, RNG)
    assert state["turnarounds"] == 1 and R.to_act(state) == [0]
    assert R.describe(before, state, 1, {"type": "away"}).endswith(
        "Everyone is stuck: each Search deck's top card goes to the bottom."
    )


def test_a_hand_with_an_away_seat_ends_blocked_when_the_others_can_never_play() -> None:
    state = arrange({"store": ["323-3", "323-2"]}, {"store": ["58-3", "58-2"]})
    state = R.apply(state, 1, {"type": "away"}, RNG)
    for _ in range(DEAD_AFTER + 1):
        state = R.apply(state, 0, {"type": "stuck"}, RNG)
    assert state["phase"] == "between" and state["ended"] == "blocked"
    assert state["away"] == [False, True]


@pytest.mark.parametrize(
    "action",
    [move("mk-323-1", "foundation:new"), {"type": "flip"}, {"type": "stuck"}, {"type": "back"}],
)
def test_an_away_seat_is_back_with_any_move_of_its_own_and_plays_on(action) -> None:
    state = arrange({"store": ["323-3"]}, {"store": ["58-3", "323-1"]})
    state = R.apply(state, 1, {"type": "away"}, RNG)
    before = state
    state = R.apply(state, 1, action, RNG)
    assert state["away"] == [False, False]
    assert 1 in R.to_act(state) or state["seats"][1]["stuck"]
    if action["type"] == "back":
        assert R.describe(before, state, 1, action) == "{player} is back."
        assert state["seats"] == before["seats"]


def test_away_lasts_across_hands_until_the_seat_is_ready_or_back() -> None:
    state = arrange({"store": ["323-2"]}, {"store": ["58-3"]}, foundations=[run("mt-323-1")])
    state = R.apply(state, 1, {"type": "away"}, RNG)
    state = R.apply(state, 0, move("mt-323-2", "foundation:0"), RNG)
    assert state["phase"] == "between" and state["away"] == [False, True]
    assert R.to_act(state) == [0]  # between hands nobody waits for an away seat: the table deals
    dealt = R.apply(state, None, {"type": "next_hand"}, RNG)
    assert dealt["away"] == [False, True] and R.to_act(dealt) == [0, 1]  # the new hand needs it
    state = R.apply(state, 1, {"type": "ready"}, RNG)
    assert state["away"] == [False, False]


def test_away_and_back_refused_when_they_do_not_apply() -> None:
    state = arrange({"store": ["323-3"]}, {"store": ["58-3"]})
    refused(state, 0, {"type": "back"}, "That seat is not away.")
    away = R.apply(state, 0, {"type": "away"}, RNG)
    refused(away, 0, {"type": "away"}, "That seat is already away.")
    refused(state, None, {"type": "away"}, "Only a player at this table can do that.")
    refused(state, 5, {"type": "away"}, "Only a player at this table can do that.")
    over = dict(state, phase="between")
    refused(over, 0, {"type": "away"}, "Too late \u2014 the hand is over.")
    assert {"type": "away"} not in R.legal_moves(state, 0) and {"type": "back"} not in R.legal_moves(away, 0)


def test_a_state_from_before_the_away_mark_has_nobody_away() -> None:
    state = arrange({"store": ["323-3"]}, {"store": ["58-3"]})
    del state["away"]
    assert R.to_act(state) == [0, 1] and R.view(state, 0)["away"] == [False, False]
    assert R.apply(state, 1, {"type": "away"}, RNG)["away"] == [False, True]


# --- Amen and the hand's end ------------------------------------------------------------


def amen_state(**options) -> tuple[dict, dict]:
    """Seat 1 is one card from Amen; seat 0 has 12 cards on the Foundations and 4 in its Store."""
    state = arrange(
        {"store": ["58-5", "58-6", "58-7", "58-8"]},
        {"store": ["1013-1"]},
        foundations=[run(*(f"mt-623-{r}" for r in range(1, 5)))],
        set_aside=[run(*(f"mt-323-{r}" for r in range(1, 9)))],
        options=options,
    )
    return state, move("mk-1013-1", "foundation:new")


def test_the_last_store_card_calls_amen_and_the_hand_is_scored() -> None:
    state, last = amen_state()
    after = R.apply(state, 1, last, RNG)
    assert after["phase"] == "between" and after["amen"] == 1 and after["ended"] == "amen"
    row = after["sheet"][-1]
    assert row == {
        "hand": 1,
        "foundations": [12, 1],
        "store": [4, 0],
        "amen": 1,
        "scores": [4, 1],
        "totals": [4, 1],
    }
    assert after["totals"] == [4, 1] and R.scores(after) == [4, 1]
    assert R.to_act(after) == [0, 1]
    text = R.describe(state, after, 1, last)
    assert "Amen! {player}'s Store is empty: hand 1 is over. Hand scores: 4, 1." in text


def test_amen_from_the_store_onto_a_work_pile_ends_the_hand_too() -> None:
    state = arrange({"store": ["58-5"], "work": [["323-6"], [], []]}, {})
    after = R.apply(state, 0, move("mt-58-5", "work:0"), RNG)
    assert after["phase"] == "between" and after["amen"] == 0


@pytest.mark.parametrize(
    "late",
    [
        (0, move("mt-58-8", "foundation:new")),
        (0, move("mt-623-5", "foundation:0")),
        (0, {"type": "flip"}),
        (0, {"type": "stuck"}),
        (1, move("mk-1013-1", "foundation:new")),
    ],
)
def test_amen_stops_every_later_move_of_the_hand(late) -> None:
    state, last = amen_state()
    state["seats"][0]["store"][-1], state["seats"][0]["search"][-1] = "mt-623-5", "mt-58-8"
    seat, action = late
    after = R.apply(state, 1, last, RNG)
    refused(after, seat, action, "Too late \u2014 the hand is over.")


def test_a_move_naming_an_earlier_hand_is_too_late_in_the_next_one() -> None:
    state, last = amen_state()
    state = begin(R.apply(R.apply(state, 1, last, RNG), None, {"type": "next_hand"}, RNG))
    assert state["hand"] == 2
    card = state["seats"][0]["store"][-1]
    refused(state, 0, {"type": "flip", "hand": 1}, "Too late \u2014 the hand is over.")
    refused(state, 0, {"type": "move", "card": card, "to": "work:0", "hand": 1}, "Too late")
    refused(state, 0, {"type": "flip", "hand": 3}, "Hand 3 has not begun.")
    refused(state, 0, {"type": "flip", "hand": "2"}, "Give the hand as a whole number.")
    assert R.apply(state, 0, {"type": "flip", "hand": 2}, RNG)["seats"][0]["flips"] == 1


# --- Scores ----------------------------------------------------------------------------


def test_hand_scores_follow_the_box_examples() -> None:
    assert hand_score(12, 4) == 4
    assert hand_score(8, 6) == 0
    assert hand_score(8, 6, negative=True) == -4
    plain = {"amen_bonus": False, "negative": False}
    assert hand_points(5, 0, True, plain) == 5
    assert hand_points(5, 0, True, {**plain, "amen_bonus": True}) == 5 + AMEN_BONUS
    assert hand_points(8, 6, False, {"amen_bonus": True, "negative": True}) == -4


@pytest.mark.parametrize(
    ("options", "scores"),
    [
        ({}, [4, 1]),
        ({"amen_bonus": True}, [4, 11]),
        ({"negative": True}, [4, 1]),
    ],
)
def test_the_first_example_with_each_variant(options, scores) -> None:
    state, last = amen_state(**options)
    assert R.apply(state, 1, last, RNG)["sheet"][-1]["scores"] == scores


@pytest.mark.parametrize(("options", "score"), [({}, 0), ({"negative": True}, -4), ({"amen_bonus": True}, 0)])
def test_the_second_example_eight_played_six_left(options, score) -> None:
    state = arrange(
        {"store": ["58-3", "58-4", "58-5", "58-6", "58-7", "58-8"]},
        {"store": ["1013-1"]},
        set_aside=[run(*(f"mt-323-{r}" for r in range(1, 9)))],
        options=options,
    )
    after = R.apply(state, 1, move("mk-1013-1", "foundation:new"), RNG)
    assert after["sheet"][-1]["foundations"] == [8, 1] and after["sheet"][-1]["store"] == [6, 0]
    assert after["sheet"][-1]["scores"][0] == score
    assert R.view(after, 0)["hand_scores"][0] == score


def test_reaching_the_target_ends_the_game_and_the_highest_total_wins() -> None:
    state, last = amen_state(target=5)
    state["totals"] = [0, 4]
    after = R.apply(state, 1, last, RNG)
    assert R.is_over(after) and after["phase"] == "over"
    assert R.scores(after) == [4, 5] and R.to_act(after) == [] and R.legal_moves(after, 0) == []
    view = R.view(after, 0)
    assert view["over"] and view["places"] == [2, 1] and view["winners"] == [1]
    assert R.describe(state, after, 1, last).endswith("The game is over.")
    refused(after, 0, {"type": "ready"}, "The game is over.")
    refused(after, None, {"type": "next_hand"}, "The game is over.")
    refused(after, 0, {"type": "flip"}, "Too late \u2014 the hand is over.")


def test_below_the_target_the_game_goes_on_and_equal_best_totals_share_the_win() -> None:
    state, last = amen_state()
    after = R.apply(state, 1, last, RNG)
    assert not R.is_over(after)
    state["totals"] = [36, 39]
    after = R.apply(state, 1, last, RNG)
    assert after["totals"] == [40, 40] and R.view(after, None)["winners"] == [0, 1]
    assert R.view(after, None)["places"] == [1, 1]


def test_the_last_hand_ends_the_game_whatever_the_scores() -> None:
    state, last = amen_state(target=500)
    state["hand"] = LAST_HAND
    assert R.is_over(R.apply(state, 1, last, RNG))


# --- Between hands -----------------------------------------------------------------------


def between() -> dict:
    state, last = amen_state()
    return R.apply(state, 1, last, RNG)


def test_every_seat_ready_deals_the_next_hand() -> None:
    state = between()
    assert R.legal_moves(state, 0) == [{"type": "ready"}]
    assert R.legal_moves(state, None) == [{"type": "next_hand"}]
    assert R.awaits_table(state)
    state = R.apply(state, 0, {"type": "ready"}, RNG)
    assert state["phase"] == "between" and R.to_act(state) == [1]
    refused(state, 0, {"type": "ready"}, "You are already ready.")
    before = state
    state = R.apply(state, 1, {"type": "ready"}, random.Random(9))
    assert state["phase"] == "deal" and state["hand"] == 2 and state["foundations"] == []
    assert state["set_aside"] == [] and state["amen"] is None and state["totals"] == [4, 1]
    assert R.describe(before, state, 1, {"type": "ready"}) == "{player} is ready. Hand 2 is dealt."
    for seat, me in enumerate(state["seats"]):
        everything = me["store"] + me["search"] + [c for pile in me["work"] for c in pile]
        assert len(me["store"]) == 10 and sorted(everything) == sorted(cards(DECKS[seat]))


def test_the_table_deals_the_next_hand_after_the_pause() -> None:
    state = between()
    after = R.apply(state, None, {"type": "next_hand"}, RNG)
    assert after["phase"] == "deal" and after["hand"] == 2
    assert R.describe(state, after, None, {"type": "next_hand"}) == "Hand 2 is dealt."
    refused(state, 0, {"type": "next_hand"}, "The table deals the next hand")
    refused(after, None, {"type": "next_hand"}, "Too late \u2014 hand 2 has already begun.")
    begun = begin(after)
    refused(begun, 0, {"type": "ready"}, "Too late \u2014 hand 2 has already begun.")


@pytest.mark.parametrize("seat", [None, -1, 2, True, "0"])
@pytest.mark.parametrize(
    "action", [{"type": "flip"}, {"type": "stuck"}, {"type": "ready"}, move("mt-58-5", "work:0")]
)
def test_only_a_player_at_the_table_plays(seat, action) -> None:
    refused(arrange({}, {}), seat, action, "Only a player at this table can do that.")


# --- Default moves ------------------------------------------------------------------------


def test_the_default_move_declares_stuck_in_a_hand_and_is_ready_between_hands() -> None:
    state = arrange({"store": ["323-3"]}, {"store": ["58-3"]})
    assert R.default_move(state, 0) == {"type": "stuck"}
    assert R.default_move(state, None) == {"type": "next_hand"}
    assert R.default_move(between(), 1) == {"type": "ready"}


def test_default_moves_for_idle_seats_end_a_hand() -> None:
    state = R.setup(3, {}, random.Random(3))
    while state["phase"] == "deal":
        seat = next((seat for seat in R.to_act(state) if R.legal_moves(state, seat)), None)
        state = R.apply(state, seat, R.default_move(state, seat), RNG)
    moves = 0
    while state["phase"] == "hand":
        seat = R.to_act(state)[0]
        state = R.apply(state, seat, R.default_move(state, seat), RNG)
        moves += 1
    assert state["ended"] == "blocked" and moves == 3 * (DEAD_AFTER + 1)
    state = R.apply(state, None, R.default_move(state, None), RNG)
    assert state["phase"] == "deal" and state["hand"] == 2


# --- Views ---------------------------------------------------------------------------------


def test_a_view_shows_tops_and_counts_and_for_its_seat_what_fits_where() -> None:
    state = arrange(
        {"store": ["58-6", "323-2"], "work": [["623-6"], ["1013-3"], ["323-5"]], "pile": ["1013-6", "58-2"]},
        {"store": ["58-5", "1013-1"]},
        foundations=[run("mk-323-1"), run("lk-58-1"), run("jn-58-1")],
        players=4,
    )
    view = R.view(state, 0)
    assert view["phase"] == "hand" and view["hand"] == 1 and view["seat"] == 0
    assert view["to_act"] == [0, 1, 2, 3] and view["legal"] == R.legal_moves(state, 0)
    other = view["seats"][1]
    assert other["store_count"] == 2 and other["store_top"]["id"] == "mk-1013-1"
    assert other["search_count"] == 29 and other["pile_top"] is None
    mine = view["seats"][0]
    assert mine["pile_top"]["id"] == "mt-58-2" and mine["pile_count"] == 2
    assert [[c["id"] for c in pile] for pile in mine["work"]] == [["mt-623-6"], ["mt-1013-3"], ["mt-323-5"]]
    you = view["you"]
    assert you["foundation_fits"] == {
        "foundation:0": ["mt-323-2"],
        "foundation:1": ["mt-58-2"],
        "foundation:2": ["mt-58-2"],
    }
    by_card = {entry["card"]: entry for entry in you["playable"]}
    assert by_card["mt-323-2"]["foundation"] == "foundation:0" and by_card["mt-323-2"]["from"] == "store"
    assert by_card["mt-58-2"]["targets"] == ["foundation:1", "foundation:2", "work:1"]
    assert by_card["mt-623-6"]["foundation"] is None
    assert [pile["yours"] for pile in view["foundations"]] == [["mt-323-2"], ["mt-58-2"], ["mt-58-2"]]
    assert you["stacks"] == [{"card": "mt-323-5", "from": "work:2", "cards": 1, "targets": ["work:0"]}]
    assert you["can_flip"] and not you["turn_over"]
    spectator = R.view(state, None)
    assert spectator["you"] is None and spectator["legal"] == [] and spectator["seat"] is None
    assert [pile["yours"] for pile in spectator["foundations"]] == [[], [], []]


def test_views_never_show_a_search_deck() -> None:
    state = arrange({"store": ["58-6", "323-2"], "pile": ["58-2"]}, {"store": ["58-5"]})
    for seat in (None, 0, 1):
        text = json.dumps(R.view(state, seat))
        for me in state["seats"]:
            assert not [card for card in me["search"] if f'"{card}"' in text]


def test_view_after_a_hand_keeps_the_score_sheet_rows() -> None:
    view = R.view(between(), 1)
    assert view["phase"] == "between" and view["amen"] == 1 and view["ended"] == "amen"
    assert view["sheet"] == [
        {"hand": 1, "foundations": [12, 1], "store": [4, 0], "amen": 1, "scores": [4, 1], "totals": [4, 1]}
    ]
    assert view["hand_scores"] == [4, 1] and view["totals"] == [4, 1]
    assert view["legal"] == [{"type": "ready"}] and view["you"]["playable"] == []


@pytest.mark.parametrize(
    "action", [{"type": "pass"}, {"type": "draw"}, {"type": "MOVE"}, {}, "flip", None, []]
)
def test_a_move_roman_road_does_not_know_is_refused(action) -> None:
    refused(arrange({}, {}), 0, action, "")
