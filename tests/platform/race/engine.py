"""Race to three, a realtime game only the tests know: everyone presses at once; three presses win."""

from __future__ import annotations

import random

from games.contract.protocol import Engine, IllegalMove, Move, State, clone, move_type

GOAL = 3


class Race(Engine):
    slug = "race"
    name = "Race"
    min_players = 2
    max_players = 4
    realtime = True
    move_keys = {"press": frozenset({"type"})}

    def setup(self, players: int, options: dict, rng: random.Random) -> State:
        return {"presses": [0] * players, "winner": None}

    def to_act(self, state: State) -> list[int]:
        return [] if self.is_over(state) else list(range(len(state["presses"])))

    def legal_moves(self, state: State, seat: int | None) -> list[Move]:
        return [] if self.is_over(state) or seat is None else [{"type": "press"}]

    def apply(self, state: State, seat: int | None, move: Move, rng: random.Random) -> State:
        if move_type(move) != "press" or type(seat) is not int or not 0 <= seat < len(state["presses"]):
            raise IllegalMove("Press the button.")
        if self.is_over(state):
            raise IllegalMove("Too late — the race is over.")
        after = clone(state)
        after["presses"][seat] += 1
        if after["presses"][seat] == GOAL:
            after["winner"] = seat
        return after

    def view(self, state: State, seat: int | None) -> dict:
        return state

    def describe(self, before: State, after: State, seat: int | None, move: Move) -> str:
        return "{player} pressed."

    def is_over(self, state: State) -> bool:
        return state["winner"] is not None

    def scores(self, state: State) -> list[int]:
        return [int(state["winner"] == seat) for seat in range(len(state["presses"]))]

    def default_move(self, state: State, seat: int | None) -> Move:
        return {"type": "press"}


RACE = Race()
