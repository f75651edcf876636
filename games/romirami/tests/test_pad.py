"""The filled pad of an online Romi Rami game: what its reader may see while it runs, all at the end."""

from __future__ import annotations

import pytest
from django.core.cache import cache
from django.urls import reverse

from games.models import Game
from games.romirami.engine import ROMIRAMI
from games.romirami.tests.helpers import table
from tests.scoresheets.pad_helpers import pdf_text

pytestmark = pytest.mark.django_db

HELD = {0: ["run4-diamond", "4-kind-clover"], 1: ["run5-heart"]}


@pytest.fixture(autouse=True)
def fresh_cache():
    cache.clear()


@pytest.fixture
def game(make_table):
    game, users = make_table("romirami")
    sides = ("suit", "combo", "suit", "combo")
    state = table(contracts=HELD, bonus={0: "1D 2D 3D", 1: "5H"}, trophies=sides, phase="take")
    state["star_used"] = [False, True]
    Game.objects.filter(pk=game.pk).update(state=state)
    game.refresh_from_db()
    return game, users


def pad(client, game, **params) -> str:
    response = client.get(reverse("pad_game", args=[game.code]), params)
    assert response.status_code == 200 and response["Content-Type"] == "application/pdf"
    return pdf_text(response.content)


def test_while_it_runs_each_reader_sees_their_own_suit_bonus_only(client, game, keep_picture):
    game, (julius, agrippina) = game
    client.force_login(julius)
    text = pad(client, game, scope="table")
    for expected in (f"Table {game.code}", "In progress · round 1", "Julius", "Agrippina"):
        assert expected in text
    assert "Contract 1 Run4 · Diamond Run5 · Heart Contract 2 4-kind · Clover Contract 3" in text
    assert "Most Clover contracts (3) Most 4-card icons (3) 3 0" in text  # the side in play: Clover
    assert "Most Diamond contracts (3) Most 5-card icons (2) 0 2" in text  # the side in play: 5-card
    assert "Contracts total 3 3" in text
    assert "Suit Bonus cards (1 each) 3 hidden" in text
    assert "Star unused (+1) 1 0" in text
    # Julius: 3 + 3 (most Clover contracts) + 3 + 1. Agrippina: 3 + 2 (most 5-card icons) + her
    # face-down pile.
    assert "Total 10 5 + bonus" in text
    assert "Suit Bonus piles stay face down until the end" in text
    keep_picture("romirami-online-table", client.get(reverse("pad_game", args=[game.code])).content)

    client.force_login(agrippina)
    mine = pad(client, game, scope="mine")
    assert "Agrippina" in mine and "Julius" not in mine
    assert "Suit Bonus cards (1 each) 1" in mine and "hidden" not in mine

    client.logout()
    assert "Suit Bonus cards (1 each) hidden hidden" in pad(client, game)


def test_at_the_end_the_pad_is_complete_with_places(client, game, keep_picture):
    game, (julius, _) = game
    state = {**game.state, "phase": "over", "end_reason": "contracts"}
    Game.objects.filter(pk=game.pk).update(state=state, status=Game.Status.FINISHED)
    game.refresh_from_db()
    scores = ROMIRAMI.scores(state)
    client.logout()
    text = pad(client, game)
    assert "Final score" in text and "Suit Bonus cards (1 each) 3 1" in text
    assert f"Total {scores[0]} (1st) {scores[1]} (2nd)" in text
    assert "The game ended: a player reached the contracts that end it." in text
    client.force_login(julius)
    keep_picture("romirami-online-final", client.get(reverse("pad_game", args=[game.code])).content)
