"""bench_engines compares engines on one page: its peer in Django's templates draws every library
of its cases as the site's Jinja2 library does (the same elements, attributes and text; only the
white space between tags and how an entity is spelled may differ)."""

from __future__ import annotations

import html
import re

from bench import bench_engines


def same_page(drawn: str) -> str:
    """The page as a browser reads it: white space between tags and entity spellings aside."""
    return html.unescape(re.sub(r">\s+<", "><", re.sub(r"\s+", " ", drawn)).strip())


def test_the_peer_draws_the_same_libraries_as_the_site():
    drawers, cases = bench_engines.drawers(), bench_engines.cases()
    # A whole page's forms (a token) and a name that needs escaping, besides the bench's cases.
    page = {**cases["a choosing phone's own library"][0], "csrf_token": "t0k3n", "label": "<Anna> & 'Ben'"}
    for values in [page, *(values for found in cases.values() for values in found)]:
        site, peer = drawers["Jinja2"](values), drawers["Django"](values)
        assert same_page(peer) == same_page(site)
        assert "cc-slot" in site
    drawn = drawers["Jinja2"](page)
    assert 'name="csrfmiddlewaretoken" value="t0k3n"' in drawn and "&lt;Anna&gt;" in drawn
