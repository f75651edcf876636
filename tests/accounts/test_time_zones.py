"""Local time: the browser's zone, remembered on the account, shown on pages and in e-mails;
the daily run's turnover, one moment for everyone, read in two zones."""

from datetime import UTC, datetime
from zoneinfo import ZoneInfo

import pytest
from django.urls import reverse
from django.utils import timezone

from accounts import timezones
from games.catacombs import runs
from games.models import Notification
from games.notifications import mailer

pytestmark = pytest.mark.django_db

TOKYO, LOS_ANGELES = "Asia/Tokyo", "America/Los_Angeles"


def test_the_browsers_zone_is_kept_on_the_account_and_in_a_cookie(client, make_user):
    user = make_user("Julius")
    client.force_login(user)
    response = client.post(reverse("time_zone"), {"zone": TOKYO})
    assert response.status_code == 204 and response.cookies[timezones.COOKIE].value == TOKYO
    user.refresh_from_db()
    assert user.time_zone == TOKYO
    assert f'data-tz="{TOKYO}"' in client.get(reverse("home")).content.decode()


def test_a_visitors_zone_lives_in_the_cookie_and_a_later_account_adopts_it(client, make_user):
    client.post(reverse("time_zone"), {"zone": LOS_ANGELES})
    assert f'data-tz="{LOS_ANGELES}"' in client.get(reverse("home")).content.decode()
    user = make_user("Agrippina")
    credentials = {"username": "agrippina@example.com", "password": "a-long-Passw0rd"}
    signed_in = client.post(reverse("login"), credentials)
    assert signed_in.status_code == 302
    user.refresh_from_db()
    assert user.time_zone == LOS_ANGELES


@pytest.mark.parametrize("zone", ["Mars/Olympus", "", "x" * 100, "UTC; DROP"])
def test_an_unknown_zone_is_refused_in_words(client, make_user, zone):
    user = make_user("Julius")
    client.force_login(user)
    response = client.post(reverse("time_zone"), {"zone": zone})
    assert response.status_code == 400 and "not a time zone" in response.content.decode()
    user.refresh_from_db()
    assert user.time_zone == ""


def test_the_zone_is_only_ever_posted(client):
    assert client.get(reverse("time_zone")).status_code == 405


@pytest.mark.parametrize("zone", [TOKYO, LOS_ANGELES])
def test_the_daily_turnover_is_shown_in_the_viewers_zone(client, zone):
    client.cookies[timezones.COOKIE] = zone
    body = client.get(reverse("catacombs_daily")).content.decode()
    local = runs.next_turnover().astimezone(ZoneInfo(zone))  # 09:00 JST; 16:00 PST (17:00 PDT)
    assert local.hour == (9 if zone == TOKYO else 24 - 8 + (1 if local.dst() else 0))
    assert f"at midnight UTC: for you, at {local:%H:%M} {local.tzname()}" in body


@pytest.mark.parametrize("zone", [TOKYO, LOS_ANGELES])
def test_the_daily_boundary_is_one_moment_whatever_the_zone(monkeypatch, zone):
    """At 23:59 UTC it is already tomorrow in Tokyo and still afternoon in Los Angeles: both
    play the same day's run, and both get the next one at 00:00 UTC."""
    before = datetime(2026, 11, 23, 23, 59, tzinfo=UTC)
    after = datetime(2026, 11, 24, 0, 0, tzinfo=UTC)
    with timezone.override(ZoneInfo(zone)):
        monkeypatch.setattr(timezone, "now", lambda: before)
        assert runs.today().isoformat() == "2026-11-23"
        assert runs.next_turnover() == after
        monkeypatch.setattr(timezone, "now", lambda: after)
        assert runs.today().isoformat() == "2026-11-24"
        local = timezone.localtime(runs.next_turnover())
        assert local.utcoffset() == ZoneInfo(zone).utcoffset(datetime(2026, 11, 25))
        assert (local.hour, local.minute) == ((9, 0) if zone == TOKYO else (16, 0))


@pytest.mark.parametrize(("zone", "shown"), [(TOKYO, "1 May, 16:00 JST"), (LOS_ANGELES, "1 May, 00:00 PDT")])
def test_an_email_shows_times_in_the_readers_zone(make_user, settings, zone, shown):
    settings.EMAIL_BACKEND = "django.core.mail.backends.locmem.EmailBackend"
    reader = make_user("Agrippina")
    reader.time_zone = zone
    reader.save()
    since = datetime(2026, 5, 1, 7, 0, tzinfo=UTC).isoformat()
    games = [{"game_code": "AAAAAA", "game_name": "Roman Poker", "since": since, "deadline": None}]
    note = Notification.objects.create(
        user=reader, kind="digest", context={"games": games}, dedupe_key=f"digest-{zone}"
    )
    message = mailer.render(note)
    assert f"waiting since {shown}" in message.body
    assert timezone.get_current_timezone_name() == "UTC"  # the reader's zone was only borrowed
