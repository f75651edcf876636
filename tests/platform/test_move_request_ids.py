"""A move request sent again (its answer was lost on the way back) is answered, not applied twice.

Each move the page sends carries a request id. A second arrival of one is refused (by the turn
token, the rules, or the log's one row per request) and then found among the moves made: it is
answered with the table as it is, at no cost to a first arrival."""

from __future__ import annotations

import json

import pytest
from django.db import IntegrityError, connection, transaction
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

from games.models import Move
from games.romanroad.tests.site import lobby_table

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("toy_games")]


def flip(client, game, request_id: str):
    data = {"move": json.dumps({"type": "flip"}), "hand": game.state["hand"], "request": request_id}
    return client.post(reverse("move", args=[game.code]), data, HTTP_HX_REQUEST="true")


def test_a_live_move_sent_twice_is_made_once(client, make_user):
    julius = make_user("Julius")
    game = lobby_table(julius, bots=1)
    client.force_login(julius)
    flips = Move.objects.filter(game=game, seat=0, payload__type="flip")
    first = flip(client, game, "3f0c6a52-9d1e-4b7a-9a51-0d7f2f8e4c11")
    assert first.status_code == 200
    again = flip(client, game, "3f0c6a52-9d1e-4b7a-9a51-0d7f2f8e4c11")
    assert again.status_code == 200  # answered with the table as it is
    assert flips.count() == 1
    another = flip(client, game, "8b1d0e22-5c6f-4e1a-8f0e-3a9b7c6d5e42")  # a new press is a new move
    assert another.status_code == 200
    assert flips.count() == 2


def test_a_malformed_request_id_is_no_id(client, make_user):
    julius = make_user("Julius")
    game = lobby_table(julius, bots=1)
    client.force_login(julius)
    for _ in range(2):
        assert flip(client, game, "<script>").status_code == 200
    assert Move.objects.filter(game=game, seat=0, payload__type="flip").count() == 2
    assert set(Move.objects.filter(game=game).values_list("request_id", flat=True)) == {""}


def test_every_htmx_move_gets_a_request_id_from_the_site_script():
    from pathlib import Path

    script = (Path(__file__).resolve().parents[2] / "static/js/site.js").read_text()
    assert "htmx:configRequest" in script and "parameters.request = requestId()" in script


def take(client, game, request_id: str, seat: int = 0):
    data = {
        "move": json.dumps({"type": "take"}),
        "count": "1",
        "turn": game.tokens[str(seat)],
        "request": request_id,
    }
    return client.post(reverse("move", args=[game.code]), data, HTTP_HX_REQUEST="true")


def test_a_turn_move_sent_twice_is_answered_with_the_table_and_no_refusal(client, make_table):
    game, (julius, _) = make_table("nim")
    client.force_login(julius)
    first = take(client, game, "5a1c6a52-9d1e-4b7a-9a51-0d7f2f8e4c11")
    assert first.status_code == 200
    again = take(client, game, "5a1c6a52-9d1e-4b7a-9a51-0d7f2f8e4c11")  # the same token: now stale
    assert again.status_code == 200
    assert 'role="alert"' not in again.content.decode()
    assert Move.objects.filter(game=game).count() == 1


def test_another_players_request_id_is_no_pass(client, make_table):
    game, (julius, agrippina) = make_table("nim")
    client.force_login(julius)
    assert take(client, game, "6b1c6a52-9d1e-4b7a-9a51-0d7f2f8e4c11").status_code == 200
    client.force_login(agrippina)
    game.refresh_from_db()
    assert take(client, game, "9d1c6a52-9d1e-4b7a-9a51-0d7f2f8e4c11", seat=1).status_code == 200
    game.refresh_from_db()  # Julius's turn again
    refused = take(client, game, "6b1c6a52-9d1e-4b7a-9a51-0d7f2f8e4c11", seat=1)
    assert refused.status_code == 409 and "not your turn" in refused.content.decode()


def test_a_request_id_costs_the_move_no_query(client, make_table):
    game, (julius, agrippina) = make_table("nim")
    client.force_login(julius)
    with CaptureQueriesContext(connection) as without:
        assert take(client, game, "").status_code == 200
    client.force_login(agrippina)
    game.refresh_from_db()
    with CaptureQueriesContext(connection) as with_id:
        assert take(client, game, "7c1c6a52-9d1e-4b7a-9a51-0d7f2f8e4c11", seat=1).status_code == 200
    assert len(with_id) == len(without)


@pytest.mark.parametrize("seat", [0, None])
def test_the_log_holds_one_row_per_request_for_a_seat_and_for_the_host(make_table, seat):
    """The constraint behind the row lock's check: a host's (seatless) move too, whose NULL seat the
    per-seat constraint would let through twice."""
    game, _ = make_table("nim")
    number = game.move_count + 1
    Move.objects.create(game=game, number=number, seat=seat, payload={}, request_id="req-1")
    with pytest.raises(IntegrityError), transaction.atomic():
        Move.objects.create(game=game, number=number + 1, seat=seat, payload={}, request_id="req-1")
    Move.objects.create(game=game, number=number + 1, seat=1, payload={}, request_id="req-1")  # another seat
    Move.objects.create(game=game, number=number + 2, seat=seat, payload={}, request_id="")  # no id: no limit
    Move.objects.create(game=game, number=number + 3, seat=seat, payload={}, request_id="")
