from __future__ import annotations

from django import template

from games.catacombs.presenter import game_info

register = template.Library()


@register.simple_tag
def catacombs_info(game) -> dict:
    """Flip mode, time left and the end screen of a Catacombs game (see ``game_info``)."""
    return game_info(game)


@register.filter
def names_of(seats: list[int], names: list[str]) -> str:
    """Seat numbers as the players' names, joined for a sentence."""
    chosen = [names[s] if 0 <= s < len(names) else f"Seat {s + 1}" for s in seats]
    if len(chosen) <= 1:
        return "".join(chosen)
    return ", ".join(chosen[:-1]) + " and " + chosen[-1]


@register.filter
def turn_length(seconds: int) -> str:
    """A timed turn's length in the unit it was given in: "2 days", "90 minutes"."""
    for unit, size in (("day", 86400), ("hour", 3600), ("minute", 60)):
        if seconds >= size and seconds % size == 0:
            count = seconds // size
            return f"{count} {unit}{'s' if count != 1 else ''}"
    return f"{seconds} seconds"


@register.filter
def word_length_class(text: str) -> str:
    """``words-short``, ``words-mid`` or ``words-long`` by the name's longest word, so the CSS can set a
    long name smaller instead of splitting a word ("Thessalonians" is 13 letters, "Habakkuk" 8)."""
    longest = max((len(word) for word in str(text).split()), default=0)
    return "words-long" if longest >= 11 else "words-mid" if longest >= 8 else "words-short"
