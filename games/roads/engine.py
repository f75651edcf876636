"""Building Roman Roads: a turn-based game of building the four verses out from Rome.

Player-facing rules: ``games/roads/rules.md``. Cards are the ids
of ``games.decks`` (``"lk-623-4"``: Luke's back, Romans 6:23, card 4). No
Django here; chance only from the ``rng`` passed to ``setup`` (one shuffle of
the pile). Drawing takes the top of the pile, so ``apply`` never needs chance.

The eight spaces around Rome are ``N E S W`` (the main roads) and
``NE SE SW NW`` (the corners). A road is a list of card ids, bottom first; it
is always a run of one suit with consecutive ranks, because every way a card
arrives keeps it one.

State layout (JSON-able)::

    {
      "players": 3,
      "decks": ["mt", "mk", "lk"],       # one deck per player, at most four
      "pile": [id, ...],                 # face down; the top card is the last item
      "hands": [[id, ...], ...],         # per seat, in the order the cards arrived
      "spaces": {"N": [id, ...], ..., "NW": []},   # every space, bottom card first
      "completed": [{"suit", "cards", "space", "seat", "turn"}, ...],
      "turn": 1,                         # seat to act (kept as the last mover once over)
      "turn_number": 1,                  # 1-based count of turns begun
      "phase": "draw",                   # "draw" (opening draw awaited), "play" or "over"
      "played": 0,                       # cards played from the hand this turn
      "road_moves": 0,                   # road moves since the turn began or the last card played
      "drawn": [id, ...],                # cards drawn this turn (shown to that seat only)
      "passes": 0,                       # turns in a row ended with no card played, pile empty
      "events": [...],                   # this turn so far, public (drawn cards are not named)
      "history": [{"seat", "turn", "events", "passed"}, ...],  # the last players + 1 turns
      "winners": [],                     # seats, once over
      "end_reason": None,                # "out" (a hand was emptied) or "blocked" (all passed)
    }

Every card of the decks in play is in exactly one of ``pile``, ``hands``,
``spaces`` and ``completed``.

Decisions beyond the publisher's rules (also on the rules page):

- Forced draws happen only while no card has been played this turn: after the
  first card, the turn ends when nothing more fits.
- Moving a whole road onto an empty space only relocates it, so it is allowed
  only from a main space into a corner (it frees the main space).
- At most ``ROAD_MOVES_PER_CARD`` road moves between two cards played from the
  hand, so that every turn ends.
- A turn ended with no card played while the pile is empty is a pass.
- When nothing at all is left to do but end the turn, the turn ends by itself.
"""

from __future__ import annotations

import random
from typing import Any

from games.contract.protocol import Engine, IllegalMove, Move, State, int_field, move_type, places, require
from games.decks import (
    CARDS_PER_SUIT,
    DECK_KEYS,
    SUIT_KEYS,
    SUITS,
    card_info,
    cards,
    decks_for,
    is_card,
    label,
    parse,
    rank_of,
    reference,
    suit_colour,
    suit_of,
    suit_symbol,
    verse,
)

MAIN = ("N", "E", "S", "W")
CORNERS = ("NE", "SE", "SW", "NW")
SPACES = MAIN + CORNERS
SPACE_NAMES = {
    "N": "north",
    "E": "east",
    "S": "south",
    "W": "west",
    "NE": "north-east",
    "SE": "south-east",
    "SW": "south-west",
    "NW": "north-west",
}
HAND = 7
ROAD_MOVES_PER_CARD = 10
DEALER = 0
PLAYER = "{player}"

DRAW: Move = {"type": "draw"}
END: Move = {"type": "end_turn"}


# --- Roads (pure helpers, for the engine, the bot and pages) ---------------------------


def next_needed(road: list[str]) -> tuple[str, int] | None:
    """``(suit, rank)`` of the card that continues a road; None for an empty road."""
    if not road:
        return None
    _, suit, rank = parse(road[-1])
    return suit, rank + 1


