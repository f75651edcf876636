"""Presence: a seat is here while a page of it holds the socket or polls (``games.live.presence``)."""

from __future__ import annotations

import time
from datetime import timedelta
from unittest import mock

import pytest
from django.urls import reverse
from django.utils import timezone

from games.live import presence
from games.models import OpenPage, Seat

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("toy_games")]


def seat_of(game, user):
    return Seat.objects.get(game=game, user=user)


def test_the_page_makes_the_seat_here_and_sets_the_heartbeat_cookie(client, make_table):
    game, (julius, agrippina) = make_table("nim")
    client.force_login(julius)
    response = client.get(reverse("game", args=[game.code]))
    assert response.status_code == 200
    assert presence.is_here(game.pk, julius.pk) and not presence.is_here(game.pk, agrippina.pk)
    assert seat_of(game, julius).last_seen is not None and seat_of(game, agrippina).last_seen is None
    cookie = response.cookies[presence.COOKIE]
    assert cookie["path"] == f"/g/{game.code}/" and cookie["httponly"]


def test_a_poll_with_nothing_new_stays_one_query_while_the_cookie_is_fresh(
    client, make_table, django_assert_num_queries
):
    game, (julius, _) = make_table("nim")
    client.force_login(julius)
    client.get(reverse("game", args=[game.code]))
    poll = reverse("poll", args=[game.code]) + f"?version={game.version}"
    with django_assert_num_queries(1):
        assert client.get(poll).status_code == 204


def test_an_old_cookie_renews_the_page_once(client, make_table):
    game, (julius, _) = make_table("nim")
    client.force_login(julius)
    with mock.patch("time.time", return_value=time.time() - 120):
        client.get(reverse("game", args=[game.code]))
    OpenPage.objects.all().delete()
    assert not presence.is_here(game.pk, julius.pk)
    response = client.get(reverse("poll", args=[game.code]) + f"?version={game.version}")
    assert response.status_code == 204 and presence.is_here(game.pk, julius.pk)
    assert presence.COOKIE in response.cookies


def test_a_forged_cookie_stamps_nothing(client, make_table):
    game, (julius, agrippina) = make_table("nim")
    seat = seat_of(game, agrippina)
    client.cookies[presence.COOKIE] = f"{seat.pk}:forged:signature"
    client.get(reverse("poll", args=[game.code]) + f"?version={game.version}")
    assert seat_of(game, agrippina).last_seen is None and not presence.is_here(game.pk, agrippina.pk)


def test_two_tabs_keep_the_seat_here_until_the_last_closes(make_table):
    game, (julius, _) = make_table("nim")
    seat = seat_of(game, julius)
    assert presence.opened(seat.pk, "tab-1") is True
    assert presence.opened(seat.pk, "tab-2") is False  # already here
    assert presence.closed(seat.pk, "tab-1") is False
    assert presence.is_here(game.pk, julius.pk)
    assert presence.closed(seat.pk, "tab-2") is True
    assert not presence.is_here(game.pk, julius.pk)
    assert seat_of(game, julius).last_seen is not None


def test_a_page_not_heard_from_within_the_window_is_gone(make_table):
    game, (julius, _) = make_table("nim")
    seat = seat_of(game, julius)
    presence.opened(seat.pk, "tab-1")
    OpenPage.objects.update(beat_at=timezone.now() - presence.WINDOW - timedelta(seconds=1))
    assert not presence.is_here(game.pk, julius.pk)
    presence.beat(seat.pk, "tab-1")
    assert presence.is_here(game.pk, julius.pk)


def test_pages_long_gone_are_forgotten(make_table):
    game, (julius, _) = make_table("nim")
    seat = seat_of(game, julius)
    presence.opened(seat.pk, "dead-process")
    presence.opened(seat.pk, "alive")
    OpenPage.objects.filter(channel="dead-process").update(beat_at=timezone.now() - timedelta(hours=1))
    assert presence.forget_stale() == 1
    assert list(OpenPage.objects.values_list("channel", flat=True)) == ["alive"]


def test_the_board_shows_who_is_here_and_when_the_others_were_seen(client, make_table):
    game, (julius, agrippina) = make_table("race", bots=1)
    Seat.objects.filter(game=game, user=agrippina).update(last_seen=timezone.now() - timedelta(minutes=5))
    client.force_login(julius)
    page = client.get(reverse("game", args=[game.code])).content.decode()
    assert "Julius (you)" in page and "here now" in page
    assert "seen 5\xa0minutes ago" in page and "computer player" in page
    strip = client.get(reverse("here", args=[game.code]))
    assert strip.status_code == 200 and b'id="here"' in strip.content and b"here now" in strip.content


def test_a_player_seen_under_a_minute_ago_was_seen_just_now(client, make_table):
    game, (julius, agrippina) = make_table("nim")
    Seat.objects.filter(game=game, user=agrippina).update(last_seen=timezone.now() - timedelta(seconds=20))
    client.force_login(julius)
    page = client.get(reverse("game", args=[game.code])).content.decode()
    assert "Agrippina" in page and "seen just now" in page and "0\xa0minutes" not in page


def test_closing_the_last_socket_ends_the_stamp_its_page_load_and_polls_left(client, make_table):
    game, (julius, _) = make_table("nim")
    client.force_login(julius)
    client.get(reverse("game", args=[game.code]))  # the page load: a poll row
    seat = seat_of(game, julius)
    assert presence.opened(seat.pk, "socket-1") is True  # the first socket: the table is told
    assert presence.closed(seat.pk, "socket-1") is True
    assert not presence.is_here(game.pk, julius.pk)
