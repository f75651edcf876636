"""Verified e-mail: a signed link on sign-up and on a change of address, opened by its account;
until then no mail but that link goes to the address."""

from __future__ import annotations

import importlib
import re
from datetime import timedelta
from unittest import mock

import pytest
from django.apps import apps
from django.core import mail, signing
from django.urls import reverse

from accounts import verification
from accounts.models import User
from games.models import Notification
from games.notifications import mailer
from tests.platform.notifications.notify_helpers import play_turn

pytestmark = pytest.mark.django_db
PASSWORD = "a-long-Passw0rd"


def deliver_all() -> None:
    mailer.deliver(Notification.objects.filter(sent_at__isnull=True).values_list("pk", flat=True))


def link_in(message) -> str:
    return re.search(r"https?://\S+/accounts/verify/(\S+)/", message.body).group(0)


def path_of(url: str) -> str:
    return url[url.index("/accounts/") :]


def sign_up(client, email="livia@example.com"):
    data = {"display_name": "Livia", "email": email, "password": PASSWORD}
    response = client.post(reverse("signup"), data)
    assert response.status_code == 302
    return User.objects.get(email=email)


def test_sign_up_mails_one_link_and_opening_it_verifies(client):
    user = sign_up(client)
    assert not user.email_verified
    page = client.get(reverse("profile")).content.decode()
    assert "Check your inbox" in page and "livia@example.com" in page
    deliver_all()
    [message] = mail.outbox
    assert message.to == ["livia@example.com"]
    assert "List-Unsubscribe" not in message.extra_headers
    response = client.get(path_of(link_in(message)))
    assert response.status_code == 302
    user.refresh_from_db()
    assert user.email_verified
    assert "Check your inbox" not in client.get(reverse("profile")).content.decode()


def test_a_signed_out_visitor_signs_in_before_the_link_counts(client, make_user):
    user = make_user("Livia", verified=False)
    response = client.get(reverse("verify_email", args=[verification.make_token(user.pk, user.email)]))
    assert response.status_code == 302 and reverse("login") in response["Location"]
    user.refresh_from_db()
    assert not user.email_verified


def test_another_account_cannot_open_the_link(client, make_user):
    livia, marcus = make_user("Livia", verified=False), make_user("Marcus", verified=False)
    client.force_login(marcus)
    response = client.get(reverse("verify_email", args=[verification.make_token(livia.pk, livia.email)]))
    assert response.status_code == 403
    assert "sent for another account" in response.content.decode()
    livia.refresh_from_db()
    marcus.refresh_from_db()
    assert not livia.email_verified and not marcus.email_verified


def test_an_expired_link_is_refused_in_words_with_a_way_to_get_a_new_one(client, make_user):
    user = make_user("Livia", verified=False)
    token = verification.make_token(user.pk, user.email)
    client.force_login(user)
    later = verification.LINK_LIFETIME + timedelta(minutes=1)
    with mock.patch("time.time", return_value=signing.time.time() + later.total_seconds()):
        response = client.get(reverse("verify_email", args=[token]))
    assert response.status_code == 410
    body = response.content.decode()
    assert "expired" in body and reverse("send_verification") in body
    user.refresh_from_db()
    assert not user.email_verified


@pytest.mark.parametrize("token", ["nonsense", "eyJ1IjoxLCJlIjoieEB5LnoifQ:1vN:forged"])
def test_a_forged_link_is_refused_in_words(client, make_user, token):
    user = make_user("Livia", verified=False)
    client.force_login(user)
    response = client.get(reverse("verify_email", args=[token]))
    assert response.status_code == 400
    assert "not one this site sent" in response.content.decode()


def test_an_unverified_address_gets_no_turn_mail(make_user):
    from games.play import services

    anna, marcus = make_user("Anna"), make_user("Marcus", verified=False)
    game = services.create_game(anna, "poker", {}, 2, "seated")
    services.join_game(game.pk, marcus)
    services.start_game(game.pk, anna)
    game.refresh_from_db()
    play_turn(game, anna, 0)
    assert not Notification.objects.filter(user=marcus).exists()
    # A row written before (or by any other path) is closed unsent at delivery.
    note = Notification.objects.create(user=marcus, game=game, kind="turn", dedupe_key="x", context={})
    assert mailer.deliver([note.pk]) == 0
    note.refresh_from_db()
    assert note.skipped and note.last_error == "dropped: address not confirmed"
    assert mail.outbox == []


