"""The Roman Road engine bench plays whole games, asking to move only a seat that has a move."""

from __future__ import annotations

import pytest

from bench import bench_romanroad_engine as bench
from games.contract.protocol import awaits_table, has_move


@pytest.mark.parametrize("players", [2, 3, 4])
def test_the_bench_asks_only_seats_with_a_move_and_plays_each_game_to_its_end(players, monkeypatch):
    asked = []

    choose_mover = bench.next_mover

    def recorded(state, chooser):
        seat = choose_mover(state, chooser)
        asked.append((state, seat))
        return seat

    monkeypatch.setattr(bench, "next_mover", recorded)
    samples = {"apply": [], "legal_moves": [], "legal_size": [], "view": [], "choose": []}
    for seed in range(2):
        hands = bench.play(players, seed, samples, [], [])
        assert hands >= 1
    ready_seats_passed_over = 0
    for state, seat in asked:
        if seat is None:
            assert awaits_table(bench.R, state)
        else:
            assert has_move(bench.R, state, seat)
        ready_seats_passed_over += sum(not has_move(bench.R, state, s) for s in bench.R.to_act(state))
    assert ready_seats_passed_over > 0  # the games came to seats awaited with no move, and skipped them
