"""``{% part %}`` as a plain ``{% include %}``: the template drawn inside the whole page's context
with the values given added, every time; ``{% table_part %}`` the table's part drawn afresh every
time. The boards' tag library (``board_parts``) is swapped for this one to draw the reference a
kept part must equal."""

from __future__ import annotations

from django import template
from django.template import Context, engines
from django.utils.safestring import SafeString

from games.web.presenter import table_part_context

register = template.Library()


@register.simple_tag(takes_context=True)
def part(context, template_name: str, /, **values) -> str:
    if template_name.endswith(".jinja"):  # Jinja2's part, drawn with the whole page's values too
        drawing = engines["jinja2"].get_template(template_name).template
        return SafeString(drawing.render({**context.flatten(), **values}))
    with context.push(**values):
        return context.template.engine.get_template(template_name).render(context)


@register.simple_tag(takes_context=True)
def table_part(context, template_name: str | None = None) -> str:
    game = context["game"]
    drawing = context.template.engine.get_template(template_name or game.game_kind.pages.table)
    return drawing.render(Context(table_part_context(game, context["seats"]), use_l10n=False))
