"""Every game marks its final ranking (``data-final-ranking``), which static/js/ending.js brings into
view when the game ends while its page is open; only a page of a game in play loads that script."""

from __future__ import annotations

import pytest
from django.urls import reverse

from games.contract import kinds
from games.tables import tools
from tests.platform.test_endings_pushed import signed_in

pytestmark = pytest.mark.django_db

SLUGS = sorted(kind.slug for kind in kinds.all_kinds())


@pytest.mark.parametrize("slug", SLUGS)
def test_each_game_marks_its_final_ranking(make_table, slug):
    game, (julius, _) = make_table(slug)
    client = signed_in(julius)
    in_play = client.get(reverse("game", args=[game.code])).content.decode()
    assert "data-final-ranking" not in in_play and "js/ending.js" in in_play
    tools.host_tool(game.pk, julius, "end")
    over = client.get(reverse("game", args=[game.code])).content.decode()
    assert over.count("data-final-ranking") == 1 and "js/ending.js" not in over
