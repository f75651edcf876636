"""Romi Rami (Antoine Lefebvre, Randolph 2023): take Number cards, complete Contracts.

Player-facing rules: ``games/romirami/rules.md``. The cards (92 Number cards,
36 Contracts, 4 two-sided trophies) are data in ``data/romirami.json``, which
the in-person score sheet reads too.

Summary. Each player holds Number cards (4 suits, numbers 1-5) and a Star that
stands for one card once per game. A turn: take 1-3 cards of one number or one
suit from the Number market (6 slots); complete any number of the 4 Contracts
on offer, each with exactly the cards its requirements need (N of a kind, a
pair of a given number, a run without wrap-around; separate cards for separate
requirements); cards of the contract's bonus suit go face down to the Suit
Bonus pile (1 point each), the rest to the discard; end the turn: draw up to 3,
or discard down to 10; then both markets are refilled. The game ends after the
round in which someone holds 7 / 6 / 5 contracts (2 / 3 / 4 players), or a
market is empty and cannot be refilled, or round ``MAX_ROUNDS`` ends. Score:
contract points + trophies + Suit Bonus cards + 1 for an unused Star; ties go
to the most Suit Bonus cards, then the place is shared.

A Number card is an int id 0..91 (``number_card(id)`` gives its suit and
number); a Contract is a str id such as ``"run5-diamond"`` (the score sheet
uses the same ids). The state is JSON-able:

``players``          2..4; seat 0 starts every round.
``trophies``         the side shown of each of the 4 tiles: ``"suit"`` or ``"combo"``.
``deck``, ``discard`` Number cards face down (the top is the last item) and discarded.
``market``           6 slots: a card id or ``None`` (emptied this turn, or nothing left).
``contract_deck``    Contracts face down (top = last); ``contract_market``: 4 slots.
``hands``, ``bonus`` per seat, the cards in hand and in the Suit Bonus pile.
``contracts``        per seat, the completed contracts in the order completed.
``star_used``        per seat.
``turn``, ``round``  the seat to act (the last one once over) and the 1-based round.
``phase``            ``"take"``, ``"play"`` (complete contracts or end the turn),
                     ``"discard"`` (over 10 cards at the end of the turn) or ``"over"``.
``this_turn``        ``{"seat", "took", "completed", "drew", "discarded"}`` so far;
                     ``last_turn`` the same for the turn before (``None`` at first).
``reshuffles``       times the discard was shuffled into a new deck.
``end_reason``       ``None`` or ``"contracts"``, ``"numbers"`` / ``"offers"`` (a market
                     empty for good) or ``"rounds"``.

Moves (lists are read as sets: their order does not matter):

- ``{"type": "take", "cards": [id, ...]}``: 1-3 market cards of one number or one suit.
- ``{"type": "complete", "contract": id, "numbers": [n, ...], "star": bool}``: the
  numbers of the hand cards played; with ``star`` the Star fills one more slot. The
  engine picks which suits: the contract's bonus suit first (those score), then suits
  no other contract on offer has as its bonus suit, then the rest (suit order, id).
- ``{"type": "end_turn"}``: draw up to 3 (or go on to discarding), refill the markets.
- ``{"type": "discard", "card": id}``: one card at a time while over 10; the turn ends
  when 10 are left.

Decisions beyond the rules: see the page. Chance enters only through ``rng``:
the setup (deck orders, trophy sides) and rebuilding the Number deck.
"""

from __future__ import annotations

import json
import random
from collections import Counter
from functools import cache, lru_cache
from itertools import combinations, product
from pathlib import Path

from games.contract.protocol import Engine, IllegalMove, Move, State, clone, move_type, require

DATA = Path(__file__).with_name("data") / "romirami.json"
MIN_PLAYERS, MAX_PLAYERS = 2, 4
NUMBERS = (1, 2, 3, 4, 5)
HAND_START = 3
HAND_MIN = 3  # draw up to this at the end of a turn
HAND_MAX = 10  # discard down to this at the end of a turn
MARKET_SLOTS = 6
CONTRACT_SLOTS = 4
TAKE_MAX = 3
MAX_ROUNDS = 50  # a safety net: a table of absent players would never end otherwise
SIDES = ("suit", "combo")
MAX_LISTED = 20  # longest list a move may carry; a contract takes at most 8 cards
PLAYER = "{player}"
TIMES = {2: "two", 3: "three"}

