"""Display names as others see them: no invisible or direction-changing characters, and no
name the site itself gives (its computer players, the seats of closed accounts)."""

from __future__ import annotations

import re
import unicodedata

# Control, format (bidi overrides, zero-width joiners and spaces), surrogate, private and unassigned.
_HIDDEN = {"Cc", "Cf", "Cs", "Co", "Cn"}
_RESERVED = re.compile(r"(computer\W*\d*|former\W*player)")

RESERVED_REFUSAL = "That name is one the site gives its computer players and closed accounts: choose another."


def tidy(raw: str) -> str:
    """``raw`` without hidden characters, every run of spaces (of any kind) one plain space."""
    text = unicodedata.normalize("NFC", raw)
    # str.split() splits on every kind of space: only what is left to see stays, one space apart.
    visible = "".join(char for char in text if char.isspace() or unicodedata.category(char) not in _HIDDEN)
    return " ".join(visible.split())


def is_reserved(name: str) -> bool:
    """Whether ``name`` reads as one of the site's own names, whatever its case, width or spacing."""
    return bool(_RESERVED.fullmatch(unicodedata.normalize("NFKC", name).casefold().strip()))
