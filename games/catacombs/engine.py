"""Roman Catacombs: a flip-and-write game of the books of the Bible.

Player-facing rules: ``games/catacombs/rules.md``. The edition (7
categories of 3 slots, 90 cards with their verses) is data in
``data/catacombs.json``, built by ``data/build_catacombs.py``.

A card is an int id into the edition's cards. The state is JSON-able:

``players``      int, 1..12; ``solo`` is True exactly when ``players == 1``.
``phase``        ``"flip"`` (waiting for the host or the system to flip),
                 ``"write"`` (players choose) or ``"over"``.
``turn``         flips so far: the current turn, or the last resolved one.
``piles``        3 lists of face-down cards; the top card is the last item.
``discards``     3 lists: the cards under each pile's face-up card.
``face_up``      the 3 face-up cards (pile order); ``[]`` before the first flip.
                 Every card is in exactly one place: piles + discards + face_up
                 hold the 90 ids once each.
``choices``      per seat for the current turn: ``None`` (not yet),
                 ``{"type": "pass"}`` or ``{"type": "write", "pile": p, "slot": s}``.
``sheets``       per seat, per category (edition order), 3 slots: the card id
                 written there or ``None``. Resolved writes only: a choice is
                 written into the sheet when the turn resolves.
``completions``  ``{"seat", "category", "turn", "card", "points"}`` per completed
                 category, in the order they resolved (category = index).

Chance enters only through ``rng`` (setup, and the reshuffle of an exhausted
pile) or, for the initial deck order only, ``random.Random(options["deck_seed"])``.

Views hide what the box hides: the order of every face-down pile and discard,
the verses of face-up cards (a verse shows only once it completes a category),
and the writes of the current turn until it resolves (a seat sees its own
pending write; others see only that it has chosen). Up to 12 players: turns
are simultaneous, so a bigger table costs no waiting, and 12 sheets still fit
the table view.
"""

from __future__ import annotations

import json
import random
from collections.abc import Sequence
from functools import cache, lru_cache
from pathlib import Path

from games.contract.protocol import (
    Engine,
    IllegalMove,
    Move,
    State,
    clone,
    int_field,
    move_type,
    places,
    require,
)

DATA = Path(__file__).with_name("data") / "catacombs.json"
PILES = 3
SOLO_TURNS = 21
# The box only ends a group game when someone fills the sheet; a table of
# absent players who always pass would never end, so the game stops when
# every card has been shown three times.
GROUP_TURN_LIMIT = 90
MIN_PLAYERS = 1
MAX_PLAYERS = 12
SLOT_NAMES = ("left", "middle", "right")

Sheet = list[list[str | None]]


# --- The edition -----------------------------------------------------------


@cache
def edition() -> dict:
    """The edition data, loaded once."""
    return json.loads(DATA.read_text(encoding="utf-8"))


def categories() -> list[dict]:
    return edition()["categories"]


def card(card_id: int) -> dict:
    return edition()["cards"][card_id]


@cache
def _book_index() -> dict[str, tuple[int, int]]:
    index = {}
    for number, category in enumerate(categories()):
        for position, book in enumerate(category["books"]):
            index[book] = (number, position)
    return index


def locate(book: str) -> tuple[int, int]:
    """(category index, canon position within it) of a book."""
    return _book_index()[book]


def category_of(card_id: int) -> int:
    return locate(card(card_id)["book"])[0]


def deck_size() -> int:
    return len(edition()["cards"])


def slot_count() -> int:
    return edition()["slots"]


# --- Pure sheet helpers (sheets of book names, as in the view) -------------


def empty_sheet() -> Sheet:
    return [[None] * slot_count() for _ in categories()]


def _positions(row: Sequence[str | None]) -> list[int | None]:
    return [None if book is None else locate(book)[1] for book in row]


def _fitting(positions: list[int | None], slot: int, size: int) -> range:
    """Canon positions that could be written into ``slot`` now."""
    if positions[slot] is not None:
        return range(0)
    left = max((p for p in positions[:slot] if p is not None), default=-1)
    right = min((p for p in positions[slot + 1 :] if p is not None), default=size)
    return range(left + 1, right)


