"""The boardgame.io peer of the benchmark (bench/peer/rules.mjs) plays Roman Poker as the engine does.

Runs the peer's rules in ``node`` (no npm package needed) and replays what it did through the
engine: the same numerals and misthrows on fixed rolls, and whole seeded games ending in the same
state and scores. Skipped where ``node`` is not installed.
"""

from __future__ import annotations

import json
import random
import shutil
import subprocess
from pathlib import Path

import pytest

from games.poker.engine import POKER, dice_status, roman_values

PEER = Path(__file__).resolve().parents[3] / "bench" / "peer" / "rules.mjs"
NODE = shutil.which("node")
pytestmark = pytest.mark.skipif(
    NODE is None, reason="node is not installed (the peer benchmark's rules run in it)"
)

ROLLS = [
    (["X", "I", "V"], 3, [None] * 7),
    (["X", "X", "X", "X"], 2, [None] * 7),
    (["X", "X", "X", "X"], 0, [None] * 7),
    (["I", "I", "I", "I"], 2, [None] * 7),
    (["V", "V"], 4, [None] * 7),
    (["X", "V", "I", "I"], 2, [1, 5, 9, 12, 16, 20, None]),
    (["X", "X", "I"], 3, [None, None, 25, None, None, None, None]),
    (["I"], 5, [1, None, None, None, None, None, None]),
]
SEEDS = [1, 7, 23, 101]


def run_peer(script: str) -> object:
    program = f"import * as r from {json.dumps(PEER.as_uri())};\n{script}"
    done = subprocess.run(
        [NODE, "--input-type=module", "-e", program], capture_output=True, text=True, timeout=60, check=True
    )
    return json.loads(done.stdout)


def test_the_peer_reads_fixed_rolls_as_the_engine_does():
    peer = run_peer(
        f"const rolls = {json.dumps(ROLLS)};\n"
        "console.log(JSON.stringify(rolls.map(([f, left, column]) =>"
        " [[...r.romanValues(f)].sort((a, b) => a - b), r.diceStatus(f, left, column)])));"
    )
    ours = [[sorted(roman_values(faces)), dice_status(faces, left, column)] for faces, left, column in ROLLS]
    assert peer == ours


def test_seeded_games_of_the_peer_replay_through_the_engine_to_the_same_end():
    peer = run_peer(
        f"console.log(JSON.stringify({json.dumps(SEEDS)}.map((seed) => {{\n"
        "  const played = r.script(4, seed);\n"
        "  return {...played, scores: r.scores(played.state)};\n"
        "})));"
    )
    for played in peer:
        state = POKER.setup(4, {"physical_dice": True}, random.Random(0))
        for seat, move in played["moves"]:
            state = POKER.apply(state, seat, move, random.Random(0))
        assert state == played["state"]
        assert POKER.scores(state) == played["scores"]
        assert any(move["type"] == "card" for _, move in played["moves"])  # the cards are played too
