"""Hidden information: nobody ever receives a Search deck's cards or their order, their own included.

For each seat, someone without a seat and a signed-out visitor, every response they can get —
the page, the poll, what their page's socket is pushed, the shared screen and its poll, their
own move answers (those that land and those refused), the log, their games list, the PDF pads
and their e-mails — is searched for the id of every card lying in any Search deck, and for the
words of those cards when the words are distinctive (long, and no card of the same number and
verse is face up anywhere). The same search finds each seat's own face-up cards in its own page
and push, so a search that finds nothing means something.
"""

from __future__ import annotations

import pytest

from games.decks import parse
from games.models import Game, Notification, NotificationPrefs
from games.play import services
from games.romanroad.tests.site import client_for, lobby_table, play, post_move
from tests.conformance.hidden import card_texts, everything

pytestmark = pytest.mark.django_db(transaction=True)  # pages' sockets read the table in threads

# Drawn from the state as it is:
NOW = ("page", "poll", "push", "log", "tv", "tv poll", "my games", "pad table", "pad mine")


def face_up(state: dict) -> set[str]:
    """Every card the table shows: Store tops, Work piles, Search pile tops, Foundations."""
    cards = {card for pile in state["foundations"] + state["set_aside"] for card in pile["cards"]}
    for me in state["seats"]:
        cards |= set(me["store"][-1:]) | set(me["pile"][-1:]) | {card for pile in me["work"] for card in pile}
    return cards


def secrets(state: dict) -> dict[str, list[str]]:
    """Every card in a Search deck: its id, and its words when they give it away."""
    visible = {parse(card)[1:] for card in face_up(state)}
    return {card: card_texts(card, visible) for me in state["seats"] for card in me["search"]}


def own_cards(state: dict, seat: int) -> list[str]:
    me = state["seats"][seat]
    return [*me["store"][-1:], *me["pile"][-1:], *(card for pile in me["work"] for card in pile)]


def check(game: Game, viewers: list, answers: dict) -> int:
    """Nobody's responses hold a Search deck's card; each seat's page holds its face-up cards.
    Returns how many texts were searched for."""
    game.refresh_from_db()
    state = game.state
    hidden = secrets(state)
    assert len(hidden) >= 20 and any(len(texts) > 1 for texts in hidden.values())
    for seat, user in viewers:
        bodies = everything(game, seat, user, answers.get(seat, []), shared_screen=True)
        for card, texts in hidden.items():
            for name, body in bodies.items():
                # Move answers and e-mails were drawn earlier, when other cards were face up: ids only.
                for text in texts if name in NOW else texts[:1]:
                    assert text not in body, f"{text!r} ({card}, in a Search deck) is in seat {seat}'s {name}"
        assert game.seed not in " ".join(bodies.values())
        if seat is not None:
            for card in own_cards(state, seat):
                for name in ("page", "push"):
                    assert f'data-card="{card}"' in bodies[name], f"seat {seat}'s {name} does not show {card}"
    return sum(len(texts) for texts in hidden.values())


def test_no_one_ever_gets_a_search_deck(make_user):
    julius, agrippina, visitor = make_user("Julius"), make_user("Agrippina"), make_user("Visitor")
    for user in (julius, agrippina):  # mailed even while on the page, so every e-mail is written
        NotificationPrefs.objects.create(user=user, always=True)
    game = lobby_table(julius, [agrippina], bots=1)
    viewers = [(0, julius), (1, agrippina), (None, visitor), (None, None)]
    answers: dict = {0: [], 1: []}
    check(game, viewers, answers)

    def move(seat, user, payload, status=200, **fields):
        response = post_move(client_for(user), game, payload, **fields)
        assert response.status_code == status, response.content.decode()[:300]
        answers[seat].append(response.content.decode())

    for _ in range(8):
        services.play_due_bots(game.pk, {2: 0.0}, 0.0, 0.0)  # Computer 1's move is due
    move(0, julius, {"type": "flip"}, hand=1)
    move(1, agrippina, {"type": "flip"}, hand=1)
    move(1, agrippina, {"type": "flip"}, hand=1)
    game.refresh_from_db()
    deep = game.state["seats"][1]["search"][0]  # the bottom of Agrippina's Search deck
    refused = play(client_for(julius), game, deep, "foundation:new", hand=1)
    assert refused.status_code == 400 and "is not yours" in refused.content.decode()
    answers[0].append(refused.content.decode())
    mine = game.state["seats"][0]["search"][2]  # deep in Julius's own: he may not see it either
    refused = play(client_for(julius), game, mine, "work:0", hand=1)
    assert refused.status_code == 400
    answers[0].append(refused.content.decode())
    searched = check(game, viewers, answers)
    assert searched > 20

    # Stuck turns the Search pile back under the deck: cards the earlier answers showed face up
    # are face down again, so only what is drawn from here on is searched.
    answers = {0: [], 1: []}
    move(0, julius, {"type": "stuck"}, hand=1)
    move(1, agrippina, {"type": "stuck"}, hand=1)
    game.refresh_from_db()
    assert game.state["seats"][0]["pile"] == []
    check(game, viewers, answers)
    assert Notification.objects.filter(user=agrippina).exists()  # her e-mails were searched too
