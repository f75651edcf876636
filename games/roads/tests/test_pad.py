"""The filled pad of a Building Roman Roads game: one row of the match tally, the result in words."""

from __future__ import annotations

import pytest
from django.core.cache import cache
from django.urls import reverse

from games.models import Game, Seat
from games.roads.tests.helpers import c, draw, play, table
from tests.scoresheets.pad_helpers import pdf_text

NAMES = ("Julius", "Agrippina", "Claudia")


@pytest.fixture(autouse=True)
def fresh_cache():
    cache.clear()


@pytest.fixture
def roads_game(make_user):
    def make(state: dict) -> tuple[Game, list]:
        users = [make_user(name) for name in NAMES[: state["players"]]]
        status = Game.Status.FINISHED if state["phase"] == "over" else Game.Status.ACTIVE
        game = Game.objects.create(
            kind="roads", host=users[0], status=status, players=state["players"], state=state
        )
        for position, user in enumerate(users):
            Seat.objects.create(game=game, user=user, position=position, name=user.display_name)
        return game, users

    return make


def won_by_agrippina() -> dict:
    """Agrippina draws, builds on the north road and plays her last card into the empty east space."""
    state = table([[c("mt 58 2"), c("mk 58 6")], [c("mt 323 2")]], {"N": [c("mk 323 1")]}, phase="draw")
    state["pile"].append(c("lk 323 2"))
    state = play(draw(state), c("mt 323 2"), "N")
    return play(state, c("lk 323 2"), "E")


def everyone_tied() -> dict:
    """The pile ran out and everybody passed holding two cards."""
    state = table([[c("mt 58 8"), c("mk 58 8")], [c("mt 1013 8"), c("mk 1013 8")]], pile=[], phase="play")
    state.update(phase="over", end_reason="blocked", winners=[0, 1], passes=2)
    return state


def pad(client, game, **params) -> str:
    response = client.get(reverse("pad_game", args=[game.code]), params)
    assert response.status_code == 200, response.content.decode()[:300]
    assert response["Content-Type"] == "application/pdf"
    return pdf_text(response.content)


@pytest.mark.django_db
def test_a_finished_game_ticks_its_winner_and_says_how_it_ended(client, roads_game, keep_picture):
    game, users = roads_game(won_by_agrippina())
    assert game.state["winners"] == [1] and game.state["end_reason"] == "out"
    client.force_login(users[0])
    response = client.get(reverse("pad_game", args=[game.code]), {"scope": "table"})
    text = pdf_text(response.content)
    for expected in (*NAMES[:2], f"Table {game.code}", "Final result", "Games won 0 1", "✓"):
        assert expected in text
    assert "Agrippina won by playing the last card of the hand." in text
    assert "Cards in hand: Julius 2, Agrippina 0." in text
    keep_picture("roads-online-table", response.content)


@pytest.mark.django_db
def test_when_everyone_ties_the_pad_prints_that_all_share_the_win(client, roads_game):
    game, users = roads_game(everyone_tied())
    client.force_login(users[1])
    text = pad(client, game)
    assert "Games won 1 1" in text and text.count("✓") == 2
    assert "everyone held 2 cards, so all share the win." in text


@pytest.mark.django_db
def test_a_game_in_play_has_its_pad_with_no_winner_yet(client, roads_game):
    state = table([[c("mt 58 2"), c("mk 58 6")], [c("mt 323 2"), c("lk 323 7")]], {"N": [c("mk 323 1")]})
    game, users = roads_game(state)
    client.force_login(users[0])
    text = pad(client, game)
    assert "In progress · turn 1" in text and "✓" not in text
    assert f"In play: turn 1, {len(state['pile'])} cards in the pile." in text
    client.logout()
    assert "Cards in hand: Julius 2, Agrippina 2." in pad(client, game)  # a spectator's pad


@pytest.mark.django_db
def test_my_pad_is_only_my_column(client, roads_game):
    game, users = roads_game(won_by_agrippina())
    client.force_login(users[0])
    text = pad(client, game, scope="mine")
    assert "Julius" in text and "Games won 0" in text and "Cards in hand: Julius 2." in text
