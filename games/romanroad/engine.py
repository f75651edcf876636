"""Roman Road: a real-time race with the Roman Road decks (like Nerts), 2 to 4 players.

Player-facing rules: ``games/romanroad/rules.md``. Everyone plays at once: moves
apply in the order the server receives them, and a move that an earlier one has
overtaken (someone got there first, the hand is over, the next hand is dealt) is
refused with a sentence that starts "Too late — ...", the state unchanged.

Cards are the ids of ``games.decks`` (``"lk-58-4"``). Seat i plays deck i
(Matthew, Mark, Luke, John), so a card's back tells whose it is: a card on a
Foundation remembers its owner through its id.

State (JSON-able; every list of cards has its top card last)::

    {
      "players": 3,
      "options": {"amen_bonus": False, "negative": False, "target": 40},
      "decks": ["mt", "mk", "lk"],           # seat -> deck key
      "phase": "hand",                       # "deal" (before Begin), "hand", "between" (hands) or "over"
      "hand": 1,                             # the hand in play, or the one just scored
      "seats": [{
          "store": [...],                    # face up; only the top (last) card plays
          "work": [[...], [...], [...]],     # three Work piles, bottom card first
          "search": [...],                   # the Search deck, face down
          "pile": [...],                     # the Search pile, face up
          "stuck": False,                    # declared stuck, waiting for the others
          "flips": 0,                        # flips since this seat moved a card or a Foundation grew
      }, ...],
      "foundations": [{"id": 0, "suit": "58", "cards": [...]}, ...],  # in play, oldest first
      "set_aside": [...],                    # this hand's completed foundations, same shape
      "next_foundation": 3,                  # id of the next foundation started this hand
      "turnarounds": 0,                      # stuck-rule turn-arounds this hand
      "fruitless": 0,                        # turn-arounds since a card was last played
      "amen": None,                          # the seat that called Amen (this or the last hand)
      "ended": None,                         # how the last hand ended: "amen", "blocked" or None
      "ready": [False, False, False],        # between hands (or before Begin): who is ready
      "away": [False, False, False],         # who is away from the table (see "Away" below)
      "sheet": [{"hand": 1, "foundations": [...], "store": [...], "amen": 0,
                 "scores": [...], "totals": [...]}, ...],  # "host": true on a hand the host ended
      "totals": [0, 0, 0],
    }

Every card of every deck is in exactly one place: a seat's store, work piles,
search deck or search pile, a foundation in play, or one set aside.

Moves (an optional ``"hand": n`` on the first three makes a move sent during an
earlier hand arrive "too late" instead of landing in the next one)::

    {"type": "move", "card": "mk-58-4", "to": "foundation:new" | "foundation:K" | "work:0".."work:2"}
    {"type": "flip"}          # 3 cards from the Search deck (turning the pile over first if it is empty)
    {"type": "stuck"}         # declare stuck; when every seat has, the Search decks turn around
    {"type": "ready"}         # between hands, per seat: when all are ready the next hand is dealt;
                              # before Begin, per seat: ready to play the hand just dealt
    {"type": "next_hand"}     # between hands, seat None (the table's timer): deal now
    {"type": "begin"}         # before Begin, seat None once every seat is ready: play begins
    {"type": "away"}          # during a hand, the table marks the seat away (recorded for that seat)
    {"type": "back"}          # the seat is back at the table (recorded for that seat)

Begin: a hand is dealt face up into the phase ``"deal"``: everyone sees their
cards, nobody plays one. Each seat says it is ready (``ready``); once all are,
the table (seat None) says ``begin`` and the phase is ``"hand"``. How long the
table waits, and for whom, is the site's (``games/romanroad/web.py``: computer
players are ready at once, people as their page shows the table, an absent one
after a few seconds, then a short countdown to Begin). Every seat of the hand is
awaited (``to_act``) from the deal on, ready or not, so Begin is no new turn; an away
seat is not awaited between hands (the table deals without its Ready) but is from the
deal until it is ready.

Away: the site marks a seat ``away`` when it is no longer at the table (the seat
has no page open and has not moved for a while: ``games/romanroad/web.py``)
through the one move path, as an ``away`` move recorded for that seat, so it is
in the log and replays. An away seat counts as stuck: it is not awaited
(``to_act``), and when every seat is stuck or away the Search decks turn around
(or the hand ends blocked), so the others' hand goes on and can end without it.
The mark lasts across hands until the seat is back: any move of its own (a card,
a flip, Stuck, Ready) or a ``back`` move (its page came back) clears it, and it
plays on from where its cards lie. Away is never a choice a player makes, so
``legal_moves`` does not list ``away`` or ``back``; the engine accepts them for
any seat all the same (the site records them; a replay applies them).

Decisions beyond the box (see the rules page): a declared-stuck or away seat is no
longer awaited (``to_act``) but may still play a card to a Foundation, which
takes the declaration back; when everyone is stuck again after three
turn-arounds with no card played in between, nobody can ever play again and
the hand ends without an Amen ("blocked"); hand ``LAST_HAND`` is the last.
"""

