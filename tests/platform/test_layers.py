"""The layer rules of pyproject.toml hold, and a breach of each one fails ``lint-imports``."""

from __future__ import annotations

import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
LINT = Path(sys.executable).with_name("lint-imports")
PACKAGES = ("games", "accounts", "scoresheets", "groups", "config")


def lint(root: Path, *contracts: str) -> subprocess.CompletedProcess:
    only = [arg for contract in contracts for arg in ("--contract", contract)]
    return subprocess.run(
        [str(LINT), "--no-logo", "--no-cache", *only], cwd=root, capture_output=True, text=True, timeout=120
    )


@pytest.fixture
def tree(tmp_path: Path) -> Path:
    """A copy of the project's packages and its pyproject.toml, to break on purpose."""
    for package in PACKAGES:
        shutil.copytree(ROOT / package, tmp_path / package, ignore=shutil.ignore_patterns("__pycache__"))
    shutil.copy(ROOT / "pyproject.toml", tmp_path)
    return tmp_path


def test_the_project_keeps_every_contract() -> None:
    result = lint(ROOT)
    assert result.returncode == 0, result.stdout + result.stderr
    assert "0 broken" in result.stdout


@pytest.mark.parametrize(
    ("module", "line", "contract"),
    [
        ("games/poker/engine.py", "import django", "pure-rules"),
        ("games/catacombs/bot.py", "from games import models", "pure-rules"),
        ("games/contract/protocol.py", "from games.play import services", "pure-rules"),
        ("games/web/presenter.py", "from games.poker import web", "game-folders"),
        ("games/notifications/outbox.py", "import games.catacombs.engine", "game-folders"),
        ("games/poker/web.py", "from games.catacombs import tables", "game-folders"),
        ("scoresheets/views.py", "from games.poker import sheet", "game-folders"),
        ("groups/standings.py", "from games.roads import engine", "game-folders"),
        ("games/web/my_games.py", "from games.decks import core", "game-folders"),
        ("games/romanroad/web.py", "from games.live import presence", "game-folders"),
        ("games/catacombs/runs.py", "from games.play import services", "game-folders"),
    ],
)
def test_a_breach_fails_the_lint(tree: Path, module: str, line: str, contract: str) -> None:
    with (tree / module).open("a") as source:
        source.write(f"\n{line}  # noqa\n")
    result = lint(tree, contract)
    assert result.returncode != 0
    assert "1 broken" in result.stdout and line.split()[-1].split(".")[-1] in result.stdout


def test_a_new_game_folder_is_found_without_a_list(tree: Path) -> None:
    """A seventh game needs no line in pyproject.toml: its folder is found by its engine."""
    game = tree / "games" / "seventh"
    game.mkdir()
    (game / "__init__.py").write_text("")
    (game / "engine.py").write_text("from games.contract.protocol import IllegalMove\n")
    (game / "web.py").write_text("from games.tables import access  # noqa\n")
    result = lint(tree, "game-folders")
    assert "1 broken" in result.stdout
    assert "games.seventh.web -> games.tables.access" in result.stdout
