"""Reading the PDFs the score pad tests make: text, page sizes, paper."""

from __future__ import annotations

import io

from pypdf import PdfReader

# PDF points (1/72 in), portrait.
A4 = (595.28, 841.89)
LETTER = (612.0, 792.0)


def pdf_reader(pdf: bytes) -> PdfReader:
    assert pdf.startswith(b"%PDF-"), "not a PDF"
    return PdfReader(io.BytesIO(pdf))


def pdf_text(pdf: bytes) -> str:
    """All pages' text, whitespace folded to single spaces."""
    text = " ".join(page.extract_text() or "" for page in pdf_reader(pdf).pages)
    return " ".join(text.split())


def page_sizes(pdf: bytes) -> list[tuple[float, float]]:
    """Each page's (short side, long side) in points."""
    sizes = []
    for page in pdf_reader(pdf).pages:
        width, height = float(page.mediabox.width), float(page.mediabox.height)
        sizes.append((round(min(width, height), 1), round(max(width, height), 1)))
    return sizes


def paper(pdf: bytes) -> str:
    short, long = page_sizes(pdf)[0]
    if abs(short - A4[0]) < 1 and abs(long - A4[1]) < 1:
        return "a4"
    if abs(short - LETTER[0]) < 1 and abs(long - LETTER[1]) < 1:
        return "letter"
    return f"{short}x{long}"


def landscape(pdf: bytes) -> bool:
    page = pdf_reader(pdf).pages[0]
    return float(page.mediabox.width) > float(page.mediabox.height)
