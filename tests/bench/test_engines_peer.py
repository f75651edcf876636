"""bench_engines compares engines on one page: its peer in Django's templates draws every library
of its cases as the site's Jinja2 library does (the same elements, attributes and text; only the
white space between tags may differ)."""

from __future__ import annotations

import re

import pytest

pytestmark = pytest.mark.django_db


def same_page(html: str) -> str:
    return re.sub(r">\s+<", "><", re.sub(r"\s+", " ", html)).strip()


def test_the_peer_draws_the_same_libraries_as_the_site():
    from bench import bench_engines

    drawers, cases = bench_engines.drawers(), bench_engines.cases()
    for values in (values for found in cases.values() for values in found):
        site, peer = drawers["Jinja2"](values), drawers["Django"](values)
        assert same_page(peer) == same_page(site)
        assert "cc-slot" in site
    assert any("cc-put" in drawers["Jinja2"](values) for values in cases["a choosing phone's own library"])
