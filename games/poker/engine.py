"""Roman Poker (Parlett & Krenner, Amigo): roll Roman dice, write rising numbers.

Rules: ``games/poker/rules.md``, as played here.
No Django here; chance only from the ``rng`` passed to ``apply`` (one
``rng.choice(FACES)`` per die rolled or rerolled, in move order).

State layout (a small JSON-able dict; it never grows with the game's length)::

    {
      "players": 3,                   # seats 0..players-1; seat 0 starts each round
      "options": {"multi_roll": False, "cards_anytime": False, "physical_dice": False},
      "columns": [[None, 16, ...], ...],   # per seat, rows 1..7 (index 0..6); None = empty
      "cards": [["reroll_i", ...], ...],   # per seat, the unused action cards (CARDS order)
      "turn": 1,                      # seat to act; None once the game is over
      "round": 4,                     # 1-based round number
      "dice": [{"face": "X", "removed": False}, ...],  # this turn's dice, in roll order
      "cards_at_start": 6,            # cards the seat to act held when its turn began
      "final_round": False,           # the game ends when the current round completes
      "end_reason": None,             # None, "full" (a 7th row was filled), "no_cards",
                                      # "stuck" (no column can take a number any more)
                                      # or "rounds" (round MAX_ROUNDS is the last)
      "over": False,
    }

The turn's *status* is derived from the dice (never stored): ``start`` (nothing
rolled), ``valid`` (a value fits the column: stop, or roll while dice remain),
``roll_on`` (XXXX, or values that fit nowhere while dice remain: roll again) and
``misthrow`` (pass or play cards).

Decisions beyond the rules page:

- A game where no column can ever take another number ends after the round
  (``end_reason`` "stuck"); otherwise players holding only an unusable
  Duplicate could pass for ever. A Duplicate counts as usable only for numbers
  a misthrow can bring (all six dice, fewer when remove cards set dice aside),
  any number with ``cards_anytime``.
- Round ``MAX_ROUNDS`` (50) is the last (``end_reason`` "rounds"). A player whose
  column has a gap only a few dice can fill (say only II fits) may otherwise
  roll on for ever instead of stopping; the cap bounds every game at
  50 rounds x 13 moves per turn (6 rolls, 6 cards, a stop or pass).
- A Duplicate (or Wild) with a stop is refused where the number fits without it.
- A physical-dice roll without ``count`` throws as many dice as it has faces;
  ``legal_moves`` lists each throw's faces once, sorted (I, V, X).
- The default move of a physical-dice game that must roll reads the face "I".
- ``apply``/``legal_moves`` with seat ``None`` (host or system) act for the seat
  whose turn it is; ``view(state, None)`` is a spectator's, with no legal moves.

Hooks for bots and pages (see ``bots.py``): ``roman_values``, ``dice_status``,
``rows_for`` and ``misthrow_chance`` are plain functions, also reachable as
attributes of ``POKER``; ``POKER.describe`` words a move for the game log.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Iterable, Sequence
from fractions import Fraction
from functools import lru_cache
from itertools import chain, combinations, combinations_with_replacement

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

FACES = ("I", "I", "I", "X", "X", "V")  # one die; rng.choice over this tuple
FACE_KINDS = ("I", "V", "X")
DICE = 6
ROWS = 7
CARDS = ("reroll_i", "reroll_v", "reroll_one", "remove_one", "duplicate", "wild")
CARD_NAMES = {
    "reroll_i": "Reroll I",
    "reroll_v": "Reroll V",
    "reroll_one": "Reroll one",
    "remove_one": "Remove one",
    "duplicate": "Duplicate",
    "wild": "Wild",
}
OPTIONS = ("multi_roll", "cards_anytime", "physical_dice")
CARD_BONUS = 5
MAX_ROUNDS = 50  # a safety net for stalled games; real games end in well under twenty rounds

START, VALID, ROLL_ON, MISTHROW = "start", "valid", "roll_on", "misthrow"

# The row a value "belongs" in; only used to pick a row for the default move.
_ROW_TARGETS = (6, 12, 17, 22, 27, 32, 36)


# --- Roman numbers --------------------------------------------------------------


def _key(faces: Iterable[str]) -> str:
    return "".join(sorted(faces))


def _numerals() -> tuple[dict[str, frozenset[int]], dict[int, str]]:
    """Multiset key -> values, and value -> numeral, for every numeral of at most six dice."""
    units = ("", "I", "II", "III", "IV", "V", "VI", "VII", "VIII", "IX")
    by_key: dict[str, set[int]] = {}
    numeral_of: dict[int, str] = {}
    for tens in range(4):
        for unit_value, unit in enumerate(units):
            value, numeral = 10 * tens + unit_value, "X" * tens + unit
            if value and len(numeral) <= DICE:  # XXXVIII (38) needs seven dice
                by_key.setdefault(_key(numeral), set()).add(value)
                numeral_of[value] = numeral
    return {key: frozenset(values) for key, values in by_key.items()}, numeral_of


_VALUES_BY_KEY, NUMERAL = _numerals()


def roman_values(faces: Iterable[str]) -> set[int]:
    """Every value 1..39 that the whole multiset of faces forms as a standard numeral."""
    return set(_VALUES_BY_KEY.get(_key(faces), ()))


@lru_cache(maxsize=512)
def _completable(key: str, dice_left: int) -> bool:
    """Can rolling more dice turn this (invalid) multiset into a valid one? Only XXXX can."""
    have = Counter(key)
    for target in _VALUES_BY_KEY:
        need = Counter(target)
        if all(need[f] >= n for f, n in have.items()) and len(target) - len(key) <= dice_left:
            return True
    return False


# --- The column -------------------------------------------------------------------


def _neighbours(column: Sequence[int | None], index: int) -> tuple[int | None, int | None]:
    """The nearest filled values above (lower rows) and below (higher rows) a row index."""
    lower = next((v for v in reversed(column[:index]) if v is not None), None)
    upper = next((v for v in column[index + 1 :] if v is not None), None)
    return lower, upper


def placement_error(
    column: Sequence[int | None], value: int, row: int, duplicate: bool = False
) -> str | None:
    """Why ``value`` cannot go in ``row`` (1-based), or None when it can."""
    if column[row - 1] is not None:
        return f"Row {row} is already filled."
    if not duplicate and value in column:
        return f"{value} is already in your column."
    lower, upper = _neighbours(column, row - 1)
    word_low, word_high = ("at least", "at most") if duplicate else ("above", "below")
    if lower is not None and (value < lower or (value == lower and not duplicate)):
        return f"Row {row} must be {word_low} {lower}."
    if upper is not None and (value > upper or (value == upper and not duplicate)):
        return f"Row {row} must be {word_high} {upper}."
    return None


def rows_for(column: Sequence[int | None], value: int, duplicate: bool = False) -> list[int]:
    """The rows (1-based) where ``value`` may be written, with or without the duplicate card."""
    return [r for r in range(1, ROWS + 1) if placement_error(column, value, r, duplicate) is None]


def _fits_somewhere(column: Sequence[int | None], values: Iterable[int], duplicate: bool) -> bool:
    for index, filled in enumerate(column):
        if filled is None:
            lower, upper = _neighbours(column, index)
            low = 0 if lower is None else lower + (0 if duplicate else 1)
            high = 40 if upper is None else upper - (0 if duplicate else 1)
            if any(low <= value <= high for value in values):
                return True
    return False


def can_enter(column: Sequence[int | None], cards: Sequence[str] = (), anytime: bool = False) -> bool:
    """Could this column ever take another number, with the cards still held?

    Without ``cards_anytime`` a duplicate needs a misthrow with a value, which only
    all six dice make (five or four when remove cards set dice aside).
    """
    if _fits_somewhere(column, NUMERAL, duplicate=False):
        return True
    for card in {"duplicate", "wild"}.intersection(cards):
        removals = ("remove_one" in cards) + (card != "wild" and "wild" in cards)
        values = [v for v in NUMERAL if anytime or len(NUMERAL[v]) >= DICE - removals]
        if _fits_somewhere(column, values, duplicate=True):
            return True
    return False


def duplicate_only_rows(column: Sequence[int | None], value: int) -> list[int]:
    """Rows where ``value`` fits only thanks to the duplicate card."""
    plain = set(rows_for(column, value))
    return [r for r in rows_for(column, value, True) if r not in plain]


# --- The dice ---------------------------------------------------------------------


def dice_status(faces: Sequence[str], dice_left: int, column: Sequence[int | None]) -> str:
    """``start``, ``valid``, ``roll_on`` or ``misthrow`` for these active faces."""
    if not faces:
        return START if dice_left else MISTHROW
    values = roman_values(faces)
    if not values:
        return ROLL_ON if _completable(_key(faces), dice_left) else MISTHROW
    if any(rows_for(column, value) for value in values):
        return VALID
    return ROLL_ON if dice_left else MISTHROW


def misthrow_chance(faces: Sequence[str], dice_left: int, column: Sequence[int | None]) -> Fraction:
    """Exact chance that one more die makes a misthrow (0 when no die is left to roll)."""
    if dice_left < 1:
        return Fraction(0)
    bad = sum(1 for face in FACES if dice_status([*faces, face], dice_left - 1, column) == MISTHROW)
    return Fraction(bad, len(FACES))


def _active(state: State) -> list[str]:
    return [die["face"] for die in state["dice"] if not die["removed"]]


def _dice_left(state: State) -> int:
    return DICE - len(state["dice"])


def _column(state: State) -> list[int | None]:
    return state["columns"][state["turn"]]


def _status(state: State) -> str:
    return dice_status(_active(state), _dice_left(state), _column(state))


def _cards_open(state: State) -> bool:
    """May the seat to act play a card now?"""
    return state["options"]["cards_anytime"] or _status(state) == MISTHROW


# --- Reading moves ----------------------------------------------------------------


def _faces(state: State, move: Move, count: int, rng: random.Random) -> list[str]:
    """The faces a roll or reroll shows: read from the move (physical dice) or rolled."""
    physical = state["options"]["physical_dice"]
    if "faces" not in move:
        require(not physical, "Enter the faces the dice show on the table.")
        return [rng.choice(FACES) for _ in range(count)]
    require(physical, "This game rolls its own dice: a move cannot bring faces.")
    faces = move["faces"]
    require(
        isinstance(faces, list) and len(faces) == count,
        f"Give {count} face{'' if count == 1 else 's'}: one for each die rolled.",
    )
    require(all(face in FACE_KINDS for face in faces), "A die shows I, V or X.")
    return list(faces)


def _die_index(state: State, value: object) -> int:
    """A rolled die that is still in play, by its index in the turn's dice."""
    dice = state["dice"]
    ok = isinstance(value, int) and not isinstance(value, bool) and 0 <= value < len(dice)
    require(ok and not dice[value]["removed"], "Choose one of the dice you rolled this turn.")
    return value