def fitting_books(row: list[str | None], category: int) -> list[list[str] | None]:
    """Per slot of one category row: the books that could still fill it
    (``None`` for a filled slot, ``[]`` for a dead one)."""
    return [None if fits is None else list(fits) for fits in _fitting_books(tuple(row), category)]


# Every seat's view asks this of every row of its library at every move, and a row changes once in
# many moves: the answers are kept (a row is a few book names).
@lru_cache(maxsize=65_536)
def _fitting_books(row: tuple[str | None, ...], category: int) -> tuple[tuple[str, ...] | None, ...]:
    books = categories()[category]["books"]
    positions = _positions(row)
    return tuple(
        None if book is not None else tuple(books[p] for p in _fitting(positions, slot, len(books)))
        for slot, book in enumerate(row)
    )


def dead_slots(row: list[str | None], category: int) -> list[int]:
    """Free slots of a category row that no book could ever fill."""
    return [slot for slot, fits in enumerate(fitting_books(row, category)) if fits == []]


def write_options(sheet: Sheet, book: str) -> list[int]:
    """The slots of ``book``'s category where it may be written now."""
    category, position = locate(book)
    size = len(categories()[category]["books"])
    positions = _positions(sheet[category])
    return [slot for slot in range(len(positions)) if position in _fitting(positions, slot, size)]


def placement_refusal(sheet: Sheet, book: str, slot: int) -> str | None:
    """Why ``book`` cannot go into ``slot`` of its category, or None if it can."""
    category, position = locate(book)
    name = categories()[category]["name"]
    row = sheet[category]
    if row[slot] is not None:
        return f"The {SLOT_NAMES[slot]} slot of {name} already holds {row[slot]}."
    if book in row:
        return f"{book} is already in {name}."
    for other_slot, other in enumerate(row):
        if other is None:
            continue
        if other_slot < slot and locate(other)[1] > position:
            return f"{book} cannot go right of {other}: {name} must read in canon order."
        if other_slot > slot and locate(other)[1] < position:
            return f"{book} cannot go left of {other}: {name} must read in canon order."
    return None


def new_dead_slots(sheet: Sheet, book: str, slot: int) -> list[int]:
    """Slots of ``book``'s category that writing it into ``slot`` would kill."""
    category = locate(book)[0]
    row = list(sheet[category])
    before = set(dead_slots(row, category))
    row[slot] = book
    return [dead for dead in dead_slots(row, category) if dead not in before]


def is_full(sheet: Sheet) -> bool:
    return all(book is not None for row in sheet for book in row)


def can_still_write(sheet: Sheet) -> bool:
    """Whether any free slot of the sheet could still take some book."""
    return any(fits for number, row in enumerate(sheet) for fits in fitting_books(row, number) if fits)


def empty_slots(sheet: Sheet) -> int:
    return sum(book is None for row in sheet for book in row)


# --- State helpers -----------------------------------------------------------


def book_sheet(card_sheet: list[list[int | None]]) -> Sheet:
    """A state sheet (card ids) as book names."""
    return [[None if c is None else card(c)["book"] for c in row] for row in card_sheet]


def face_up_book(state: State, pile: int) -> str:
    return card(state["face_up"][pile])["book"]


def resolved_turns(state: State) -> int:
    return state["turn"] - 1 if state["phase"] == "write" else state["turn"]


def seat_score(state: State, seat: int) -> int:
    points = sum(c["points"] for c in state["completions"] if c["seat"] == seat)
    return points - empty_slots(book_sheet(state["sheets"][seat]))


def _require_seat(state: State, seat: int | None) -> int:
    valid = isinstance(seat, int) and not isinstance(seat, bool)
    require(valid and 0 <= seat < state["players"], "You are not a player in this game.")
    return seat


def _require_choosing(state: State, seat: int) -> None:
    require(state["phase"] != "over", "The game is over.")
    require(state["phase"] == "write", "Wait for the cards to be flipped.")
    require(state["choices"][seat] is None, "You have already chosen this turn.")