from __future__ import annotations

import random
import re

from games.contract.protocol import Engine, IllegalMove, Move, State, move_type, places, require
from games.decks import (
    CARDS_PER_SUIT,
    card_info,
    cards,
    deck_colour,
    deck_creature,
    deck_name,
    decks_for,
    is_card,
    parse,
    reference,
    suit_colour,
    suit_symbol,
    verse,
    words,
)

WORK_PILES = 3
STORE_SIZE = 10
FLIP = 3
TARGET = 40
TARGET_RANGE = (5, 500)
AMEN_BONUS = 10
DEAD_AFTER = 3  # everyone stuck again after this many fruitless turn-arounds: the hand is blocked
LAST_HAND = 20  # a safety net: a table stops after this many hands (games take about six)
OPTIONS = ("amen_bonus", "negative", "target")

DEAL, HAND, BETWEEN, OVER = "deal", "hand", "between", "over"
NEW = "foundation:new"
_FOUNDATION = re.compile(r"foundation:(0|[1-9][0-9]{0,5})", re.ASCII)
_WORK = re.compile(r"work:([0-2])", re.ASCII)
TOO_LATE_HAND = "Too late \u2014 the hand is over."
NOT_BEGUN = "Hand {hand} has not begun yet: wait for Begin."
AWAY, BACK = "away", "back"
PLAYER = "{player}"


# --- Scoring --------------------------------------------------------------------


def hand_score(foundations: int, store_left: int, *, negative: bool = False) -> int:
    """Cards on the Foundations minus 2 per card left in the Store (at least 0 unless ``negative``)."""
    score = foundations - 2 * store_left
    return score if negative else max(score, 0)


def hand_points(foundations: int, store_left: int, amen: bool, options: dict) -> int:
    """A hand's score with the table's variants (the same sums as the Roman Road score pad)."""
    score = hand_score(foundations, store_left, negative=options["negative"])
    return score + (AMEN_BONUS if amen and options["amen_bonus"] else 0)


def read_options(raw: dict | None) -> dict:
    """The table options: ``amen_bonus`` and ``negative`` (bools), ``target`` (5..500, 40)."""
    raw = raw or {}
    target = raw.get("target", TARGET)
    low, high = TARGET_RANGE
    valid = isinstance(target, int) and not isinstance(target, bool) and low <= target <= high
    require(valid, f"Choose a target score from {low} to {high}.")
    return {
        "amen_bonus": bool(raw.get("amen_bonus", False)),
        "negative": bool(raw.get("negative", False)),
        "target": target,
    }


# --- Cards ------------------------------------------------------------------------


def suit_rank(card: str) -> tuple[str, int]:
    _, suit, rank = parse(card)
    return suit, rank


def name(card: str) -> str:
    """``the 4 of Romans 5:8``."""
    suit, rank = suit_rank(card)
    return f"the {rank} of {reference(suit)}"


def _cap(text: str) -> str:
    return text[0].upper() + text[1:]


def fits_work(card: str, top: str) -> bool:
    """Does ``card`` go on a Work pile whose top is ``top`` (one lower, another verse)?"""
    suit, rank = suit_rank(card)
    top_suit, top_rank = suit_rank(top)
    return suit != top_suit and rank == top_rank - 1


def owner(state: State, card: str) -> int:
    return state["decks"].index(parse(card)[0])


def locate(me: dict, card: str) -> tuple:
    """Where one of the seat's cards lies: ``("store", i)``, ``("work", p, i)``, ``("pile", i)``,
    ``("search",)``, or ``()`` when it is on a Foundation."""
    if card in me["store"]:
        return ("store", me["store"].index(card))
    for number, pile in enumerate(me["work"]):
        if card in pile:
            return ("work", number, pile.index(card))
    if card in me["pile"]:
        return ("pile", me["pile"].index(card))
    if card in me["search"]:
        return ("search",)
    return ()


def tops(me: dict) -> list[tuple[str, str]]:
    """The seat's playable cards with where they lie: ``(card, "store" | "work:p" | "search")``."""
    found = []
    if me["store"]:
        found.append((me["store"][-1], "store"))
    for number, pile in enumerate(me["work"]):
        if pile:
            found.append((pile[-1], f"work:{number}"))
    if me["pile"]:
        found.append((me["pile"][-1], "search"))
    return found


def foundation_targets(state: State, card: str) -> list[str]:
    """The Foundations ``card`` goes on now: ``foundation:new`` for a 1, else every pile it continues."""
    suit, rank = suit_rank(card)
    if rank == 1:
        return [NEW]
    return [
        f"foundation:{pile['id']}"
        for pile in state["foundations"]
        if pile["suit"] == suit and len(pile["cards"]) == rank - 1
    ]


def work_targets(me: dict, card: str, source: str) -> list[str]:
    """The seat's Work piles ``card`` may move to from ``source`` (``store``, ``search`` or ``work:p``)."""
    targets = []
    for number, pile in enumerate(me["work"]):
        if source == f"work:{number}":
            continue
        if pile:
            if fits_work(card, pile[-1]):
                targets.append(f"work:{number}")
        elif source == "store":
            targets.append(f"work:{number}")
    return targets


