"""Where the suite finds the project and leaves pictures for a person to look at."""

from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
ARTIFACTS = ROOT / "test-artifacts"  # screenshots and pad pictures; ignored by git