Counts = tuple[int, int, int, int, int]  # cards per number 1..5
Way = tuple[tuple[int, ...], bool]  # (sorted numbers played, Star used)


# --- The cards ---------------------------------------------------------------


@cache
def edition() -> dict:
    """The card data, loaded once (the score sheet reads the same dict)."""
    return json.loads(DATA.read_text(encoding="utf-8"))


@cache
def suit_ids() -> tuple[str, ...]:
    return tuple(s["id"] for s in edition()["suits"])


def suit_name(suit: str) -> str:
    return next(s["name"] for s in edition()["suits"] if s["id"] == suit)


@cache
def number_cards() -> tuple[tuple[str, int], ...]:
    """(suit, number) per card id: each suit's cards in a row, numbers rising."""
    per_suit = edition()["numbers"]["per_suit"]
    return tuple(
        (suit, number) for suit in suit_ids() for number in NUMBERS for _ in range(per_suit[str(number)])
    )


def number_card(card_id: int) -> tuple[str, int]:
    return number_cards()[card_id]


def requirements() -> list[dict]:
    return edition()["requirements"]


def contract_slug(name: str, suit: str) -> str:
    """The contract id: ``"Pair + 3-kind"`` in Diamond is ``"pair+3-kind-diamond"``."""
    return f"{name.lower().replace(' + ', '+').replace(' ', '')}-{suit}"


@cache
def contract_cards() -> dict[str, dict]:
    """Contract id -> its card: name, requirement index, parts (icons), points, bonus suit."""
    cards = {}
    for index, requirement in enumerate(requirements()):
        for suit in requirement["suits"]:
            cards[contract_slug(requirement["name"], suit)] = {
                "id": contract_slug(requirement["name"], suit),
                "name": requirement["name"],
                "requirement": index,
                "parts": list(requirement["parts"]),
                "points": requirement["points"],
                "suit": suit,
            }
    return cards


def contract(contract_id: str) -> dict:
    return contract_cards()[contract_id]


def end_contracts(players: int) -> int:
    """Contracts a player needs to end the game (after the round) at this table size."""
    return edition()["end_contracts"][str(players)]


def card_view(card_id: int) -> dict:
    suit, number = number_card(card_id)
    return {"id": card_id, "suit": suit, "number": number}


def card_text(card_id: int) -> str:
    suit, number = number_card(card_id)
    return f"{suit_name(suit)} {number}"


# --- Requirements ------------------------------------------------------------


def _part_patterns(part: dict) -> list[Counts]:
    """Every way one requirement can be met, as cards per number."""
    size = part["cards"]
    if part["kind"] == "run":
        starts = range(1, NUMBERS[-1] - size + 2)
        return [tuple(1 if s <= n < s + size else 0 for n in NUMBERS) for s in starts]  # type: ignore[misc]
    numbers = [part["number"]] if "number" in part else list(NUMBERS)
    return [tuple(size if n == k else 0 for n in NUMBERS) for k in numbers]  # type: ignore[misc]


@cache
def patterns(requirement: int) -> frozenset[Counts]:
    """Every multiset of numbers (cards per number) that meets a contract's requirements,
    each requirement by its own cards (two 3-kinds may be six 4s)."""
    options = [_part_patterns(part) for part in requirements()[requirement]["needs"]]
    return frozenset(
        tuple(sum(column) for column in zip(*choice, strict=True))  # type: ignore[misc]
        for choice in product(*options)
    )


def counts_of(numbers) -> Counts:
    found = Counter(numbers)
    return tuple(found[n] for n in NUMBERS)  # type: ignore[return-value]


def _numbers_of(counts: Counts) -> tuple[int, ...]:
    return tuple(n for n, c in zip(NUMBERS, counts, strict=True) for _ in range(c))


def _within(need: Counts, have: Counts) -> bool:
    return all(a <= b for a, b in zip(need, have, strict=True))


@lru_cache(maxsize=1 << 16)
def ways(requirement: int, have: Counts, star: bool) -> tuple[Way, ...]:
    """The distinct ways a hand with ``have`` cards per number meets a requirement:
    (sorted numbers played, Star used), without the Star first. ``star``: may it play."""
    found: set[Way] = set()
    for need in patterns(requirement):
        if _within(need, have):
            found.add((_numbers_of(need), False))
        if star:
            for index, count in enumerate(need):
                if count:
                    less = tuple(c - (i == index) for i, c in enumerate(need))
                    if _within(less, have):  # type: ignore[arg-type]
                        found.add((_numbers_of(less), True))  # type: ignore[arg-type]
    return tuple(sorted(found, key=lambda way: (way[1], way[0])))


