"""Score pad tests keep a picture of page 1 of each pad for a person to look at."""

from __future__ import annotations

import shutil
import subprocess
from pathlib import Path

import pytest

ARTIFACTS = Path(__file__).resolve().parents[2] / "test-artifacts" / "pads"


@pytest.fixture
def keep_picture(tmp_path):
    """Rasterise page 1 of a PDF to test-artifacts/pads/<name>.png for a person to look at."""

    def keep(name: str, pdf: bytes) -> Path | None:
        if shutil.which("pdftoppm") is None:
            return None
        ARTIFACTS.mkdir(parents=True, exist_ok=True)
        source = tmp_path / f"{name}.pdf"
        source.write_bytes(pdf)
        target = ARTIFACTS / name
        subprocess.run(
            ["pdftoppm", "-png", "-r", "70", "-f", "1", "-l", "1", "-singlefile", str(source), str(target)],
            check=True,
        )
        png = target.with_suffix(".png")
        assert png.stat().st_size > 1000
        return png

    return keep
