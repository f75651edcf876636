"""A task for the broker tests only (a worker loads it with ``-I``): it notes its number in a file
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
