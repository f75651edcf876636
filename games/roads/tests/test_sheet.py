"""Building Roman Roads match tally."""

from __future__ import annotations

import pytest

from games.contract.protocol import IllegalMove
from games.roads.sheet import SHEET as ROADS
from scoresheets.scoring import replay

NAMES = ["Julius", "Agrippina", "Gaius"]


def test_games_won_are_counted_and_a_tie_counts_for_each_winner():
    entries = [{"type": "game", "winners": [0]}, {"type": "game", "winners": [2, 0]}]
    summary = ROADS.summary(replay(ROADS, NAMES, {}, entries))
    assert summary["totals"] == [2, 0, 1]
    assert summary["message"] == "Leading: Julius."


@pytest.mark.parametrize(
    ("winners", "reason"),
    [
        ([], "Tick who won"),
        ([0, 0], "each winner once"),
        ([0, 1, 2], "Not everyone can win"),
        ([7], "Tick who won"),
    ],
)
def test_impossible_results_are_refused(winners, reason):
    with pytest.raises(IllegalMove, match=reason):
        ROADS.apply(ROADS.new(NAMES, {}), {"type": "game", "winners": winners})
