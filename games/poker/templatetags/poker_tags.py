from __future__ import annotations

import json
from functools import lru_cache

from django import template
from django.template.loader import render_to_string
from django.utils.safestring import SafeString, mark_safe

from games.poker.presenter import turns

register = template.Library()

LOG_TURNS = 4
PAD_OPTIONS = ("multi_roll", "cards_anytime", "physical_dice")


@register.filter
def poker_turns(log: list[str]) -> list[list[str]]:
    """The page's latest log lines grouped by turn, latest turn first."""
    return turns(log or [], LOG_TURNS)


@register.simple_tag
def poker_pad(names: list[str], view: dict, rows: list[dict], options: dict) -> SafeString:
    """The board's score pad. Every seat sees the same pad, and a roll or a card leaves it as it
    was, so a drawing is kept per content: the next board with the same pad costs no drawing."""
    pad = {
        "names": list(names),
        "turn": view["turn"],
        "over": view["over"],
        "rows": rows,
        "cards_left": view["cards_left"],
        "totals": view["totals"],
        "places": view["places"],
        "options": {name: bool(options.get(name)) for name in PAD_OPTIONS},
    }
    return _drawn_pad(json.dumps(pad, sort_keys=True))


@lru_cache(maxsize=512)
def _drawn_pad(pad: str) -> SafeString:
    # Drawn from its JSON, so that what is drawn is only what the key holds; escaped as it is drawn.
    return mark_safe(render_to_string("poker/board_pad.html", {"pad": json.loads(pad)}).strip())  # noqa: S308
