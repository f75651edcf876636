"""A solo run is one person and no mail: its page offers no e-mail mute, no host tools and no
holiday line, which a table of several shows."""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.urls import reverse

from games.catacombs import runs
from games.models import Game, Holiday
from games.tables.tools import ONE_SITTING

pytestmark = pytest.mark.django_db

TABLE_ONLY = ("Mute e-mail for this game", "Host tools", "is on holiday until")


@pytest.fixture
def gaius(make_user):
    user = make_user("Gaius")
    today = runs.today()
    Holiday.objects.create(user=user, start=today, end=today + timedelta(days=3))
    return user


@pytest.mark.parametrize("start", ["solo", "daily"])
def test_a_solo_run_page_shows_no_table_controls(client, gaius, start):
    game = runs.start_solo(gaius) if start == "solo" else runs.start_daily(gaius).game
    client.force_login(gaius)
    page = client.get(game.get_absolute_url()).content.decode()
    assert "Leave game" in page  # the tools box itself is there
    for words in TABLE_ONLY:
        assert words not in page


def test_a_table_of_several_still_shows_them(client, make_table):
    game, (host, _) = make_table(names=("Marcus", "Livia"), kind="catacombs")
    client.force_login(host)
    Holiday.objects.create(user=host, start=runs.today(), end=runs.today() + timedelta(days=3))
    page = client.get(game.get_absolute_url()).content.decode()
    for words in TABLE_ONLY:
        assert words in page


@pytest.mark.parametrize("name", ["end", "pause", "computer"])
def test_a_host_tool_posted_by_hand_at_a_solo_run_is_refused(client, gaius, name):
    game = runs.start_solo(gaius)
    before = Game.objects.values_list("version", "status", "paused_at").get(pk=game.pk)
    client.force_login(gaius)
    response = client.post(reverse("host_tool", args=[game.code, name]), {"seat": 0})
    assert response.status_code == 409 and ONE_SITTING in response.content.decode()
    assert Game.objects.values_list("version", "status", "paused_at").get(pk=game.pk) == before
