"""Tasks for the broker tests only (a worker loads them with ``-I``): they note their number in a file
of the worker's NOTES_DIR, so a test reads which tasks ran and how often."""

from __future__ import annotations

import os
import time
from pathlib import Path

from celery import shared_task


@shared_task(name="tests.note", ignore_result=True)
def note(number: int, seconds: float = 0.0) -> None:
    time.sleep(seconds)
    with open(Path(os.environ["NOTES_DIR"]) / "ran.txt", "a") as notes:
        notes.write(f"{number}\n")  # one short write in append mode: whole lines, even across threads


@shared_task(name="tests.hold", ignore_result=True)
def hold(number: int) -> None:
    """Runs until the test releases it (a file ``release`` in NOTES_DIR), then notes its number:
    a task that a worker killed before the release surely held."""
    release = Path(os.environ["NOTES_DIR"]) / "release"
    deadline = time.monotonic() + 120
    while not release.exists() and time.monotonic() < deadline:
        time.sleep(0.05)
    note(number)