def _roll_count(state: State, move: Move) -> int:
    """Dice a roll throws: ``count``, else as many as the faces read off the table, else 1."""
    if "count" in move:
        count = move["count"]
    elif isinstance(move.get("faces"), list):
        count = len(move["faces"])
    else:
        count = 1
    if not state["options"]["multi_roll"]:
        require(count == 1 and not isinstance(count, bool), "Roll one die at a time.")
        return 1
    return int_field({"count": count}, "count", 1, _dice_left(state), "number of dice")


# --- Legal moves ------------------------------------------------------------------


def _face_lists(state: State, count: int) -> list[list[str] | None]:
    """Faces to enumerate for a roll of ``count`` dice: one sorted list per multiset."""
    if not state["options"]["physical_dice"]:
        return [None]
    return [list(combo) for combo in combinations_with_replacement(FACE_KINDS, count)]


def _with_faces(move: Move, faces: list[str] | None) -> Move:
    return move if faces is None else {**move, "faces": faces}


def _roll_moves(state: State) -> list[Move]:
    left = _dice_left(state)
    if left == 0 or _status(state) == MISTHROW:
        return []
    if not state["options"]["multi_roll"]:
        return [_with_faces({"type": "roll"}, f) for f in _face_lists(state, 1)]
    return [
        _with_faces({"type": "roll", "count": n}, f)
        for n in range(1, left + 1)
        for f in _face_lists(state, n)
    ]


