"""PDFs made ready ahead of the first visitor: each game's default blank pad rendered into the
shared cache, and the renderer itself warmed in each web process as it starts."""

from __future__ import annotations

import logging
import threading
from collections.abc import Callable

from .forms import BlankPadForm, page_query
from .pads import PAPERS, blank_key, blank_pad, pad_cache, render_pdf
from .registry import pad_kinds

log = logging.getLogger(__name__)

# The games whose pad this process has rendered in its warm-up.
WARMED: set[str] = set()


def default_pads() -> list[tuple[str, dict]]:
    """(slug, what to print) of every default blank pad: the ones the page links."""
    found = []
    for kind in pad_kinds():
        for paper in PAPERS:
            form = BlankPadForm(kind.slug, page_query(kind.slug, paper))
            if not form.is_valid():  # a game's defaults must make a valid pad
                raise ValueError(f"the default {kind.slug} pad on {paper}: {form.errors.as_text()}")
            found.append((kind.slug, form.asked()))
    return found


def warm_pads() -> tuple[int, int]:
    """Renders into the cache each default blank pad not there yet: (rendered, already cached)."""
    rendered = cached = 0
    cache = pad_cache()
    for slug, asked in default_pads():
        key = blank_key(slug, asked)
        if cache.get(key) is not None:
            cached += 1
            continue
        cache.set(key, render_pdf(blank_pad(slug, **asked)), None)  # kept: the key carries the revision
        rendered += 1
    return rendered, cached


def warm_renderer() -> list[str]:
    """Renders each game's blank pad once in this process and throws the PDF away.

    A process's first PDF pays for WeasyPrint's C bindings (cffi parses each C type on first
    use), the font files and the first layout; a game's first, for its template and its fonts'
    subsets. A PDF no cache holds (a pad with names, a filled pad) is then no slower for being
    the first a visitor asks of this process."""
    for kind in pad_kinds():
        render_pdf(blank_pad(kind.slug))
        WARMED.add(kind.slug)
    return sorted(WARMED)


def warm_renderer_in_background(then: Callable[[], None] | None = None) -> threading.Thread:
    """The warm-up on a thread of its own, so the web process serves while it runs (renders
    take turns: ``pads.html_to_pdf``); a failure is logged, never raised into the server.
    ``then`` runs after it, warm or not."""

    def run() -> None:
        try:
            warm_renderer()
        except Exception:
            log.exception("warming the PDF renderer failed; the first pad will be slower")
        if then is not None:
            then()

    thread = threading.Thread(target=run, name="warm-pdf-renderer", daemon=True)
    thread.start()
    return thread