# --- Moves -------------------------------------------------------------------


def _flip(state: State, seat: int | None, move: Move, rng: random.Random) -> None:
    require(seat is None, "Only the host or the table flips the cards.")
    require(state["phase"] != "over", "The game is over.")
    require(state["phase"] == "flip", "Every player must write or pass before the next flip.")
    face_up = []
    for pile in range(PILES):
        if state["face_up"]:
            state["discards"][pile].append(state["face_up"][pile])
        if not state["piles"][pile]:
            _reshuffle(state, pile, rng)
        face_up.append(state["piles"][pile].pop())
    state["face_up"] = face_up
    state["turn"] += 1
    state["phase"] = "write"
    state["choices"] = [None] * state["players"]


def _flip_on(state: State, seat: int | None, move: Move, rng: random.Random) -> None:
    """The host flips without waiting: the seats still choosing pass this turn, then the next
    cards come (unless that turn ended the game). Turns that have resolved just flip. Asked by
    someone at the table past the people away (``"away": True``), the turn resolves without a flip:
    the host flips (or the table, if it flips by itself); a host away too is moved on past the same
    way, which flips."""
    require(seat is None, "Only the host flips on for the players still choosing.")
    require(state["phase"] != "over", "The game is over.")
    require(not state["solo"], "A solo run flips by itself.")
    if state["phase"] == "write":
        for waiting, choice in enumerate(state["choices"]):
            if choice is None:
                state["choices"][waiting] = {"type": "pass"}
        _resolve(state)
        if move.get("away") is True:
            return  # past the people away only: the next cards come as the table's mode says
    if state["phase"] == "flip":
        _flip(state, seat, FLIP, rng)


def _reshuffle(state: State, pile: int, rng: random.Random) -> None:
    cards = state["discards"][pile]
    rng.shuffle(cards)
    state["piles"][pile] = cards
    state["discards"][pile] = []


def _write(state: State, seat: int | None, move: Move, rng: random.Random) -> None:
    seat = _require_seat(state, seat)
    _require_choosing(state, seat)
    pile = int_field(move, "pile", 0, PILES - 1, "pile")
    slot = int_field(move, "slot", 0, slot_count() - 1, "slot")
    refusal = placement_refusal(book_sheet(state["sheets"][seat]), face_up_book(state, pile), slot)
    if refusal:
        raise IllegalMove(refusal)
    _choose(state, seat, {"type": "write", "pile": pile, "slot": slot})


def _pass(state: State, seat: int | None, move: Move, rng: random.Random) -> None:
    seat = _require_seat(state, seat)
    _require_choosing(state, seat)
    _choose(state, seat, {"type": "pass"})


def _choose(state: State, seat: int, choice: Move) -> None:
    state["choices"][seat] = choice
    if all(made is not None for made in state["choices"]):
        _resolve(state)


def _resolve(state: State) -> None:
    """Reveal the turn's writes together, then score completions and check the end."""
    done_before = {c["category"] for c in state["completions"]}
    for seat, choice in enumerate(state["choices"]):
        if choice["type"] == "write":
            _write_into_sheet(state, seat, choice, done_before)
    state["phase"] = "over" if _game_ends(state) else "flip"


def _write_into_sheet(state: State, seat: int, choice: Move, done_before: set[int]) -> None:
    card_id = state["face_up"][choice["pile"]]
    category = category_of(card_id)
    row = state["sheets"][seat][category]
    row[choice["slot"]] = card_id
    if all(slot is not None for slot in row):
        scores = categories()[category]
        first = state["solo"] or category not in done_before
        points = scores["first"] if first else scores["later"]
        state["completions"].append(
            {
                "seat": seat,
                "category": category,
                "turn": state["turn"],
                "card": card_id,
                "points": points,
            }
        )


def _game_ends(state: State) -> bool:
    if state["solo"]:
        return state["turn"] >= SOLO_TURNS
    sheets = [book_sheet(sheet) for sheet in state["sheets"]]
    return (
        any(is_full(sheet) for sheet in sheets)
        or not any(can_still_write(sheet) for sheet in sheets)
        or state["turn"] >= GROUP_TURN_LIMIT
    )


