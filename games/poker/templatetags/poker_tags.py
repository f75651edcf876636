from __future__ import annotations

from django import template

from games.poker.presenter import turns

register = template.Library()

LOG_TURNS = 4


@register.filter
def poker_turns(log: list[str]) -> list[list[str]]:
    """The page's latest log lines grouped by turn, latest turn first."""
    return turns(log or [], LOG_TURNS)
