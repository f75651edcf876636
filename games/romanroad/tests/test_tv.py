"""Roman Road's shared screen: the invite before the start, then the Foundations growing into
verses and each player's Store count, the hand's scores between hands; seat None's view only."""

from __future__ import annotations

import pytest
from django.test import Client
from django.urls import reverse

from games.play import services
from games.romanroad.tests.site import client_for
from games.romanroad.tests.test_web import end_hand, race_table

pytestmark = pytest.mark.django_db


@pytest.fixture
def pair(make_user):
    return make_user("Julius"), make_user("Agrippina")


def test_before_the_start_the_screen_shows_how_to_join(pair):
    game = services.create_game(pair[0], "romanroad", {"target": 50, "bot_speed": "steady"}, 3, "seated")
    body = Client().get(reverse("tv", args=[game.code])).content.decode()
    assert reverse("join_qr", args=[game.code]) in body and 'class="join-code"' in body


def test_in_a_hand_it_shows_each_store_count_and_the_foundations_verse_so_far(pair):
    game = race_table(pair)
    response = Client().get(reverse("tv", args=[game.code]))
    body = response.content.decode()
    assert response.status_code == 200
    view = response.context["view"]
    assert view["seat"] is None and response.context["rr_you"] is None
    for seat, name in enumerate(("Julius", "Agrippina")):
        assert name in body
        assert f"<strong>{len(game.state['seats'][seat]['store'])}</strong> in the Store" in body
    assert view["foundations"][0]["reads"] in body and "needs 4" in body
    assert 'data-card="' not in body.split('id="board"', 1)[1]  # nothing to pick on a screen
    assert 'data-code="' + game.code + '"' in body  # live.js redraws it on a push


def test_in_a_hand_each_player_shows_their_running_total_and_what_the_hand_would_score(pair):
    game = race_table(pair)
    game.state["totals"] = [12, 7]
    game.save()
    body = Client().get(reverse("tv", args=[game.code])).content.decode()
    players = body[body.index('class="rr-tv-players"') :]
    assert "Total <strong>12</strong>" in players and "Total <strong>7</strong>" in players
    # Julius has put 2 cards on the Foundations and holds 2 in his Store: 2 - 2x2 is floored at 0.
    assert "2 played to the Foundations · 0 if the hand ended now" in players
    assert "this hand" not in players


def test_between_hands_it_shows_the_hands_scores(pair):
    game = end_hand(pair)
    body = client_for(pair[1]).get(reverse("tv", args=[game.code])).content.decode()
    assert "Amen! Julius emptied their Store." in body and 'class="table rr-sheet"' in body


def test_the_poll_is_204_until_the_table_moves(pair):
    game = race_table(pair)
    url = reverse("tv_poll", args=[game.code])
    assert Client().get(url, {"version": game.version}).status_code == 204
    fresh = Client().get(url, {"version": game.version - 1})
    assert fresh.status_code == 200 and 'id="board"' in fresh.content.decode()


def test_another_games_code_is_not_a_roman_road_screen(make_table):
    game, _ = make_table("poker")
    assert Client().get(reverse("tv", args=[game.code])).status_code == 404


def test_the_screens_old_address_leads_to_it(pair):
    game = race_table(pair)
    response = Client().get(f"/romanroad/{game.code}/tv/")
    assert response.status_code == 301 and response.url == reverse("tv", args=[game.code])
    poll = Client().get(f"/romanroad/{game.code}/tv/poll/", {"version": game.version})
    assert poll.status_code == 301
    assert poll.url == f"{reverse('tv_poll', args=[game.code])}?version={game.version}"