def _needed_text(road: list[str]) -> str:
    suit, rank = next_needed(road)
    return f"{reference(suit)} #{rank}"


def fits(space: str, road: list[str], card: str) -> bool:
    """Whether ``card`` may go onto ``space`` (holding ``road``) now."""
    if not road:
        return space in MAIN or parse(card)[2] == 1
    _, suit, rank = parse(road[-1])
    _, card_suit, card_rank = parse(card)
    return card_suit == suit and card_rank == rank + 1


def placement_refusal(space: str, road: list[str], card: str) -> str | None:
    """Why ``card`` may not go onto ``space`` (holding ``road``) now, or None if it may."""
    if fits(space, road, card):
        return None
    name = SPACE_NAMES[space]
    if not road:
        return f"Only a 1 can start a road in a corner; the {name} corner is empty."
    suit, _ = next_needed(road)
    if suit_of(card) != suit:
        return f"Wrong verse: the {name} road needs {_needed_text(road)} next."
    return f"Wrong number: the {name} road needs {_needed_text(road)} next."


def play_targets(spaces: dict[str, list[str]], card: str) -> list[str]:
    """The spaces where ``card`` may be played from the hand."""
    return [space for space in SPACES if fits(space, spaces[space], card)]


def move_refusal(spaces: dict[str, list[str]], source: str, index: int, target: str) -> str | None:
    """Why the part of ``source`` from ``index`` up may not move onto ``target``, or None."""
    road = spaces[source]
    if target == source:
        return "Move the part onto a different space."
    lowest = road[index]
    destination = spaces[target]
    if destination:
        if not fits(target, destination, lowest):
            return (
                f"The part starting with {label(lowest)} does not continue the "
                f"{SPACE_NAMES[target]} road, which needs {_needed_text(destination)} next."
            )
        return None
    if index == 0 and not (source in MAIN and target in CORNERS):
        return (
            "Moving a whole road onto an empty space changes nothing: move it onto a road it "
            "continues, or move a road that starts with a 1 from a main space into a corner."
        )
    if target in CORNERS and rank_of(lowest) != 1:
        return "Only a part that starts with a 1 can go into an empty corner."
    return None


def move_options(spaces: dict[str, list[str]]) -> list[Move]:
    """Every road move the layout allows (the per-turn limit aside)."""
    moves = []
    empty = [space for space in SPACES if not spaces[space]]
    needs = {space: next_needed(spaces[space]) for space in SPACES if spaces[space]}
    for source in SPACES:
        road = spaces[source]
        if not road:
            continue
        _, suit, bottom = parse(road[0])
        targets: list[tuple[int, str]] = []
        for target, (need_suit, need_rank) in needs.items():
            index = need_rank - bottom
            if target != source and need_suit == suit and 0 <= index < len(road):
                targets.append((index, target))
        for target in empty:
            if target in MAIN:  # any part but the whole road, which would only relocate
                targets += [(index, target) for index in range(1, len(road))]
            if bottom == 1 and source in MAIN and target in CORNERS:
                targets.append((0, target))
        moves += [
            {"type": "move", "from": source, "index": i, "to": t} for i, t in sorted(targets, key=_order)
        ]
    return moves


def _order(option: tuple[int, str]) -> tuple[int, int]:
    return option[0], SPACES.index(option[1])


def is_complete(road: list[str]) -> bool:
    """A road holding 1 to 8 of one suit (roads are always runs of one suit)."""
    return len(road) == CARDS_PER_SUIT and rank_of(road[0]) == 1


def playable(state: State, seat: int) -> list[str]:
    """The cards of ``seat``'s hand that fit somewhere now."""
    spaces = state["spaces"]
    if any(not spaces[space] for space in MAIN):
        return list(state["hands"][seat])
    wanted = {next_needed(spaces[space]) for space in SPACES if spaces[space]}
    open_corner = any(not spaces[space] for space in CORNERS)
    result = []
    for card in state["hands"][seat]:
        _, suit, rank = parse(card)
        if (suit, rank) in wanted or (open_corner and rank == 1):
            result.append(card)
    return result


