"""Blank pads rendered ahead of the first visitor: each game's pad as the score-pad page
sends it untouched (no names, one copy, the variants at their defaults), on each paper."""

from __future__ import annotations

from .forms import BlankPadForm, page_query
from .pads import PAPERS, blank_key, blank_pad, pad_cache, render_pdf
from .registry import pad_kinds


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
