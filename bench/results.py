"""Keeps bench/RESULTS.md: one section per benchmark, replaced when it runs again."""

from __future__ import annotations

import re
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