def _stop_moves(state: State) -> list[Move]:
    column, values = _column(state), sorted(roman_values(_active(state)), reverse=True)
    moves = [{"type": "stop", "value": v, "row": r} for v in values for r in rows_for(column, v)]
    if _cards_open(state):
        for card in ("duplicate", "wild"):
            if card in state["cards"][state["turn"]]:
                moves += [
                    {"type": "stop", "value": v, "row": r, "card": card}
                    for v in values
                    for r in duplicate_only_rows(column, v)
                ]
    return moves


def _subsets(indices: list[int]) -> list[list[int]]:
    found = chain.from_iterable(combinations(indices, n) for n in range(1, len(indices) + 1))
    return [list(subset) for subset in found]


def _action_moves(state: State, action: str) -> list[Move]:
    """Card moves for one action (without the ``card`` key), faces included when physical."""
    active = [i for i, die in enumerate(state["dice"]) if not die["removed"]]
    if action in ("reroll_i", "reroll_v"):
        face = "I" if action == "reroll_i" else "V"
        chosen = _subsets([i for i in active if state["dice"][i]["face"] == face])
        return [_with_faces({"dice": dice}, f) for dice in chosen for f in _face_lists(state, len(dice))]
    if action == "reroll_one":
        return [_with_faces({"die": i}, f) for i in active for f in _face_lists(state, 1)]
    if action == "remove_one":
        return [{"die": i} for i in active]
    return []


