"""The e-mail a person away from a live table gets when a hand needs them: once, at the deal. Her
seat is awaited from the deal through Begin (the engine's ``to_act``), so Begin is no new turn."""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.db import transaction
from django.utils import timezone

from games.decks import cards, rank_of
from games.live import presence
from games.models import Game, Notification, Seat
from games.notifications import claims, deadlines, mailer
from games.play import services
from games.romanroad.tests.site import client_for, lay_out, lobby_table, play, post_move, rig

pytestmark = pytest.mark.django_db


def turn_rows(user) -> list[Notification]:
    return list(Notification.objects.filter(user=user, kind="turn"))


def her_seat(game, user) -> tuple[bool, object]:
    seat = Seat.objects.get(game=game, user=user)
    return seat.awaiting, seat.waiting_since


def test_a_hand_dealt_then_begun_mails_the_absent_player_once(make_user):
    julius, agrippina = make_user("Julius"), make_user("Agrippina")
    game = lobby_table(julius, [agrippina], bots=1, begun=False)
    assert game.state["phase"] == "deal"
    [dealt] = turn_rows(agrippina)  # hand 1 is dealt and waits for her to be ready
    awaited_at_deal = her_seat(game, agrippina)
    assert awaited_at_deal[0]
    for _ in range(3):  # she is taken as ready, then the table says Begin
        deadlines.run_clock(game.pk, timezone.now() + timedelta(minutes=1))
        game.refresh_from_db()
        # Awaited all along, since the deal: the row stays hers to be sent, and Begin is no new turn.
        assert her_seat(game, agrippina) == awaited_at_deal
    assert game.state["phase"] == "hand" and 1 in game.engine.to_act(game.state)
    assert turn_rows(agrippina) == [dealt]


@pytest.mark.parametrize("her_seat_first", [True, False])
def test_each_next_hand_mails_the_absent_player_once(make_user, her_seat_first):
    """Taken to be away in a hand, she is e-mailed once about the next one, at its deal: not when
    the hand ends, not at Begin, whichever seat the clock takes as ready first."""
    julius, agrippina = make_user("Julius"), make_user("Agrippina")
    host, other = (agrippina, julius) if her_seat_first else (julius, agrippina)
    game = lobby_table(host, [other], bots=1)
    her = Seat.objects.get(game=game, user=agrippina).position
    with transaction.atomic():  # she is away; the others are stuck until the hand ends
        game = Game.objects.select_for_update().get(pk=game.pk)
        seats = list(game.seats.all())
        services.record(game, her, {"type": "away"}, seats)
        while game.state["phase"] == "hand":
            services.record(game, game.engine.to_act(game.state)[0], {"type": "stuck"}, seats)
    before = turn_rows(agrippina)
    assert game.state["phase"] == "between" and game.state["away"][her]
    for _ in range(4):  # the pause is over: the next hand is dealt; she is taken as ready; Begin
        deadlines.run_clock(game.pk, timezone.now() + timedelta(minutes=1))
    game.refresh_from_db()
    assert game.state["phase"] == "hand" and game.state["hand"] == 2 and her in game.engine.to_act(game.state)
    [dealt] = [row for row in turn_rows(agrippina) if row not in before]
    assert dealt.context["table_step"]  # the table's deal put her in play


def test_the_clock_makes_no_move_for_a_seat_ready_before_begin(make_user):
    """Ready seats stay awaited before Begin with no move to make: the clock takes the absent as
    ready and says Begin, and plays nothing for the others."""
    julius, agrippina = make_user("Julius"), make_user("Agrippina")
    game = lobby_table(julius, [agrippina], bots=1, begun=False)
    assert game.state["ready"] == [False, False, True]  # the computer player is ready at once
    made = deadlines.run_clock(game.pk, timezone.now() + timedelta(minutes=1))
    game.refresh_from_db()
    assert made == 2 and game.state["ready"] == [True, True, True]  # the absent two, nothing more
    assert deadlines.run_clock(game.pk, timezone.now() + timedelta(minutes=1)) == 1
    game.refresh_from_db()
    assert game.state["phase"] == "hand"


def mails_to(user, outbox) -> int:
    return sum(message.to == [user.email] for message in outbox)


@pytest.mark.parametrize("her_seat_first", [True, False])
def test_a_player_stuck_and_gone_before_she_is_away_is_mailed_once_about_the_next_hand(
    make_user, mailoutbox, her_seat_first
):
    """Agrippina declares Stuck and closes her page; Julius calls Amen before the idle time has made
    her away. No mail when the hand ends: one, when the next hand is dealt, whichever seats the
    clock takes as ready first."""
    julius, agrippina = make_user("Julius"), make_user("Agrippina")
    host, other = (agrippina, julius) if her_seat_first else (julius, agrippina)
    game = lobby_table(host, [other], bots=1)
    her, his = (Seat.objects.get(game=game, user=user) for user in (agrippina, julius))
    presence.opened(her.pk, "her-phone")
    assert post_move(client_for(agrippina), game, {"type": "stuck"}, hand=1).status_code == 200
    presence.closed(her.pk, "her-phone")  # her last page: she is gone, not yet away
    mailer.sweep()
    told_before = mails_to(agrippina, mailoutbox)
    game.refresh_from_db()
    ace = next(card for card in cards(game.state["decks"][his.position]) if rank_of(card) == 1)
    rig(game, lay_out(game.state, his.position, store=[ace], work=([], [], [])))
    assert play(client_for(julius), game, ace, "foundation:new", hand=1).status_code == 200
    game.refresh_from_db()
    assert game.state["phase"] == "between" and game.state["amen"] == his.position
    assert not game.state["away"][her.position]
    mailer.sweep()
    assert mails_to(agrippina, mailoutbox) == told_before  # the hand's end is no turn of hers
    for _ in range(4):  # the pause is over: each seat taken as ready, the deal; her too; Begin
        deadlines.run_clock(game.pk, timezone.now() + timedelta(minutes=1))
        mailer.sweep()
    game.refresh_from_db()
    assert game.state["phase"] == "hand" and game.state["hand"] == 2
    assert mails_to(agrippina, mailoutbox) == told_before  # gone under a minute: the deal's mail waits
    a_window_on = timezone.now() + claims.window() + timedelta(seconds=1)
    mailer.deliver_after_leaving(game.pk, agrippina.pk, a_window_on)
    mailer.sweep(a_window_on)
    assert mails_to(agrippina, mailoutbox) == told_before + 1
    dealt = Notification.objects.filter(user=agrippina, kind="turn", skipped=False).latest("pk")
    assert dealt.sent_at and dealt.context["table_step"]  # the deal put her in play


def test_the_decks_turning_around_mails_nobody(make_user, mailoutbox):
    """The hand was mailed at its deal; everyone stuck turns the decks around and puts every seat
    back in play within the same hand: no second mail."""
    julius, agrippina = make_user("Julius"), make_user("Agrippina")
    game = lobby_table(julius, [agrippina], bots=1)
    assert post_move(client_for(agrippina), game, {"type": "stuck"}, hand=1).status_code == 200
    mailer.sweep()
    told_before = mails_to(agrippina, mailoutbox)
    with transaction.atomic():  # Julius and the computer player are stuck too
        game = Game.objects.select_for_update().get(pk=game.pk)
        seats = list(game.seats.all())
        for seat in list(game.engine.to_act(game.state)):
            services.record(game, seat, {"type": "stuck"}, seats)
    game.refresh_from_db()
    assert game.state["turnarounds"] == 1 and game.engine.to_act(game.state) == [0, 1, 2]
    mailer.sweep()
    assert mails_to(agrippina, mailoutbox) == told_before
