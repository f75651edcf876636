"""What each printed pad shows, as plain data for its template.

A layout turns a blank request, an in-person sheet or an online game's view
into *units* (one table, or one scorecard), which ``pads.py`` repeats for the
copies asked and places ``per_page`` to a page. Online games are read only
through ``engine.view(state, seat)``, so a pad shows what its viewer may see.
"""

from __future__ import annotations

from . import catacombs, poker, roads, romanroad, romirami
from .base import Layout

LAYOUTS: dict[str, Layout] = {
    layout.KIND: layout
    for layout in (catacombs, poker, romirami, romanroad, roads)  # type: ignore[misc]
}

__all__ = ["LAYOUTS", "Layout"]
