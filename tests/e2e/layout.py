"""What the layout E2E tests share: a table against computer players, and checks that a thing
is drawn inside the screen, that nothing scrolls sideways, and that the board was redrawn."""

from __future__ import annotations

from games.models import Game
from games.play import services


def table_with_computers(user, slug: str, options: dict | None = None, players: int = 2) -> Game:
    """A table of ``user`` and computer players, started (``user`` seated wherever the order says)."""
    game = services.create_game(user, slug, options or {}, players, "seated")
    for _ in range(players - 1):
        services.add_bot(game.pk, user)
    services.start_game(game.pk, user)
    return Game.objects.get(pk=game.pk)


def drawn_box(page, locator, tries: int = 20) -> dict | None:
    """``locator``'s box, asked again for a moment while it has none: a shared screen may be
    swapping in the same board drawn afresh (a presence push) just as it is measured."""
    for _ in range(tries):
        box = locator.bounding_box()
        if box is not None:
            return box
        page.wait_for_timeout(100)
    return None


def inside(page, locator) -> None:
    """``locator`` is drawn, wholly inside the screen as it is scrolled now."""
    box = drawn_box(page, locator)
    size = page.viewport_size
    assert box is not None, "not drawn"
    assert box["x"] >= 0 and box["y"] >= 0, box
    assert (
        box["x"] + box["width"] <= size["width"] + 0.5 and box["y"] + box["height"] <= size["height"] + 0.5
    ), f"{box} leaves the {size['width']}x{size['height']} screen"


def no_sideways_scroll(page) -> None:
    width = page.viewport_size["width"]
    assert page.evaluate("document.documentElement.scrollWidth") <= width, "the page scrolls sideways"


def wait_for_redraw(page, version: str | None) -> None:
    """Until the board shows a version other than ``version`` (the move was drawn)."""
    page.wait_for_function("v => document.querySelector('#board')?.dataset.version !== v", arg=version)


# Each word of an element's text (a run of non-spaces inside one text node) drawn on more than one
# line: the words a narrow box split ("Siste|r Ann").
SPLIT_WORDS = """element => {
  const split = [];
  const walker = document.createTreeWalker(element, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    for (const match of node.data.matchAll(/\\S+/g)) {
      const range = document.createRange();
      range.setStart(node, match.index);
      range.setEnd(node, match.index + match[0].length);
      const tops = new Set([...range.getClientRects()].filter(r => r.width > 0).map(r => Math.round(r.top)));
      if (tops.size > 1) split.push(match[0]);
    }
  }
  return split;
}"""


def words_whole(locator) -> None:
    """No word of the text of any element ``locator`` matches is split over two lines."""
    for element in locator.all():
        split = element.evaluate(SPLIT_WORDS)
        assert not split, f"split over two lines: {split} in {element.inner_text()!r}"


def text_inside(locator) -> None:
    """The text of each element ``locator`` matches is drawn inside the element (nothing spills out of
    its box)."""
    for element in locator.all():
        spills = element.evaluate("e => e.scrollWidth > e.clientWidth + 1")
        assert not spills, f"{element.inner_text()!r} is wider than its box"


def apart(first, second) -> None:
    """The boxes of two drawn things do not overlap."""
    a, b = first.bounding_box(), second.bounding_box()
    assert a is not None and b is not None, "not drawn"
    overlap_x = min(a["x"] + a["width"], b["x"] + b["width"]) - max(a["x"], b["x"])
    overlap_y = min(a["y"] + a["height"], b["y"] + b["height"]) - max(a["y"], b["y"])
    assert overlap_x <= 0.5 or overlap_y <= 0.5, f"{a} overlaps {b}"
