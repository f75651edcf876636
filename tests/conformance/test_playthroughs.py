"""A golden playthrough of every game (OpenSpiel's playthroughs): one seeded random game, its
moves, log lines and final scores, kept in its folder (games/<g>/tests/playthrough.txt). A change
to a game's rules, its randomness or its words shows as a diff of that file; when the change is
meant, regenerate:

    REGENERATE_PLAYTHROUGHS=1 pytest tests/conformance/test_playthroughs.py
"""

from __future__ import annotations

import difflib
import hashlib
import json
import os

import pytest

from games.contract.protocol import finishing_places
from tests.conformance.play import Game
from tests.conformance.subjects import SUBJECTS, Subject

SEED = "playthrough"
REGENERATE = os.environ.get("REGENERATE_PLAYTHROUGHS") == "1"


def text(value) -> str:
    return json.dumps(value, sort_keys=True, ensure_ascii=False)


def playthrough(subject: Subject) -> str:
    """The game's playthrough: its table, each move with its log line, and how it ended."""
    engine = subject.engine
    players, options = subject.profile.playthrough(engine)
    game = Game(subject, players, options, SEED)
    lines = [
        f"# {engine.name}: a random game of seed {SEED!r}; see tests/conformance/test_playthroughs.py",
        f"players {players}",
        f"options {text(options)}",
    ]
    state = game.start()
    for step in game.steps():
        lines.append(f"{step.number} seat {step.seat} {text(step.move)}")
        lines.append(f"  {engine.describe(step.before, step.after, step.seat, step.move)}")
        state = step.after
    lines += [
        f"scores {text(engine.scores(state))}",
        f"places {text(finishing_places(engine, state))}",
        f"state sha256 {hashlib.sha256(text(state).encode()).hexdigest()}",
    ]
    return "\n".join(lines) + "\n"


@pytest.mark.parametrize("subject", SUBJECTS, ids=str)
def test_the_playthrough_is_the_one_kept(subject: Subject) -> None:
    path = subject.playthrough
    played = playthrough(subject)
    if REGENERATE:
        path.write_text(played)
    assert path.is_file(), f"no playthrough kept for {subject.slug}: run with REGENERATE_PLAYTHROUGHS=1"
    kept = path.read_text()
    diff = difflib.unified_diff(kept.splitlines(), played.splitlines(), "kept", "played", lineterm="", n=1)
    assert played == kept, "\n".join(list(diff)[:40])
