from __future__ import annotations

from django import template

from games.contract import kinds
from games.web import timewords

register = template.Library()


@register.simple_tag
def game_stylesheets() -> list[str]:
    """Every installed game's stylesheet: its cards also show in lists and blocks outside its page."""
    return [kind.pages.stylesheet for kind in kinds.all_kinds() if kind.pages.stylesheet]


@register.filter
def at(sequence, index):
    """``sequence[index]`` for lists and dicts; None when out of range."""
    try:
        return sequence[index]
    except (IndexError, KeyError, TypeError):
        return None


@register.filter
def ordinal_suffix(number) -> str:
    try:
        number = int(number)
    except (TypeError, ValueError):
        return ""
    if 10 <= number % 100 <= 20:
        return "th"
    return {1: "st", 2: "nd", 3: "rd"}.get(number % 10, "th")


@register.filter
def ago(moment) -> str:
    """How long ago ``moment`` was, in words (``timewords.ago``)."""
    return timewords.ago(moment)