# --- Turn helpers ----------------------------------------------------------------------


def _flat(record: dict) -> dict:
    """A copy of a dict whose values are scalars or lists of scalars (events, completions)."""
    return {key: list(value) if type(value) is list else value for key, value in record.items()}


def _copy_state(state: State) -> State:
    """A deep copy of a state (``apply`` never touches its input), much faster than deepcopy."""
    new = dict(state)
    for key in ("pile", "decks", "drawn", "winners"):
        new[key] = list(state[key])
    new["hands"] = [list(hand) for hand in state["hands"]]
    new["spaces"] = {space: list(road) for space, road in state["spaces"].items()}
    new["completed"] = [_flat(done) for done in state["completed"]]
    new["events"] = [_flat(event) for event in state["events"]]
    new["history"] = [{**turn, "events": [_flat(e) for e in turn["events"]]} for turn in state["history"]]
    return new


def _require_seat(state: State, seat: int | None) -> int:
    if seat is None:
        return state["turn"]
    valid = isinstance(seat, int) and not isinstance(seat, bool) and 0 <= seat < state["players"]
    require(valid, "You are not a player in this game.")
    return seat


def _can_draw(state: State, seat: int) -> bool:
    if state["phase"] == "draw":
        return True
    return state["played"] == 0 and bool(state["pile"]) and not playable(state, seat)


def _can_end(state: State, seat: int) -> bool:
    if state["phase"] != "play" or playable(state, seat):
        return False
    return state["played"] > 0 or not state["pile"]


def _legal(state: State) -> list[Move]:
    if state["phase"] == "over":
        return []
    if state["phase"] == "draw":
        return [dict(DRAW)]
    seat = state["turn"]
    spaces = state["spaces"]
    moves: list[Move] = [
        {"type": "play", "card": card, "to": space}
        for card in state["hands"][seat]
        for space in play_targets(spaces, card)
    ]
    if state["road_moves"] < ROAD_MOVES_PER_CARD:
        moves += move_options(spaces)
    if _can_draw(state, seat):
        moves.append(dict(DRAW))
    if _can_end(state, seat):
        moves.append(dict(END))
    return moves


def _only_end_left(state: State) -> bool:
    """Nothing at all but ending the turn is possible (the turn then ends by itself)."""
    if state["phase"] != "play" or not _can_end(state, state["turn"]):
        return False
    return state["road_moves"] >= ROAD_MOVES_PER_CARD or not move_options(state["spaces"])


def _complete_roads(state: State, seat: int, space: str) -> None:
    road = state["spaces"][space]
    if is_complete(road):
        state["completed"].append(
            {
                "suit": suit_of(road[0]),
                "cards": list(road),
                "space": space,
                "seat": seat,
                "turn": state["turn_number"],
            }
        )
        state["events"].append(
            {"type": "complete", "space": space, "suit": suit_of(road[0]), "cards": list(road)}
        )
        state["spaces"][space] = []


def _record_turn(state: State) -> None:
    state["history"].append(
        {
            "seat": state["turn"],
            "turn": state["turn_number"],
            "events": state["events"],
            "passed": state["played"] == 0,
        }
    )
    # A turn and the passes that may follow it until the game ends: players + 1 turns.
    del state["history"][: -(state["players"] + 1)]


def _finish(state: State, reason: str, winners: list[int]) -> None:
    _record_turn(state)
    state["events"] = []
    state["phase"] = "over"
    state["end_reason"] = reason
    state["winners"] = winners


