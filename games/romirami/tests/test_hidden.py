"""Hidden information: no response a person can get shows another seat's hand, another seat's Suit
Bonus cards (or their count before the end), or the order of the decks.

Two ways of looking. A search: on a laid-out table whose secret cards are of kinds nobody else can
see, every page, partial, poll answer, move answer, log, PDF pad and e-mail of each viewer is
searched for the ids and names of the cards they may not see, and so is the board each one's open
socket is pushed; the same search finds a seat's own hand in its own page, so it can fail. A
comparison: two tables that differ only in the secrets (Agrippina's hand and Suit Bonus pile, the
deck below its top cards, the discard pile) give the same bytes to Julius and to spectators, through
a whole turn.
"""

from __future__ import annotations

import json
import re

import pytest
from django.contrib.auth.models import AnonymousUser
from django.test import Client
from django.urls import reverse

from games.models import Game, Notification, NotificationPrefs
from games.notifications import mailer
from games.play import services
from games.romirami.engine import ROMIRAMI, number_card, suit_name
from games.romirami.tests.helpers import table
from tests.platform.test_live import heard_after
from tests.scoresheets.pad_helpers import pdf_text

pytestmark = pytest.mark.django_db

CSRF = re.compile(r'(csrfmiddlewaretoken" value=|"X-CSRFToken": )"[^"]+"')
# Kinds no one but their holder can see: the market and the deck hold none of them.
JULIUS_HAND, JULIUS_BONUS = "1C 1D 2C 2D 3C", "3D"
AGRIPPINA_HAND, AGRIPPINA_BONUS = "5H 5L 4H 4L 3H", "5C 4C"
MARKET = "1H 2H 1L 2L 3L 4D"
DECK = "5D 5D 5D 4D 4D 3L 3L 2H 2H 2L 2L 1H 1H 1L"  # top last: Julius draws Clover 1


@pytest.fixture
def people(make_user):
    found = {name: make_user(name) for name in ("Julius", "Agrippina", "Stranger")}
    for name in ("Julius", "Agrippina"):  # mailed even while on the page
        NotificationPrefs.objects.create(user=found[name], always=True)
    return found


def new_table(people, state: dict) -> Game:
    game = services.create_game(people["Julius"], "romirami", {}, 2, "seated")
    services.join_game(game.pk, people["Agrippina"])
    services.start_game(game.pk, people["Julius"])
    Game.objects.filter(pk=game.pk).update(state=state)
    game.refresh_from_db()
    return game


def laid_out(**changes) -> dict:
    spec = {
        "hands": {0: JULIUS_HAND, 1: AGRIPPINA_HAND},
        "bonus": {0: JULIUS_BONUS, 1: AGRIPPINA_BONUS},
        "market": MARKET,
        "deck": DECK,
        "phase": "take",
        **changes,
    }
    return table(**spec)


def label(card_id: int) -> str:
    suit, number = number_card(card_id)
    return f"{suit_name(suit)} {number}"


def move(client, game, payload: dict, **fields) -> str:
    game.refresh_from_db()
    seat = ROMIRAMI.to_act(game.state)[0]
    data = {"move": json.dumps(payload), "turn": game.tokens[str(seat)], **fields}
    response = client.post(reverse("move", args=[game.code]), data, HTTP_HX_REQUEST="true")
    assert response.status_code == 200, response.content[:300]
    game.refresh_from_db()
    return response.content.decode()


def client_of(user) -> Client:
    client = Client()
    if user is not None:
        client.force_login(user)
    return client


def responses(game, user, seat: int | None, pads: bool = True) -> dict[str, str]:
    """Everything ``user`` can fetch about the game now: pages, partials, the log, the pads."""
    client = client_of(user)
    pad = reverse("pad_game", args=[game.code])
    found = {
        "page": client.get(game.get_absolute_url()),
        "poll": client.get(reverse("poll", args=[game.code]) + "?version=0"),
        "log": client.get(reverse("log", args=[game.code])),
    }
    if pads:
        found["pad"] = client.get(pad, {"scope": "table"})
        if seat is not None:
            found["my pad"] = client.get(pad, {"scope": "mine"})
    texts = {}
    for name, response in found.items():
        assert response.status_code == 200, (name, response.status_code)
        body = response.content
        texts[name] = pdf_text(body) if body.startswith(b"%PDF") else body.decode()
    return texts