def meets(requirement: int, numbers, star: bool) -> bool:
    """Do these numbers (and the Star, if ``star``) meet the requirement exactly?"""
    have = counts_of(numbers)
    if not star:
        return have in patterns(requirement)
    return any(
        have == tuple(c - (i == index) for i, c in enumerate(need))
        for need in patterns(requirement)
        for index, count in enumerate(need)
        if count
    )


def needs_text(requirement: int) -> str:
    """``"a pair of 1s and a run of 4 (6 cards)"``."""
    words = []
    parts = requirements()[requirement]["needs"]
    for index, part in enumerate(parts):
        size, twins = part["cards"], parts.count(part)
        if part in parts[:index]:
            continue
        if part["kind"] == "run":
            words.append(f"a run of {size}")
        elif "number" in part:
            words.append(f"a pair of {part['number']}s")
        elif size == 2:
            words.append("a pair" if twins == 1 else f"{TIMES[twins]} pairs")
        else:
            words.append(f"{size} of a kind" if twins == 1 else f"{TIMES[twins]} sets of {size} of a kind")
    total = sum(requirements()[requirement]["parts"])
    return f"{' and '.join(words)} ({total} cards)"


def numbers_text(numbers, star: bool = False) -> str:
    text = " ".join(str(n) for n in sorted(numbers))
    if star:
        return f"{text} and the Star" if text else "the Star"
    return text or "no cards"


def pick_cards(hand: list[int], numbers, suit: str, kept_suits=()) -> list[int]:
    """The hand cards a completion plays for these numbers: the contract's bonus suit
    first, then suits not in ``kept_suits`` (the bonus suits of the other contracts on
    offer), then the rest; suit order, then id, settles the remaining ties."""
    order = suit_ids()

    def rank(card_id: int) -> tuple:
        card_suit = number_card(card_id)[0]
        return (card_suit != suit, card_suit in kept_suits, order.index(card_suit), card_id)

    chosen = []
    for number, count in Counter(numbers).items():
        same = sorted((c for c in hand if number_card(c)[1] == number), key=rank)
        chosen += same[:count]
    return chosen


# --- State helpers -----------------------------------------------------------


def hand_counts(state: State, seat: int) -> Counts:
    return counts_of(number_card(c)[1] for c in state["hands"][seat])


def market_cards(state: State) -> list[int]:
    return [c for c in state["market"] if c is not None]


def offered(state: State) -> list[str]:
    return [c for c in state["contract_market"] if c is not None]


def _new_turn(seat: int) -> dict:
    return {"seat": seat, "took": [], "completed": [], "drew": 0, "discarded": 0}


def tile_counts(tile: int, side: str, held: list[list[str]]) -> list[int]:
    """Per player holding the contracts ``held``, what side ``side`` of trophy tile ``tile``
    counts: their contracts of its suit, or the icons it names on their contracts."""
    face = edition()["trophies"][tile][side]
    if side == "suit":
        return [sum(contract(c)["suit"] == face["suit"] for c in cards) for cards in held]
    return [sum(contract(c)["parts"].count(face["icon"]) for c in cards) for cards in held]


def trophy_counts(state: State, tile: int) -> list[int]:
    """Per seat, what the shown side of a trophy tile counts (contracts of a suit, or icons)."""
    return tile_counts(tile, state["trophies"][tile], state["contracts"])


def trophy_leader(counts: list[int]) -> int | None:
    """The single seat with the most (at least one); a tie leads to nobody."""
    best = max(counts)
    return counts.index(best) if best > 0 and counts.count(best) == 1 else None


def trophy_label(tile: int, side: str) -> str:
    face = edition()["trophies"][tile][side]
    if side == "suit":
        return f"Most {suit_name(face['suit'])} contracts ({face['points']})"
    return f"Most {face['icon']}-card icons ({face['points']})"


def trophies_won(sides: list[str], held: list[list[str]]) -> list[list[int]]:
    """Per player holding the contracts ``held``, the points of each trophy tile (0 where it is
    not theirs), the tiles showing ``sides``."""
    won = [[0] * len(sides) for _ in held]
    for tile, side in enumerate(sides):
        leader = trophy_leader(tile_counts(tile, side, held))
        if leader is not None:
            won[leader][tile] = edition()["trophies"][tile][side]["points"]
    return won


