"""Building Roman Roads tables made through the real lobby, and moves posted as the page posts them."""

from __future__ import annotations

import json

from django.test import Client
from django.urls import reverse

from games.models import Game
from games.roads.tests.helpers import c, run, table


def client_for(user) -> Client:
    client = Client()
    client.force_login(user)
    return client


def lobby_table(host, others, **form) -> Game:
    """``host`` creates a table on the create form, the others take seats, the host starts it."""
    data = {"max_seats": 1 + len(others), "seat_order": "seated", "host_plays": "on", **form}
    response = client_for(host).post(reverse("new_game", args=["roads"]), data)
    assert response.status_code == 302, response.content.decode()[:500]
    game = Game.objects.get(code=response.url.rstrip("/").rsplit("/", 1)[-1])
    for user in others:
        assert client_for(user).post(reverse("join", args=[game.code])).status_code == 302
    assert client_for(host).post(reverse("start", args=[game.code])).status_code == 302
    game.refresh_from_db()
    assert game.status == Game.Status.ACTIVE
    return game


def rig(game: Game, state: dict) -> Game:
    """Lay out the table as ``state`` (a rigged deal); the seats' tokens stay as they are."""
    Game.objects.filter(pk=game.pk).update(state=state)
    game.refresh_from_db()
    return game


def post_move(client: Client, game: Game, move: dict | str, turn=None, **fields):
    """POST to the move endpoint as the page's forms do (HTMX), answering the board partial."""
    game.refresh_from_db()
    data = {"move": move if isinstance(move, str) else json.dumps(move), **fields}
    data["turn"] = turn if turn is not None else game.tokens.get(str(game.state["turn"]), "")
    return client.post(reverse("move", args=[game.code]), data, HTTP_HX_REQUEST="true")


def midturn_state() -> dict:
    """Seat 1 to draw. The top of the pile (lk 58 4) builds on the east road, mt 323 2 on the north
    one; the west road's top card (jn 623 3) may move onto the south road; nothing else fits."""
    spaces = {
        "N": [c("mt 323 1")],
        "E": [c("mk 58 3")],
        "S": [c("mk 623 2")],
        "W": run("jn", "623", 2, 3),
    }
    hands = [
        [c("jn 58 7"), c("mt 58 2"), c("lk 1013 4"), c("mk 323 6")],
        [c("mt 323 2"), c("mk 1013 8"), c("lk 323 7")],
    ]
    state = table(hands, spaces, phase="draw", turn=1)
    state["pile"].remove(c("lk 58 4"))
    state["pile"].append(c("lk 58 4"))
    return state
