"""The Roman Poker board's score pad: drawn once per content and reused while it stays the same."""

from __future__ import annotations

import json

import pytest
from django.test import Client
from django.urls import reverse

from games.templatetags import board_parts

pytestmark = pytest.mark.django_db


def post_move(client, game, move):
    data = {"move": json.dumps(move), "turn": game.tokens["0"]}
    return client.post(reverse("move", args=[game.code]), data, HTTP_HX_REQUEST="true")


def pads_drawn() -> int:
    return sum(1 for template, _ in board_parts._drawn if template == "poker/board_pad.html")


def pad_of(response) -> str:
    html = response.content.decode()
    start = html.index("<h2>Score pad</h2>")
    return html[start : html.index("</section>", start)]


def test_every_seat_shares_one_drawing_of_the_pad_until_a_row_is_written(client, make_table):
    game, (julius, agrippina) = make_table(names=("Julius <b>", "Agrippina"))
    client.force_login(julius)
    other = Client()
    other.force_login(agrippina)
    board_parts.forget()

    rolled = post_move(client, game, {"type": "roll"})  # one die: always a number, so a row may take it
    assert rolled.status_code == 200
    seen = other.get(reverse("poll", args=[game.code]), {"version": 0}, HTTP_HX_REQUEST="true")
    assert pad_of(seen) == pad_of(rolled)
    assert "Julius &lt;b&gt;" in pad_of(seen)  # escaped as the template draws it
    assert pads_drawn() == 1  # the other seat's board took the same drawing

    game.refresh_from_db()
    stop = next(m for m in game.engine.legal_moves(game.state, 0) if m["type"] == "stop")
    written = post_move(client, game, stop)
    assert written.status_code == 200
    assert pads_drawn() == 2
    row = pad_of(written).split(f'<th scope="row">{stop["row"]}</th>')[1]
    assert row.startswith(f"<td>{stop['value']}</td>")
