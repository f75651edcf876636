"""Filled pads of online games: built from what the viewer may see, cached per game version."""

from __future__ import annotations

import random

import pytest
from django.core.cache import cache
from django.urls import reverse

from games.contract import kinds
from games.models import Game, Seat
from tests.scoresheets.pad_helpers import pdf_text

NAMES = ("Julius", "Agrippina")


@pytest.fixture(autouse=True)
def fresh_cache():
    cache.clear()


@pytest.fixture
def table(make_user):
    """An active game of ``kind`` with Julius (seat 0) and Agrippina (seat 1); state set by the test."""

    def make(kind: str, state: dict) -> tuple[Game, list]:
        users = [make_user(name) for name in NAMES]
        game = Game.objects.create(
            kind=kind, host=users[0], status=Game.Status.ACTIVE, players=2, state=state
        )
        for position, user in enumerate(users):
            Seat.objects.create(game=game, user=user, position=position, name=user.display_name)
        return game, users

    return make


def catacombs_with_a_pending_write() -> tuple[dict, str]:
    """Cards flipped, Julius has written a book this turn, Agrippina has not chosen yet."""
    engine = kinds.get("catacombs").engine
    rng = random.Random(7)
    state = engine.apply(engine.setup(2, {}, rng), None, {"type": "flip"}, rng)
    move = next(m for m in engine.legal_moves(state, 0) if m["type"] == "write")
    state = engine.apply(state, 0, move, rng)
    book = engine.view(state, 0)["you"]["pending"]["book"]
    return state, book


def poker_midgame() -> dict:
    engine = kinds.get("poker").engine
    rng = random.Random(1)
    state = engine.setup(2, {"physical_dice": True}, rng)
    for seat, faces, value, row in ((0, ["X", "V", "I"], 16, 2), (1, ["X", "X", "V"], 25, 4)):
        for face in faces:
            state = engine.apply(state, seat, {"type": "roll", "faces": [face]}, rng)
        state = engine.apply(state, seat, {"type": "stop", "value": value, "row": row}, rng)
    return state


@pytest.mark.django_db
def test_a_poker_table_pad_shows_every_column_and_total(client, table, keep_picture):
    game, users = table("poker", poker_midgame())
    client.force_login(users[0])
    response = client.get(reverse("pad_game", args=[game.code]), {"scope": "table", "paper": "letter"})
    assert response.status_code == 200 and response["Content-Type"] == "application/pdf"
    text = pdf_text(response.content)
    for expected in (*NAMES, "16", "25", f"Table {game.code}", "In progress"):
        assert expected in text
    assert "46" in text and "55" in text  # 16 + 30 and 25 + 30 for six unused cards
    keep_picture("poker-online-table", response.content)


@pytest.mark.django_db
def test_my_sheet_is_only_my_column(client, table):
    game, users = table("poker", poker_midgame())
    client.force_login(users[1])
    text = pdf_text(client.get(reverse("pad_game", args=[game.code]), {"scope": "mine"}).content)
    assert "Agrippina" in text and "Julius" not in text


@pytest.mark.django_db
def test_a_catacombs_pad_keeps_this_turns_writes_hidden(client, table, keep_picture):
    state, book = catacombs_with_a_pending_write()
    game, users = table("catacombs", state)
    url = reverse("pad_game", args=[game.code])

    # Every card prints the books of each category once; a written book shows once more.
    client.force_login(users[0])
    mine = pdf_text(client.get(url, {"scope": "mine"}).content)
    assert mine.count(book) == 2  # Julius sees his own pending write on his one card

    client.force_login(users[1])
    theirs = client.get(url, {"scope": "table"})
    assert theirs.status_code == 200
    assert pdf_text(theirs.content).count(book) == 2  # two cards, no written book: hidden from Agrippina
    keep_picture("catacombs-online-table", theirs.content)

    client.logout()
    assert pdf_text(client.get(url).content).count(book) == 2  # and from a spectator


@pytest.mark.django_db
def test_a_spectator_has_no_sheet_of_their_own(client, table):
    game, _ = table("poker", poker_midgame())
    response = client.get(reverse("pad_game", args=[game.code]), {"scope": "mine"})
    assert response.status_code == 403
    assert "You have no seat at this table" in response.content.decode()


@pytest.mark.django_db
def test_repeated_downloads_come_from_the_cache_until_the_game_moves(client, table, monkeypatch):
    game, users = table("poker", poker_midgame())
    client.force_login(users[0])
    url = reverse("pad_game", args=[game.code])
    renders = []
    from scoresheets import online

    real = online.render_pdf
    monkeypatch.setattr(online, "render_pdf", lambda pad: renders.append(pad) or real(pad))
    first = client.get(url).content
    assert client.get(url).content == first
    assert len(renders) == 1
    Game.objects.filter(pk=game.pk).update(version=game.version + 1)
    client.get(url)
    assert len(renders) == 2


@pytest.mark.django_db
def test_a_repeat_with_the_etag_gets_a_304_until_the_game_moves(client, table):
    game, users = table("poker", poker_midgame())
    client.force_login(users[0])
    url = reverse("pad_game", args=[game.code])
    etag = client.get(url)["ETag"]
    repeat = client.get(url, headers={"if-none-match": etag})
    assert repeat.status_code == 304 and repeat.content == b""
    assert client.get(url, {"scope": "mine"}, headers={"if-none-match": etag}).status_code == 200
    Game.objects.filter(pk=game.pk).update(version=game.version + 1)
    moved = client.get(url, headers={"if-none-match": etag})
    assert moved.status_code == 200 and moved["ETag"] != etag


@pytest.mark.django_db
def test_a_spectator_s_etag_opens_no_seated_view(client, table, make_user):
    game, users = table("catacombs", catacombs_with_a_pending_write()[0])
    client.force_login(users[0])
    url = reverse("pad_game", args=[game.code])
    seated = client.get(url)["ETag"]
    client.force_login(make_user("Nero"))
    assert client.get(url, headers={"if-none-match": seated}).status_code == 200  # not the seat's 304


@pytest.mark.django_db
def test_a_game_not_started_has_no_pad_yet(client, make_user):
    game = Game.objects.create(kind="poker", host=make_user("Julius"))
    response = client.get(reverse("pad_game", args=[game.code]))
    assert response.status_code == 409
    assert "has not started yet" in response.content.decode()


@pytest.mark.django_db
def test_unknown_game_and_bad_parameters(client, table):
    assert client.get(reverse("pad_game", args=["NOSUCH"])).status_code == 404
    game, _ = table("poker", poker_midgame())
    response = client.get(reverse("pad_game", args=[game.code]), {"paper": "A3"})
    assert response.status_code == 400 and "Choose A4 or Letter paper." in response.content.decode()
    response = client.get(reverse("pad_game", args=[game.code]), {"scope": "everyone"})
    assert response.status_code == 400