def _end_turn(state: State, auto: bool) -> None:
    state["events"].append({"type": "end_turn", "auto": auto})
    passed = state["played"] == 0 and not state["pile"]
    state["passes"] = state["passes"] + 1 if passed else 0
    if state["passes"] >= state["players"]:
        fewest = min(len(hand) for hand in state["hands"])
        _finish(state, "blocked", [s for s, hand in enumerate(state["hands"]) if len(hand) == fewest])
        return
    _record_turn(state)
    state["turn"] = (state["turn"] + 1) % state["players"]
    state["turn_number"] += 1
    state["phase"] = "draw" if state["pile"] else "play"
    state["played"] = 0
    state["road_moves"] = 0
    state["drawn"] = []
    state["events"] = []


def _settle(state: State) -> None:
    """End turns by themselves while nothing but ending is possible (at most one per seat)."""
    while _only_end_left(state):
        _end_turn(state, auto=True)


# --- Moves -----------------------------------------------------------------------------


def _draw(state: State, seat: int, move: Move) -> None:
    if state["phase"] == "play":
        require(not playable(state, seat), "A card of your hand fits: play it instead of drawing.")
        require(state["played"] == 0, "You have played a card this turn, so you draw no more: end your turn.")
    require(bool(state["pile"]), "The draw pile is empty: end your turn.")
    forced = state["phase"] == "play"
    card = state["pile"].pop()
    state["hands"][seat].append(card)
    state["drawn"].append(card)
    state["phase"] = "play"
    state["events"].append({"type": "draw", "forced": forced})


def _play(state: State, seat: int, move: Move) -> None:
    card, space = move.get("card"), move.get("to")
    require(is_card(card), "Choose a card from your hand.")
    require(card in state["hands"][seat], "That card is not in your hand.")
    require(isinstance(space, str) and space in SPACES, _SPACE_CHOICE)
    refusal = placement_refusal(space, state["spaces"][space], card)
    if refusal:
        raise IllegalMove(refusal)
    state["hands"][seat].remove(card)
    state["spaces"][space].append(card)
    state["played"] += 1
    state["road_moves"] = 0
    state["events"].append({"type": "play", "card": card, "to": space})
    _complete_roads(state, seat, space)
    if not state["hands"][seat]:
        _finish(state, "out", [seat])


def _move(state: State, seat: int, move: Move) -> None:
    source, target = move.get("from"), move.get("to")
    require(isinstance(source, str) and source in SPACES, _SPACE_CHOICE)
    require(isinstance(target, str) and target in SPACES, _SPACE_CHOICE)
    road = state["spaces"][source]
    require(bool(road), f"There is no road on the {SPACE_NAMES[source]} space.")
    index = int_field(move, "index", 0, len(road) - 1, "card of the road (0 is the bottom card)")
    require(
        state["road_moves"] < ROAD_MOVES_PER_CARD,
        f"You have made {ROAD_MOVES_PER_CARD} road moves since your last card: "
        "play a card, draw or end your turn.",
    )
    refusal = move_refusal(state["spaces"], source, index, target)
    if refusal:
        raise IllegalMove(refusal)
    part = road[index:]
    del road[index:]
    state["spaces"][target].extend(part)
    state["road_moves"] += 1
    state["events"].append({"type": "move", "from": source, "to": target, "cards": part})
    _complete_roads(state, seat, target)


def _end(state: State, seat: int, move: Move) -> None:
    if playable(state, seat):
        raise IllegalMove("A card of your hand still fits: the turn ends when none can be played.")
    require(state["played"] > 0 or not state["pile"], "No card of your hand fits yet: draw until one does.")
    _end_turn(state, auto=False)


_SPACE_CHOICE = "Choose one of the eight spaces around Rome: N, E, S, W, NE, SE, SW or NW."
_HANDLERS = {"draw": _draw, "play": _play, "move": _move, "end_turn": _end}
_FIELDS = {
    "draw": ({"type"}, "A draw takes no other field."),
    "end_turn": ({"type"}, "Ending the turn takes no other field."),
    "play": ({"type", "card", "to"}, 'A play names only a "card" and the space it goes "to".'),
    "move": ({"type", "from", "index", "to"}, 'A road move names only "from", "index" and "to".'),
}


# --- Views -----------------------------------------------------------------------------