def played_counts(state: State) -> list[int]:
    """Per seat, the cards it has put on the Foundations this hand (set-aside ones included)."""
    counts = [0] * state["players"]
    for pile in state["foundations"] + state["set_aside"]:
        for card in pile["cards"]:
            counts[owner(state, card)] += 1
    return counts


def running_scores(state: State) -> list[int]:
    """What each seat's hand would score if it ended now (the Amen bonus once it is called)."""
    played = played_counts(state)
    amen = state["amen"] if state["phase"] != HAND else None
    return [
        hand_points(count, len(me["store"]), seat == amen, state["options"])
        for seat, (count, me) in enumerate(zip(played, state["seats"], strict=True))
    ]


def away_seats(state: State) -> list[bool]:
    """Per seat, whether it is away (a state from before the mark existed has nobody away)."""
    return state.get("away") or [False] * state["players"]


def everyone_stuck(state: State) -> bool:
    """Has every seat declared stuck or is it away? Then the Search decks turn around."""
    away = away_seats(state)
    return all(me["stuck"] or away[seat] for seat, me in enumerate(state["seats"]))


def _back(state: State, seat: int) -> None:
    """The seat acts: whatever it does, it is at the table again (unless its player left for good)."""
    if away_seats(state)[seat] and seat not in (state.get("left") or []):
        state["away"] = [False if number == seat else mark for number, mark in enumerate(away_seats(state))]


def _copy(value):
    """A deep copy of JSON-like data (much quicker than ``copy.deepcopy``)."""
    if isinstance(value, dict):
        return {key: _copy(item) for key, item in value.items()}
    if isinstance(value, list):
        return [_copy(item) for item in value]
    return value


# --- The flow of a game -------------------------------------------------------------


def _deal(state: State, rng: random.Random) -> None:
    """Shuffle every seat's deck and deal the next hand."""
    seats = []
    for deck in state["decks"]:
        order = cards(deck)
        rng.shuffle(order)
        seats.append(
            {
                "store": order[WORK_PILES : WORK_PILES + STORE_SIZE],
                "work": [[card] for card in order[:WORK_PILES]],
                "search": order[WORK_PILES + STORE_SIZE :],
                "pile": [],
                "stuck": False,
                "flips": 0,
            }
        )
    state.update(
        phase=DEAL,
        hand=state["hand"] + 1,
        seats=seats,
        foundations=[],
        set_aside=[],
        next_foundation=0,
        turnarounds=0,
        fruitless=0,
        amen=None,
        ended=None,
        ready=[False] * state["players"],
    )


def _end_hand(state: State, amen: int | None, by_host: bool = False) -> None:
    """The hand is over and scored: by an Amen of seat ``amen``, else blocked, or (``by_host``) ended
    by the host as it stood, scored as a blocked hand is (its sheet row says so: ``"host": true``)."""
    played = played_counts(state)
    store = [len(me["store"]) for me in state["seats"]]
    scores = [
        hand_points(count, left, seat == amen, state["options"])
        for seat, (count, left) in enumerate(zip(played, store, strict=True))
    ]
    totals = [total + score for total, score in zip(state["totals"], scores, strict=True)]
    state["sheet"].append(
        {
            "hand": state["hand"],
            "foundations": played,
            "store": store,
            "amen": amen,
            "scores": scores,
            "totals": totals,
            **({"host": True} if by_host else {}),
        }
    )
    for me in state["seats"]:
        me["stuck"] = False
    over = any(total >= state["options"]["target"] for total in totals) or state["hand"] >= LAST_HAND
    state.update(
        totals=totals,
        amen=amen,
        ended="amen" if amen is not None else "blocked",
        ready=[False] * state["players"],
        phase=OVER if over else BETWEEN,
    )


def _turn_around(state: State) -> None:
    """Everyone is stuck: each Search deck's top card goes to the bottom (or the hand is blocked)."""
    if state["fruitless"] >= DEAD_AFTER:
        _end_hand(state, None)
        return
    for me in state["seats"]:
        if me["search"]:
            me["search"].insert(0, me["search"].pop())
        me["stuck"] = False
        me["flips"] = 0
    state["turnarounds"] += 1
    state["fruitless"] += 1


# --- Checking moves ---------------------------------------------------------------


def _seat(state: State, seat: int | None) -> int:
    valid = isinstance(seat, int) and not isinstance(seat, bool) and 0 <= seat < state["players"]
    require(valid, "Only a player at this table can do that.")
    return seat


def _in_hand(state: State, move: Move) -> None:
    """The move belongs to the hand in play (else it comes too late, or before Begin)."""
    if "hand" in move:
        number = move["hand"]
        valid = isinstance(number, int) and not isinstance(number, bool)
        require(valid, "Give the hand as a whole number.")
        require(number >= state["hand"], TOO_LATE_HAND)
    require(state["phase"] != DEAL, NOT_BEGUN.format(hand=state["hand"]))
    require(state["phase"] == HAND, TOO_LATE_HAND)
    if "hand" in move:
        require(move["hand"] == state["hand"], f"Hand {move['hand']} has not begun.")