def _card_moves(state: State) -> list[Move]:
    if not _cards_open(state):
        return []
    moves = []
    for card in state["cards"][state["turn"]]:
        actions = [a for a in CARDS if a not in ("duplicate", "wild")] if card == "wild" else [card]
        for action in actions:
            extra = {"as": action} if card == "wild" else {}
            moves += [{"type": "card", "card": card, **extra, **m} for m in _action_moves(state, action)]
    return moves


# --- Turn flow --------------------------------------------------------------------


def _begin_turn(state: State, seat: int) -> None:
    state["turn"] = seat
    state["dice"] = []
    state["cards_at_start"] = len(state["cards"][seat])


def _end_turn(state: State, passed: bool) -> None:
    seat = state["turn"]
    if all(v is not None for v in state["columns"][seat]):
        _mark_final(state, "full")
    if passed and state["cards_at_start"] == 0:
        _mark_final(state, "no_cards")
    if all(_blocked(state)):
        _mark_final(state, "stuck")
    following = (seat + 1) % state["players"]
    if following == 0 and state["final_round"]:
        state.update(over=True, turn=None, dice=[], cards_at_start=0)
        return
    if following == 0:
        state["round"] += 1
        if state["round"] == MAX_ROUNDS:
            _mark_final(state, "rounds")
    _begin_turn(state, following)


def _mark_final(state: State, reason: str) -> None:
    if not state["final_round"]:
        state["final_round"], state["end_reason"] = True, reason


def _use_card(state: State, card: str) -> None:
    state["cards"][state["turn"]].remove(card)


def _check_card(state: State, card: object) -> str:
    require(card in CARDS, "There is no such action card.")
    require(card in state["cards"][state["turn"]], f"You have no {card} card left.")
    require(_cards_open(state), "You may play a card only after a misthrow.")
    return str(card)


def _roll(state: State, move: Move, rng: random.Random) -> None:
    require(_dice_left(state) > 0, "No dice are left to roll.")
    require(_status(state) != MISTHROW, "You misthrew: pass or play a card.")
    count = _roll_count(state, move)
    state["dice"] += [{"face": f, "removed": False} for f in _faces(state, move, count, rng)]


def _value_error(faces: list[str], value: int) -> str:
    if value == 38:
        return "38 cannot be made with six dice."
    return f"{value} cannot be made from {' '.join(faces)}."