def _public_event(event: dict) -> dict:
    """An event as pages show it: played and moved cards with their words, a completed
    road with its verse (its cards as ids). A draw never names its card."""
    shown: dict[str, Any] = dict(event)
    if event["type"] == "play":
        shown["card"] = card_info(event["card"])
    elif event["type"] == "move":
        shown["cards"] = [card_info(c) for c in event["cards"]]
    elif event["type"] == "complete":
        shown.update(_suit_fields(event["suit"]))
    return shown


def _suit_fields(suit: str) -> dict:
    return {
        "suit": suit,
        "reference": reference(suit),
        "colour": suit_colour(suit),
        "symbol": suit_symbol(suit),
        "verse": verse(suit),
        "words": list(SUITS[suit]["words"]),
    }


def _space_view(space: str, road: list[str]) -> dict:
    needed = next_needed(road)
    return {
        "space": space,
        "name": SPACE_NAMES[space],
        "kind": "main" if space in MAIN else "corner",
        "cards": [card_info(c) for c in road],
        "top": card_info(road[-1]) if road else None,
        "empty": not road,
        "needs": None
        if needed is None
        else {"suit": needed[0], "rank": needed[1], "reference": reference(needed[0])},
        "takes": ("a 1" if space in CORNERS else "any card") if not road else f"{_needed_text(road)}",
    }


def _completed_view(state: State) -> list[dict]:
    """Completed roads, oldest first: the verse, its words and the ids of the cards (whose
    backs show who brought them); the latest one is highlighted."""
    last = len(state["completed"]) - 1
    return [
        {
            **_suit_fields(done["suit"]),
            "cards": list(done["cards"]),
            "space": done["space"],
            "seat": done["seat"],
            "turn": done["turn"],
            "latest": number == last,
        }
        for number, done in enumerate(state["completed"])
    ]


def _hand_sort_key(card: str) -> tuple:
    deck, suit, rank = parse(card)
    return SUIT_KEYS.index(suit), rank, DECK_KEYS.index(deck)


def _you_view(state: State, seat: int, legal: list[Move]) -> dict:
    hand = sorted(state["hands"][seat], key=_hand_sort_key)
    targets: dict[str, list[str]] = {card: [] for card in hand}
    parts: dict[str, dict[int, list[str]]] = {}
    for move in legal:
        if move["type"] == "play":
            targets[move["card"]].append(move["to"])
        elif move["type"] == "move":
            parts.setdefault(move["from"], {}).setdefault(move["index"], []).append(move["to"])
    return {
        "seat": seat,
        "hand": [{**card_info(c), "targets": targets[c], "new": c in state["drawn"]} for c in hand],
        "playable": [c for c in hand if targets[c]],
        "movable": [
            {"from": source, "index": index, "to": to}
            for source, by_index in parts.items()
            for index, to in by_index.items()
        ],
        "can_draw": DRAW in legal,
        "can_end": END in legal,
        "road_moves_left": max(0, ROAD_MOVES_PER_CARD - state["road_moves"])
        if state["phase"] == "play"
        else 0,
    }


# --- describe() ------------------------------------------------------------------------


def _event_text(event: dict) -> str:
    kind = event["type"]
    if kind == "draw":
        return "drew a card" if not event["forced"] else "had nothing to play and drew a card"
    if kind == "play":
        return f"played {label(event['card'])} on the {SPACE_NAMES[event['to']]} space"
    if kind == "move":
        part = event["cards"]
        what = label(part[0]) if len(part) == 1 else f"{label(part[0])} to #{rank_of(part[-1])}"
        source, target = SPACE_NAMES[event["from"]], SPACE_NAMES[event["to"]]
        return f"moved {what} from the {source} space onto the {target} space"
    if kind == "complete":
        return f"completed {reference(event['suit'])}: \u201c{verse(event['suit'])}\u201d"
    return "ended the turn"