def _target(move: Move) -> tuple[str, int | None]:
    to = move.get("to")
    if isinstance(to, str):
        if to == NEW:
            return "new", None
        found = _FOUNDATION.fullmatch(to)
        if found:
            return "foundation", int(found[1])
        found = _WORK.fullmatch(to)
        if found:
            return "work", int(found[1])
    raise IllegalMove('Say where the card goes: "foundation:new", "foundation:K" or "work:0" to "work:2".')


def _pile_by_id(piles: list[dict], number: int) -> dict | None:
    return next((pile for pile in piles if pile["id"] == number), None)


def _not_playable(card: str) -> IllegalMove:
    return IllegalMove(f"{_cap(name(card))} is not on top of your Store, a Work pile or your Search pile.")


# --- Moves ------------------------------------------------------------------------


def _move(state: State, seat: int | None, move: Move, rng: random.Random) -> None:
    seat = _seat(state, seat)
    _in_hand(state, move)
    _back(state, seat)
    card = move.get("card")
    require(is_card(card), "Name the card you move by its id.")
    deck = parse(card)[0]
    require(deck == state["decks"][seat], f"{_cap(name(card))} with {deck_name(deck)}'s back is not yours.")
    kind, number = _target(move)
    me = state["seats"][seat]
    where = locate(me, card)
    require(bool(where), f"{_cap(name(card))} is already on a Foundation.")
    # One sentence wherever a face-down or covered card lies, so a refusal tells nothing of it.
    if not (where[0] == "work" or (where[0] in ("store", "pile") and where[1] == len(me[where[0]]) - 1)):
        raise _not_playable(card)
    if kind == "work":
        require(
            not me["stuck"],
            "You have declared stuck: until the Search decks turn, you may only play to a Foundation.",
        )
        _to_work(state, seat, card, where, number)
    else:
        _to_foundation(state, seat, card, where, kind, number)
    if not me["store"]:
        _end_hand(state, seat)


def _take_top(me: dict, card: str, where: tuple) -> None:
    """Remove a playable top card from where it lies (refusing a card under others)."""
    if where[0] == "store" and where[1] == len(me["store"]) - 1:
        me["store"].pop()
    elif where[0] == "pile" and where[1] == len(me["pile"]) - 1:
        me["pile"].pop()
    elif where[0] == "work" and where[2] == len(me["work"][where[1]]) - 1:
        me["work"][where[1]].pop()
    elif where[0] == "work":
        raise IllegalMove(
            f"Only the top card of a Work pile goes to a Foundation; {name(card)} has cards on it."
        )
    else:
        raise _not_playable(card)


def _to_foundation(state: State, seat: int, card: str, where: tuple, kind: str, number: int | None) -> None:
    suit, rank = suit_rank(card)
    me = state["seats"][seat]
    if kind == "new":
        require(rank == 1, f"Only a 1 starts a Foundation; {name(card)} goes on the {rank - 1}.")
        _take_top(me, card, where)
        pile = {"id": state["next_foundation"], "suit": suit, "cards": [card]}
        state["foundations"].append(pile)
        state["next_foundation"] += 1
    else:
        pile = _pile_by_id(state["foundations"], number)
        if pile is None:
            done = _pile_by_id(state["set_aside"], number)
            require(done is not None, f"There is no foundation {number}.")
            late = f"Too late \u2014 {name(card)} is already there: that foundation is complete."
            require(done["suit"] != suit, late)
            raise IllegalMove(f"{_cap(name(card))} does not go on the {reference(done['suit'])} foundation.")
        wrong = f"{_cap(name(card))} does not go on the {reference(pile['suit'])} foundation."
        require(pile["suit"] == suit, wrong)
        require(rank != 1, f'A 1 starts a new Foundation: play {name(card)} to "{NEW}".')
        height = len(pile["cards"])
        require(height < rank, f"Too late \u2014 {name(card)} is already there.")
        early = f"{_cap(name(card))} does not fit there yet: that foundation needs the {height + 1}."
        require(height == rank - 1, early)
        _take_top(me, card, where)
        pile["cards"].append(card)
        if len(pile["cards"]) == CARDS_PER_SUIT:
            state["foundations"].remove(pile)
            state["set_aside"].append(pile)
    me["stuck"] = False
    state["fruitless"] = 0
    for other in state["seats"]:
        other["flips"] = 0


def _to_work(state: State, seat: int, card: str, where: tuple, number: int) -> None:
    me = state["seats"][seat]
    target = me["work"][number]
    source = where[0]
    if source == "work":
        require(where[1] != number, f"{_cap(name(card))} is already on Work pile {number + 1}.")
    elif source not in ("store", "pile"):
        raise _not_playable(card)
    if not target:
        require(source == "store", "An empty Work pile takes only the top card of your Store.")
    else:
        require(
            fits_work(card, target[-1]),
            f"{_cap(name(card))} does not go on {name(target[-1])}: a Work pile builds down, "
            "one lower and of another verse.",
        )
    if source == "work":
        pile = me["work"][where[1]]
        target.extend(pile[where[2] :])
        del pile[where[2] :]
    else:
        me["store" if source == "store" else "pile"].pop()
        target.append(card)
        state["fruitless"] = 0
    me["flips"] = 0