def _stop(state: State, move: Move, rng: random.Random) -> None:
    card = move.get("card")
    if card is not None:
        require(card in ("duplicate", "wild"), "Only the duplicate (or wild) card goes with a stop.")
        _check_card(state, card)
    faces = _active(state)
    values = roman_values(faces)
    require(bool(values), "Your dice do not form a Roman number.")
    value = int_field(move, "value", 1, 39, "value")
    require(value in values, _value_error(faces, value))
    row = int_field(move, "row", 1, ROWS, "row")
    column = _column(state)
    error = placement_error(column, value, row, duplicate=card is not None)
    require(error is None, error or "")
    if card is not None:
        plain = placement_error(column, value, row) is None
        require(not plain, f"{value} fits in row {row} without a card.")
        _use_card(state, card)
    column[row - 1] = value
    _end_turn(state, passed=False)


def _reroll_dice(state: State, move: Move, rng: random.Random, face: str) -> None:
    chosen = move.get("dice")
    require(isinstance(chosen, list) and chosen, f"Choose at least one {face} die to reroll.")
    indices = [_die_index(state, i) for i in chosen]
    require(len(set(indices)) == len(indices), "Choose each die only once.")
    require(
        all(state["dice"][i]["face"] == face for i in indices),
        f"This card rerolls only {face} dice.",
    )
    for i, new in zip(indices, _faces(state, move, len(indices), rng), strict=True):
        state["dice"][i]["face"] = new


def _reroll_one(state: State, move: Move, rng: random.Random) -> None:
    index = _die_index(state, move.get("die"))
    state["dice"][index]["face"] = _faces(state, move, 1, rng)[0]


def _remove_one(state: State, move: Move, rng: random.Random) -> None:
    require("faces" not in move, "Removing a die rolls nothing: leave out the faces.")
    state["dice"][_die_index(state, move.get("die"))]["removed"] = True


_ACTIONS = {
    "reroll_i": lambda s, m, r: _reroll_dice(s, m, r, "I"),
    "reroll_v": lambda s, m, r: _reroll_dice(s, m, r, "V"),
    "reroll_one": _reroll_one,
    "remove_one": _remove_one,
}


def _card_action(card: str, move: Move) -> str | None:
    """What a played card does: its own action, or the one a wild card stands for."""
    if card != "wild":
        return card
    action = move.get("as")
    return action if isinstance(action, str) else None


def _card(state: State, move: Move, rng: random.Random) -> None:
    card = _check_card(state, move.get("card"))
    action = _card_action(card, move)
    if action == "duplicate":
        raise IllegalMove("Play the duplicate together with a stop: name the value and the row.")
    require(action in _ACTIONS, "Say which card the wild card stands for.")
    _ACTIONS[action](state, move, rng)
    _use_card(state, card)


def _pass(state: State, move: Move, rng: random.Random) -> None:
    require(_status(state) == MISTHROW, "You may pass only after a misthrow.")
    _end_turn(state, passed=True)


_HANDLERS = {"roll": _roll, "stop": _stop, "card": _card, "pass": _pass}


# --- Describing moves -------------------------------------------------------------

PLAYER = "{player}"


def _dice_text(state: State) -> str:
    return " ".join(_active(state)) or "none"


def _ending_text(before: State, after: State) -> str:
    if after["over"] and not before["over"]:
        return " The game is over."
    if after["final_round"] and not before["final_round"]:
        return " The game ends after this round."
    return ""


def _describe_roll(before: State, after: State) -> str:
    new = [die["face"] for die in after["dice"][len(before["dice"]) :]]
    text = f"{PLAYER} rolled {' '.join(new)} (dice: {_dice_text(after)})"
    return text + (": a misthrow." if _status(after) == MISTHROW else ".")


def _describe_stop(move: Move) -> str:
    written = f"wrote {move['value']} in row {move['row']}."
    card = move.get("card")
    if card == "wild":
        return f"{PLAYER} played Wild as Duplicate and {written}"
    if card:
        return f"{PLAYER} played Duplicate and {written}"
    return f"{PLAYER} {written}"