FLIP = {"type": "flip"}
MOVES = {"flip": _flip, "flip_on": _flip_on, "write": _write, "pass": _pass}


# --- Views -------------------------------------------------------------------


def _category_view(state: State, number: int) -> dict:
    category = categories()[number]
    seats = [c["seat"] for c in state["completions"] if c["category"] == number]
    return {
        "id": category["id"],
        "name": category["name"],
        "books": list(category["books"]),
        "first": category["first"],
        "later": category["later"],
        "completed_by": seats,
        "points_open": category["later"] if seats and not state["solo"] else category["first"],
    }


def _face_up_view(state: State) -> list[dict]:
    return [
        {
            "pile": pile,
            "book": card(card_id)["book"],
            "category": categories()[category_of(card_id)]["id"],
            "reference": card(card_id)["reference"],
        }
        for pile, card_id in enumerate(state["face_up"])
    ]


def _completion_view(completion: dict) -> dict:
    return {
        "seat": completion["seat"],
        "category": categories()[completion["category"]]["id"],
        "turn": completion["turn"],
        "points": completion["points"],
    }


def _verses_view(state: State) -> list[dict]:
    """The completing verses of the last resolved turn, one entry per card."""
    latest = [c for c in state["completions"] if c["turn"] == resolved_turns(state)]
    verses: dict[int, dict] = {}
    for completion in latest:
        found = card(completion["card"])
        entry = verses.setdefault(
            completion["card"],
            {
                "category": categories()[completion["category"]]["id"],
                "book": found["book"],
                "reference": found["reference"],
                "text": found["text"],
                "seats": [],
            },
        )
        entry["seats"].append(completion["seat"])
    return list(verses.values())


def _table_view(state: State) -> dict:
    over = state["phase"] == "over"
    scores = [seat_score(state, seat) for seat in range(state["players"])]
    return {
        "players": state["players"],
        "solo": state["solo"],
        "turn": state["turn"],
        "phase": state["phase"],
        "awaiting_flip": state["phase"] == "flip",
        "turns_left": SOLO_TURNS - resolved_turns(state) if state["solo"] else None,
        "categories": [_category_view(state, n) for n in range(len(categories()))],
        "face_up": _face_up_view(state),
        "piles": [
            {"face_down": len(state["piles"][p]), "discard": len(state["discards"][p])} for p in range(PILES)
        ],
        "chosen": [choice is not None for choice in state["choices"]],
        # Seats that sat down while these cards were up: their turn counts as passed.
        "joined": [bool(choice and choice.get("joined")) for choice in state["choices"]],
        "sheets": [book_sheet(sheet) for sheet in state["sheets"]],
        "scores": scores,
        "completions": [_completion_view(c) for c in state["completions"]],
        "verses": _verses_view(state),
        "over": over,
        "final_scores": scores if over else None,
        "places": places(scores) if over else None,
    }


def _pending(state: State, seat: int) -> dict | None:
    choice = state["choices"][seat]
    if state["phase"] != "write" or not choice or choice["type"] != "write":
        return None
    card_id = state["face_up"][choice["pile"]]
    return {
        "pile": choice["pile"],
        "book": card(card_id)["book"],
        "category": categories()[category_of(card_id)]["id"],
        "slot": choice["slot"],
    }


def _own_sheet(state: State, seat: int) -> Sheet:
    """The seat's resolved sheet with this turn's pending write filled in."""
    sheet = book_sheet(state["sheets"][seat])
    pending = _pending(state, seat)
    if pending:
        sheet[locate(pending["book"])[0]][pending["slot"]] = pending["book"]
    return sheet


def _placements(state: State, seat: int, sheet: Sheet) -> list[dict]:
    if state["phase"] != "write" or state["choices"][seat] is not None:
        return []
    result = []
    for face in _face_up_view(state):
        slots = write_options(sheet, face["book"])
        result.append(
            {
                **face,
                "slots": [
                    {"slot": slot, "new_dead": new_dead_slots(sheet, face["book"], slot)} for slot in slots
                ],
            }
        )
    return result


