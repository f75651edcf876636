"""Seat.last_seen: stamped by the page and, at most once a minute, by the poll."""

from __future__ import annotations

import time
from unittest import mock

import pytest
from django.urls import reverse

from games import presence
from games.models import Seat

pytestmark = pytest.mark.django_db


def last_seen(game, user):
    return Seat.objects.get(game=game, user=user).last_seen


def test_the_page_stamps_the_seat_and_sets_the_heartbeat_cookie(client, make_table):
    game, (julius, agrippina) = make_table()
    client.force_login(julius)
    response = client.get(reverse("game", args=[game.code]))
    assert response.status_code == 200
    assert last_seen(game, julius) is not None and last_seen(game, agrippina) is None
    cookie = response.cookies[presence.COOKIE]
    assert cookie["path"] == f"/g/{game.code}/" and cookie["httponly"]


def test_a_poll_with_nothing_new_stays_one_query_while_the_cookie_is_fresh(
    client, make_table, django_assert_num_queries
):
    game, (julius, _) = make_table()
    client.force_login(julius)
    client.get(reverse("game", args=[game.code]))
    poll = reverse("poll", args=[game.code]) + f"?version={game.version}"
    with django_assert_num_queries(1):
        assert client.get(poll).status_code == 204


def test_an_old_cookie_renews_the_stamp_once(client, make_table):
    game, (julius, _) = make_table()
    client.force_login(julius)
    with mock.patch("time.time", return_value=time.time() - 120):
        client.get(reverse("game", args=[game.code]))
    Seat.objects.filter(game=game, user=julius).update(last_seen=None)
    poll = reverse("poll", args=[game.code]) + f"?version={game.version}"
    response = client.get(poll)
    assert response.status_code == 204 and last_seen(game, julius) is not None
    assert presence.COOKIE in response.cookies


def test_a_forged_cookie_stamps_nothing(client, make_table):
    game, (julius, agrippina) = make_table()
    seat = Seat.objects.get(game=game, user=agrippina)
    client.cookies[presence.COOKIE] = f"{seat.pk}:forged:signature"
    client.get(reverse("poll", args=[game.code]) + f"?version={game.version}")
    assert last_seen(game, agrippina) is None
