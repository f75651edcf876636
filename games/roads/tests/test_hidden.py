"""Hidden information: no seat ever receives another seat's hand or the order of the pile.

For each seat (and a visitor) every response it can get — the page, the poll, what its page's
socket is pushed, its own move answers, the log, its games list, the PDF pads and its e-mails —
is searched for the card ids of every card it may not see, and for the words of the cards that
are nowhere in its sight. The deal is rigged so that those words are distinctive (each such
card's number and verse is neither on the table nor in the viewer's hand), and the same search
finds the viewer's own hand in its own page and its push, so a search that finds nothing means
something.
"""

from __future__ import annotations

import pytest
from django.utils.html import escape

from games.decks import card_info, parse
from games.models import Game, Notification, NotificationPrefs
from games.roads.tests.helpers import c, table
from games.roads.tests.site import client_for, lobby_table, post_move, rig
from tests.conformance.hidden import card_texts, everything

pytestmark = pytest.mark.django_db(transaction=True)  # pages' sockets read the table in threads

JULIUS_HAND = [c("mt 623 4"), c("mk 58 5"), c("mt 323 8"), c("mk 1013 4")]
AGRIPPINA_HAND = [c("mt 58 2"), c("mk 58 6"), c("lk 323 2")]
SPACES = {"N": [c("mt 323 1")], "E": [c("mk 1013 3")], "S": [c("lk 58 3")], "W": [c("jn 323 5")]}
FIRST_DRAWS = [c("jn 623 7"), c("lk 623 6")]  # Agrippina draws "in Christ Jesus", Julius "is eternal life"


def deal() -> dict:
    state = table([JULIUS_HAND, AGRIPPINA_HAND], SPACES, phase="draw", turn=1)
    for card in reversed(FIRST_DRAWS):
        state["pile"].remove(card)
        state["pile"].append(card)
    return state


def seen_by(state: dict, seat: int | None) -> set[str]:
    """Every card id ``seat`` may see: its hand, the table, completed roads."""
    cards = {card for road in state["spaces"].values() for card in road}
    cards |= {card for done in state["completed"] for card in done["cards"]}
    if seat is not None:
        cards |= set(state["hands"][seat])
    return cards


def secrets(state: dict, seat: int | None) -> dict[str, list[str]]:
    """What ``seat`` must never receive, by card: the pile and the other hands."""
    hidden = list(state["pile"]) + [
        card for other, hand in enumerate(state["hands"]) if other != seat for card in hand
    ]
    visible = {parse(card)[1:] for card in seen_by(state, seat)}
    return {card: card_texts(card, visible) for card in hidden}


def own_hand(state: dict, seat: int) -> dict[str, list[str]]:
    return {card: [card, escape(card_info(card)["words"])] for card in state["hands"][seat]}


def check(game: Game, users: list, answers: dict) -> None:
    """Nobody's responses hold anything of what they may not see; each seat's page holds its hand."""
    game.refresh_from_db()
    state = game.state
    for seat, user in users:
        bodies = everything(game, seat, user, answers.get(seat, []))
        for card, texts in secrets(state, seat).items():
            for name, body in bodies.items():
                for text in texts:
                    assert text not in body, f"{text!r} ({card}, hidden from seat {seat}) is in its {name}"
            assert game.seed not in " ".join(bodies.values())
        if seat is not None:
            for card, texts in own_hand(state, seat).items():
                for name in ("page", "push"):
                    shown = all(text in bodies[name] for text in texts)
                    assert shown, f"seat {seat}'s {name} does not show {card}"


def test_no_seat_ever_gets_another_hand_or_the_pile(make_user):
    julius, agrippina, visitor = make_user("Julius"), make_user("Agrippina"), make_user("Visitor")
    for user in (julius, agrippina):  # mailed even while on the page, so every e-mail is written
        NotificationPrefs.objects.create(user=user, always=True)
    game = rig(lobby_table(julius, [agrippina]), deal())
    users = [(0, julius), (1, agrippina), (None, visitor), (None, None)]
    answers: dict = {0: [], 1: []}
    secrets_of_julius = secrets(game.state, 1)
    assert all(len(secrets_of_julius[card]) == 3 for card in JULIUS_HAND if card != c("mt 323 8"))
    assert len(secrets(game.state, 0)[FIRST_DRAWS[0]]) == 3  # the next card's words are searched for
    check(game, users, answers)

    def move(seat, user, payload, **fields):
        response = post_move(client_for(user), game, payload, **fields)
        assert response.status_code == 200, response.content.decode()[:300]
        answers[seat].append(response.content.decode())

    move(1, agrippina, {"type": "draw"})  # in Christ Jesus: Agrippina's now
    check(game, users, answers)
    move(1, agrippina, {"type": "play"}, card=c("lk 323 2"), to="N")
    move(1, agrippina, {"type": "end_turn"})
    check(game, users, answers)
    move(0, julius, {"type": "draw"})  # is eternal life: Julius's now
    move(0, julius, {"type": "play"}, card=c("mk 1013 4"), to="E")
    check(game, users, answers)
    move(0, julius, {"type": "end_turn"})
    game.refresh_from_db()
    assert game.state["turn"] == 1
    assert Notification.objects.filter(user=julius, kind="turn").exists()
    assert Notification.objects.filter(user=agrippina, kind="turn").exists()
    check(game, users, answers)
    # The drawn cards were searched for, and found where they belong.
    hands = game.state["hands"]
    assert FIRST_DRAWS[0] in hands[1] and FIRST_DRAWS[1] in hands[0]
