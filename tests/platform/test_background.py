"""Whether background work runs (beat's heartbeat, config.heartbeat): /healthz/ says it, and the
host of a table that waits on it (computer players, a clock, mail) reads a banner when it does not."""

from __future__ import annotations

import time

import pytest
from django.core.cache import caches

from config import heartbeat
from games.play import services

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("toy_games")]

BANNER = "Background work is not running: computer players and e-mail are waiting"


@pytest.fixture
def bot_table(make_user):
    host = make_user("Julius")
    game = services.create_game(host, "race", {}, 3, "seated")
    services.add_bot(game.pk, host)
    return host, game


def test_healthz_reports_the_background_work_running_and_then_not(client):
    body = client.get("/healthz/").content.decode()
    assert body.startswith("ok\n") and "background: running" in body
    heartbeat.beat(now=time.time() - 61)  # beat's last heartbeat over a minute ago
    response = client.get("/healthz/")
    assert response.status_code == 200  # the web process itself answers: a load balancer keeps it
    assert "background: not running (last heartbeat 61 s ago)" in response.content.decode()
    caches["shared"].clear()
    assert "background: not running (no heartbeat yet)" in client.get("/healthz/").content.decode()


def test_the_host_of_a_table_with_a_computer_player_reads_the_banner_while_background_work_is_down(
    client, bot_table, make_user
):
    host, game = bot_table
    client.force_login(host)
    assert BANNER not in client.get(game.get_absolute_url()).content.decode()
    caches["shared"].clear()
    page = client.get(game.get_absolute_url()).content.decode()
    assert BANNER in page and 'role="alert"' in page
    guest = make_user("Agrippina")
    services.join_game(game.pk, guest)
    client.force_login(guest)  # not the host: nothing they could do about it
    assert BANNER not in client.get(game.get_absolute_url()).content.decode()


def test_a_solo_run_waits_on_no_background_work(client, make_user):
    from games.catacombs import runs

    player = make_user("Paula")
    game = runs.start_solo(player)
    caches["shared"].clear()
    client.force_login(player)
    assert BANNER not in client.get(game.get_absolute_url()).content.decode()