def _choice_kind(choice: Move | None) -> str | None:
    """ "write", "pass", or "joined" for the turn passed for a seat that sat down during it."""
    if not choice:
        return None
    return "joined" if choice.get("joined") else choice["type"]


def _seat_view(state: State, seat: int, sheet: Sheet) -> dict:
    choice = state["choices"][seat]
    fits = [fitting_books(row, number) for number, row in enumerate(sheet)]
    return {
        "seat": seat,
        "choice": _choice_kind(choice) if state["phase"] == "write" else None,
        "pending": _pending(state, seat),
        "placements": _placements(state, seat, sheet),
        "fits": fits,
        "dead": [
            [number, slot] for number, row in enumerate(fits) for slot, books in enumerate(row) if books == []
        ],
    }


# --- describe() --------------------------------------------------------------


def _describe_flip(before: State, after: State) -> str:
    reshuffled = [f"Pile {pile + 1} was reshuffled." for pile in range(PILES) if not before["piles"][pile]]
    books = ", ".join(face_up_book(after, pile) for pile in range(PILES))
    return " ".join([*reshuffled, f"The cards were flipped: {books}."])


def _describe_flip_on(before: State, after: State, away: bool = False) -> str:
    """ "{seat:2} passes: the host flipped on." (or, asked by a player past the people away, "{seat:2}
    is away and passes: the table moved on."), the names filled in by the platform, then the turn
    resolved and the cards flipped."""
    waiting = [f"{{seat:{s}}}" for s, c in enumerate(before["choices"]) if c is None]
    parts = []
    if away and before["phase"] == "flip":
        parts.append("The host is away: the table flipped on.")
    if before["phase"] == "write" and waiting:
        who = waiting[0] if len(waiting) == 1 else ", ".join(waiting[:-1]) + " and " + waiting[-1]
        one = len(waiting) == 1
        if away:
            parts.append(
                f"{who} {'is' if one else 'are'} away and {'passes' if one else 'pass'}: the table moved on."
            )
        else:
            parts.append(f"{who} {'passes' if one else 'pass'}: the host flipped on.")
    if before["phase"] == "write":
        resolved = clone(after)
        resolved["turn"] = before["turn"]
        parts.append(_describe_resolution(before, resolved))
    if after["turn"] > before["turn"]:
        parts.append(_describe_flip(before, after))
    return " ".join(parts)


def _describe_resolution(before: State, after: State) -> str:
    text = f"Turn {after['turn']} resolved."
    new = after["completions"][len(before["completions"]) :]
    names = sorted({categories()[c["category"]]["name"] for c in new})
    if names:
        text += f" Completed: {', '.join(names)}."
    if after["phase"] == "over":
        text += " The game is over."
    return text


# --- The engine --------------------------------------------------------------