def mails(user) -> dict[str, str]:
    """Every e-mail written for ``user``, as the mailer would send it (text and HTML)."""
    found = {}
    for note in Notification.objects.filter(user=user).order_by("pk"):
        message = mailer.render(note)
        found[f"mail {note.pk}"] = message.subject + message.body + message.alternatives[0][0]
    return found


def leaks(texts: dict[str, str], secret_ids: set[int], secret_labels: set[str]) -> list[str]:
    """Where any of the secret cards shows: as an id a page carries, or by name."""
    found = []
    for name, text in texts.items():
        for card_id in secret_ids:
            for pattern in (
                f'data-card="{card_id}"',
                f'name="card" value="{card_id}"',
                f'name="cards" value="{card_id}"',
            ):
                if pattern in text:
                    found.append(f"{name}: {pattern}")
        for words in secret_labels:
            if re.search(rf"(?<![\w,]){words}(?![\w-])", text):
                found.append(f"{name}: {words}")
    return found


def secrets(game, seat: int) -> tuple[set[int], set[str]]:
    """The cards ``seat`` holds face down (hand and Suit Bonus pile) and their names; a card taken
    from the market is public and not counted."""
    taken = {c for m in game.moves.filter(payload__type="take") for c in m.payload["cards"]}
    cards = (set(game.state["hands"][seat]) | set(game.state["bonus"][seat])) - taken
    public_kinds = {label(c) for c in game.state["market"] if c is not None} | {label(c) for c in taken}
    return cards, {label(c) for c in cards} - public_kinds


def hidden_elsewhere(game) -> set[int]:
    return set(game.state["deck"]) | set(game.state["discard"])


def check(game, people, answers: dict[int, dict[str, str]], pads: bool = True) -> None:
    """Nobody sees another seat's face-down cards, the deck or the discard pile; each seat sees its hand.
    ``pads``: fetch the PDF pads too (they change only when a contract is completed or a turn ends)."""
    viewers = {0: people["Julius"], 1: people["Agrippina"], None: None, "stranger": people["Stranger"]}
    for seat, user in viewers.items():
        position = seat if isinstance(seat, int) else None
        texts = responses(game, user, position, pads)
        if user is not None:
            texts.update(mails(user))
        texts.update(answers.get(seat, {}) if isinstance(seat, int) else {})
        ids, labels = hidden_elsewhere(game), set()
        for other in (0, 1):
            if other != position:
                more_ids, more_labels = secrets(game, other)
                ids |= more_ids
                labels |= more_labels
        assert leaks(texts, ids, labels) == [], seat
        others = [o for o in (0, 1) if o != position]
        for other in others:
            row = re.search(rf'data-seat="{other}">(.*?)</li>', texts["page"], re.S).group(1)
            assert "Suit Bonus" not in row, (seat, other)
        if position is not None:  # the same search finds the seat's own cards on its own page
            for card_id in game.state["hands"][position]:
                assert leaks({"page": texts["page"]}, {card_id}, {label(card_id)}), (position, card_id)
            count = len(game.state["bonus"][position])
            assert f"Suit Bonus <strong>{count} card" in texts["page"]
            hidden = " ".join(str(count) if s == position else "hidden" for s in (0, 1))
            assert not pads or f"Suit Bonus cards (1 each) {hidden}" in texts["pad"]
        else:
            assert not pads or "Suit Bonus cards (1 each) hidden hidden" in texts["pad"]
            assert "Your hand" not in texts["page"]


def test_no_one_sees_another_seats_cards_through_a_round(people):
    """Checked at the start and after each move, with the answer to that move."""
    game = new_table(people, laid_out())
    check(game, people, {})

    julius, agrippina = client_of(people["Julius"]), client_of(people["Agrippina"])
    hearts = game.state["market"][:2]
    check(
        game,
        people,
        {0: {"take": move(julius, game, {"type": "take"}, cards=[str(c) for c in hearts])}},
        pads=False,
    )
    way = {"type": "complete", "contract": "pair+3-kind-diamond"}
    check(game, people, {0: {"complete": move(julius, game, way, way="1 1 1 2 2")}})
    assert sorted(label(c) for c in game.state["bonus"][0]) == ["Diamond 1", "Diamond 2", "Diamond 3"]

    check(game, people, {0: {"end": move(julius, game, {"type": "end_turn"})}})
    assert game.state["last_turn"]["drew"] == 1 and ROMIRAMI.to_act(game.state) == [1]
    assert Notification.objects.filter(user=people["Agrippina"], kind="turn").exists()

    diamond_four = next(c for c in game.state["market"] if c is not None and label(c) == "Diamond 4")
    taken = move(agrippina, game, {"type": "take"}, cards=[str(diamond_four)])
    check(game, people, {1: {"take": taken}}, pads=False)
    check(game, people, {1: {"end": move(agrippina, game, {"type": "end_turn"})}})
    assert Notification.objects.filter(user=people["Julius"], kind="turn").exists()