def trophy_points(state: State) -> list[int]:
    """Per seat, the points of the trophies it would get now."""
    return [sum(tiles) for tiles in trophies_won(state["trophies"], state["contracts"])]


def points_of(held: list[str]) -> int:
    """What the contracts ``held`` score."""
    return sum(contract(c)["points"] for c in held)


def contract_points(state: State, seat: int) -> int:
    return points_of(state["contracts"][seat])


def total(contract_points: int, trophy_points: int, bonus_cards: int, star_used: bool) -> int:
    """A player's score: contracts, trophies, 1 per Suit Bonus card and 1 for an unused Star."""
    return contract_points + trophy_points + bonus_cards + (not star_used)


def seat_scores(state: State) -> list[int]:
    trophies = trophy_points(state)
    return [
        total(
            contract_points(state, seat), trophies[seat], len(state["bonus"][seat]), state["star_used"][seat]
        )
        for seat in range(state["players"])
    ]


def ranking(scores: list[int], bonus_cards: list[int]) -> list[int]:
    """Finishing place per player (1 = best): score, then Suit Bonus cards; still equal, shared."""
    keys = list(zip(scores, bonus_cards, strict=True))
    return [1 + sum(other > mine for other in keys) for mine in keys]


def places(state: State) -> list[int]:
    """Finishing place per seat (1 = best): score, then Suit Bonus cards; still equal, shared.
    A player who resigned comes last."""
    resigned = state.get("resigned")
    if resigned is not None:
        return [2 if seat == resigned else 1 for seat in range(state["players"])]
    return ranking(seat_scores(state), [len(b) for b in state["bonus"]])


def _draw(state: State, rng: random.Random) -> int | None:
    """The top card of the Number deck, rebuilt from the discard when empty; None if none."""
    if not state["deck"] and state["discard"]:
        rng.shuffle(state["discard"])
        state["deck"], state["discard"] = state["discard"], []
        state["reshuffles"] += 1
    return state["deck"].pop() if state["deck"] else None


# --- Reading moves -----------------------------------------------------------


FIELDS = {
    "take": 'A take names only its "cards".',
    "complete": 'Completing a contract names only "contract", "numbers" and "star".',
    "end_turn": "Ending the turn takes no other field.",
    "discard": 'A discard names only its "card".',
}


def _only(move: Move, *keys: str) -> None:
    require(all(key == "type" or key in keys for key in move), FIELDS[move["type"]])