class Catacombs(Engine):
    """Roman Catacombs for 1 to 12 players (1 = solo)."""

    slug = "catacombs"
    name = "Roman Catacombs"
    min_players = MIN_PLAYERS
    max_players = MAX_PLAYERS
    realtime = False
    move_keys = {
        "flip": frozenset({"type"}),
        "flip_on": frozenset({"type", "away"}),  # "away": asked by a player, past the people away
        "write": frozenset({"type", "pile", "slot"}),
        # "gone": the pass of a seat whose player is gone; "away": of one whose phone slept
        "pass": frozenset({"type", "gone", "away"}),
    }

    def setup(self, players: int, options: dict, rng: random.Random) -> State:
        valid = isinstance(players, int) and MIN_PLAYERS <= players <= MAX_PLAYERS
        require(valid, f"Roman Catacombs is for {MIN_PLAYERS} to {MAX_PLAYERS} players.")
        solo = players == 1
        require(not options.get("solo") or solo, "A solo game has exactly one player.")
        deck = list(range(deck_size()))
        seed = options.get("deck_seed")
        (random.Random(seed) if seed is not None else rng).shuffle(deck)
        return {
            "players": players,
            "solo": solo,
            "phase": "flip",
            "turn": 0,
            "piles": [deck[pile::PILES] for pile in range(PILES)],
            "discards": [[] for _ in range(PILES)],
            "face_up": [],
            "choices": [None] * players,
            "sheets": [[[None] * slot_count() for _ in categories()] for _ in range(players)],
            "completions": [],
        }

    def round_number(self, state: State) -> int:
        """The cards in play: every flip starts a round that everyone writes or passes in at once,
        so a seat still choosing when the host flips on is in the next round too."""
        return state["turn"]

    def awaits_table(self, state: State) -> bool:
        """True while the host or the system must flip (seat ``None`` acts)."""
        return state["phase"] == "flip"

    def to_act(self, state: State) -> list[int]:
        """Seats that still have to write or pass this turn ([] while awaiting a flip)."""
        if state["phase"] != "write":
            return []
        return [seat for seat, choice in enumerate(state["choices"]) if choice is None]

    def legal_moves(self, state: State, seat: int | None) -> list[Move]:
        if seat is None:
            return [{"type": "flip"}] if self.awaits_table(state) else []
        if seat not in self.to_act(state):
            return []
        sheet = book_sheet(state["sheets"][seat])
        writes = [
            {"type": "write", "pile": pile, "slot": slot}
            for pile in range(PILES)
            for slot in write_options(sheet, face_up_book(state, pile))
        ]
        return [*writes, {"type": "pass"}]

    def apply(self, state: State, seat: int | None, move: Move, rng: random.Random) -> State:
        handler = MOVES.get(move_type(move))
        if handler is None:
            raise IllegalMove("In Roman Catacombs you flip, write or pass.")
        new = clone(state)
        handler(new, seat, move, rng)
        return new

    def view(self, state: State, seat: int | None) -> dict:
        """What ``seat`` may see; ``None`` is the table (spectator) view."""
        table = _table_view(state)
        if seat is None or seat not in range(state["players"]):
            return table
        sheet = _own_sheet(state, seat)
        table["sheets"][seat] = sheet
        table["you"] = _seat_view(state, seat, sheet)
        return table

    def is_over(self, state: State) -> bool:
        return state["phase"] == "over"

    def end(self, state: State, rng: random.Random) -> State:
        """The host ends the game: the sheets scored as they stand; writes not yet revealed are void."""
        new = clone(state)
        new["phase"] = "over"
        new["choices"] = [None] * new["players"]
        return new

    def join(self, state: State, rng: random.Random) -> State:
        """A latecomer sits down with an empty library as the next seat. A turn under way counts
        as passed for them: they write from the next cards on."""
        require(state["phase"] != "over", "The game is over.")
        require(not state["solo"], "A solo run takes no other player.")
        require(state["players"] < MAX_PLAYERS, f"Roman Catacombs is for at most {MAX_PLAYERS} players.")
        new = clone(state)
        new["players"] += 1
        new["choices"].append({"type": "pass", "joined": True} if new["phase"] == "write" else None)
        new["sheets"].append([[None] * slot_count() for _ in categories()])
        return new

    def scores(self, state: State) -> list[int]:
        return [seat_score(state, seat) for seat in range(state["players"])]

    def default_move(self, state: State, seat: int | None) -> Move:
        return {"type": "flip"} if seat is None else {"type": "pass"}

    def describe(self, before: State, after: State, seat: int | None, move: Move) -> str:
        """A public sentence; never what a player chose before the turn resolves."""
        if move_type(move) == "flip":
            return _describe_flip(before, after)
        if move_type(move) == "flip_on":
            return _describe_flip_on(before, after, move.get("away") is True)
        # A seat whose player is gone (or away) passes in the open; a player's own choice stays hidden.
        if move.get("away") is True:
            text = "{player} is away: their seat passes this turn."
        else:
            text = "{player}'s seat passes." if move.get("gone") is True else "{player} has chosen."
        if before["phase"] == "write" and after["phase"] != "write":
            text += " " + _describe_resolution(before, after)
        return text


CATACOMBS = Catacombs()
