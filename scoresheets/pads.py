"""Score pads as PDF: layout units → HTML (the pad templates) → PDF bytes (WeasyPrint).

Rendering reads only the bundled files under ``static/`` (fonts) through
``StaticFetcher``; it never makes a request back to the site or anywhere else.
"""

from __future__ import annotations

import hashlib
import json
import threading
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

import weasyprint
from django.conf import settings
from django.core.cache import BaseCache, caches
from django.template.loader import render_to_string

from .fetcher import StaticFetcher
from .layout import Layout
from .registry import pad_kind

PAPERS = {"a4": "A4", "letter": "letter"}
MAX_COPIES = 20
MAX_PAGES = 10  # a bigger pad is seconds of CPU per request: print it twice instead
CACHE_SECONDS = 60 * 60 * 24
# Part of every cache key: change it when the pads' look changes, so no old PDF is served.
REVISION = "1"
# One render at a time per process: the web process's warm-up thread (warm.py) renders beside the
# requests, and WeasyPrint's font and C-binding caches are filled as it goes.
_RENDERING = threading.Lock()


def static_dir() -> Path:
    return Path(settings.BASE_DIR) / "static"


def pad_cache() -> BaseCache:
    """Where PDFs are kept: the "pads" cache, which every process of the site shares."""
    return caches["pads"]


def cache_key(*parts: object) -> str:
    return ":".join(["pads", REVISION, *(str(part) for part in parts)])


@dataclass
class Pad:
    """What to print: a layout's units, the paper and the heading."""

    slug: str  # the game's
    units: list[dict]
    paper: str = "a4"
    copies: int = 1
    heading: str = ""

    @property
    def layout(self) -> Layout:
        return pad_kind(self.slug).pad

    @property
    def name(self) -> str:
        return pad_kind(self.slug).name


def pages(pad: Pad) -> list[dict]:
    units = pad.units * pad.copies
    size = pad.layout.PER_PAGE
    return [{"units": units[start : start + size]} for start in range(0, len(units), size)]


def render_html(pad: Pad) -> str:
    layout = pad.layout
    context = {
        "slug": pad.slug,
        "name": pad.name,
        "paper": PAPERS[pad.paper],
        "landscape": layout.LANDSCAPE,
        "heading": pad.heading,
        "pages": pages(pad),
    }
    return render_to_string(layout.TEMPLATE, context)


def html_to_pdf(html: str, fetcher: StaticFetcher | None = None) -> bytes:
    root = static_dir()
    fetcher = fetcher or StaticFetcher(root)
    document = weasyprint.HTML(string=html, base_url=str(root.resolve()) + "/", url_fetcher=fetcher)
    with _RENDERING:
        return document.write_pdf()


def render_pdf(pad: Pad) -> bytes:
    return html_to_pdf(render_html(pad))


def player_count(slug: str, names: list[str], players: int | None) -> int:
    """Columns (or scorecards) of a blank pad: as asked, else one per name, else the pad's default."""
    game = pad_kind(slug)
    return players or (max(len(names), game.engine.min_players) if names else game.pad.BLANK_PLAYERS)


def page_count(slug: str, players: int, copies: int) -> int:
    per_page = pad_kind(slug).pad.PER_PAGE
    units = players if per_page > 1 else 1
    return -(-units * copies // per_page)


def blank_pad(
    slug: str,
    *,
    paper: str = "a4",
    names: list[str] | None = None,
    players: int | None = None,
    copies: int = 1,
    options: dict | None = None,
) -> Pad:
    """A blank pad; ``names`` pre-fill the columns (or cards), ``players`` sets how many."""
    names = names or []
    units = pad_kind(slug).pad.blank(names, player_count(slug, names, players), options or {})
    return Pad(slug, units, paper=paper, copies=copies)


def blank_key(slug: str, asked: dict) -> str | None:
    """A cache key for a blank pad: the same request always prints the same pad. A pad with
    names printed on it gets none: the few variants everyone asks for are cached, not each family's."""
    if asked.get("names"):
        return None
    digest = hashlib.sha256(json.dumps(asked, sort_keys=True).encode()).hexdigest()[:32]
    return cache_key("blank", slug, digest)


def pad_etag(key: str) -> str:
    """The ETag of the PDF cached under ``key``: keys carry what was asked and the revision."""
    return '"' + hashlib.sha256(key.encode()).hexdigest()[:32] + '"'


class RenderRefused(Exception):
    """The client has had its share of PDF renders; a PDF already cached is still served."""


def cached_pdf(key: str | None, build: Callable[[], bytes], allow: Callable[[], bool] | None = None) -> bytes:
    """The PDF stored under ``key``, built once; keys carry a version, so they never go stale.

    ``key`` None: built every time and not stored (a pad nobody else will ask for). ``allow``
    is asked before a render (a cache miss), and RenderRefused raised when it says no."""
    pdf = pad_cache().get(key) if key else None
    if pdf is None:
        if allow is not None and not allow():
            raise RenderRefused
        pdf = build()
        if key:
            pad_cache().set(key, pdf, CACHE_SECONDS)
    return pdf
