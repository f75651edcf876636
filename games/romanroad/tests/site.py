"""Roman Road tables made through the real lobby, moves posted as the page posts them, and piles
laid out by hand for a test."""

from __future__ import annotations

import json
from datetime import timedelta

from django.test import Client
from django.urls import reverse
from django.utils import timezone

from games.decks import cards
from games.models import Game
from games.notifications import deadlines


def client_for(user) -> Client:
    client = Client()
    client.force_login(user)
    return client


def lobby_table(host, others=(), bots: int = 0, begun: bool = True, **form) -> Game:
    """``host`` creates a table on the create form, the others take seats, the host adds
    ``bots`` computer players and starts it; unless ``begun`` is False, everyone says Ready and
    the table's clock says Begin (hand 1 in play)."""
    data = {
        "max_seats": 1 + len(others) + bots,
        "seat_order": "seated",
        "host_plays": "on",
        "target": 40,
        "bot_speed": "fast",
        **form,
    }
    host_client = client_for(host)
    response = host_client.post(reverse("new_game", args=["romanroad"]), data)
    assert response.status_code == 302, response.content.decode()[:800]
    game = Game.objects.get(code=response.url.rstrip("/").rsplit("/", 1)[-1])
    for user in others:
        assert client_for(user).post(reverse("join", args=[game.code])).status_code == 302
    for _ in range(bots):
        assert host_client.post(reverse("add_bot", args=[game.code])).status_code == 302
    assert host_client.post(reverse("start", args=[game.code])).status_code == 302
    game.refresh_from_db()
    assert game.status == Game.Status.ACTIVE
    if begun:
        begin(game, [host, *others])
    return game


def begin(game: Game, people) -> Game:
    """Each person says Ready (as their page would), then the table's clock says Begin."""
    for user in people:
        game.refresh_from_db()
        seat = game.seats.get(user=user).position
        if not game.state["ready"][seat]:
            assert post_move(client_for(user), game, {"type": "ready"}).status_code == 200
    for _ in range(3):  # the absent taken as ready, then Begin
        deadlines.run_clock(game.pk, timezone.now() + timedelta(minutes=1))
    game.refresh_from_db()
    assert game.state["phase"] == "hand", game.state["phase"]
    return game


def post_move(client: Client, game: Game, move: dict, **fields):
    """As the page posts: the move's type as JSON, the card and its place as form fields."""
    data = {"move": json.dumps(move), "turn": "", **fields}
    return client.post(reverse("move", args=[game.code]), data, HTTP_HX_REQUEST="true")


def play(client: Client, game: Game, card: str, to: str, hand: int | None = None):
    fields = {"card": card, "to": to}
    if hand is not None:
        fields["hand"] = hand
    return post_move(client, game, {"type": "move"}, **fields)


def lay_out(state: dict, seat: int, *, store=(), work=((), (), ()), pile=(), stuck=False) -> dict:
    """Give ``seat`` these piles (full card ids, top card last); the seat's other cards go to its
    Search deck, so every card is still in exactly one place."""
    deck = state["decks"][seat]
    on_foundations = {card for pile_ in state["foundations"] + state["set_aside"] for card in pile_["cards"]}
    me = {
        "store": list(store),
        "work": [list(cards_) for cards_ in work],
        "pile": list(pile),
        "stuck": stuck,
        "flips": 0,
    }
    used = set(me["store"]) | set(me["pile"]) | {c for p in me["work"] for c in p} | on_foundations
    me["search"] = [card for card in cards(deck) if card not in used]
    state["seats"][seat] = me
    return state


def foundation(state: dict, number: int, *pile: str) -> dict:
    """Put a Foundation (full card ids, bottom first) in play; take those cards from their owners."""
    taken = set(pile)
    for me in state["seats"]:
        for name in ("store", "pile", "search"):
            me[name] = [card for card in me[name] if card not in taken]
        me["work"] = [[card for card in p if card not in taken] for p in me["work"]]
    state["foundations"].append({"id": number, "suit": pile[0].split("-")[1], "cards": list(pile)})
    state["next_foundation"] = max(state["next_foundation"], number + 1)
    return state


def rig(game: Game, state: dict) -> Game:
    game.state = state
    game.save(update_fields=["state"])
    return game
