"""Parts of a board drawn once per process and then reused.

``{% part "roads/space.html" space=space %}`` draws the template with the values given and
nothing else (no other variable of the page reaches it), so its HTML depends on those values
alone: the same values answer the HTML drawn the first time. A card face is the same in every
game and a finished turn never changes, so most parts of a board are drawn once per process
rather than once per request. Values are plain data (what the presenter builds from a view).
"""

from __future__ import annotations

import pickle
import threading

from django import template
from django.template import Context
from django.template.loader import get_template
from django.utils.autoreload import file_changed
from django.utils.safestring import SafeString

register = template.Library()

KEPT = 20_000  # parts kept per process (a few hundred bytes to a few KB each)
_drawn: dict[tuple[str, bytes], SafeString] = {}
_lock = threading.Lock()


@register.simple_tag
def part(template: str, /, **values) -> SafeString:
    # Equal bytes are equal values (True is not 1, a list not a tuple), and pickling is several
    # times quicker than JSON; equal values pickled apart at worst draw the part again.
    key = (template, pickle.dumps(values, pickle.HIGHEST_PROTOCOL))
    html = _drawn.get(key)
    if html is None:
        # As the board draws: autoescaped, numbers as they are (the board is drawn `localize off`).
        html = get_template(template).template.render(Context(values, autoescape=True, use_l10n=False))
        with _lock:
            if len(_drawn) >= KEPT:
                _drawn.pop(next(iter(_drawn)))  # the oldest
            _drawn[key] = html
    return html


def forget(**kwargs) -> None:
    """Every part drawn is forgotten: on a template edited under the development server."""
    with _lock:
        _drawn.clear()


file_changed.connect(forget, dispatch_uid="board_parts_forget")
