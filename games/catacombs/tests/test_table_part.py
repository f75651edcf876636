"""The table's part of a Catacombs board (``catacombs/board_table.html``) is drawn once per version,
from the table's view, for every viewer: four viewers, one drawing. (That a seat reads in it what
a drawing for it alone would show is checked for every game in
tests/conformance/test_table_parts.py.)"""

from __future__ import annotations

import pytest
from django.urls import reverse

from games.catacombs.web import CatacombsKind
from games.play import services
from games.templatetags import board_parts

TABLE = CatacombsKind.pages.table


def table_parts_drawn() -> int:
    return sum(1 for template, _ in board_parts._drawn if template == TABLE)


def table_of(response) -> str:
    html = response.content.decode()
    start = html.index('<section class="card" aria-labelledby="cc-table-title">')
    return html[start : html.index('<ol class="log">', start)]


@pytest.mark.django_db
def test_every_viewer_gets_one_drawing_of_the_table_part_per_version(client, make_user):
    marcus, anna, ben = (make_user(name) for name in ("Marcus", "Anna", "Ben"))
    game = services.create_game(marcus, "catacombs", {"flip_mode": "auto"}, 3, "seated", False)
    for person in (anna, ben):
        services.join_game(game.pk, person)
    services.start_game(game.pk, marcus)
    game.refresh_from_db()
    board_parts.forget()

    def boards() -> list[str]:
        seen = []
        for viewer in (marcus, anna, ben, None):
            client.logout() if viewer is None else client.force_login(viewer)
            response = client.get(reverse("poll", args=[game.code]), {"version": 0}, HTTP_HX_REQUEST="true")
            assert response.status_code == 200
            seen.append(table_of(response))
        return seen

    first = boards()
    assert table_parts_drawn() == 1 and len(set(first)) == 1  # four viewers, one drawing, one HTML
    assert "Anna's library" in first[0] and "Ben's library" in first[0]

    seat = str(game.seats.get(user=anna).position)
    services.submit_move(game.pk, anna, {"type": "write", "pile": 0, "slot": 0}, game.tokens[seat])
    game.refresh_from_db()
    second = boards()
    assert table_parts_drawn() == 2 and len(set(second)) == 1  # the new version drawn once more
    assert second[0] != first[0]  # Anna has chosen: the table shows it (not what she wrote)
