"""Rendering reads only the bundled files: fonts from static/, nothing from the network."""

from __future__ import annotations

from pathlib import Path

import pytest
from django.conf import settings

from scoresheets.fetcher import RefusedURL, StaticFetcher
from scoresheets.pads import blank_pad, html_to_pdf, render_html
from tests.scoresheets.pad_helpers import pdf_reader, pdf_text

STATIC = Path(settings.BASE_DIR) / "static"


def test_the_fonts_and_their_license_are_bundled():
    fonts = STATIC / "fonts"
    assert (fonts / "LICENSE").read_text().startswith("DejaVu fonts")
    assert {"DejaVuSans.ttf", "DejaVuSans-Bold.ttf"} <= {p.name for p in fonts.glob("*.ttf")}


def test_a_pad_uses_the_bundled_fonts():
    fetcher = StaticFetcher(STATIC)
    pdf = html_to_pdf(render_html(blank_pad("poker")), fetcher)
    assert "fonts/DejaVuSans.ttf" in fetcher.served
    assert "fonts/DejaVuSerif-Bold.ttf" in fetcher.served
    fonts = set()
    for page in pdf_reader(pdf).pages:
        for font in page["/Resources"]["/Font"].values():
            fonts.add(str(font.get_object()["/BaseFont"]))
    # Subset names carry the @font-face family: no glyph came from a system font.
    assert fonts and all(name.split("+")[-1].startswith("Pad-") for name in fonts), fonts


@pytest.mark.parametrize(
    "url",
    [
        "http://localhost:8000/static/css/site.css",
        "https://example.com/logo.png",
        "file:///etc/passwd",
        f"file://{STATIC}/../manage.py",
        f"file://{STATIC}/fonts/missing.ttf",
        "data:text/plain,hello",
    ],
)
def test_the_fetcher_refuses_anything_outside_static(url):
    with pytest.raises(RefusedURL):
        StaticFetcher(STATIC).fetch(url)


def test_a_page_asking_for_outside_resources_still_renders_without_them():
    fetcher = StaticFetcher(STATIC)
    html = (
        '<html><body><p>Julius 164</p><img src="http://localhost:8000/x.png">'
        '<link rel="stylesheet" href="https://example.com/x.css"></body></html>'
    )
    pdf = html_to_pdf(html, fetcher)
    assert "Julius 164" in pdf_text(pdf)
    assert fetcher.served == []


def test_names_are_printed_as_text_never_as_markup():
    fetcher = StaticFetcher(STATIC)
    names = ['<img src="http://localhost/x.png">', "<b>Gaius</b>"]
    pdf = html_to_pdf(render_html(blank_pad("roads", names=names)), fetcher)
    assert "<b>Gaius</b>" in pdf_text(pdf)
    assert all(served.startswith("fonts/") for served in fetcher.served)
