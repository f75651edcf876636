"""Keeps the processes `make run` starts running: one that exits is started again, with a line in
the log saying so; Ctrl-C (or SIGTERM) stops them all within a few seconds.

Each program runs in a process group of its own, so the terminal's Ctrl-C reaches only this
supervisor, which then stops every program itself: SIGTERM, and SIGKILL for whatever of a group
is still running STOP_SECONDS later (a worker in warm shutdown does not hold the terminal; the
tasks it held are queued again when it next starts, config.broker).
"""

from __future__ import annotations

import contextlib
import os
import signal
import subprocess
import sys
import threading
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field

STOP_SECONDS = 2.5  # from Ctrl-C until SIGKILL for what still runs: all gone well within five seconds
QUICK_EXIT_SECONDS = 10.0  # a program that exits sooner than this after starting is restarted more slowly
MAX_DELAY_SECONDS = 30.0


def say(line: str) -> None:
    print(f"[supervisor {time.strftime('%H:%M:%S')}] {line}", file=sys.stderr, flush=True)


@dataclass
class Program:
    name: str
    command: Sequence[str]
    env: dict[str, str] | None = None
    cwd: str | None = None
    process: subprocess.Popen | None = field(default=None, repr=False)
    started: float = 0.0
    delay: float = 1.0  # before the next restart; doubles while the program keeps exiting quickly
    due: float | None = None  # when the program is to be started again

    def start(self) -> None:
        self.process = subprocess.Popen(self.command, env=self.env, cwd=self.cwd, start_new_session=True)
        self.started = time.monotonic()
        self.due = None

    def signal(self, number: int) -> None:
        if self.process is not None and self.process.poll() is None:
            with contextlib.suppress(ProcessLookupError):
                os.killpg(self.process.pid, number)

    def kill_group(self) -> None:
        """SIGKILL whatever of the program's group is left (the group outlives a leader that exited)."""
        if self.process is not None:
            with contextlib.suppress(ProcessLookupError):
                os.killpg(self.process.pid, signal.SIGKILL)


class Supervisor:
    def __init__(self, programs: list[Program], log: Callable[[str], None] = say) -> None:
        self.programs = programs
        self.log = log
        self.stopping = threading.Event()

    def stop(self, *_args) -> None:
        self.stopping.set()

    def run(self) -> None:
        """Start every program and keep them running until ``stop`` (SIGINT or SIGTERM)."""
        for number in (signal.SIGINT, signal.SIGTERM):
            signal.signal(number, self.stop)
        for program in self.programs:
            program.start()
            self.log(f"started {program.name} (pid {program.process.pid})")
        try:
            while not self.stopping.wait(0.2):
                self._tend(time.monotonic())
        finally:
            self.shutdown()

    def _tend(self, now: float) -> None:
        for program in self.programs:
            if program.due is not None:
                if now >= program.due:
                    program.kill_group()  # nothing of the last run may hold its port or files
                    program.start()
                    self.log(f"started {program.name} again (pid {program.process.pid})")
                continue
            code = program.process.poll()
            if code is None:
                continue
            quick = now - program.started < QUICK_EXIT_SECONDS
            program.delay = min(program.delay * 2, MAX_DELAY_SECONDS) if quick else 1.0
            program.due = now + program.delay
            how = f"was killed by signal {-code}" if code < 0 else f"exited with code {code}"
            self.log(f"{program.name} {how}; starting it again in {program.delay:.0f} s")

    def shutdown(self) -> None:
        self.log("stopping everything")
        for program in self.programs:
            program.signal(signal.SIGTERM)
        deadline = time.monotonic() + STOP_SECONDS
        for program in self.programs:
            if program.process is None:
                continue
            with contextlib.suppress(subprocess.TimeoutExpired):
                program.process.wait(max(0.0, deadline - time.monotonic()))
        for program in self.programs:
            if program.process is not None and program.process.poll() is None:
                self.log(f"{program.name} did not stop in {STOP_SECONDS:.1f} s: killed")
            program.kill_group()
            if program.process is not None:
                with contextlib.suppress(subprocess.TimeoutExpired):
                    program.process.wait(1)
        self.log("stopped")
