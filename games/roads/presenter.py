"""What the Building Roman Roads page draws, computed from a seat's view (never from the state).

The eight spaces are laid out as a cross around Rome (the draw pile); each road
lists its cards bottom first, so its verse reads top to bottom. A card of the
hand, or a card of a road where a movable part begins, carries the spaces it
may go to: the page highlights those when it is picked or dragged.
"""

from __future__ import annotations

from games.decks import CARDS_PER_SUIT, card_info
from games.roads.engine import SPACE_NAMES

# The cross, read row by row; None is Rome in the middle.
GRID = ("NW", "N", "NE", "W", None, "E", "SW", "S", "SE")
ROAD_TITLES = {
    "N": "North road",
    "E": "East road",
    "S": "South road",
    "W": "West road",
    "NE": "North-east corner",
    "SE": "South-east corner",
    "SW": "South-west corner",
    "NW": "North-west corner",
}


def symbol_slug(symbol: str) -> str:
    """``"life ring"`` -> ``"life-ring"``: the id of the suit's icon in the page's SVG sprite."""
    return symbol.replace(" ", "-")


def _card(card: dict) -> dict:
    return {**card, "sym": symbol_slug(card["symbol"])}


def _hand_card(card: dict) -> dict:
    """A card of the hand: its ``face`` (the same in every game), where it may go, whether it was
    just drawn."""
    face = {key: value for key, value in card.items() if key not in ("targets", "new")}
    return {"face": _card(face), "targets": card["targets"], "new": card["new"]}


def _space(space: dict, parts: dict[tuple[str, int], list[str]]) -> dict:
    name = space["space"]
    if space["needs"] and space["needs"]["rank"] > CARDS_PER_SUIT:  # topped by an 8, not from a 1
        space = {**space, "takes": "no card: its verse ends here", "needs": None}
    cards = []
    for index, card in enumerate(space["cards"]):
        targets = parts.get((name, index), [])
        # How many cards move with it (0: it does not move), so a card drawn once stays drawn
        # while cards are laid above it.
        part = len(space["cards"]) - index if targets else 0
        cards.append({**_card(card), "index": index, "targets": targets, "part": part})
    return {
        **space,
        "title": ROAD_TITLES[name],
        "area": name.lower(),
        "cards": cards,
        "takes_short": _takes(space),
        "here": drop_label(space),
    }


def drop_label(space: dict) -> str:
    """What a space's target button says while a picked card may go there, in the rules' words:
    a main space ("Here", "Onto this road") or a corner ("Into this corner", "Onto this corner")."""
    if space["kind"] == "corner":
        return "Into this corner" if space["empty"] else "Onto this corner"
    return "Here" if space["empty"] else "Onto this road"


def _takes(space: dict) -> str:
    """What the space takes next, short enough for a phone: "3:23 #5", "a 1", "any card"."""
    needs = space["needs"]
    if needs is None:
        return "ends here" if space["cards"] else space["takes"]
    return f"{needs['reference'].removeprefix('Romans ')} #{needs['rank']}"


def _event(event: dict) -> dict:
    shown = dict(event)
    for field in ("from", "to"):
        if field in event:
            shown[f"{field}_name"] = SPACE_NAMES[event[field]]
    if event["type"] == "play":
        shown["card"] = _card(event["card"])
    elif event["type"] == "move":
        shown["cards"] = [_card(card) for card in event["cards"]]
    elif event["type"] == "complete":
        shown["cards"] = [_card(card_info(card)) for card in event["cards"]]
        shown["sym"] = symbol_slug(event["symbol"])
    return shown


def _events(events: list[dict]) -> list[dict]:
    """A turn's events for the page; forced draws in a row are one line with their count."""
    shown: list[dict] = []
    for event in events:
        last = shown[-1] if shown else None
        if event["type"] == "draw" and event["forced"] and last and last["type"] == "draw" and last["forced"]:
            last["count"] += 1
            continue
        shown.append({**_event(event), "count": 1} if event["type"] == "draw" else _event(event))
    return shown


def _split_turns(turns: list[dict], seat: int | None) -> tuple[list[dict], list[dict]]:
    """Latest first: the turns played since the viewer's own last turn (the latest one for
    someone without a seat), then the earlier ones, which the page folds away."""
    mine = next((number for number, turn in enumerate(turns) if turn["seat"] == seat), None)
    cut = max(1, mine if mine is not None else 1)
    return turns[:cut], turns[cut:]


def _verse(done: dict) -> dict:
    return {
        **done,
        "sym": symbol_slug(done["symbol"]),
        "cards": [_card(c if isinstance(c, dict) else card_info(c)) for c in done["cards"]],
        "space_name": SPACE_NAMES[done["space"]],
    }


def _step(view: dict) -> str:
    """What the viewing seat is asked to do now: "", draw, forced (draw until a card fits),
    play, or end (nothing in the hand fits)."""
    you = view["you"]
    if view["over"] or you is None or view["turn"] != you["seat"]:
        return ""
    if view["phase"] == "draw":
        return "draw"
    if you["playable"]:
        return "play"
    if you["can_draw"]:
        return "forced"
    return "end" if you["can_end"] else ""


def _grid(view: dict, parts: dict[tuple[str, int], list[str]]) -> list[dict | None]:
    """The spaces as the cross lays them out (None: Rome), with the road parts the seat may move."""
    spaces = {space["space"]: _space(space, parts) for space in view["spaces"]}
    return [spaces[name] if name else None for name in GRID]


def table_context(view: dict) -> dict:
    """The table's part: the cross as the table sees it (no part of a road to move)."""
    return {"brr_grid": _grid(view, {})}


def roads_context(view: dict) -> dict:
    you = view["you"]
    parts: dict[tuple[str, int], list[str]] = {}
    hand: list[dict] = []
    if you:
        parts = {(m["from"], m["index"]): m["to"] for m in you["movable"]}
        hand = [_hand_card(card) for card in you["hand"]]
    completed = [_verse(done) for done in view["completed"]]
    latest = view["last_completion"]
    fresh = bool(latest) and (view["over"] or latest["turn"] > view["turn_number"] - view["players"])
    turns = [{**turn, "events": _events(turn["events"])} for turn in reversed(view["last_turns"])]
    since_mine, earlier = _split_turns(turns, you["seat"] if you else None)
    step = _step(view)
    return {
        "brr_grid": _grid(view, parts),
        "brr_own_cross": bool(parts),  # the seat may move parts of the roads: its own cross
        "brr_hand": hand,
        "brr_step": step,
        "brr_nofit": step in ("play", "forced", "end"),
        "brr_movable": bool(you and you["movable"] and you["road_moves_left"]),
        "brr_now": _events(view["events"]),
        "brr_turns": since_mine,
        "brr_earlier": earlier,
        "brr_completed": list(reversed(completed)),
        "brr_latest": _verse(latest) if fresh else None,
        "brr_kept": [[_card(card) for card in hand] for hand in view["kept"] or []],
    }
