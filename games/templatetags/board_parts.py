"""Parts of a board drawn once per process and then reused.

``{% part "roads/space.html" space=space %}`` draws the template with the values given and
nothing else (no other variable of the page reaches it), so its HTML depends on those values
alone: the same values answer the HTML drawn the first time. A card face is the same in every
game and a finished turn never changes, so most parts of a board are drawn once per process
rather than once per request. Values are plain data (what the presenter builds from a view).
A part whose name ends in ``.jinja`` is drawn by Jinja2 (from ``<app>/jinja2/``): the parts drawn
most, where it is the quicker engine (bench/bench_engines.py).

``{% table_part %}`` places the table's part of a board (``Pages.table``): drawn from the table's
view (seat None) once per version of the game and its seats, then the same HTML for every viewer.
``{% table_part "<template>" %}`` places another of the game's table templates, drawn the same way.
"""

from __future__ import annotations

import hashlib
import pickle
import threading
from collections import OrderedDict

from django import template
from django.core.exceptions import ImproperlyConfigured
from django.template import Context, engines
from django.template.loader import get_template
from django.utils.autoreload import autoreload_started, file_changed
from django.utils.safestring import SafeString

from games.web.presenter import NO_TOKEN, table_part_context, table_seats

register = template.Library()

# What a process keeps, in characters of HTML: a card face is a few hundred, a Catacombs library
# some thousands, and a table of six changes its libraries every turn.
KEPT_CHARACTERS = 8_000_000
_drawn: OrderedDict[tuple[str, bytes], SafeString] = OrderedDict()
_kept = 0  # characters of HTML in _drawn
_lock = threading.Lock()
TOKEN_SLOT = "page-csrf-token-slot"  # where a kept part's forms take the page's token


def _digest(values) -> bytes:
    # Equal bytes are equal values (True is not 1, a list not a tuple), and pickling is several
    # times quicker than JSON; equal values pickled apart at worst draw the part again. The key
    # keeps a digest of them, not the values.
    return hashlib.blake2b(pickle.dumps(values, pickle.HIGHEST_PROTOCOL), digest_size=16).digest()


def _draw(template: str, values: dict) -> SafeString:
    if template.endswith(".jinja"):  # a part Jinja2 draws (``<app>/jinja2/``), autoescaped
        return SafeString(engines["jinja2"].get_template(template).template.render(values))
    # As the board draws: autoescaped, numbers as they are (the board is drawn `localize off`).
    return get_template(template).template.render(Context(values, autoescape=True, use_l10n=False))


@register.simple_tag
def part(template: str, /, **values) -> SafeString:
    # A whole page's CSRF token (masked anew for every page) goes in after the part is kept: the
    # kept drawing holds a slot for it, so it serves every page and keeps no token.
    token = values.get("csrf_token")
    token = "" if token is None or token == NO_TOKEN else str(token)
    if "csrf_token" in values:
        values["csrf_token"] = TOKEN_SLOT if token else ""
    key = (template, _digest(values))
    html = _drawn.get(key)
    if html is None:
        html = _draw(template, values)
        _keep(key, html)
    return SafeString(html.replace(TOKEN_SLOT, token)) if token else html


@register.simple_tag(takes_context=True)
def table_part(context, template: str | None = None) -> SafeString:
    """The game's ``pages.table``, or the table template named (a board whose table's parts lie
    apart on the page): either is drawn from the table's view alone."""
    game, seats = context["game"], context["seats"]
    template = template or game.game_kind.pages.table
    if template is None:
        raise ImproperlyConfigured(f"{game.game_kind.name} places a table's part but has no pages.table.")
    # A version is the state of one game, known by its code and birth (SQLite may give a deleted
    # game's id to the next); the seats' names and comings and goings are read beside it.
    key = (template, _digest((game.code, game.created_at, game.version, table_seats(seats))))
    html = _drawn.get(key)
    if html is None:
        html = _draw(template, table_part_context(game, seats))
        _keep(key, html)
    return html


def _keep(key: tuple[str, bytes], html: SafeString) -> None:
    global _kept
    with _lock:
        if key in _drawn:
            return
        while _drawn and _kept + len(html) > KEPT_CHARACTERS:
            _kept -= len(_drawn.popitem(last=False)[1])  # the oldest
        _drawn[key] = html
        _kept += len(html)


def forget(**kwargs) -> None:
    """Every part drawn is forgotten: on a template edited under the development server."""
    global _kept
    with _lock:
        _drawn.clear()
        _kept = 0


def _watch_jinja(sender, **kwargs) -> None:
    """The development server watches Django's template folders only: the Jinja2 parts' too."""
    for folder in engines["jinja2"].template_dirs:
        sender.watch_dir(folder, "**/*.jinja")


def _jinja_changed(sender, file_path, **kwargs) -> bool | None:
    if file_path.suffix != ".jinja":
        return None
    forget()
    return True  # Jinja2 reads the edited file itself (auto_reload under DEBUG): no restart


file_changed.connect(forget, dispatch_uid="board_parts_forget")
file_changed.connect(_jinja_changed, dispatch_uid="board_parts_jinja_changed")
autoreload_started.connect(_watch_jinja, dispatch_uid="board_parts_watch_jinja")
