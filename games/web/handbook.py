"""Each game's rules as played here, read from its folder's ``rules.md`` and served as a page.

The Markdown is rendered on the server (markdown-it-py, CommonMark plus tables,
raw HTML escaped). Table cells aligned in the Markdown would carry a style
attribute, which the Content-Security-Policy refuses, so the alignment becomes
a class. A link to another game's rules file (``../<folder>/rules.md``) points at its page.
"""

from __future__ import annotations

import re
import sys
from functools import lru_cache
from pathlib import Path

from django.urls import reverse
from markdown_it import MarkdownIt

from games.contract import kinds

_ALIGN = re.compile(r' style="text-align:(left|right|center)"')
_MD_LINK = re.compile(r'href="\.\./([a-z0-9_]+)/rules\.md(#[^"]*)?"')


def doc_path(kind: kinds.GameKind) -> Path:
    """The game's rules file: ``rules.md`` in the folder of the module that defines its kind."""
    return Path(sys.modules[type(kind).__module__].__file__).with_name("rules.md")


def has_rules(kind: kinds.GameKind) -> bool:
    return doc_path(kind).is_file()


def rules_html(kind: kinds.GameKind) -> str:
    path = doc_path(kind)
    return _render(path, path.stat().st_mtime)


@lru_cache(maxsize=16)
def _render(path: Path, mtime: float) -> str:
    html = MarkdownIt("commonmark", {"html": False}).enable("table").render(path.read_text(encoding="utf-8"))
    html = _ALIGN.sub(r' class="align-\1"', html)
    return _MD_LINK.sub(_link_to_page, html)


def _link_to_page(match: re.Match) -> str:
    slug = match.group(1)
    if not kinds.exists(slug):
        return match.group(0)
    return f'href="{reverse("rules", args=[slug])}{match.group(2) or ""}"'