def _flip(state: State, seat: int | None, move: Move, rng: random.Random) -> None:
    seat = _seat(state, seat)
    _in_hand(state, move)
    _back(state, seat)
    me = state["seats"][seat]
    require(
        not me["stuck"],
        "You have declared stuck: wait for the others (you may still play a card to a Foundation).",
    )
    require(bool(me["search"] or me["pile"]), "Your Search deck and Search pile are empty: nothing to flip.")
    if not me["search"]:
        me["search"], me["pile"] = me["pile"][::-1], []
    for _ in range(min(FLIP, len(me["search"]))):
        me["pile"].append(me["search"].pop())
    me["flips"] += 1


def _stuck(state: State, seat: int | None, move: Move, rng: random.Random) -> None:
    seat = _seat(state, seat)
    _in_hand(state, move)
    _back(state, seat)
    me = state["seats"][seat]
    require(not me["stuck"], "You have already declared stuck.")
    # Flip through the rest of the Search deck and turn the pile over: the whole deck in hand.
    me["search"], me["pile"] = me["search"] + me["pile"][::-1], []
    me["stuck"] = True
    if everyone_stuck(state):
        _turn_around(state)


def _away(state: State, seat: int | None, move: Move, rng: random.Random) -> None:
    """The table marks the seat away: it counts as stuck until it is back."""
    seat = _seat(state, seat)
    _in_hand(state, move)
    require(not away_seats(state)[seat], "That seat is already away.")
    state["away"] = [True if number == seat else mark for number, mark in enumerate(away_seats(state))]
    if everyone_stuck(state):
        _turn_around(state)


def _come_back(state: State, seat: int | None, move: Move, rng: random.Random) -> None:
    seat = _seat(state, seat)
    require(state["phase"] != OVER, "The game is over.")
    require(away_seats(state)[seat], "That seat is not away.")
    require(seat not in (state.get("left") or []), "That player has left the game.")
    _back(state, seat)


def _settle_left(state: State, rng: random.Random) -> None:
    """Seats whose player left the game stay away for good (so stuck in every hand: the others'
    Stuck turns the decks around without them) and are ready between hands and before Begin."""
    left = state.get("left") or []
    while left and state["phase"] in (BETWEEN, DEAL) and any(not state["ready"][seat] for seat in left):
        for seat in left:
            state["ready"][seat] = True
        if state["phase"] == BETWEEN and all(state["ready"]):
            _deal(state, rng)  # and, round again, ready for the hand just dealt


def _ready(state: State, seat: int | None, move: Move, rng: random.Random) -> None:
    seat = _seat(state, seat)
    require(state["phase"] != OVER, "The game is over.")
    require(state["phase"] in (BETWEEN, DEAL), f"Too late \u2014 hand {state['hand']} has already begun.")
    require(not state["ready"][seat], "You are already ready.")
    _back(state, seat)
    state["ready"][seat] = True
    if state["phase"] == BETWEEN and all(state["ready"]):
        _deal(state, rng)


def _begin(state: State, seat: int | None, move: Move, rng: random.Random) -> None:
    require(seat is None, "The table says Begin once everyone is ready: say you are ready instead.")
    require(state["phase"] != OVER, "The game is over.")
    require(state["phase"] == DEAL, f"Too late \u2014 hand {state['hand']} has already begun.")
    require(all(state["ready"]), "Not everyone is ready yet.")
    state.update(phase=HAND, ready=[False] * state["players"])


def _next_hand(state: State, seat: int | None, move: Move, rng: random.Random) -> None:
    require(seat is None, "The table deals the next hand: say you are ready instead.")
    require(state["phase"] != OVER, "The game is over.")
    require(state["phase"] == BETWEEN, f"Too late \u2014 hand {state['hand']} has already begun.")
    _deal(state, rng)


MOVES = {
    "move": _move,
    "flip": _flip,
    "stuck": _stuck,
    "ready": _ready,
    "next_hand": _next_hand,
    "begin": _begin,
    AWAY: _away,
    BACK: _come_back,
}


# --- Legal moves ------------------------------------------------------------------


def _foundation_moves(state: State, me: dict) -> list[Move]:
    return [
        {"type": "move", "card": card, "to": target}
        for card, _source in tops(me)
        for target in foundation_targets(state, card)
    ]


def _work_moves(me: dict) -> list[Move]:
    moves = []
    for card, source in tops(me):
        if not source.startswith("work"):
            moves += [{"type": "move", "card": card, "to": t} for t in work_targets(me, card, source)]
    for number, pile in enumerate(me["work"]):
        for card in pile:
            targets = work_targets(me, card, f"work:{number}")
            moves += [{"type": "move", "card": card, "to": target} for target in targets]
    return moves


# --- Views ------------------------------------------------------------------------


