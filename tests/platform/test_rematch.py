"""Rematch: the room outlives its game. Only the host starts it while still with the table (a host
who does not play too); once the host has left, the first player to ask does. Everyone still playing
is seated at the new table with the computer players and the options; the end screens hear it pushed,
a shared screen follows to the new table, and the old join code leads there. One rematch per game."""

from __future__ import annotations

import pytest
from django.test import Client
from django.urls import reverse

from games.models import Game, OpenPage
from games.play import services
from games.tables import rematch, tools
from tests.platform.test_endings_pushed import on_the_sockets_thread, run, signed_in, socket
from tests.real_parts import at_once, require

pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.usefixtures("toy_games")]


def finished(make_table, **kwargs):
    game, users = make_table("race", names=("Julius", "Agrippina"), bots=1, **kwargs)
    Game.objects.filter(pk=game.pk).update(status=Game.Status.FINISHED, turn_deadline=86400)
    game.refresh_from_db()
    return game, users


def here(client: Client, game: Game) -> Client:
    """The client's page of the table is open (its game page drawn: a fresh presence row)."""
    client.get(reverse("game", args=[game.code]))
    return client


def test_play_again_keeps_the_host_the_people_and_the_computer_players(make_table):
    game, (julius, agrippina) = finished(make_table)
    his, hers = here(signed_in(julius), game), signed_in(agrippina)

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
        game.kind,
        game.options,
        game.seat_order,
        game.turn_deadline,
        julius.pk,
        Game.Status.OPEN,
    )
    assert [(s.name, s.is_bot, s.user_id) for s in new.seats.order_by("position")] == [
        ("Julius", False, julius.pk),
        ("Agrippina", False, agrippina.pk),
        ("Computer 1", True, None),
    ]
    end_screen = hers.get(reverse("game", args=[game.code])).content.decode()
    assert "Julius started a rematch: you have a seat." in end_screen and "Go to the new table" in end_screen
    assert "Go to the new table" in hers.get(reverse("rematch_box", args=[game.code])).content.decode()
    assert "The rematch is set up." in his.get(reverse("rematch_box", args=[game.code])).content.decode()
    assert hers.post(reverse("play_again", args=[game.code]))["Location"] == new.get_absolute_url()
    assert Game.objects.filter(rematch_of=game).count() == 1 and new.seats.count() == 3


def test_while_the_host_is_here_only_the_host_starts_it_then_the_first_player_to_ask(make_table):
    game, (julius, agrippina) = finished(make_table)
    his, hers = here(signed_in(julius), game), signed_in(agrippina)
    end_screen = hers.get(reverse("game", args=[game.code])).content.decode()
    assert "Julius, the host, starts the rematch: it shows here when they do." in end_screen
    assert "Play again with the same table" not in end_screen
    refused = hers.post(reverse("play_again", args=[game.code]), follow=True)
    assert "Julius, the host, starts the rematch" in refused.content.decode()
    assert not Game.objects.filter(rematch_of=game).exists()
    assert "Play again with the same table" in his.get(reverse("game", args=[game.code])).content.decode()

    OpenPage.objects.filter(seat__user=julius).delete()  # his page closed: the host has left
    box = hers.get(reverse("rematch_box", args=[game.code])).content.decode()
    assert "Play again with the same table" in box and "the host, starts" not in box
    new = Game.objects.get(pk=rematch.play_again(game.pk, agrippina).pk)
    assert new.host_id == agrippina.pk
    assert {s.user_id for s in new.seats.all()} == {julius.pk, agrippina.pk, None}


def test_a_host_who_does_not_play_has_the_button(make_user):
    dad, ann, tom = make_user("Dad"), make_user("Ann"), make_user("Tom")
    game = services.create_game(dad, "nim", {}, 2, "seated", host_plays=False)
    for user in (ann, tom):
        services.join_game(game.pk, user)
    services.start_game(game.pk, dad)
    Game.objects.filter(pk=game.pk).update(status=Game.Status.FINISHED)
    his, hers = here(signed_in(dad), game), signed_in(ann)
    assert "Play again with the same table" in his.get(reverse("game", args=[game.code])).content.decode()
    assert "Dad, the host, starts the rematch" in hers.get(reverse("game", args=[game.code])).content.decode()
    response = his.post(reverse("play_again", args=[game.code]))
    new = rematch.rematch_of(game)
    assert response["Location"] == new.get_absolute_url()
    assert new.host_id == dad.pk and [s.user_id for s in new.seats.order_by("position")] == [ann.pk, tom.pk]
    assert "Start the game" in his.get(new.get_absolute_url()).content.decode()


def test_who_left_is_not_carried_over_and_a_host_who_left_starts_nothing(make_table, make_user):
    game, (julius, agrippina, marcus) = make_table("race", names=("Julius", "Agrippina", "Marcus"))
    tools.leave(game.pk, marcus)
    tools.leave(game.pk, julius)  # the host leaves: Agrippina hosts now
    game.refresh_from_db()
    assert game.host_id == agrippina.pk
    Game.objects.filter(pk=game.pk).update(status=Game.Status.FINISHED)
    with pytest.raises(services.MoveRejected) as refused:
        rematch.play_again(game.pk, julius)
    assert refused.value.status == 403
    new = rematch.play_again(game.pk, agrippina)
    assert [s.user_id for s in new.seats.all()] == [agrippina.pk]