def test_a_new_address_takes_over_only_when_its_link_is_opened(client, make_user):
    user = make_user("Livia")
    client.force_login(user)
    response = client.post(reverse("change_email"), {"email": "new@example.com", "password": PASSWORD})
    assert response.status_code == 302
    user.refresh_from_db()
    assert (user.email, user.pending_email, user.email_verified) == (
        "livia@example.com",
        "new@example.com",
        True,
    )
    assert "Check your inbox" in client.get(reverse("profile")).content.decode()
    deliver_all()
    [message] = mail.outbox
    assert message.to == ["new@example.com"]
    assert client.get(path_of(link_in(message))).status_code == 302
    user.refresh_from_db()
    assert (user.email, user.pending_email, user.email_verified) == ("new@example.com", "", True)


def test_a_link_for_an_address_since_replaced_does_nothing(client, make_user):
    user = make_user("Livia", verified=False)
    old = verification.make_token(user.pk, "livia@example.com")
    first = verification.make_token(user.pk, "first@example.com")
    client.force_login(user)
    verification.ask_for(user, "first@example.com")
    verification.ask_for(user, "second@example.com")
    response = client.get(reverse("verify_email", args=[first]))
    assert response.status_code == 400 and "no longer asks for" in response.content.decode()
    user.refresh_from_db()
    assert user.email == "livia@example.com" and user.pending_email == "second@example.com"
    client.get(reverse("verify_email", args=[verification.make_token(user.pk, "second@example.com")]))
    user.refresh_from_db()
    assert user.email == "second@example.com" and user.email_verified
    assert client.get(reverse("verify_email", args=[old])).status_code == 400
    user.refresh_from_db()
    assert user.email == "second@example.com"


def test_changing_the_address_asks_for_the_password_and_a_free_address(client, make_user):
    user = make_user("Livia")
    make_user("Marcus")
    client.force_login(user)
    wrong = client.post(reverse("change_email"), {"email": "new@example.com", "password": "nope"})
    taken = client.post(reverse("change_email"), {"email": "marcus@example.com", "password": PASSWORD})
    assert wrong.status_code == taken.status_code == 400
    assert "not the password" in wrong.content.decode()
    assert "Another account uses that address" in taken.content.decode()
    user.refresh_from_db()
    assert user.pending_email == "" and not Notification.objects.exists()


def test_a_link_mailed_after_the_address_was_confirmed_is_not_sent(make_user):
    user = make_user("Livia", verified=False)
    verification.send(user)
    user.email_verified = True
    user.save()
    deliver_all()
    assert mail.outbox == []


def test_sending_the_link_again_is_limited(client, make_user, abuse_limits):
    abuse_limits.RATE_LIMITS = {**abuse_limits.RATE_LIMITS, "verify_mails": "2/h"}
    user = make_user("Livia", verified=False)
    client.force_login(user)
    answers = [client.post(reverse("send_verification")).status_code for _ in range(3)]
    assert answers == [302, 302, 429]
    assert Notification.objects.filter(user=user, kind="verify").count() == 2


def test_a_password_reset_goes_to_the_address_the_account_signed_up_with(client, make_user):
    make_user("Livia", verified=False)
    client.post(reverse("password_reset"), {"email": "livia@example.com"})
    assert [m.to for m in mail.outbox] == [["livia@example.com"]]


def test_a_password_reset_never_goes_to_an_address_not_yet_confirmed(client, make_user):
    user = make_user("Livia")
    verification.ask_for(user, "new@example.com")
    client.post(reverse("password_reset"), {"email": "new@example.com"})
    assert mail.outbox == []


def test_accounts_made_before_verification_count_as_verified(make_user):
    person, guest = make_user("Livia", verified=False), User.objects.create_guest("Guest")
    migration = importlib.import_module("accounts.migrations.0003_email_verified")
    migration.existing_addresses_verified(apps, None)
    person.refresh_from_db()
    guest.refresh_from_db()
    assert person.email_verified and not guest.email_verified


def test_the_data_export_tells_the_address_state(client, make_user):
    user = make_user("Livia")
    verification.ask_for(user, "new@example.com")
    client.force_login(user)
    account = client.get(reverse("my_data")).json()["account"]
    assert account["email_confirmed"] is True
    assert account["new_email_awaiting_confirmation"] == "new@example.com"