def _card_view(state: State, card: str) -> dict:
    return {**card_info(card), "owner": owner(state, card)}


def _deck_view(deck: str) -> dict:
    return {
        "key": deck,
        "name": deck_name(deck),
        "colour": deck_colour(deck),
        "creature": deck_creature(deck),
    }


def _suit_view(suit: str) -> dict:
    return {
        "suit": suit,
        "reference": reference(suit),
        "colour": suit_colour(suit),
        "symbol": suit_symbol(suit),
    }


def _pile_view(state: State, pile: dict, mine: dict[str, list[str]]) -> dict:
    height = len(pile["cards"])
    complete = height == CARDS_PER_SUIT
    target = f"foundation:{pile['id']}"
    return {
        "id": pile["id"],
        "to": target,
        **_suit_view(pile["suit"]),
        "cards": [_card_view(state, card) for card in pile["cards"]],
        "reads": verse(pile["suit"]) if complete else " ".join(words(card) for card in pile["cards"]),
        "needs": None if complete else height + 1,
        "complete": complete,
        "yours": [] if complete else mine.get(target, []),
    }


def _seat_view(state: State, seat: int, played: list[int], running: list[int]) -> dict:
    me = state["seats"][seat]
    return {
        "seat": seat,
        "deck": _deck_view(state["decks"][seat]),
        "store_count": len(me["store"]),
        "store_top": _card_view(state, me["store"][-1]) if me["store"] else None,
        "work": [[_card_view(state, card) for card in pile] for pile in me["work"]],
        "search_count": len(me["search"]),
        "pile_count": len(me["pile"]),
        "pile_top": _card_view(state, me["pile"][-1]) if me["pile"] else None,
        "stuck": me["stuck"],
        "away": away_seats(state)[seat],
        "left": seat in (state.get("left") or []),
        "ready": state["ready"][seat],
        "played": played[seat],
        "hand_score": running[seat],
        "total": state["totals"][seat],
    }


def _own_view(state: State, seat: int) -> tuple[dict, dict[str, list[str]]]:
    """The seat's playable cards with every place each may go (the first foundation for a double tap)."""
    me = state["seats"][seat]
    in_hand = state["phase"] == HAND
    playable = []
    by_foundation: dict[str, list[str]] = {}
    for card, source in tops(me) if in_hand else []:
        foundations = foundation_targets(state, card)
        work = [] if me["stuck"] or source.startswith("work") else work_targets(me, card, source)
        for target in foundations:
            by_foundation.setdefault(target, []).append(card)
        playable.append(
            {
                "card": card,
                "from": source,
                "foundation": foundations[0] if foundations else None,
                "targets": foundations + work,
            }
        )
    stacks = []
    if in_hand and not me["stuck"]:
        for number, pile in enumerate(me["work"]):
            for depth, card in enumerate(pile):
                targets = work_targets(me, card, f"work:{number}")
                if targets:
                    stacks.append(
                        {
                            "card": card,
                            "from": f"work:{number}",
                            "cards": len(pile) - depth,
                            "targets": targets,
                        }
                    )
    you = {
        "seat": seat,
        "stuck": me["stuck"],
        "away": away_seats(state)[seat],
        "left": seat in (state.get("left") or []),
        "ready": state["ready"][seat],
        "playable": playable,
        "stacks": stacks,
        "foundation_fits": by_foundation,
        "can_flip": in_hand and not me["stuck"] and bool(me["search"] or me["pile"]),
        "turn_over": in_hand and not me["search"] and bool(me["pile"]),
    }
    return you, by_foundation


# --- describe() ---------------------------------------------------------------------


def _source_text(where: tuple) -> str:
    if where[0] == "store":
        return "from their Store"
    if where[0] == "pile":
        return "from their Search pile"
    return f"from Work pile {where[1] + 1}"


def _describe_move(before: State, after: State, seat: int, move: Move) -> str:
    card = move["card"]
    where = locate(before["seats"][seat], card)
    kind, number = _target(move)
    source = _source_text(where)
    if kind == "new":
        suit = suit_rank(card)[0]
        opening = f"\u201c{words(card)}\u201d"
        return f"{PLAYER} started a {reference(suit)} Foundation with the 1 {source}: {opening}."
    if kind == "work":
        stack = len(before["seats"][seat]["work"][where[1]]) - where[2] if where[0] == "work" else 1
        what = name(card) if stack == 1 else f"{name(card)} and the {stack - 1} on it"
        return f"{PLAYER} moved {what} {source} to Work pile {number + 1}."
    pile = _pile_by_id(after["foundations"], number) or _pile_by_id(after["set_aside"], number)
    text = f"{PLAYER} played {name(card)} {source} to a Foundation: "
    text += f"\u201c{' '.join(words(c) for c in pile['cards'])}\u201d."
    if len(pile["cards"]) == CARDS_PER_SUIT:
        text += f" {reference(pile['suit'])} is complete and set aside."
    return text