def test_the_tv_and_the_old_join_code_lead_to_the_rematch(make_user):
    """Catacombs: a game with a TV."""
    dad, ann, tom = make_user("Dad"), make_user("Ann"), make_user("Tom")
    game = services.create_game(dad, "catacombs", {"flip_mode": "host"}, 4, "seated", host_plays=False)
    for user in (ann, tom):
        services.join_game(game.pk, user)
    services.start_game(game.pk, dad)
    Game.objects.filter(pk=game.pk).update(status=Game.Status.FINISHED)
    tv = Client()
    assert tv.get(reverse("tv_next", args=[game.code])).status_code == 204
    assert Client().get(reverse("join", args=[game.code])).status_code == 200  # over: nothing to join
    new = rematch.play_again(game.pk, dad)
    assert tv.get(reverse("tv_next", args=[game.code])).json() == {"url": reverse("tv", args=[new.code])}
    assert tv.get(reverse("tv_next", args=[new.code])).status_code == 204
    joined = Client().get(reverse("join", args=[game.code]))
    assert joined.status_code == 302 and joined["Location"] == reverse("join", args=[new.code])
    Game.objects.filter(pk=new.pk).update(max_seats=2)  # full: the new table's page says so
    joined = Client().get(reverse("join", args=[game.code]), follow=True)
    assert joined.redirect_chain == [(reverse("join", args=[new.code]), 302)]
    assert new.code in joined.content.decode() and "Watch" in joined.content.decode()


def test_two_asking_at_once_make_one_rematch_with_both_seated(make_table):
    require("racing rematches (SQLite serialises every write)")
    game, (julius, agrippina) = finished(make_table)  # nobody's page open: the host has left
    results = at_once([lambda user=user: rematch.play_again(game.pk, user) for user in (julius, agrippina)])
    assert all(isinstance(r, Game) for r in results), results
    assert results[0].pk == results[1].pk
    assert set(results[0].seats.values_list("user_id", flat=True)) == {julius.pk, agrippina.pk, None}


def test_no_rematch_before_the_end_nor_for_strangers(make_table, make_user):
    game, (julius, _) = make_table("nim")
    response = signed_in(julius).post(reverse("play_again", args=[game.code]), follow=True)
    assert "once the game is over" in response.content.decode()
    Game.objects.filter(pk=game.pk).update(status=Game.Status.FINISHED)
    stranger = signed_in(make_user("Marcus"))
    page = stranger.post(reverse("play_again", args=[game.code]), follow=True).content.decode()
    assert "Only the players of this game" in page
    assert "Play again" not in stranger.get(reverse("game", args=[game.code])).content.decode()
    assert Client().post(reverse("play_again", args=[game.code])).status_code == 302  # to sign in
    assert not Game.objects.filter(rematch_of=game).exists()


def test_my_games_offers_the_rematch_to_a_player_removed_from_its_lobby(make_table):
    game, (julius, agrippina) = finished(make_table)
    hers = signed_in(agrippina)
    assert "Join the rematch" not in hers.get(reverse("my_games")).content.decode()
    new = rematch.play_again(game.pk, julius)
    assert new.code in hers.get(reverse("my_games")).content.decode()  # seated already
    services.remove_seat(new.pk, julius, new.seats.get(user=agrippina).pk)
    listing = hers.get(reverse("my_games")).content.decode()
    assert "Join the rematch" in listing and reverse("play_again", args=[game.code]) in listing
    hers.post(reverse("play_again", args=[game.code]))
    listing = hers.get(reverse("my_games")).content.decode()
    assert "Join the rematch" not in listing and new.code in listing


def test_a_cancelled_rematch_leaves_the_end_screens_and_my_games(make_table):
    game, (julius, agrippina) = finished(make_table)
    hers = signed_in(agrippina)
    new = rematch.play_again(game.pk, julius)
    assert "Go to the new table" in hers.get(reverse("rematch_box", args=[game.code])).content.decode()
    assert new.code in hers.get(reverse("my_games")).content.decode()
    stamp = Game.objects.get(pk=game.pk).updated_at

    async def scenario():
        page = socket(game.code, hers)
        assert (await page.connect())[0]
        await page.receive_json_from(timeout=2)
        await on_the_sockets_thread(services.cancel_game, new.pk, julius)
        message = await page.receive_json_from(timeout=2)
        while "rematch" not in message:
            message = await page.receive_json_from(timeout=2)
        await page.disconnect()
        return message

    assert run(scenario) == {"rematch": True}  # the end screen redraws its box
    box = hers.get(reverse("rematch_box", args=[game.code])).content.decode()
    assert "Go to the new table" not in box and "started a rematch" not in box
    assert Game.objects.get(pk=game.pk).updated_at > stamp  # "My games" redraws
    listing = hers.get(reverse("my_games")).content.decode()
    assert new.code not in listing and "Join the rematch" not in listing
    again = rematch.play_again(game.pk, julius)  # the table may play again all the same
    assert again.pk != new.pk and again.rematch_of_id == game.pk