def _whole(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _id_list(move: Move, key: str, reason: str) -> list[int]:
    value = move.get(key)
    valid = isinstance(value, list) and len(value) <= MAX_LISTED and all(_whole(v) for v in value)
    require(valid, reason)
    return list(value)  # type: ignore[arg-type]


def _capital(text: str) -> str:
    return text[:1].upper() + text[1:]


def _plural(count: int, word: str) -> str:
    return f"{count} {word}{'' if count == 1 else 's'}"


# --- Moves -------------------------------------------------------------------


def _take(state: State, move: Move, rng: random.Random) -> None:
    require(state["phase"] == "take", "You have already taken cards this turn.")
    _only(move, "cards")
    cards = _id_list(move, "cards", "Name the cards you take from the Number market.")
    require(1 <= len(cards) <= TAKE_MAX, "Take 1, 2 or 3 cards from the Number market.")
    require(len(set(cards)) == len(cards), "Name each card once.")
    require(all(c in state["market"] for c in cards), "Take only cards that are in the Number market.")
    suits = {number_card(c)[0] for c in cards}
    numbers = {number_card(c)[1] for c in cards}
    require(len(suits) == 1 or len(numbers) == 1, "Take cards that all share one number or one suit.")
    seat = state["turn"]
    taken = [c for c in state["market"] if c in cards]  # market order
    state["market"] = [None if c in cards else c for c in state["market"]]
    state["hands"][seat].extend(taken)
    state["this_turn"]["took"] = taken
    state["phase"] = "play"


def _complete(state: State, move: Move, rng: random.Random) -> None:
    require(state["phase"] != "take", "Take cards from the Number market first.")
    require(state["phase"] == "play", "Your turn is over: discard down to 10 cards.")
    _only(move, "contract", "numbers", "star")
    contract_id = move.get("contract")
    require(
        isinstance(contract_id, str) and contract_id in offered(state),
        "Choose a contract from the Contract market.",
    )
    star = move.get("star")
    require(isinstance(star, bool), 'Say whether the Star plays: "star" is true or false.')
    numbers = _id_list(move, "numbers", "Name the numbers of the cards you play, each from 1 to 5.")
    require(all(1 <= n <= 5 for n in numbers), "Name the numbers of the cards you play, each from 1 to 5.")
    seat = state["turn"]
    require(not (star and state["star_used"][seat]), "You have already used your Star.")
    held = hand_counts(state, seat)
    for number, count in zip(NUMBERS, counts_of(numbers), strict=True):
        if count > held[number - 1]:
            have = held[number - 1]
            if not have:
                raise IllegalMove(f"You hold no {number}.")
            raise IllegalMove(f"You hold only {_plural(have, 'card')} numbered {number}, not {count}.")
    card = contract(contract_id)
    if not meets(card["requirement"], numbers, star):
        raise IllegalMove(
            f"{_capital(numbers_text(numbers, star))} do not make {card['name']}: "
            f"it needs exactly {needs_text(card['requirement'])}, each card for one requirement."
        )
    others = {contract(c)["suit"] for c in offered(state) if c != contract_id}
    played = pick_cards(state["hands"][seat], numbers, card["suit"], others)
    for card_id in played:
        state["hands"][seat].remove(card_id)
        pile = state["bonus"][seat] if number_card(card_id)[0] == card["suit"] else state["discard"]
        pile.append(card_id)
    state["contract_market"] = [None if c == contract_id else c for c in state["contract_market"]]
    state["contracts"][seat].append(contract_id)
    state["star_used"][seat] = state["star_used"][seat] or star
    state["this_turn"]["completed"].append(
        {"contract": contract_id, "numbers": sorted(numbers), "star": star}
    )


def _end_turn(state: State, move: Move, rng: random.Random) -> None:
    require(state["phase"] != "take", "Take cards from the Number market first.")
    require(state["phase"] == "play", "Discard down to 10 cards to end your turn.")
    _only(move)
    if len(state["hands"][state["turn"]]) > HAND_MAX:
        state["phase"] = "discard"
        return
    _finish_turn(state, rng)


def _discard(state: State, move: Move, rng: random.Random) -> None:
    require(state["phase"] == "discard", "You discard only at the end of a turn with more than 10 cards.")
    _only(move, "card")
    seat = state["turn"]
    card_id = move.get("card")
    require(_whole(card_id) and card_id in state["hands"][seat], "Discard a card from your hand.")
    state["hands"][seat].remove(card_id)
    state["discard"].append(card_id)
    state["this_turn"]["discarded"] += 1
    if len(state["hands"][seat]) <= HAND_MAX:
        _finish_turn(state, rng)


def _finish_turn(state: State, rng: random.Random) -> None:
    """Draw up to 3, refill both markets, then the next seat (or the end after a round)."""
    seat = state["turn"]
    hand = state["hands"][seat]
    while len(hand) < HAND_MIN and (card_id := _draw(state, rng)) is not None:
        hand.append(card_id)
        state["this_turn"]["drew"] += 1
    for slot, card_id in enumerate(state["market"]):
        if card_id is None:
            state["market"][slot] = _draw(state, rng)
    for slot, contract_id in enumerate(state["contract_market"]):
        if contract_id is None and state["contract_deck"]:
            state["contract_market"][slot] = state["contract_deck"].pop()
    state["last_turn"] = state["this_turn"]
    if seat == state["players"] - 1:
        reason = _end_reason(state)
        if reason:
            state["phase"] = "over"
            state["end_reason"] = reason
            state["this_turn"] = _new_turn(seat)
            return
        state["round"] += 1
    _start_turn(state, (seat + 1) % state["players"])


def _start_turn(state: State, seat: int) -> None:
    state["turn"] = seat
    state["this_turn"] = _new_turn(seat)
    state["phase"] = "take" if market_cards(state) else "play"


def _someone_has_enough(state: State) -> bool:
    return any(len(held) >= end_contracts(state["players"]) for held in state["contracts"])


def _end_reason(state: State) -> str | None:
    """Why the game ends now that a round is complete, or None."""
    if _someone_has_enough(state):
        return "contracts"
    if not market_cards(state):
        return "numbers"
    if not offered(state):
        return "offers"
    if state["round"] >= MAX_ROUNDS:
        return "rounds"
    return None


MOVES = {"take": _take, "complete": _complete, "end_turn": _end_turn, "discard": _discard}

END_TEXTS = {
    "contracts": "a player has enough contracts",
    "numbers": "the Number market is empty and cannot be refilled",
    "offers": "the Contract market is empty and cannot be refilled",
    "rounds": f"round {MAX_ROUNDS} is the last",
    "resigned": "a player resigned",
    "ended": "the host ended it as it stood",
}


# --- Legal moves -------------------------------------------------------------


def take_moves(state: State) -> list[Move]:
    """Every legal take: groups of 3, then 2, then 1, each in market order."""
    cards = market_cards(state)
    moves = []
    for size in range(TAKE_MAX, 0, -1):
        for group in combinations(cards, size):
            suits = {number_card(c)[0] for c in group}
            numbers = {number_card(c)[1] for c in group}
            if len(suits) == 1 or len(numbers) == 1:
                moves.append({"type": "take", "cards": list(group)})
    return moves


def complete_moves(state: State, seat: int, contract_id: str) -> list[Move]:
    """The distinct ways (numbers, Star or not) the hand meets one offered contract."""
    star = not state["star_used"][seat]
    found = ways(contract(contract_id)["requirement"], hand_counts(state, seat), star)
    return [
        {"type": "complete", "contract": contract_id, "numbers": list(numbers), "star": used}
        for numbers, used in found
    ]


def discard_moves(state: State, seat: int) -> list[Move]:
    return [{"type": "discard", "card": c} for c in sorted(state["hands"][seat], key=_card_order)]


def _card_order(card_id: int) -> tuple[int, int, int]:
    suit, number = number_card(card_id)
    return (number, suit_ids().index(suit), card_id)


def _grouped_moves(state: State, seat: int) -> dict:
    phase = state["phase"]
    return {
        "take": take_moves(state) if phase == "take" else [],
        "complete": [
            {"contract": c, "ways": complete_moves(state, seat, c)} for c in offered(state) if phase == "play"
        ],
        "end_turn": {"type": "end_turn"} if phase == "play" else None,
        "discard": discard_moves(state, seat) if phase == "discard" else [],
        "discard_down_to": HAND_MAX if phase == "discard" else None,
    }


# --- Views -------------------------------------------------------------------


def _contract_view(contract_id: str) -> dict:
    card = contract(contract_id)
    return {**card, "parts": list(card["parts"]), "needs": needs_text(card["requirement"])}


def _turn_view(turn: dict | None) -> dict | None:
    """A turn as everyone saw it: the cards taken, the contracts and numbers played, counts."""
    if turn is None:
        return None
    return {
        "seat": turn["seat"],
        "took": [{"suit": number_card(c)[0], "number": number_card(c)[1]} for c in turn["took"]],
        "completed": [
            {**done, "name": contract(done["contract"])["name"], "suit": contract(done["contract"])["suit"]}
            for done in turn["completed"]
        ],
        "drew": turn["drew"],
        "discarded": turn["discarded"],
    }


def _hand_view(state: State, seat: int | None) -> list[dict]:
    """The seat's own hand, sorted by number, then suit."""
    return [] if seat is None else [card_view(c) for c in sorted(state["hands"][seat], key=_card_order)]


def _trophies_view(state: State) -> list[dict]:
    result = []
    for tile, info in enumerate(edition()["trophies"]):
        side = state["trophies"][tile]
        counts = trophy_counts(state, tile)
        result.append(
            {
                "tile": info["tile"],
                "side": side,
                "label": trophy_label(tile, side),
                "points": info[side]["points"],
                "suit": info[side].get("suit"),
                "icon": info[side].get("icon"),
                "counts": counts,
                "leader": trophy_leader(counts),
            }
        )
    return result


def _players_view(state: State, seat: int | None, over: bool) -> list[dict]:
    scores = seat_scores(state) if over else None
    finish = places(state) if over else None
    trophies = trophy_points(state)
    return [
        {
            "seat": s,
            "hand_size": len(state["hands"][s]),
            "contracts": [_contract_view(c) for c in state["contracts"][s]],
            "contract_count": len(state["contracts"][s]),
            "contract_points": contract_points(state, s),
            "star_used": state["star_used"][s],
            "bonus": len(state["bonus"][s]) if over or s == seat else None,
            "trophy_points": trophies[s] if over else None,
            "score": scores[s] if scores else None,
            "place": finish[s] if finish else None,
        }
        for s in range(state["players"])
    ]


# --- describe() --------------------------------------------------------------


def _ordinal(n: int) -> str:
    suffix = "th" if 10 <= n % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(n % 10, "th")
    return f"{n}{suffix}"


def _describe_finish(before: State, after: State) -> str:
    """What the end of a turn did in public: no card drawn from the deck is named."""
    parts = []
    drew = after["last_turn"]["drew"] if after["last_turn"] else 0
    if drew:
        parts.append(f"{PLAYER} drew {_plural(drew, 'card')}.")
    if after["reshuffles"] > before["reshuffles"]:
        parts.append("The discard pile was shuffled into a new Number deck.")
    old_slots = before["market"] + before["contract_market"]
    slots = zip(old_slots, after["market"] + after["contract_market"], strict=True)
    if any(old is None and new is not None for old, new in slots):
        parts.append("The markets were refilled.")
    empty = sum(slot is None for slot in after["market"])
    if empty:
        parts.append(f"{_plural(empty, 'Number slot')} {'stays' if empty == 1 else 'stay'} empty.")
    if after["phase"] == "over":
        parts.append(f"The game is over: {END_TEXTS[after['end_reason']]}.")
    elif after["round"] > before["round"]:
        parts.append(f"Round {after['round']} begins.")
    return " ".join(parts)


def _describe_complete(before: State, after: State, move: Move) -> str:
    done = after["this_turn"]["completed"][-1]
    card = contract(done["contract"])
    text = (
        f"{PLAYER} completed {card['name']} ({suit_name(card['suit'])}, {_plural(card['points'], 'point')}) "
        f"with {numbers_text(done['numbers'], done['star'])}."
    )
    count = len(after["contracts"][after["turn"]])
    needed = end_contracts(after["players"])
    if count == needed:
        text += f" That is their {_ordinal(count)} contract: the game ends after this round."
    return text


# --- The engine --------------------------------------------------------------


class RomiRami(Engine):
    """Romi Rami for 2 to 4 players, as an ``Engine`` (see ``games/contract/protocol.py``)."""

    slug = "romirami"
    name = "Romi Rami"
    min_players = MIN_PLAYERS
    max_players = MAX_PLAYERS
    realtime = False
    move_keys = {
        "take": frozenset({"type", "cards"}),
        "complete": frozenset({"type", "contract", "numbers", "star"}),
        "end_turn": frozenset({"type"}),
        "discard": frozenset({"type", "card"}),
    }

    def setup(self, players: int, options: dict, rng: random.Random) -> State:
        valid = _whole(players) and MIN_PLAYERS <= players <= MAX_PLAYERS
        require(valid, f"Romi Rami is for {MIN_PLAYERS} to {MAX_PLAYERS} players.")
        sides = (options or {}).get("trophies")
        if sides is None:
            sides = [rng.choice(SIDES) for _ in edition()["trophies"]]
        valid = isinstance(sides, list) and len(sides) == len(edition()["trophies"])
        require(valid and all(s in SIDES for s in sides), "Choose a side for each of the four trophies.")
        deck = list(range(len(number_cards())))
        rng.shuffle(deck)
        contract_deck = list(contract_cards())
        rng.shuffle(contract_deck)
        hands = [[deck.pop() for _ in range(HAND_START)] for _ in range(players)]
        state: State = {
            "players": players,
            "trophies": list(sides),
            "deck": deck,
            "discard": [],
            "market": [],
            "contract_deck": contract_deck,
            "contract_market": [],
            "hands": hands,
            "bonus": [[] for _ in range(players)],
            "contracts": [[] for _ in range(players)],
            "star_used": [False] * players,
            "turn": 0,
            "round": 1,
            "phase": "take",
            "this_turn": _new_turn(0),
            "last_turn": None,
            "reshuffles": 0,
            "end_reason": None,
        }
        state["market"] = [deck.pop() for _ in range(MARKET_SLOTS)]
        state["contract_market"] = [contract_deck.pop() for _ in range(CONTRACT_SLOTS)]
        return state

    def to_act(self, state: State) -> list[int]:
        return [] if state["phase"] == "over" else [state["turn"]]

    def _seat(self, state: State, seat: object) -> int | None:
        """The seat a move is for (``None``: the system, for the seat to act), or None."""
        if state["phase"] == "over":
            return None
        if seat is None:
            return state["turn"]
        return seat if _whole(seat) and seat == state["turn"] else None  # type: ignore[return-value]

    def legal_moves(self, state: State, seat: int | None) -> list[Move]:
        acting = self._seat(state, seat)
        if acting is None:
            return []
        grouped = _grouped_moves(state, acting)
        moves = list(grouped["take"])
        for offer in grouped["complete"]:
            moves += offer["ways"]
        if grouped["end_turn"]:
            moves.append(grouped["end_turn"])
        return moves + grouped["discard"]

    def apply(self, state: State, seat: int | None, move: Move, rng: random.Random) -> State:
        handler = MOVES.get(move_type(move))
        require(handler is not None, "In Romi Rami you take, complete, discard or end your turn.")
        require(state["phase"] != "over", "The game is over.")
        require(self._seat(state, seat) is not None, "It is not your turn.")
        new = clone(state)
        handler(new, move, rng)  # type: ignore[misc]
        return new

    def view(self, state: State, seat: int | None) -> dict:
        """What ``seat`` may see; ``None`` (or a stranger) is a spectator."""
        if not (_whole(seat) and 0 <= seat < state["players"]):  # type: ignore[operator]
            seat = None
        over = state["phase"] == "over"
        acting = seat is not None and seat in self.to_act(state)
        scores = seat_scores(state) if over else None
        return {
            "game": self.slug,
            "seat": seat,
            "players": state["players"],
            "suits": [dict(s) for s in edition()["suits"]],
            "round": state["round"],
            "turn": state["turn"],
            "to_act": self.to_act(state),
            "phase": state["phase"],
            "over": over,
            "end_reason": state["end_reason"],
            "end_contracts": end_contracts(state["players"]),
            "last_round": over or _someone_has_enough(state),
            "max_rounds": MAX_ROUNDS,
            "market": [None if c is None else card_view(c) for c in state["market"]],
            "contract_market": [None if c is None else _contract_view(c) for c in state["contract_market"]],
            "contract_deck": len(state["contract_deck"]),
            "trophies": _trophies_view(state),
            "hand": _hand_view(state, seat),
            "bonus": len(state["bonus"][seat]) if seat is not None else None,
            "star_used": state["star_used"][seat] if seat is not None else None,
            "table": _players_view(state, seat, over),
            "this_turn": _turn_view(state["this_turn"]) if not over else None,
            "last_turn": _turn_view(state["last_turn"]),
            "scores": scores,
            "places": places(state) if over else None,
            "legal": _grouped_moves(state, seat) if acting else None,
        }

    def is_over(self, state: State) -> bool:
        return state["phase"] == "over"

    def scores(self, state: State) -> list[int]:
        """Contract points + trophies + Suit Bonus cards + 1 for an unused Star."""
        return seat_scores(state)

    def places(self, state: State) -> list[int]:
        return places(state)

    def leave(self, state: State, seat: int, rng: random.Random) -> State:
        """A player leaves for good. Of two, it is a resignation: the game ends and the other wins.
        Of more, the state is unchanged (a computer player takes the seat)."""
        if state["phase"] == "over" or state["players"] != 2:
            return state
        new = clone(state)
        new.update(phase="over", end_reason="resigned", resigned=seat)
        return new

    def end(self, state: State, rng: random.Random) -> State:
        """The host ends the game: scored as it stands (contracts, trophies, Suit Bonus, Stars)."""
        new = clone(state)
        new.update(phase="over", end_reason="ended")
        return new

    def default_move(self, state: State, seat: int | None) -> Move:
        """A deadline's move: the first listed take, no contract, end the turn, discard
        the lowest card (lowest number, then suit order) while over 10."""
        phase = state["phase"]
        if phase == "take":
            return take_moves(state)[0]
        if phase == "discard":
            return discard_moves(state, state["turn"])[0]
        return {"type": "end_turn"}

    def describe(self, before: State, after: State, seat: int | None, move: Move) -> str:
        """One public sentence or three; never a card drawn from the deck, nor a suit played."""
        kind = move_type(move)
        if kind == "take":
            took = after["this_turn"]["took"]
            return f"{PLAYER} took {', '.join(card_text(c) for c in took)} from the Number market."
        if kind == "complete":
            return _describe_complete(before, after, move)
        if kind == "discard":
            text = f"{PLAYER} discarded a card."
            return (
                text if after["phase"] == "discard" else f"{text} {_describe_finish(before, after)}".strip()
            )
        if after["phase"] == "discard":
            held = len(after["hands"][after["turn"]])
            return f"{PLAYER} ended the turn with {held} cards and discards down to {HAND_MAX}."
        return f"{PLAYER} ended the turn. {_describe_finish(before, after)}".strip()


ROMIRAMI = RomiRami()
