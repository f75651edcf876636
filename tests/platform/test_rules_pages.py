"""Each game's rules page, rendered from its folder's rules.md, and the links to it."""

import pytest
from django.urls import reverse

from games.contract import kinds
from games.play import services
from games.web import handbook

pytestmark = pytest.mark.django_db


@pytest.mark.parametrize("slug", [kind.slug for kind in kinds.all_kinds()])
def test_every_game_has_its_rules_page(client, slug):
    kind = kinds.get(slug)
    response = client.get(reverse("rules", args=[slug]))
    body = response.content.decode()
    first_heading = handbook.doc_path(kind).read_text().splitlines()[0].lstrip("# ").strip()
    assert response.status_code == 200
    assert f"<h1>{first_heading}</h1>" in body
    assert "style=" not in body.split("<main", 1)[-1]  # the CSP would refuse it
    assert "<script>" not in body


def test_a_markdown_table_becomes_an_html_table(client):
    body = client.get(reverse("rules", args=["catacombs"])).content.decode()
    assert "<table>" in body and "<th" in body


def test_an_unknown_game_has_no_rules_page(client):
    response = client.get(reverse("rules", args=["chess"]))
    assert response.status_code == 404


def test_home_links_every_rules_page(client):
    body = client.get(reverse("home")).content.decode()
    for kind in kinds.all_kinds():
        assert reverse("rules", args=[kind.slug]) in body


def test_lobby_and_table_link_the_rules(client, make_table, make_user):
    host = make_user("Host")
    open_game = services.create_game(host, "roads", {}, 2, "seated")
    client.force_login(host)
    assert reverse("rules", args=["roads"]) in client.get(open_game.get_absolute_url()).content.decode()
    game, users = make_table("romirami")
    client.force_login(users[0])
    assert reverse("rules", args=["romirami"]) in client.get(game.get_absolute_url()).content.decode()


def test_a_link_to_another_games_rules_file_becomes_its_page(tmp_path):
    source = tmp_path / "rules.md"
    source.write_text("See [Poker](../poker/rules.md#scoring) and [elsewhere](../chess/rules.md).\n")
    html = handbook._render(source, source.stat().st_mtime)
    assert f'href="{reverse("rules", args=["poker"])}#scoring"' in html
    assert 'href="../chess/rules.md"' in html  # no such game: left as written