def _describe_card(before: State, after: State, move: Move) -> str:
    # Read the move as _card did: a key its action does not use may hold anything.
    card = move["card"]
    action = _card_action(card, move)
    label = CARD_NAMES[card] + (f" as {CARD_NAMES[action]}" if card == "wild" else "")
    if action == "remove_one":
        return f"{PLAYER} played {label} on {before['dice'][move['die']]['face']}."
    indices = move["dice"] if action in ("reroll_i", "reroll_v") else [move["die"]]
    old = " ".join(before["dice"][i]["face"] for i in indices)
    new = " ".join(after["dice"][i]["face"] for i in indices)
    return f"{PLAYER} played {label}: {old} became {new} (dice: {_dice_text(after)})."


# --- The engine -------------------------------------------------------------------


class PokerEngine(Engine):
    """Roman Poker as an ``Engine`` (see ``games/contract/protocol.py``)."""

    slug = "poker"
    name = "Roman Poker"
    min_players = 2
    max_players = 6
    realtime = False
    move_keys = {
        "roll": frozenset({"type", "count", "faces"}),
        "stop": frozenset({"type", "row", "value", "card"}),
        "card": frozenset({"type", "card", "as", "dice", "die", "faces"}),
        "pass": frozenset({"type"}),
    }

    # Hooks for bots and pages.
    roman_values = staticmethod(roman_values)
    dice_status = staticmethod(dice_status)
    rows_for = staticmethod(rows_for)
    misthrow_chance = staticmethod(misthrow_chance)

    def setup(self, players: int, options: dict, rng: random.Random) -> State:
        if not self.min_players <= players <= self.max_players:
            raise IllegalMove(f"Roman Poker is for {self.min_players} to {self.max_players} players.")
        state: State = {
            "players": players,
            "options": {key: bool((options or {}).get(key, False)) for key in OPTIONS},
            "columns": [[None] * ROWS for _ in range(players)],
            "cards": [list(CARDS) for _ in range(players)],
            "turn": 0,
            "round": 1,
            "dice": [],
            "cards_at_start": len(CARDS),
            "final_round": False,
            "end_reason": None,
            "over": False,
        }
        return state

    def to_act(self, state: State) -> list[int]:
        return [] if state["over"] else [state["turn"]]

    def _seat(self, state: State, seat: int | None) -> int | None:
        """The seat a move is for: ``None`` (host/system) stands for the seat to act."""
        return state["turn"] if seat is None else seat

    def legal_moves(self, state: State, seat: int | None) -> list[Move]:
        if state["over"] or self._seat(state, seat) != state["turn"]:
            return []
        moves = _roll_moves(state) + _stop_moves(state) + _card_moves(state)
        if _status(state) == MISTHROW:
            moves.append({"type": "pass"})
        return moves

    def apply(self, state: State, seat: int | None, move: Move, rng: random.Random) -> State:
        kind = move_type(move)
        require(not state["over"], "The game is over.")
        require(self._seat(state, seat) == state["turn"], "It is not your turn.")
        require(kind in _HANDLERS, "Roman Poker has no such move.")
        new = clone(state)
        _HANDLERS[kind](new, move, rng)
        return new

    def is_over(self, state: State) -> bool:
        return state["over"]

    def scores(self, state: State) -> list[int]:
        return [
            sum(v for v in column if v is not None) + CARD_BONUS * len(cards)
            for column, cards in zip(state["columns"], state["cards"], strict=True)
        ]

    def places(self, state: State) -> list[int]:
        """Finishing places: by score, except that a player who resigned comes last."""
        resigned = state.get("resigned")
        if resigned is not None:
            return [2 if seat == resigned else 1 for seat in range(state["players"])]
        return places(self.scores(state))

    def leave(self, state: State, seat: int, rng: random.Random) -> State:
        """A player leaves for good. Of two, it is a resignation: the game ends and the other wins.
        Of more, the state is unchanged (a computer player takes the seat)."""
        if state["over"] or state["players"] != 2:
            return state
        new = clone(state)
        new.update(over=True, end_reason="resigned", resigned=seat, dice=[])
        return new

    def end(self, state: State, rng: random.Random) -> State:
        """The host ends the game: scored as it stands, the rows written so far and the cards kept."""
        new = clone(state)
        new.update(over=True, end_reason="ended", dice=[])
        return new

    def default_move(self, state: State, seat: int | None) -> Move:
        if state["over"] or self._seat(state, seat) != state["turn"]:
            return {"type": "pass"}
        stops = [m for m in _stop_moves(state) if "card" not in m]
        if stops:
            return _preferred_stop(stops)
        if _status(state) == MISTHROW:
            return {"type": "pass"}
        move: Move = {"type": "roll", "count": 1} if state["options"]["multi_roll"] else {"type": "roll"}
        # Physical dice: nobody rolled at the table, so the default reads the likeliest face.
        return _with_faces(move, ["I"] if state["options"]["physical_dice"] else None)

    def view(self, state: State, seat: int | None) -> dict:
        scores = self.scores(state)
        return {
            "game": self.slug,
            "seat": seat,
            "players": state["players"],
            "options": dict(state["options"]),
            "round": state["round"],
            "turn": state["turn"],
            "to_act": self.to_act(state),
            "over": state["over"],
            "final_round": state["final_round"],
            "end_reason": state["end_reason"],
            "resigned": state.get("resigned"),
            "columns": [list(column) for column in state["columns"]],
            "cards": [list(cards) for cards in state["cards"]],
            "cards_left": [len(cards) for cards in state["cards"]],
            "totals": scores,
            "places": self.places(state) if state["over"] else None,
            "blocked": _blocked(state),
            **_turn_view(state),
            "legal": self.legal_moves(state, seat) if seat is not None else [],
        }

    def describe(self, before: State, after: State, seat: int | None, move: Move) -> str:
        """A short sentence about ``move``; ``{player}`` stands for the mover."""
        kind = move.get("type")
        if kind == "roll":
            return _describe_roll(before, after)
        if kind == "card":
            return _describe_card(before, after, move)
        text = _describe_stop(move) if kind == "stop" else f"{PLAYER} misthrew and passed."
        return text + _ending_text(before, after)


