"""Inviting someone to a table: the code as people type it, and the join link as a QR code.

A code is read the way a person passes it on: in any case, with spaces or
dashes ("7pv-uar", " 7PV UAR "). The QR code is drawn on the server as SVG
(segno), with no style attribute, so the strict Content-Security-Policy holds.
"""

from __future__ import annotations

import io
import re

import segno

_SEPARATORS = re.compile(r"[\s\-_.·]+")


def normalize_code(raw: str) -> str:
    """A typed or linked table code as stored: separators dropped, upper case."""
    return _SEPARATORS.sub("", raw or "").upper()


def qr_svg(url: str) -> bytes:
    """The join link as a QR code: an SVG of dark modules on a white quiet zone, scalable."""
    qr = segno.make(url, error="m", micro=False)
    out = io.BytesIO()
    # svgclass/lineclass None: no class attributes; omitsize: the page's CSS sets the size.
    qr.save(
        out,
        kind="svg",
        border=4,
        dark="#000",
        light="#fff",
        xmldecl=False,
        svgclass=None,
        lineclass=None,
        omitsize=True,
        title="QR code of the join link",
    )
    return out.getvalue()
