"""``{% part %}`` as a plain ``{% include %}``: the template drawn inside the whole page's context
with the values given added, every time. The boards' tag library (``board_parts``) is
swapped for this one to draw the reference a kept part must equal."""

from __future__ import annotations

from django import template

register = template.Library()


@register.simple_tag(takes_context=True)
def part(context, template_name: str, /, **values) -> str:
    with context.push(**values):
        return context.template.engine.get_template(template_name).render(context)
