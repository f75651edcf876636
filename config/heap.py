"""What a process builds as it starts lives as long as the process: kept out of the garbage
collector's full passes.

Django, the URLconf, the templates, the game engines and the PDF renderer are some hundred
thousand objects that are never garbage. Python's full collection walks every one of them each
time it runs, some 50 ms on a web process in the middle of a board's drawing (bench/bench_flip.py).
Frozen, they are left out of the collector's passes (``gc.freeze``), which then walk only what
the process made since.
"""

from __future__ import annotations

import gc


def settle() -> None:
    """Frees what starting up left behind, then freezes the rest: call it once a process is ready."""
    gc.collect()
    gc.freeze()
