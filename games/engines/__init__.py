"""Rule engines by slug. Pure Python: nothing here imports Django."""

from __future__ import annotations

from .base import Engine, IllegalMove
from .catacombs import CATACOMBS
from .poker import POKER

ENGINES: dict[str, Engine] = {engine.slug: engine for engine in (POKER, CATACOMBS)}

__all__ = ["ENGINES", "Engine", "IllegalMove"]
