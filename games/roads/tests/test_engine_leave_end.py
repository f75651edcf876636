"""The host ending a game of Building Roman Roads as it stands: the fewest cards in hand win (what
every game's ``leave`` and ``end`` keep is tests/conformance/test_leave_end.py)."""

from __future__ import annotations

import random

from games.roads.engine import ROADS as engine
from tests.conformance.play import played
from tests.conformance.subjects import subject


def test_ended_by_the_host_the_fewest_cards_in_hand_win():
    after = engine.end(played(subject("roads"), 3, moves=30), random.Random(1))
    sizes = [len(hand) for hand in after["hands"]]
    assert after["winners"] == [seat for seat, size in enumerate(sizes) if size == min(sizes)]
