"""The host flips on past a seat still choosing (a phone gone to sleep): the seats still choosing
pass this turn, the turn resolves and the next cards come, in one move of the log that replays."""

from __future__ import annotations

import pytest

from games.catacombs.tests.test_tables import called_table, post_move  # noqa: F401 — a fixture
from games.models import Move
from games.play import services
from games.play.replay import replay

pytestmark = pytest.mark.django_db

FLIP_ON = {"type": "flip_on"}


def flipped_and_anna_wrote(game, host, anna):
    services.submit_move(game.pk, host, {"type": "flip"}, game.tokens["host"], as_host=True)
    game.refresh_from_db()
    services.submit_move(game.pk, anna, {"type": "write", "pile": 0, "slot": 0}, game.tokens["0"])
    game.refresh_from_db()


@pytest.mark.parametrize("mode", ["host", "auto", "timed"])
def test_the_host_flips_on_and_the_seats_still_choosing_pass(client, called_table, mode):  # noqa: F811
    options = {"turn_seconds": 3600} if mode == "timed" else {}
    game, host, (anna, ben, cleo) = called_table(mode, options)
    if mode == "host":
        flipped_and_anna_wrote(game, host, anna)
    else:
        services.submit_move(game.pk, anna, {"type": "write", "pile": 0, "slot": 0}, game.tokens["0"])
        game.refresh_from_db()
    client.force_login(host)
    page = client.get(game.get_absolute_url()).content.decode()
    assert "Flip anyway" in page and "Ben and Cleo pass this turn." in page
    response = post_move(client, game, FLIP_ON, game.tokens["host"], **{"as": "host"})
    assert response.status_code == 200, response.content.decode()
    game.refresh_from_db()
    assert game.state["turn"] == 2 and game.state["phase"] == "write"
    # Anna's write counted (a card id may be 0: a written slot is one that is not None)
    assert any(slot is not None for row in game.state["sheets"][0] for slot in row)
    line = Move.objects.filter(game=game).order_by("-number").values_list("summary", flat=True).first()
    assert line.startswith("Ben and Cleo pass: the host flipped on. Turn 1 resolved. The cards were flipped:")
    assert replay(game) == game.state


def test_one_seat_still_choosing_passes_by_name(client, called_table):  # noqa: F811
    game, host, (anna, ben, cleo) = called_table()
    flipped_and_anna_wrote(game, host, anna)
    services.submit_move(game.pk, cleo, {"type": "pass"}, game.tokens["2"])
    game.refresh_from_db()
    services.submit_move(game.pk, host, FLIP_ON, game.tokens["host"], as_host=True)
    line = Move.objects.filter(game=game).order_by("-number").values_list("summary", flat=True).first()
    assert line.startswith("Ben passes: the host flipped on.")


def test_only_the_host_flips_on(client, called_table):  # noqa: F811
    game, host, (anna, ben, cleo) = called_table()
    flipped_and_anna_wrote(game, host, anna)
    client.force_login(ben)
    assert "Flip anyway" not in client.get(game.get_absolute_url()).content.decode()
    response = post_move(client, game, FLIP_ON, game.tokens["host"], **{"as": "host"})
    assert response.status_code == 403
    response = post_move(client, game, FLIP_ON, game.tokens["1"])
    assert response.status_code in (400, 409) and "Only the host" in response.content.decode()
    game.refresh_from_db()
    assert game.state["turn"] == 1 and game.state["choices"][1] is None


def test_a_stale_flip_on_after_the_turn_moved_on_is_refused(client, called_table):  # noqa: F811
    game, host, (anna, ben, cleo) = called_table()
    flipped_and_anna_wrote(game, host, anna)
    token = game.tokens["host"]
    services.submit_move(game.pk, host, FLIP_ON, token, as_host=True)
    game.refresh_from_db()
    client.force_login(host)
    response = post_move(client, game, FLIP_ON, token, **{"as": "host"})  # sent twice
    assert response.status_code == 409
    game.refresh_from_db()
    assert game.state["turn"] == 2
