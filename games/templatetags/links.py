"""``{% link "poll" game.code %}``: ``{% url %}`` for the links a board draws at every move, reversed
once per process (``config.links.kept_reverse``)."""

from __future__ import annotations

from django import template

from config.links import kept_reverse

register = template.Library()


@register.simple_tag
def link(name: str, *args) -> str:
    return kept_reverse(name, *args)