def _new_events(before: State, after: State) -> list[dict]:
    """The mover's events of this move, from ``after`` (its turn may have been recorded)."""
    if after["turn_number"] == before["turn_number"] and after["phase"] != "over":
        return after["events"][len(before["events"]) :]
    mine = next((t for t in after["history"] if t["turn"] == before["turn_number"]), None)
    return mine["events"][len(before["events"]) :] if mine else []


def _ending_text(before: State, after: State) -> str:
    later = [t for t in after["history"] if t["turn"] > before["turn_number"]]
    text = ""
    if later:
        count = len(later)
        turns = "turn" if count == 1 else f"{count} turns"
        text += f" The next {turns} passed: nothing could be played."
    if after["phase"] == "over":
        if after["end_reason"] == "out":
            text += " They played their last card and win the game!"
        else:
            fewest = len(after["hands"][after["winners"][0]])
            text += (
                " The pile is empty and nobody can play: the game is over, won with the fewest "
                f"cards in hand ({fewest})."
            )
    return text


# --- The engine ------------------------------------------------------------------------


class BuildingRomanRoads(Engine):
    """Building Roman Roads as an ``Engine`` (see ``games/contract/protocol.py``)."""

    slug = "roads"
    name = "Building Roman Roads"
    min_players = 2
    max_players = 6
    realtime = False
    move_keys = {kind: frozenset(keys) for kind, (keys, _sentence) in _FIELDS.items()}

    # Hooks for bots and pages.
    placement_refusal = staticmethod(placement_refusal)
    play_targets = staticmethod(play_targets)
    move_refusal = staticmethod(move_refusal)
    move_options = staticmethod(move_options)
    playable = staticmethod(playable)

    def setup(self, players: int, options: dict, rng: random.Random) -> State:
        valid = isinstance(players, int) and not isinstance(players, bool)
        require(
            valid and self.min_players <= players <= self.max_players,
            f"Building Roman Roads is for {self.min_players} to {self.max_players} players.",
        )
        decks = decks_for(players)
        pile = cards(decks)
        rng.shuffle(pile)
        hands = [[] for _ in range(players)]
        for _ in range(HAND):
            for seat in range(players):
                hands[seat].append(pile.pop())
        spaces = {space: [] for space in SPACES}
        for space in MAIN:
            spaces[space].append(pile.pop())
        return {
            "players": players,
            "decks": decks,
            "pile": pile,
            "hands": hands,
            "spaces": spaces,
            "completed": [],
            "turn": (DEALER + 1) % players,
            "turn_number": 1,
            "phase": "draw",
            "played": 0,
            "road_moves": 0,
            "drawn": [],
            "passes": 0,
            "events": [],
            "history": [],
            "winners": [],
            "end_reason": None,
        }

    def to_act(self, state: State) -> list[int]:
        return [] if state["phase"] == "over" else [state["turn"]]

    def legal_moves(self, state: State, seat: int | None) -> list[Move]:
        """Every legal move; seat ``None`` stands for the seat to act (the system)."""
        if state["phase"] == "over":
            return []
        if seat is not None and (type(seat) is not int or seat != state["turn"]):
            return []
        return _legal(state)

    def apply(self, state: State, seat: int | None, move: Move, rng: random.Random) -> State:
        kind = move_type(move)
        handler = _HANDLERS.get(kind)
        require(
            handler is not None,
            "In Building Roman Roads you draw, play a card, move part of a road or end your turn.",
        )
        fields, reason = _FIELDS[kind]
        require(set(move) <= fields, reason)
        require(state["phase"] != "over", "The game is over.")
        seat = _require_seat(state, seat)
        require(seat == state["turn"], "It is not your turn.")
        if state["phase"] == "draw":
            require(kind == "draw", "Draw a card first: every turn begins with a draw.")
        new = _copy_state(state)
        handler(new, seat, move)
        _settle(new)
        return new

    def view(self, state: State, seat: int | None) -> dict:
        """What ``seat`` may see; ``None`` (or a non-player) is a spectator."""
        over = state["phase"] == "over"
        scores = self.scores(state)
        mine = isinstance(seat, int) and not isinstance(seat, bool) and 0 <= seat < state["players"]
        legal = self.legal_moves(state, seat) if mine else []
        completed = _completed_view(state)
        return {
            "game": self.slug,
            "seat": seat if mine else None,
            "players": state["players"],
            "decks": list(state["decks"]),
            "turn": None if over else state["turn"],
            "turn_number": state["turn_number"],
            "phase": state["phase"],
            "to_act": self.to_act(state),
            "pile": len(state["pile"]),
            "hand_sizes": [len(hand) for hand in state["hands"]],
            # Once the game is over every hand is public: the end shows the cards each player kept.
            "kept": (
                [[card_info(c) for c in sorted(hand, key=_hand_sort_key)] for hand in state["hands"]]
                if over
                else None
            ),
            "spaces": [_space_view(space, state["spaces"][space]) for space in SPACES],
            "completed": completed,
            "last_completion": (
                {**completed[-1], "cards": [card_info(c) for c in completed[-1]["cards"]]}
                if completed
                else None
            ),
            "events": [_public_event(e) for e in state["events"]],
            "last_turns": [
                {**turn, "events": [_public_event(e) for e in turn["events"]]} for turn in state["history"]
            ],
            "road_moves_per_card": ROAD_MOVES_PER_CARD,
            "passes": state["passes"],
            "over": over,
            "end_reason": state["end_reason"],
            "winners": list(state["winners"]),
            "scores": scores,
            "places": places(scores) if over else None,
            "you": _you_view(state, seat, legal) if mine else None,
            "legal": legal,
        }

    def is_over(self, state: State) -> bool:
        return state["phase"] == "over"

    def scores(self, state: State) -> list[int]:
        """1 for each winner of a finished game, 0 otherwise (the match pad counts games won)."""
        return [int(seat in state["winners"]) for seat in range(state["players"])]

    def leave(self, state: State, seat: int, rng: random.Random) -> State:
        """A player leaves for good. Of two, it is a resignation: the game ends and the other wins.
        Of more, the state is unchanged (a computer player takes the seat)."""
        if state["phase"] == "over" or state["players"] != 2:
            return state
        new = _copy_state(state)
        _finish(new, "resigned", [1 - seat])
        return new

    def end(self, state: State, rng: random.Random) -> State:
        """The host ends the game: as when nobody can play, the fewest cards in hand win."""
        new = _copy_state(state)
        fewest = min(len(hand) for hand in new["hands"])
        _finish(new, "ended", [s for s, hand in enumerate(new["hands"]) if len(hand) == fewest])
        return new

    def default_move(self, state: State, seat: int | None) -> Move:
        """Play what can be played (completing first, then building, a 1 into a corner,
        then the lowest card into an empty main space), else draw, else end the turn."""
        legal = self.legal_moves(state, seat)
        if not legal:
            return dict(END)
        plays = [m for m in legal if m["type"] == "play"]
        if plays:
            return min(plays, key=lambda m: _default_rank(state, m))
        if DRAW in legal:
            return dict(DRAW)
        return dict(END)

    def describe(self, before: State, after: State, seat: int | None, move: Move) -> str:
        """One public sentence; ``{player}`` stands for the mover. Drawn cards are never named."""
        events = _new_events(before, after)
        parts = [_event_text(e) for e in events]
        text = f"{PLAYER} " + (", then ".join(parts) if parts else "played on")
        return text + "." + _ending_text(before, after)


def _default_rank(state: State, move: Move) -> tuple:
    space, card = move["to"], move["card"]
    road = state["spaces"][space]
    if road and len(road) == CARDS_PER_SUIT - 1:
        kind = 0
    elif road:
        kind = 1
    elif space in CORNERS:
        kind = 2
    else:
        kind = 3
    return kind, rank_of(card), SPACES.index(space), _hand_sort_key(card)


ROADS = BuildingRomanRoads()
