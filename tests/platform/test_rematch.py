"""Rematch: one button at the end makes a new table with the same seats, computer players and
options; the others hear it pushed to their end screen and join with one tap; one rematch per game."""

from __future__ import annotations

import pytest
from django.test import Client
from django.urls import reverse

from games.models import Game
from games.tables import rematch
from tests.platform.test_endings_pushed import on_the_sockets_thread, run, signed_in, socket
from tests.real_parts import at_once, require

pytestmark = pytest.mark.django_db(transaction=True)


def finished(make_table, **kwargs):
    game, users = make_table(names=("Julius", "Agrippina"), bots=1, **kwargs)
    Game.objects.filter(pk=game.pk).update(status=Game.Status.FINISHED, turn_deadline=86400)
    game.refresh_from_db()
    return game, users


def test_play_again_makes_the_same_table_and_the_others_hear_it(make_table):
    game, (julius, agrippina) = finished(make_table)
    his, hers = signed_in(julius), signed_in(agrippina)

    async def scenario():
        page = socket(game.code, hers)
        assert (await page.connect())[0]
        await page.receive_json_from(timeout=2)
        response = await on_the_sockets_thread(his.post, reverse("play_again", args=[game.code]))
        message = await page.receive_json_from(timeout=2)
        while "rematch" not in message:  # who came and went first
            message = await page.receive_json_from(timeout=2)
        await page.disconnect()
        return response, message

    response, heard = run(scenario)
    assert heard == {"rematch": True}
    new = rematch.rematch_of(game)
    assert response.status_code == 302 and response["Location"] == new.get_absolute_url()
    assert (new.kind, new.options, new.seat_order, new.turn_deadline, new.host_id, new.status) == (
        game.kind, game.options, game.seat_order, game.turn_deadline, julius.pk, Game.Status.OPEN
    )
    assert [(s.name, s.is_bot, s.user_id) for s in new.seats.order_by("position")] == [
        ("Julius", False, julius.pk), ("Computer 1", True, None)
    ]
    end_screen = hers.get(reverse("game", args=[game.code])).content.decode()
    assert "Julius asks for a rematch." in end_screen and "Join the rematch" in end_screen
    box = hers.get(reverse("rematch_box", args=[game.code])).content.decode()
    assert "Join the rematch" in box
    joined = hers.post(reverse("play_again", args=[game.code]))  # one tap
    assert joined["Location"] == new.get_absolute_url()
    assert new.seats.filter(user=agrippina).exists()
    assert hers.post(reverse("play_again", args=[game.code]))["Location"] == new.get_absolute_url()
    assert Game.objects.filter(rematch_of=game).count() == 1 and new.seats.count() == 3
    assert "Go to the new table" in hers.get(reverse("game", args=[game.code])).content.decode()


def test_two_asking_at_once_make_one_rematch_with_both_seated(make_table):
    require("racing rematches (SQLite serialises every write)")
    game, (julius, agrippina) = finished(make_table)
    results = at_once([lambda user=user: rematch.play_again(game.pk, user) for user in (julius, agrippina)])
    assert all(isinstance(r, Game) for r in results), results
    assert results[0].pk == results[1].pk
    assert set(results[0].seats.values_list("user_id", flat=True)) == {julius.pk, agrippina.pk, None}


def test_no_rematch_before_the_end_nor_for_strangers(make_table, make_user):
    game, (julius, _) = make_table()
    response = signed_in(julius).post(reverse("play_again", args=[game.code]), follow=True)
    assert "once the game is over" in response.content.decode()
    Game.objects.filter(pk=game.pk).update(status=Game.Status.FINISHED)
    stranger = signed_in(make_user("Marcus"))
    page = stranger.post(reverse("play_again", args=[game.code]), follow=True).content.decode()
    assert "Only the players of this game" in page
    assert "Play again" not in stranger.get(reverse("game", args=[game.code])).content.decode()
    assert Client().post(reverse("play_again", args=[game.code])).status_code == 302  # to sign in
    assert not Game.objects.filter(rematch_of=game).exists()


def test_my_games_offers_the_rematch_beside_the_finished_game_until_joined(make_table):
    game, (julius, agrippina) = finished(make_table)
    hers = signed_in(agrippina)
    assert "Join the rematch" not in hers.get(reverse("my_games")).content.decode()
    new = rematch.play_again(game.pk, julius)
    listing = hers.get(reverse("my_games")).content.decode()
    assert "Join the rematch" in listing and reverse("play_again", args=[game.code]) in listing
    hers.post(reverse("play_again", args=[game.code]))
    listing = hers.get(reverse("my_games")).content.decode()
    assert "Join the rematch" not in listing and new.code in listing
