"""Who may watch a game without a seat: anyone with the code, except a daily run that day.

The daily run is Catacombs' own; an ordinary table is the toy Nim, any game.
"""

from datetime import timedelta

import pytest
from django.urls import reverse

from games.catacombs import runs
from games.catacombs.engine import card

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("toy_games")]


@pytest.fixture
def daily_run(make_user):
    return runs.start_daily(make_user("Livia")).game


@pytest.mark.parametrize(
    "url_name, extra",
    [("game", {}), ("log", {}), ("poll", {"version": 0}), ("tv", {})],
)
def test_someone_elses_daily_run_is_private_that_day(client, make_user, daily_run, url_name, extra):
    client.force_login(make_user("Nosy"))
    response = client.get(reverse(url_name, args=[daily_run.code]), extra)
    assert response.status_code == 403
    assert "private to its player until the day is over" in response.content.decode()
    # The deck never leaks through the log either.
    assert "were flipped" not in response.content.decode()


def test_anonymous_visitors_are_refused_too(client, daily_run):
    assert client.get(reverse("game", args=[daily_run.code])).status_code == 403
    response = client.get(reverse("pad_game", args=[daily_run.code]))
    assert response.status_code == 403


def test_the_player_sees_their_own_daily_run(client, daily_run):
    client.force_login(daily_run.host)
    assert client.get(reverse("game", args=[daily_run.code])).status_code == 200
    assert client.get(reverse("log", args=[daily_run.code])).status_code == 200


def test_yesterdays_daily_run_is_open_to_all(client, make_user):
    yesterday = runs.today() - timedelta(days=1)
    game = runs.start_daily(make_user("Livia"), day=yesterday).game
    client.force_login(make_user("Curious"))
    assert client.get(reverse("game", args=[game.code])).status_code == 200


def test_ordinary_tables_are_open_to_anyone_with_the_code(client, make_table):
    game, _ = make_table("nim")
    assert client.get(reverse("game", args=[game.code])).status_code == 200


@pytest.mark.parametrize("url_name", ["move", "start", "leave", "add_bot", "host_tool"])
@pytest.mark.parametrize("signed_in", [True, False])
def test_a_refused_post_shows_nothing_of_someone_elses_daily_run(
    client, make_user, daily_run, url_name, signed_in
):
    if signed_in:
        client.force_login(make_user("Nosy"))
    data = {"move": '{"type": "pass"}', "turn": daily_run.tokens["0"]}
    extra = ["end"] if url_name == "host_tool" else []
    response = client.post(reverse(url_name, args=[daily_run.code, *extra]), data)
    body = response.content.decode()
    assert response.status_code == 403 and "private to its player until the day is over" in body
    assert "were flipped" not in body
    assert not any(card(c)["book"] in body for c in daily_run.state["face_up"])