def normal(game, text: str) -> str:
    return CSRF.sub(r"\1TOKEN", text).replace(game.code, "CODE").replace(game.code.lower(), "code")


def test_two_tables_that_differ_only_in_secrets_look_the_same_to_others(people):
    plain = new_table(people, laid_out())
    other_deck = DECK.split()[:5][::-1] + DECK.split()[5:]  # the same top cards, the rest reordered
    secret = new_table(
        people,
        laid_out(
            hands={0: JULIUS_HAND, 1: "5C 5L 4C 4L 3H"},
            bonus={0: JULIUS_BONUS, 1: "5H 4H 3C"},
            deck=" ".join(other_deck[:-5] + DECK.split()[-5:]),
            discard="2C 3C",
        ),
    )
    assert plain.state["hands"][1] != secret.state["hands"][1]
    assert (
        plain.state["deck"][-5:] == secret.state["deck"][-5:] and plain.state["deck"] != secret.state["deck"]
    )
    julius = client_of(people["Julius"])

    def seen(game, step_answers: list[str]) -> dict:
        found = {
            str(viewer): responses(game, user, 0 if viewer == "Julius" else None)
            for viewer, user in (
                ("Julius", people["Julius"]),
                ("visitor", None),
                ("stranger", people["Stranger"]),
            )
        }
        found["answers"] = dict(enumerate(step_answers))
        return {
            who: {name: normal(game, text) for name, text in texts.items()} for who, texts in found.items()
        }

    views = []
    for game in (plain, secret):
        answers = []
        hearts = game.state["market"][:2]
        answers.append(move(julius, game, {"type": "take"}, cards=[str(c) for c in hearts]))
        answers.append(
            move(julius, game, {"type": "complete", "contract": "pair+3-kind-diamond"}, way="1 1 1 2 2")
        )
        answers.append(move(julius, game, {"type": "end_turn"}))
        views.append(seen(game, answers))
    assert views[0] == views[1]
    # Agrippina's own page tells the tables apart: the comparison would see a leak.
    pages = [
        client_of(people["Agrippina"]).get(g.get_absolute_url()).content.decode() for g in (plain, secret)
    ]
    assert normal(plain, pages[0]) != normal(secret, pages[1])


@pytest.mark.django_db(transaction=True)  # the sockets' threads read the table
def test_each_socket_is_pushed_only_what_its_viewer_may_see(people):
    """The board a push brings is drawn for that socket's user: their own hand, nobody else's (the
    mover's, his move's answer)."""
    game = new_table(people, laid_out())
    viewers = {
        0: people["Julius"],
        1: people["Agrippina"],
        "stranger": people["Stranger"],
        None: AnonymousUser(),
    }
    hearts = game.state["market"][:2]
    julius = client_of(people["Julius"])

    heard, answer = heard_after(
        game.code, viewers, lambda: move(julius, game, {"type": "take"}, cards=[str(c) for c in hearts])
    )
    game.refresh_from_db()
    # Julius's page takes his board from his move's answer; his socket hears the version alone.
    assert heard[0] == {"version": game.version}
    heard[0]["html"] = answer
    for seat in viewers:
        assert heard[seat]["version"] == game.version
        position = seat if isinstance(seat, int) else None
        ids, labels = hidden_elsewhere(game), set()
        for other in (0, 1):
            if other != position:
                more_ids, more_labels = secrets(game, other)
                ids |= more_ids
                labels |= more_labels
        assert leaks({"push": heard[seat]["html"]}, ids, labels) == [], seat
        if position is not None:  # the same search finds the seat's own hand in its own push
            for card_id in game.state["hands"][position]:
                assert leaks({"push": heard[seat]["html"]}, {card_id}, {label(card_id)}), (position, card_id)
