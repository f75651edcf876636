"""The daily run is ranked: only a confirmed account plays it, once per account and day, and
nobody sees the day's cards before their own ranked attempt."""

from __future__ import annotations

import pytest
from django.test import Client
from django.urls import reverse

from accounts.models import User
from games.catacombs import runs
from games.catacombs.engine import card
from games.models import Game

pytestmark = pytest.mark.django_db


def day_cards(game: Game) -> list[str]:
    return [card(c)["book"] for c in game.state["face_up"]]


@pytest.fixture
def todays_run(make_user) -> Game:
    """Someone's daily run in progress: the day's first cards are face up."""
    return runs.start_daily(make_user("Livia")).game


def visitor(client, make_user, who: str):
    if who == "guest":
        client.force_login(User.objects.create_guest("Nosy"))
    elif who == "unverified":
        client.force_login(make_user("Nosy", verified=False))
    return client


WHO = ["anonymous", "guest", "unverified"]


@pytest.mark.parametrize("who", WHO)
def test_only_a_confirmed_account_starts_the_daily_run(client, make_user, todays_run, who):
    visitor(client, make_user, who)
    games_before, users_before = Game.objects.count(), User.objects.count()
    response = client.post(reverse("catacombs_daily_start"), {"display_name": "Nosy"})
    body = response.content.decode()
    assert response.status_code == 403
    assert "open only to signed-in players whose e-mail address is confirmed" in body
    assert "unranked, a fresh deck" in body  # the solo run offered instead
    assert (Game.objects.count(), User.objects.count()) == (games_before, users_before)
    assert not any(book in body for book in day_cards(todays_run))


@pytest.mark.parametrize("who", WHO)
def test_the_daily_page_offers_no_daily_run_to_them_and_says_why(client, make_user, who):
    visitor(client, make_user, who)
    body = client.get(reverse("catacombs_daily")).content.decode()
    assert "open only to signed-in players whose e-mail address is confirmed" in body
    assert reverse("catacombs_daily_start") not in body
    home = client.get(reverse("home")).content.decode()
    assert reverse("catacombs_daily_start") not in home and "not ranked" in home


def test_the_solo_run_offered_instead_is_not_the_days_deck(client, todays_run):
    client.post(reverse("catacombs_solo"), {"display_name": "Nosy"})
    solo = Game.objects.exclude(pk=todays_run.pk).get()
    assert "daily" not in solo.options and solo.options.get("deck_seed") != todays_run.options["deck_seed"]
    assert solo.state["face_up"] != todays_run.state["face_up"]


def test_one_ranked_attempt_per_account_whatever_the_browser(make_user):
    anna = make_user("Anna")
    phone, laptop = Client(), Client()
    phone.force_login(anna)
    laptop.force_login(anna)
    first = phone.post(reverse("catacombs_daily_start"))
    second = laptop.post(reverse("catacombs_daily_start"))
    assert first.status_code == second.status_code == 302
    assert first["Location"] == second["Location"]
    assert runs.daily_runs(runs.today()).filter(host=anna).count() == 1


def test_the_service_refuses_an_unconfirmed_account_too(make_user):
    from games.play import services

    with pytest.raises(services.MoveRejected) as refused:
        runs.start_daily(make_user("Nosy", verified=False))
    assert refused.value.status == 403 and not Game.objects.exists()


@pytest.mark.parametrize("who", ["anonymous", "guest", "unverified", "confirmed"])
@pytest.mark.parametrize(
    "url_name, extra",
    [
        ("game", {}),
        ("poll", {"version": 0}),
        ("log", {}),
        ("result", {}),
        ("pad_game", {}),
        ("tv", {}),
        ("tv_poll", {"version": 0}),
        ("join", {}),
    ],
)
def test_no_page_of_someone_elses_run_in_progress_shows_the_days_cards(
    client, make_user, todays_run, who, url_name, extra
):
    if who == "confirmed":
        client.force_login(make_user("Nosy"))
    else:
        visitor(client, make_user, who)
    # follow: an address the site has moved answers with a redirect to the new one
    response = client.get(reverse(url_name, args=[todays_run.code]), extra, follow=True)
    body = response.content.decode(errors="replace")
    assert response.status_code in (403, 404) or url_name == "join"
    assert not any(book in body for book in day_cards(todays_run))
    assert "were flipped" not in body
