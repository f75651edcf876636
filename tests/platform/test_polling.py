"""Both polls (a player's board and the TV table view) cost one query while nothing changed.

The TV view needs a game with a shared screen: Catacombs has one, the toy Nim has none.
"""

import re

import pytest
from django.urls import reverse

from games.templatetags import board_parts

TOKEN = re.compile(r'name="csrfmiddlewaretoken" value="([^"]+)"')

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("toy_games")]


@pytest.mark.parametrize("url_name", ["poll", "tv_poll"])
def test_unchanged_poll_is_one_query(client, make_table, django_assert_num_queries, url_name):
    game, (anna, _) = make_table("catacombs", ("Anna", "Ben"), {"flip_mode": "auto"})
    client.force_login(anna)
    with django_assert_num_queries(1):
        response = client.get(reverse(url_name, args=[game.code]), {"version": game.version})
    assert response.status_code == 204


def test_table_poll_redraws_when_the_game_moved(client, make_table):
    game, _ = make_table("catacombs", ("Anna", "Ben"), {"flip_mode": "auto"})
    response = client.get(reverse("tv_poll", args=[game.code]), {"version": game.version - 1})
    assert response.status_code == 200 and "Turn 1" in response.content.decode()


def test_table_poll_of_a_game_without_a_shared_screen_is_404(client, make_table):
    game, _ = make_table("nim")
    response = client.get(reverse("tv_poll", args=[game.code]), {"version": 0})
    assert response.status_code == 404


def test_the_polled_board_carries_no_csrf_token_and_the_full_page_one_in_each_form(client, make_table):
    """One drawing serves every page of a viewer (the page posts its own token); a browser that
    runs no script posts the forms of the full page, which keep theirs."""
    game, (anna, _) = make_table("catacombs", ("Anna", "Ben"), {"flip_mode": "auto"})
    client.force_login(anna)
    polled = client.get(reverse("poll", args=[game.code]), {"version": -1}, HTTP_HX_REQUEST="true")
    page = client.get(reverse("game", args=[game.code]))
    assert polled.status_code == page.status_code == 200
    assert 'method="post"' in polled.content.decode()
    assert "csrfmiddlewaretoken" not in polled.content.decode()
    board = page.content.decode().split('id="board"', 1)[1]
    assert board.count('method="post"') == board.count('name="csrfmiddlewaretoken"') > 0


def test_a_kept_part_serves_every_whole_page_each_with_its_own_token(client, make_table):
    """A page's token is masked anew for every page: it goes into the kept library after the
    drawing, so two pages share one drawing and each posts its own token."""
    game, (anna, _) = make_table("catacombs", ("Anna", "Ben"), {"flip_mode": "auto"})
    client.force_login(anna)
    board_parts.forget()
    pages, kept = [], []
    for _ in range(2):
        pages.append(client.get(reverse("game", args=[game.code])).content.decode())
        kept.append(sum(1 for template, _ in board_parts._drawn if template == "catacombs/sheet.jinja"))
    tokens = [set(TOKEN.findall(page.split('class="cc-sheet', 1)[1])) for page in pages]
    assert all(len(found) == 1 for found in tokens) and tokens[0] != tokens[1]
    assert kept[0] == kept[1] > 0  # the second page drew no library again
    assert not any(board_parts.TOKEN_SLOT in page for page in pages)
