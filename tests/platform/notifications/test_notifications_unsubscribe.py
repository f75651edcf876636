"""Signed unsubscribe links, the settings page, holidays and per-game mute."""

from __future__ import annotations

import time
from datetime import timedelta
from unittest import mock

import pytest
from django.core import signing
from django.urls import reverse
from django.utils import timezone

from games.models import Holiday, NotificationPrefs, Seat
from games.notifications.unsubscribe import MAX_AGE, make_token, read_token

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("toy_games")]


def url(token: str) -> str:
    return reverse("notify_unsubscribe", args=[token])


def test_token_round_trip():
    assert read_token(make_token(7)) == (7, None)
    assert read_token(make_token(7, 12)) == (7, 12)


def test_forged_token_is_refused():
    token = make_token(7)
    with pytest.raises(signing.BadSignature):
        read_token(token.replace(token.split(":")[0], make_token(8).split(":")[0]))
    forged = signing.TimestampSigner(salt="somewhere.else").sign_object({"u": 7, "g": None})
    with pytest.raises(signing.BadSignature):
        read_token(forged)


def test_expired_token_is_refused():
    old = time.time() - MAX_AGE.total_seconds() - 60
    with mock.patch("time.time", return_value=old):
        token = make_token(7)
    with pytest.raises(signing.SignatureExpired):
        read_token(token)


def test_the_link_asks_then_one_post_unsubscribes_without_sign_in(client, make_user):
    julius = make_user("Julius")
    token = make_token(julius.pk)
    response = client.get(url(token))
    assert response.status_code == 200 and b"Stop all game e-mail?" in response.content
    assert not NotificationPrefs.objects.exists()  # a link scanner's GET changes nothing
    response = client.post(url(token))  # what a mail client's one-click POST does: no CSRF token
    assert response.status_code == 200
    assert NotificationPrefs.objects.get(user=julius).mode == NotificationPrefs.Mode.NONE


def test_a_game_link_mutes_only_that_game(client, make_table):
    game, (julius, _) = make_table("nim")
    other, _ = make_table("nim", names=("Julia", "Marcus"))
    Seat.objects.filter(game=other, position=1).update(user=julius)
    client.post(url(make_token(julius.pk, game.pk)))
    assert Seat.objects.get(game=game, user=julius).muted
    assert not Seat.objects.get(game=other, user=julius).muted
    assert not NotificationPrefs.objects.filter(user=julius).exists()


def test_forged_and_expired_links_are_refused_by_the_page(client, make_user):
    julius = make_user("Julius")
    response = client.post(url(make_token(julius.pk) + "x"))
    assert response.status_code == 400 and b"not valid" in response.content
    with mock.patch("time.time", return_value=time.time() - MAX_AGE.total_seconds() - 60):
        old = make_token(julius.pk)
    response = client.post(url(old))
    assert response.status_code == 400 and b"expired" in response.content
    assert not NotificationPrefs.objects.exists()


def test_settings_page_saves_mode_and_always(client, make_user):
    julius = make_user("Julius")
    assert client.get(reverse("notify_prefs")).status_code == 302  # sign in first
    client.force_login(julius)
    assert client.get(reverse("notify_prefs")).status_code == 200
    response = client.post(reverse("notify_prefs"), {"mode": "digest", "always": "on"})
    assert response.status_code == 302
    prefs = NotificationPrefs.objects.get(user=julius)
    assert prefs.mode == "digest" and prefs.always


def test_holidays_are_added_checked_and_removed(client, make_user):
    julius = make_user("Julius")
    client.force_login(julius)
    today = timezone.now().date()
    add = reverse("notify_add_holiday")
    bad = client.post(add, {"start": today + timedelta(days=5), "end": today + timedelta(days=2)})
    assert bad.status_code == 400 and not Holiday.objects.exists()
    client.post(add, {"start": today, "end": today + timedelta(days=3)})
    holiday = Holiday.objects.get(user=julius)
    assert (holiday.start, holiday.end) == (today, today + timedelta(days=3))
    assert b"Remove" in client.get(reverse("notify_prefs")).content
    other = make_user("Marcus")
    client.force_login(other)
    client.post(reverse("notify_delete_holiday", args=[holiday.pk]))
    assert Holiday.objects.exists()  # not theirs
    client.force_login(julius)
    client.post(reverse("notify_delete_holiday", args=[holiday.pk]))
    assert not Holiday.objects.exists()


def test_mute_toggle_from_the_game_page(client, make_table):
    game, (julius, _) = make_table("nim")
    client.force_login(julius)
    toggle = reverse("notify_mute", args=[game.code])
    assert client.post(toggle, {"muted": "1"}).status_code == 302
    assert Seat.objects.get(game=game, user=julius).muted
    response = client.post(toggle, {"muted": "0"}, HTTP_HX_REQUEST="true")
    assert b"Mute e-mail for this game" in response.content
    assert not Seat.objects.get(game=game, user=julius).muted


def test_the_table_sees_a_player_on_holiday(client, make_table):
    game, (julius, agrippina) = make_table("nim")
    today = timezone.now().date()
    Holiday.objects.create(user=agrippina, start=today, end=today + timedelta(days=2))
    from django.template import Context, Template

    html = Template("{% load notify_tags %}{% deadline_note game seats %}").render(
        Context({"game": game, "seats": list(game.seats.with_away())})
    )
    assert "Agrippina is on holiday" in html


def test_holidays_add_up_to_at_most_the_cap_in_any_twelve_months(client, make_user):
    julius = make_user("Julius")
    client.force_login(julius)
    add = reverse("notify_add_holiday")
    first = timezone.now().date() + timedelta(days=1)
    for block in range(4):  # back to back: four holidays of 100 days each
        start = first + timedelta(days=100 * block)
        response = client.post(add, {"start": start, "end": start + timedelta(days=99)})
        assert response.status_code == (302 if block == 0 else 400)
    assert b"in any twelve months" in response.content
    assert Holiday.objects.filter(user=julius).count() == 1
    later = first + timedelta(days=400)  # a year on, the days are there again
    assert client.post(add, {"start": later, "end": later + timedelta(days=99)}).status_code == 302


def test_unsubscribing_a_closed_account_is_answered_as_done(client, make_user):
    from accounts import privacy

    julius = make_user("Julius")
    token = make_token(julius.pk)
    privacy.close_account(julius.pk, keep_names=False)
    response = client.post(url(token))
    assert response.status_code == 200
    assert not NotificationPrefs.objects.exists()
