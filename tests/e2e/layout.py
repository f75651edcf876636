"""What the layout E2E tests share: a table against computer players, and checks that a thing
is drawn inside the screen, that nothing scrolls sideways, and that the board was redrawn."""

from __future__ import annotations

from games import services
from games.models import Game


def table_with_computers(user, slug: str, options: dict | None = None, players: int = 2) -> Game:
    """A table of ``user`` and computer players, started (``user`` seated wherever the order says)."""
    game = services.create_game(user, slug, options or {}, players, "seated")
    for _ in range(players - 1):
        services.add_bot(game.pk, user)
    services.start_game(game.pk, user)
    return Game.objects.get(pk=game.pk)


def inside(page, locator) -> None:
    """``locator`` is drawn, wholly inside the screen as it is scrolled now."""
    box = locator.bounding_box()
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
