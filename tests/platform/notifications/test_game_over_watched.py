"""A player whose page shows the end as it happens has seen it: no game-over e-mail to them."""

from __future__ import annotations

import pytest

from games.live import presence
from games.models import Game, Notification, NotificationPrefs, Seat
from tests.platform.notifications.notify_helpers import play_turn

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("toy_games")]


def play_to_the_end(game, users) -> None:
    for _ in range(60):
        game.refresh_from_db()
        if game.status == Game.Status.FINISHED:
            return
        seat = game.engine.to_act(game.state)[0]
        play_turn(game, users[seat], seat)
    raise AssertionError("the game did not end")


def over_to(user) -> list[Notification]:
    return list(Notification.objects.filter(user=user, kind="game_over"))


def test_players_watching_the_end_get_no_game_over_mail_and_one_away_does(make_table):
    game, (julius, agrippina, gaius) = make_table("race", names=("Julius", "Agrippina", "Gaius"))
    for user in (julius, agrippina):
        presence.opened(Seat.objects.get(game=game, user=user).pk, f"page-{user.pk}")
    play_to_the_end(game, [julius, agrippina, gaius])
    assert over_to(julius) == [] and over_to(agrippina) == []
    [mail] = over_to(gaius)
    assert mail.context["scores"]


def test_a_page_closed_before_the_end_does_not_count(make_table):
    game, (julius, agrippina) = make_table("nim")
    seat = Seat.objects.get(game=game, user=agrippina)
    presence.opened(seat.pk, "phone")
    presence.closed(seat.pk, "phone")
    play_to_the_end(game, [julius, agrippina])
    assert len(over_to(agrippina)) == 1


def test_always_means_the_game_over_mail_comes_even_while_watching(make_table):
    game, (julius, agrippina) = make_table("nim")
    NotificationPrefs.objects.create(user=agrippina, always=True)
    presence.opened(Seat.objects.get(game=game, user=agrippina).pk, "phone")
    play_to_the_end(game, [julius, agrippina])
    assert len(over_to(agrippina)) == 1