def _blocked(state: State) -> list[bool]:
    """Per seat: can that column never take another number?"""
    anytime = state["options"]["cards_anytime"]
    pairs = zip(state["columns"], state["cards"], strict=True)
    return [not can_enter(column, cards, anytime) for column, cards in pairs]


def _preferred_stop(stops: list[Move]) -> Move:
    """The highest value, in the row whose usual value is nearest to it."""
    best = max(m["value"] for m in stops)
    rows = [m for m in stops if m["value"] == best]
    return min(rows, key=lambda m: abs(_ROW_TARGETS[m["row"] - 1] - best))


def _values_view(state: State) -> list[dict]:
    column = _column(state)
    result = []
    for value in sorted(roman_values(_active(state)), reverse=True):
        rows, extra = rows_for(column, value), duplicate_only_rows(column, value)
        result.append(
            {
                "value": value,
                "numeral": NUMERAL[value],
                "rows": rows,
                "duplicate_rows": extra,
                "needs_duplicate": not rows and bool(extra),
            }
        )
    return result


def _turn_view(state: State) -> dict:
    """The current turn's dice and the helpers a page shows before the next roll."""
    if state["over"]:
        return {
            "dice": [],
            "dice_left": 0,
            "status": None,
            "misthrow": False,
            "values": [],
            "misthrow_chance": None,
        }
    status, left = _status(state), _dice_left(state)
    chance = None
    if left and status != MISTHROW:
        exact = misthrow_chance(_active(state), left, _column(state))
        chance = {"value": float(exact), "fraction": str(exact)}
    return {
        "dice": [
            {"index": i, "face": die["face"], "removed": die["removed"]}
            for i, die in enumerate(state["dice"])
        ],
        "dice_left": left,
        "status": status,
        "misthrow": status == MISTHROW,
        "values": _values_view(state),
        "misthrow_chance": chance,
    }


POKER = PokerEngine()
