"""Run every benchmark in bench/ (``make bench``), one process each, and say which failed.

Each ``bench_*.py`` writes its own section of RESULTS.md. A benchmark runs in a
process of its own so one's Django settings, database or event loop never
leaks into the next. ``python -m bench.run_all moves pads`` runs only those
whose names contain a word given.
"""

from __future__ import annotations

import subprocess
import sys
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent


def benchmarks(words: list[str]) -> list[str]:
    names = sorted(path.stem for path in HERE.glob("bench_*.py"))
    return [name for name in names if not words or any(word in name for word in words)]


def main(words: list[str]) -> int:
    failed = []
    for name in benchmarks(words):
        print(f"== {name}", flush=True)
        started = time.monotonic()
        result = subprocess.run([sys.executable, "-m", f"bench.{name}"], cwd=HERE.parent)
        outcome = "ok" if result.returncode == 0 else "FAILED"
        print(f"== {name}: {outcome} in {time.monotonic() - started:.0f} s")
        if result.returncode != 0:
            failed.append(name)
    if failed:
        print("Failed: " + ", ".join(failed))
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
