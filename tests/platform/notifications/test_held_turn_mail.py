"""A turn e-mail waits while its player is at the table and goes once they leave, if still theirs."""

from __future__ import annotations

import pytest

from games.live import presence
from games.models import Notification, NotificationPrefs, Seat
from games.notifications import mailer
from tests.platform.notifications.notify_helpers import play_turn

pytestmark = pytest.mark.django_db


def turn_rows(user):
    return list(Notification.objects.filter(user=user, kind="turn").order_by("pk"))


def test_held_while_here_and_sent_once_the_last_page_closes(make_table, mailoutbox):
    game, (julius, agrippina) = make_table()
    seat = Seat.objects.get(game=game, user=agrippina)
    presence.opened(seat.pk, "phone")
    play_turn(game, julius, 0)
    [note] = turn_rows(agrippina)
    assert mailer.deliver([note.pk]) == 0 and mailoutbox == []
    note.refresh_from_db()
    assert note.sent_at is None and note.claimed_at is None and note.attempts == 0  # free for the sweep
    assert mailer.sweep() == 0

    presence.closed(seat.pk, "phone")
    assert mailer.deliver_held(game.pk, agrippina.pk) == 1
    assert [m.to for m in mailoutbox] == [[agrippina.email]]
    assert mailer.sweep() == 0  # exactly one


def test_a_turn_played_while_here_is_not_mailed_after_leaving(make_table, mailoutbox):
    game, (julius, agrippina) = make_table()
    seat = Seat.objects.get(game=game, user=agrippina)
    presence.opened(seat.pk, "phone")
    play_turn(game, julius, 0)
    assert mailer.sweep() == 0  # held: she is at the table
    play_turn(game, agrippina, 1)  # she played it on the page
    presence.closed(seat.pk, "phone")
    assert mailer.deliver_held(game.pk, agrippina.pk) == 0 and mailoutbox == []
    [note] = turn_rows(agrippina)
    assert note.skipped and note.last_error == "no longer their turn"


def test_only_the_latest_of_several_held_turns_is_mailed(make_table, mailoutbox):
    game, (julius, agrippina) = make_table()
    seat = Seat.objects.get(game=game, user=agrippina)
    presence.opened(seat.pk, "phone")
    play_turn(game, julius, 0)
    play_turn(game, agrippina, 1)
    play_turn(game, julius, 0)
    mailer.sweep()  # hers are held while she plays (Julius, away, gets his)
    assert not [m for m in mailoutbox if m.to == [agrippina.email]]
    presence.closed(seat.pk, "phone")
    assert mailer.deliver_held(game.pk, agrippina.pk) == 1
    assert len([m for m in mailoutbox if m.to == [agrippina.email]]) == 1 and len(turn_rows(agrippina)) == 2


def test_always_means_mail_even_while_here(make_table, mailoutbox):
    game, (julius, agrippina) = make_table()
    NotificationPrefs.objects.create(user=agrippina, always=True)
    presence.opened(Seat.objects.get(game=game, user=agrippina).pk, "phone")
    play_turn(game, julius, 0)
    [note] = turn_rows(agrippina)
    assert mailer.deliver([note.pk]) == 1 and len(mailoutbox) == 1


def test_a_spectator_page_keeps_nobody_here(client, make_table, make_user, mailoutbox):
    game, (julius, agrippina) = make_table()
    client.force_login(make_user("Watcher"))
    client.get(f"/g/{game.code}/")
    play_turn(game, julius, 0)
    [note] = turn_rows(agrippina)
    assert mailer.deliver([note.pk]) == 1


def test_a_turn_mailed_to_a_player_away_goes_even_if_it_has_passed_meanwhile(make_table, mailoutbox):
    # Never held: delivery only late (a queue outage), as before presence counted.
    game, (julius, agrippina) = make_table()
    play_turn(game, julius, 0)
    play_turn(game, agrippina, 1)
    play_turn(game, julius, 0)
    mailer.sweep()
    assert len([m for m in mailoutbox if m.to == [agrippina.email]]) == 2
