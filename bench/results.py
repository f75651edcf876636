"""Keeps bench/RESULTS.md: one section per benchmark, replaced when it runs again; and what every
benchmark reports with its numbers (the machine, percentiles)."""

from __future__ import annotations

import os
import platform
import re
import subprocess
from datetime import UTC, datetime
from pathlib import Path

RESULTS = Path(__file__).with_name("RESULTS.md")
HEADER = (
    "# Benchmark results\n\n"
    "Each section is written by the benchmark named in it (`python -m bench.<name>`).\n"
)


def write_section(title: str, lines: list[str]) -> None:
    text = RESULTS.read_text() if RESULTS.exists() else HEADER
    body = f"## {title}\n\n" + "\n".join(lines).rstrip() + "\n"
    pattern = re.compile(rf"^## {re.escape(title)}\n.*?(?=^## |\Z)", re.S | re.M)
    if pattern.search(text):
        text = pattern.sub(lambda _: body + "\n", text)
    else:
        text = text.rstrip() + "\n\n" + body
    RESULTS.write_text(text.rstrip() + "\n")


def publish(title: str, lines: list[str], *, stamped: bool = False, record: bool = True) -> None:
    """Print a benchmark's lines, then write them as its section of RESULTS.md unless
    ``BENCH_RECORD=0`` is set or ``record`` is false. ``stamped`` heads the written section (not the
    printed lines) with when the run was and on what machine."""
    print("\n".join(lines))
    if not record or os.environ.get("BENCH_RECORD", "1") == "0":
        return
    stamp = [f"Run {datetime.now(UTC):%Y-%m-%d %H:%M UTC} on {machine()}.", ""] if stamped else []
    write_section(title, [*stamp, *lines])


def percentile(values: list[float], share: float) -> float:
    """The nearest-rank percentile: the smallest value at least ``share`` of the values reach."""
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, max(0, round(share * len(ordered)) - 1))]


def machine() -> str:
    """The kernel, the processor, how many CPUs and which Python, for a section's first line."""
    uname = subprocess.run(["uname", "-srm"], capture_output=True, text=True).stdout.strip()
    model = platform.processor() or "unknown CPU"
    for line in Path("/proc/cpuinfo").read_text().splitlines():
        if line.startswith("model name"):
            model = line.split(":", 1)[1].strip()
            break
    return f"{uname}; {model}; {os.cpu_count()} CPUs; Python {platform.python_version()}"
