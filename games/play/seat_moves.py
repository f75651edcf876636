"""Moves the platform makes over seats: a player leaving, and the host's tools.

Each is logged as a ``Move`` like any other, so the log shows it and a replay
makes it again. Its payload holds the key ``"table"``, which no game's own move
holds (a posted move carrying it is refused):

- ``{"table": "leave", "seat": n}``: the player of seat n leaves the game (the move of seat n);
- ``{"table": "remove", "seat": n}``: the host takes seat n away from its player;
- ``{"table": "computer", "seat": n}``: the host gives seat n to a computer player;
- ``{"table": "back", "seat": n}``: the player of seat n takes it back from the computer player;
- ``{"table": "join", "seat": n}``: a latecomer sits down as seat n at a game in play (where the
  game's ``TablePolicy.latecomers``; the engine's ``join`` hook makes the seat);
- ``{"table": "pause"}``, ``{"table": "resume"}``: the host stops and restarts the table's clocks;
- ``{"table": "end"}``: the host ends the game as it stands; ``{"table": "end", "why": "left"}``:
  the table ends it so, the last of its players having left.

This module is pure: what each move does to the engine's state (through the
engine's optional ``leave`` and ``end`` hooks, see ``games.contract.protocol``) and its line
in the log. What it does to the seats (who plays them, the pause) is
``games.tables.tools``'.
"""

from __future__ import annotations

import random
from typing import Any

from games.contract.protocol import (
    Engine,
    State,
    end_early,
    finishing_places,
    name_list,
    seat_joins,
    seat_leaves,
)

KEY = "table"
LEAVE, REMOVE, COMPUTER, PAUSE, RESUME, END = "leave", "remove", "computer", "pause", "resume", "end"
JOIN, BACK = "join", "back"
SEAT_KINDS = frozenset({LEAVE, REMOVE, COMPUTER, JOIN, BACK})
EVERYONE_LEFT = "left"  # the "why" of an end the table makes when the last of its players has left
KINDS = SEAT_KINDS | {PAUSE, RESUME, END}


def is_seat_move(move: Any) -> bool:
    """A move of the platform's (it holds the ``"table"`` key), not of the game's rules."""
    return isinstance(move, dict) and KEY in move


def make(kind: str, seat: int | None = None, **more: str) -> dict:
    return ({KEY: kind} if seat is None else {KEY: kind, "seat": seat}) | more


def apply(engine: Engine, state: State, move: dict, rng: random.Random) -> State:
    """The engine's state after ``move``; the input untouched."""
    kind = move[KEY]
    if kind in (LEAVE, REMOVE):
        return seat_leaves(engine, state, move["seat"], rng)
    if kind == JOIN:
        return seat_joins(engine, state, rng)
    if kind == END:
        ended = end_early(engine, state, rng)
        return state if ended is None else ended
    return state


def ends_game(engine: Engine, after: State, move: dict) -> bool:
    """Whether the game is over after ``move`` (an engine without an ``end`` hook ends all the same)."""
    return move[KEY] == END or engine.is_over(after)


def result(engine: Engine, state: State, names: dict[int, str]) -> str:
    """ "Bob wins", "Bob and Ann share the win", from the game's own finishing places."""
    ranks = finishing_places(engine, state)
    winners = [names.get(seat, f"Seat {seat + 1}") for seat, rank in enumerate(ranks) if rank == 1]
    if not winners:
        return "it has no winner"
    return f"{winners[0]} wins" if len(winners) == 1 else f"{name_list(winners)} share the win"


def for_the_leaver(line: str, name: str, left_note: str) -> str:
    """The log's line of a player's own leave, told to them (``left_note`` in their words):
    "You left the game; your seat passes every turn from now on.", "You resigned: Ann wins."."""
    if line.startswith(f"{name} left; "):
        return f"You left the game; {left_note}."
    if line.startswith(f"{name} resigned"):
        return "You resigned" + line[len(f"{name} resigned") :]
    return line


def describe(
    engine: Engine,
    before: State,
    after: State,
    move: dict,
    names: dict[int, str],
    left_note: str,
    join_note: str = "they play from the next turn on",
) -> str:
    """The move's public line in the log. ``left_note``: what becomes of a seat whose player left,
    in the game's words ("a computer player plays their seat"); ``join_note``: when a latecomer
    starts playing."""
    kind = move[KEY]
    name = names.get(move.get("seat"), "?") if kind in SEAT_KINDS else ""
    finished = engine.is_over(after) and not engine.is_over(before)
    if kind in (LEAVE, REMOVE):
        who = f"{name} resigned" if kind == LEAVE else f"The host removed {name}"
        if finished:
            return f"{who}: {result(engine, after, names)}."
        return f"{name} left; {left_note}." if kind == LEAVE else f"{who}; {left_note}."
    if kind == JOIN:
        return f"{name} sat down; {join_note}."
    if kind == COMPUTER:
        return f"The host gave {name}'s seat to a computer player."
    if kind == BACK:
        return f"{name} took their seat back from the computer player."
    if kind == PAUSE:
        return "The host paused the game."
    if kind == RESUME:
        return "The host resumed the game."
    everyone_left = move.get("why") == EVERYONE_LEFT
    who = "Nobody plays any more, so the game ends" if everyone_left else "The host ended the game"
    if finished:
        return f"{who} as it stands: {result(engine, after, names)}."
    return f"{who}; it has no winner."
