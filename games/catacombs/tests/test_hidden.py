"""Hidden information: before a turn resolves nobody else learns a write; the deck order never leaves.

Each test builds two tables that differ only in the secret (a pending write, the
order of the face-down piles) and checks that every response another person
gets is the same, byte for byte once the table code and CSRF tokens are set aside.
"""

import json
import re

import pytest
from django.contrib.auth.models import AnonymousUser
from django.urls import reverse

from games.catacombs import runs
from games.models import Game
from games.play import services
from tests.platform.test_live import heard_after

pytestmark = pytest.mark.django_db

CSRF = re.compile(r'(csrfmiddlewaretoken" value=|"X-CSRFToken": )"[^"]+"')


@pytest.fixture
def people(make_user):
    return {name: make_user(name) for name in ("Marcus", "Anna", "Ben", "Cleo")}


def table(people, deck_seed="secret-deck-7f3a") -> Game:
    """Marcus calls (auto flips) for Anna, Ben and Cleo; the deck order comes from ``deck_seed``."""
    game = services.create_game(
        people["Marcus"], "catacombs", {"flip_mode": "auto", "deck_seed": deck_seed}, 3, "seated", False
    )
    for name in ("Anna", "Ben", "Cleo"):
        services.join_game(game.pk, people[name])
    services.start_game(game.pk, people["Marcus"])
    game.refresh_from_db()
    return game


def move(game, user, payload):
    game.refresh_from_db()
    seat = game.seats.get(user=user).position
    services.submit_move(game.pk, user, payload, game.tokens[str(seat)])
    game.refresh_from_db()


def normal(game, body: str) -> str:
    return CSRF.sub(r"\1TOKEN", body).replace(game.code, "CODE")


def responses(client, game, viewer) -> dict[str, str]:
    """Everything the viewer can fetch about the game, normalised."""
    if viewer is None:
        client.logout()
    else:
        client.force_login(viewer)
    urls = {
        "page": reverse("game", args=[game.code]),
        "poll": reverse("poll", args=[game.code]) + "?version=0",
        "table": reverse("tv", args=[game.code]),
        "table poll": reverse("tv_poll", args=[game.code]) + "?version=0",
        "log": reverse("log", args=[game.code]),
    }
    found = {}
    for name, url in urls.items():
        response = client.get(url)
        assert response.status_code == 200, name
        found[name] = normal(game, response.content.decode())
    return found


def test_a_pending_write_shows_to_no_one_else(client, people):
    wrote, passed = table(people), table(people)
    move(wrote, people["Anna"], {"type": "write", "pile": 0, "slot": 0})
    move(passed, people["Anna"], {"type": "pass"})
    assert wrote.state["choices"][0] != passed.state["choices"][0] and wrote.version == passed.version
    for viewer in (people["Ben"], people["Marcus"], None):
        assert responses(client, wrote, viewer) == responses(client, passed, viewer), viewer
    # Ben's own move answers with the board: still nothing of Anna's choice.
    answers = []
    for game in (wrote, passed):
        client.force_login(people["Ben"])
        response = client.post(
            reverse("move", args=[game.code]),
            {"move": json.dumps({"type": "pass"}), "turn": game.tokens["1"]},
            HTTP_HX_REQUEST="true",
        )
        assert response.status_code == 200
        answers.append(normal(game, response.content.decode()))
    assert answers[0] == answers[1]
    # Anna herself sees her write; once Cleo chooses, everyone does.
    client.force_login(people["Anna"])
    assert "You wrote" in client.get(wrote.get_absolute_url()).content.decode()
    move(wrote, people["Cleo"], {"type": "pass"})
    client.force_login(people["Ben"])
    assert "cc-written" in client.get(wrote.get_absolute_url()).content.decode()


def pushes(game, viewers: dict, mover, payload) -> dict:
    """What each viewer's socket is pushed when ``mover`` makes ``payload``, normalised."""
    heard, _ = heard_after(game.code, viewers, lambda: move(game, mover, payload))
    return {name: normal(game, message["html"]) for name, message in heard.items()}


@pytest.mark.django_db(transaction=True)  # the sockets' threads read the table
def test_a_pending_write_is_pushed_to_no_one_else(people):
    """The table's part, one drawing for every socket, and each seat's own part: a push to anyone
    but the writer is the same whether she wrote or passed; hers shows her write."""
    viewers = {
        "Anna": people["Anna"],
        "Ben": people["Ben"],
        "Marcus": people["Marcus"],
        "watcher": AnonymousUser(),
    }
    wrote = pushes(table(people), viewers, people["Anna"], {"type": "write", "pile": 0, "slot": 0})
    passed = pushes(table(people), viewers, people["Anna"], {"type": "pass"})
    for name in ("Ben", "Marcus", "watcher"):
        assert wrote[name] == passed[name], name
    assert "You wrote" in wrote["Anna"] and "You passed" in passed["Anna"]


def test_the_log_says_who_chose_never_what(client, people):
    game = table(people)
    move(game, people["Anna"], {"type": "write", "pile": 1, "slot": 2})
    summaries = list(game.moves.values_list("summary", flat=True))
    assert summaries[-1] == "Anna has chosen."
    body = client.get(reverse("log", args=[game.code])).content.decode()
    assert "Anna has chosen." in body and "slot" not in body and "pile" not in body.lower()


def test_the_deck_order_is_never_sent(client, people):
    plain, shuffled = table(people), table(people)
    state = shuffled.state
    state["piles"] = [list(reversed(pile)) for pile in state["piles"]]
    Game.objects.filter(pk=shuffled.pk).update(state=state)
    shuffled.refresh_from_db()
    assert plain.state["piles"] != shuffled.state["piles"]
    for viewer in (people["Anna"], people["Marcus"], None):
        seen_plain = responses(client, plain, viewer)
        assert seen_plain == responses(client, shuffled, viewer), viewer
        for body in seen_plain.values():
            assert plain.seed not in body and "secret-deck-7f3a" not in body


def test_the_daily_seed_stays_on_the_server(client, make_user):
    anna = make_user("Anna")
    game = runs.start_daily(anna).game
    seed = game.options["deck_seed"]
    assert seed != f"daily:{game.options['daily']}"  # not guessable from the date
    client.force_login(anna)
    for url in (
        game.get_absolute_url(),
        reverse("poll", args=[game.code]) + "?version=0",
        reverse("tv", args=[game.code]),
        reverse("catacombs_history"),
        reverse("catacombs_daily"),
    ):
        body = client.get(url).content.decode()
        assert seed not in body and game.seed not in body, url


def test_face_up_verses_stay_hidden_until_they_complete_a_category(client, people):
    from games.catacombs.engine import card

    game = table(people)
    body = client.get(reverse("tv", args=[game.code])).content.decode()
    for card_id in game.state["face_up"]:
        assert card(card_id)["text"] not in body
