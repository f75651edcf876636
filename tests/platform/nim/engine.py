"""Nim for two, a game only the tests know: take 1 to 3 stones; whoever takes the last stone wins.

It exists to show that a game is one folder: it reaches the platform only
through ``games.contract.protocol`` and a ``GameKind``, and no platform file names it.
"""

from __future__ import annotations

import random

from games.contract.protocol import Engine, IllegalMove, Move, State, clone, int_field, move_type, places

START = 7


class Nim(Engine):
    slug = "nim"
    name = "Nim"
    min_players = 2
    max_players = 2
    realtime = False
    move_keys = {"take": frozenset({"type", "count"})}

    def setup(self, players: int, options: dict, rng: random.Random) -> State:
        return {"heap": START + rng.randrange(3), "turn": 0, "winner": None}

    def to_act(self, state: State) -> list[int]:
        return [] if self.is_over(state) else [state["turn"]]

    def legal_moves(self, state: State, seat: int | None) -> list[Move]:
        if self.is_over(state) or seat not in (state["turn"], None):
            return []
        return [{"type": "take", "count": n} for n in range(1, min(3, state["heap"]) + 1)]

    def apply(self, state: State, seat: int | None, move: Move, rng: random.Random) -> State:
        if move_type(move) != "take":
            raise IllegalMove("Take 1 to 3 stones.")
        if self.is_over(state):
            raise IllegalMove("This game is over.")
        count = int_field(move, "count", 1, min(3, state["heap"]), "number of stones")
        after = clone(state)
        after["heap"] -= count
        after["last"] = count
        if after["heap"] == 0:
            after["winner"] = state["turn"]
        else:
            after["turn"] = 1 - state["turn"]
        return after

    def view(self, state: State, seat: int | None) -> dict:
        return {**state, "legal": self.legal_moves(state, seat) if seat is not None else []}

    def describe(self, before: State, after: State, seat: int | None, move: Move) -> str:
        return f"{{player}} took {after['last']} and left {after['heap']}."

    def is_over(self, state: State) -> bool:
        return state["winner"] is not None

    def scores(self, state: State) -> list[int]:
        return [int(state["winner"] == seat) for seat in range(2)]

    def places(self, state: State) -> list[int]:
        return places(self.scores(state))

    def default_move(self, state: State, seat: int | None) -> Move:
        return {"type": "take", "count": 1}


NIM = Nim()
