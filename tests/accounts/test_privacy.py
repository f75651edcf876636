"""Download my data, delete my account: from the settings page."""

from __future__ import annotations

import json

import pytest
from django.core import mail
from django.urls import reverse

from accounts.models import User
from games.models import FORMER_PLAYER, Holiday, Notification, NotificationPrefs
from games.notifications import mailer
from games.play import services
from scoresheets.models import ScoreSheet

pytestmark = pytest.mark.django_db


def test_the_settings_page_offers_both(client, make_user):
    client.force_login(make_user("Julius"))
    page = client.get(reverse("profile")).content.decode()
    assert reverse("my_data") in page and "Download my data" in page
    assert reverse("close_account") in page and "Delete my account" in page


def test_my_data_is_a_json_of_the_account_seats_sheets_and_settings(client, make_table, make_user):
    game, (julius, agrippina) = make_table()
    ScoreSheet.objects.create(kind="poker", names=["Julius", "Gaius"], owner=julius)
    ScoreSheet.objects.create(kind="poker", names=["Someone", "Else"], owner=agrippina)
    NotificationPrefs.objects.create(user=julius, mode=NotificationPrefs.Mode.DIGEST)
    Holiday.objects.create(user=julius, start="2030-01-01", end="2030-01-10")
    client.force_login(julius)
    response = client.get(reverse("my_data"))
    assert response.status_code == 200 and response["Content-Type"] == "application/json"
    assert response["Content-Disposition"].startswith("attachment;")
    data = json.loads(response.content)
    assert data["account"]["email"] == "julius@example.com" and data["account"]["display_name"] == "Julius"
    assert [seat["game"] for seat in data["seats"]] == [game.code]
    assert data["seats"][0]["name"] == "Julius" and data["hosted_games"][0]["game"] == game.code
    assert [sheet["names"] for sheet in data["score_sheets"]] == [["Julius", "Gaius"]]
    settings = data["notification_settings"]
    assert settings["mode"] == "digest"
    assert settings["holidays"] == [{"start": "2030-01-01", "end": "2030-01-10"}]
    # Only what the player could see anyway.
    assert game.seed not in response.content.decode() and "Someone" not in response.content.decode()


def test_my_data_needs_a_sign_in(client):
    response = client.get(reverse("my_data"))
    assert response.status_code == 302 and reverse("login") in response.url


def test_closing_asks_for_the_password(client, make_user):
    julius = make_user("Julius")
    client.force_login(julius)
    page = client.get(reverse("close_account")).content.decode()
    assert "Your password" in page and FORMER_PLAYER in page
    response = client.post(reverse("close_account"), {"password": "not-it"})
    assert response.status_code == 400 and "not the password" in response.content.decode()
    assert User.objects.filter(pk=julius.pk).exists()
    response = client.post(reverse("close_account"), {"password": "a-long-Passw0rd"}, follow=True)
    assert response.redirect_chain[-1][0] == reverse("home")
    assert "Your account is closed" in response.content.decode()
    assert not User.objects.filter(pk=julius.pk).exists()
    assert client.get(reverse("my_games")).status_code == 302  # signed out


def test_a_guest_closes_by_typing_the_word(client, make_user):
    host = make_user("Julius")
    game = services.create_game(host, "poker", {}, 4, "seated")
    client.post(reverse("join", args=[game.code]), {"display_name": "Agrippina"})
    guest = User.objects.get(is_guest=True)
    page = client.get(reverse("close_account")).content.decode()
    assert "to confirm" in page and "Your password" not in page
    assert client.post(reverse("close_account"), {"confirm": "yes"}).status_code == 400
    assert client.post(reverse("close_account"), {"confirm": " Delete "}).status_code == 302
    assert not User.objects.filter(pk=guest.pk).exists()
    assert list(game.seats.values_list("name", flat=True)) == ["Julius"]


def test_sheets_and_settings_go_and_no_more_mail_is_sent(client, make_table):
    game, (julius, agrippina) = make_table()
    mine = ScoreSheet.objects.create(kind="poker", names=["Julius", "Gaius"], owner=julius)
    theirs = ScoreSheet.objects.create(kind="poker", names=["Agrippina", "Gaius"], owner=agrippina)
    NotificationPrefs.objects.create(user=julius)
    Holiday.objects.create(user=julius, start="2030-01-01", end="2030-01-10")
    pending = Notification.objects.create(user=julius, game=game, kind="turn", dedupe_key="t1", context={})
    claimed = Notification.objects.create(user=julius, game=game, kind="turn", dedupe_key="t2", context={})
    other = Notification.objects.create(user=agrippina, game=game, kind="turn", dedupe_key="t3", context={})
    assert mailer.claim(claimed.pk)  # a worker took it just before the account went
    client.force_login(julius)
    client.post(reverse("close_account"), {"password": "a-long-Passw0rd"})
    assert not ScoreSheet.objects.filter(pk=mine.pk).exists()
    assert ScoreSheet.objects.filter(pk=theirs.pk).exists()
    assert not NotificationPrefs.objects.filter(user_id=julius.pk).exists()
    assert not Holiday.objects.filter(user_id=julius.pk).exists()
    assert not Notification.objects.filter(pk__in=[pending.pk, claimed.pk]).exists()
    assert Notification.objects.filter(pk=other.pk).exists()
    assert mailer.deliver([pending.pk, claimed.pk]) == 0 and mail.outbox == []