def _describe_flip(before: State, after: State, seat: int) -> str:
    me_before, me_after = before["seats"][seat], after["seats"][seat]
    turned = not me_before["search"]
    count = len(me_after["pile"]) - (0 if turned else len(me_before["pile"]))
    cards_text = "a card" if count == 1 else f"{count} cards"
    if turned:
        return f"{PLAYER} turned their Search pile over and flipped {cards_text}."
    return f"{PLAYER} flipped {cards_text} onto their Search pile."


def _describe_end(before: State, after: State) -> str:
    if before["phase"] != HAND or after["phase"] == HAND:
        return ""
    number = after["hand"]
    if after["amen"] is not None:
        text = f" Amen! {PLAYER}'s Store is empty: hand {number} is over."
    else:
        text = f" Nobody can play any more: hand {number} ends without an Amen."
    scores = ", ".join(str(score) for score in after["sheet"][-1]["scores"])
    text += f" Hand scores: {scores}."
    if after["phase"] == OVER:
        text += " The game is over."
    return text


# --- The engine ---------------------------------------------------------------------


class RomanRoad(Engine):
    """Roman Road as an ``Engine`` (see ``games/contract/protocol.py``): everyone plays at once."""

    slug = "romanroad"
    name = "Roman Road"
    min_players = 2
    max_players = 4
    realtime = True
    move_keys = {
        "move": frozenset({"type", "card", "to", "hand"}),
        "flip": frozenset({"type", "hand"}),
        "stuck": frozenset({"type", "hand"}),
        "ready": frozenset({"type"}),
        "next_hand": frozenset({"type"}),
        "begin": frozenset({"type"}),
        AWAY: frozenset({"type"}),
        BACK: frozenset({"type"}),
    }

    # Hooks for bots and pages.
    foundation_targets = staticmethod(foundation_targets)
    work_targets = staticmethod(work_targets)
    tops = staticmethod(tops)
    hand_points = staticmethod(hand_points)

    def setup(self, players: int, options: dict, rng: random.Random) -> State:
        valid = isinstance(players, int) and not isinstance(players, bool)
        require(
            valid and self.min_players <= players <= self.max_players,
            f"Roman Road is for {self.min_players} to {self.max_players} players.",
        )
        state: State = {
            "players": players,
            "options": read_options(options),
            "decks": decks_for(players),
            "phase": BETWEEN,
            "hand": 0,
            "seats": [],
            "foundations": [],
            "set_aside": [],
            "next_foundation": 0,
            "turnarounds": 0,
            "fruitless": 0,
            "amen": None,
            "ended": None,
            "ready": [False] * players,
            "away": [False] * players,
            "sheet": [],
            "totals": [0] * players,
        }
        _deal(state, rng)
        return state

    def to_act(self, state: State) -> list[int]:
        """In a hand every seat that has not declared stuck and is not away; between hands the seats
        not yet ready and not away (the table deals without them when the pause is over).

        From the deal through Begin, every seat the hand will wait for: a seat stays awaited once
        it is ready (with no move to make until Begin), so Begin puts nobody newly in play and a
        hand is one turn from its deal on. An away seat is awaited from the deal until it is ready
        (a seat whose player left is ready by the rules, so never): the deal is the one moment a
        hand puts an away player in play."""
        away = away_seats(state)
        if state["phase"] == HAND:
            return [seat for seat, me in enumerate(state["seats"]) if not (me["stuck"] or away[seat])]
        if state["phase"] == DEAL:
            return [seat for seat, ready in enumerate(state["ready"]) if not (ready and away[seat])]
        if state["phase"] == BETWEEN:
            return [seat for seat, ready in enumerate(state["ready"]) if not (ready or away[seat])]
        return []

    def round_number(self, state: State) -> int:
        """The hand in play: a player is told of a hand once, when it is dealt, and not when a seat
        comes back into play within it (the hand before ending, the decks turning around)."""
        return state["hand"]

    def in_round(self, state: State) -> list[int]:
        """The seats the hand in play counts on: from its deal, every seat whose player has not left
        for good; in play, those not stuck, away ones included (they are stuck only while gone).
        Between hands, none: the hand is over."""
        left = state.get("left") or []
        if state["phase"] == DEAL:
            return [seat for seat in range(state["players"]) if seat not in left]
        if state["phase"] == HAND:
            return [seat for seat, me in enumerate(state["seats"]) if not me["stuck"] and seat not in left]
        return []

    def awaits_table(self, state: State) -> bool:
        """Between hands the table (seat None) may deal the next hand; once everyone is ready for a
        hand just dealt, it says Begin."""
        return state["phase"] == BETWEEN or (state["phase"] == DEAL and all(state["ready"]))

    def legal_moves(self, state: State, seat: int | None) -> list[Move]:
        phase = state["phase"]
        if seat is None:
            if phase == DEAL:
                return [{"type": "begin"}] if all(state["ready"]) else []
            return [{"type": "next_hand"}] if phase == BETWEEN else []
        if not (isinstance(seat, int) and not isinstance(seat, bool) and 0 <= seat < state["players"]):
            return []
        if phase in (BETWEEN, DEAL):
            return [] if state["ready"][seat] else [{"type": "ready"}]
        if phase != HAND:
            return []
        me = state["seats"][seat]
        moves = _foundation_moves(state, me)
        if me["stuck"]:
            return moves
        moves += _work_moves(me)
        if me["search"] or me["pile"]:
            moves.append({"type": "flip"})
        moves.append({"type": "stuck"})
        return moves

    def apply(self, state: State, seat: int | None, move: Move, rng: random.Random) -> State:
        handler = MOVES.get(move_type(move))
        if handler is None:
            raise IllegalMove("In Roman Road you move a card, flip, declare stuck or say you are ready.")
        new = _copy(state)
        handler(new, seat, move, rng)
        _settle_left(new, rng)
        return new

    def leave(self, state: State, seat: int, rng: random.Random) -> State:
        """A player leaves for good: their seat is away for the rest of the game (so it counts as
        stuck in every hand) and ready between hands. When the last player leaves, the game ends
        as it stands."""
        if state["phase"] == OVER:
            return state
        new = _copy(state)
        new["left"] = sorted({*(new.get("left") or []), seat})
        if len(new["left"]) >= new["players"]:
            return self.end(new, rng)
        new["away"] = [True if number == seat else mark for number, mark in enumerate(away_seats(new))]
        if new["phase"] == HAND and everyone_stuck(new):
            _turn_around(new)
        _settle_left(new, rng)
        return new

    def end(self, state: State, rng: random.Random) -> State:
        """The host ends the game: a hand in play is scored as it stands, as a blocked hand."""
        new = _copy(state)
        if new["phase"] == HAND:
            _end_hand(new, None, by_host=True)
        new["phase"] = OVER
        return new

    def view(self, state: State, seat: int | None) -> dict:
        """What ``seat`` may see (``None``: a spectator). No Search deck's cards or order, ever."""
        mine = isinstance(seat, int) and not isinstance(seat, bool) and 0 <= seat < state["players"]
        you, by_foundation = _own_view(state, seat) if mine else (None, {})
        played, running = played_counts(state), running_scores(state)
        over = state["phase"] == OVER
        totals = list(state["totals"])
        best = max(totals)
        return {
            "game": self.slug,
            "seat": seat if mine else None,
            "players": state["players"],
            "options": dict(state["options"]),
            "target": state["options"]["target"],
            "phase": state["phase"],
            "hand": state["hand"],
            "last_hand": LAST_HAND,
            "to_act": self.to_act(state),
            "over": over,
            "seats": [_seat_view(state, number, played, running) for number in range(state["players"])],
            "foundations": [_pile_view(state, pile, by_foundation) for pile in state["foundations"]],
            "set_aside": [_pile_view(state, pile, {}) for pile in state["set_aside"]],
            "turnarounds": state["turnarounds"],
            "amen": state["amen"] if state["phase"] != HAND else None,
            "ended": state["ended"],
            "ready": list(state["ready"]),
            "away": list(away_seats(state)),
            "hand_scores": running,
            "totals": totals,
            "sheet": _copy(state["sheet"]),
            "places": places(totals) if over else None,
            "winners": [s for s, total in enumerate(totals) if total == best] if over else [],
            "you": you,
            "legal": self.legal_moves(state, seat) if mine else [],
        }

    def is_over(self, state: State) -> bool:
        return state["phase"] == OVER

    def scores(self, state: State) -> list[int]:
        return list(state["totals"])

    def default_move(self, state: State, seat: int | None) -> Move:
        """For an idle seat: declare stuck in a hand, be ready between hands and before Begin; the
        table deals, or says Begin."""
        if seat is None:
            return {"type": "begin"} if state["phase"] == DEAL else {"type": "next_hand"}
        if state["phase"] in (BETWEEN, DEAL):
            return {"type": "ready"}
        return {"type": "stuck"}

    def describe(self, before: State, after: State, seat: int | None, move: Move) -> str:
        """One public sentence; ``{player}`` stands for the mover. Never a Search deck's card."""
        kind = move["type"]
        if kind == "move":
            text = _describe_move(before, after, seat, move)
        elif kind == "flip":
            text = _describe_flip(before, after, seat)
        elif kind == "stuck":
            text = f"{PLAYER} is stuck."
            if after["turnarounds"] > before["turnarounds"]:
                text += " Everyone is stuck: each Search deck's top card goes to the bottom."
        elif kind == AWAY:
            text = f"{PLAYER} is away: taken to be stuck until they are back."
            if after["turnarounds"] > before["turnarounds"]:
                text += " Everyone is stuck: each Search deck's top card goes to the bottom."
        elif kind == BACK:
            text = f"{PLAYER} is back."
        elif kind == "ready":
            text = f"{PLAYER} is ready."
            if after["hand"] > before["hand"]:
                text += f" Hand {after['hand']} is dealt."
            elif after["phase"] == DEAL and all(after["ready"]):
                text += " Everyone is ready."
        elif kind == "begin":
            text = f"Begin! Hand {after['hand']} is under way: everyone plays at once."
        else:
            text = f"Hand {after['hand']} is dealt."
        return text + _describe_end(before, after)


ROMANROAD = RomanRoad()
