"""One rule at delivery: a mail goes only while what it claims holds, a window after the turn began or
its player left the table, whichever is later, and never while they are at the table."""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.urls import reverse
from django.utils import timezone

from games.live import presence
from games.models import Game, Notification, NotificationPrefs, OpenPage, Seat
from games.notifications import claims, deadlines, mailer
from games.play import services
from games.play.seat_moves import PAUSE, RESUME
from games.tables import tools as table_tools
from tests.platform.notifications.notify_helpers import host_flip, play_turn

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("toy_games")]


def later(seconds: float = 1) -> timezone.datetime:
    """A moment the window and ``seconds`` more from now."""
    return timezone.now() + claims.window() + timedelta(seconds=seconds)


def to(mailoutbox, user) -> list:
    return [m for m in mailoutbox if m.to == [user.email]]


def rows(user, **filters) -> list[Notification]:
    return list(Notification.objects.filter(user=user, **filters).order_by("pk"))


def seat_of(game: Game, user) -> Seat:
    return Seat.objects.get(game=game, user=user)


# A turn-based table ---------------------------------------------------------------


def test_a_turn_waits_the_window_then_goes_once(make_table, mailoutbox):
    game, (julius, agrippina) = make_table("nim")
    play_turn(game, julius, 0)
    [note] = rows(agrippina)
    assert (note.claim, note.seat) == (Notification.Claim.TURN, 1)
    assert mailer.sweep() == 0 and mailoutbox == []  # not due yet
    assert mailer.sweep(later()) == 1 and len(to(mailoutbox, agrippina)) == 1
    assert mailer.sweep(later(120)) == 0  # once


def test_a_turn_that_comes_while_here_goes_a_window_after_leaving_if_still_hers(make_table, mailoutbox):
    game, (julius, agrippina) = make_table("nim")
    seat = seat_of(game, agrippina)
    presence.opened(seat.pk, "phone")
    play_turn(game, julius, 0)
    assert mailer.sweep(later(600)) == 0 and mailoutbox == []  # here: it waits however long
    [note] = rows(agrippina)
    note.refresh_from_db()
    assert note.sent_at is None and note.attempts == 0 and note.due_at > timezone.now()
    presence.closed(seat.pk, "phone")
    left = timezone.now()
    assert mailer.deliver_after_leaving(game.pk, agrippina.pk, left + timedelta(seconds=30)) == 0
    assert (
        mailer.deliver_after_leaving(game.pk, agrippina.pk, left + claims.window() + timedelta(seconds=1))
        == 1
    )
    assert len(to(mailoutbox, agrippina)) == 1
    assert mailer.sweep(later(600)) == 0


def test_a_turn_played_before_it_was_due_is_dropped_with_why(make_table, mailoutbox):
    game, (julius, agrippina) = make_table("nim")
    seat = seat_of(game, agrippina)
    presence.opened(seat.pk, "phone")
    play_turn(game, julius, 0)
    play_turn(game, agrippina, 1)  # played on the page
    presence.closed(seat.pk, "phone")
    mailer.sweep(later(600))
    assert to(mailoutbox, agrippina) == []
    [note] = rows(agrippina)
    assert note.skipped and note.last_error == claims.NOT_YOUR_TURN


def test_of_several_turns_only_the_one_still_hers_goes(make_table, mailoutbox):
    game, (julius, agrippina) = make_table("nim")
    play_turn(game, julius, 0)
    play_turn(game, agrippina, 1)
    play_turn(game, julius, 0)
    mailer.sweep(later())  # a late delivery (the worker was down): the backlog
    assert len(to(mailoutbox, agrippina)) == 1 and len(rows(agrippina)) == 2
    first, second = rows(agrippina)
    assert first.last_error == claims.NOT_YOUR_TURN and second.sent_at and not second.skipped


def test_always_means_mail_even_while_here(make_table, mailoutbox):
    game, (julius, agrippina) = make_table("nim")
    NotificationPrefs.objects.create(user=agrippina, always=True)
    presence.opened(seat_of(game, agrippina).pk, "phone")
    play_turn(game, julius, 0)
    assert mailer.sweep(later()) == 1 and len(mailoutbox) == 1


def test_a_spectator_page_keeps_nobody_here(client, make_table, make_user, mailoutbox):
    game, (julius, agrippina) = make_table("nim")
    client.force_login(make_user("Watcher"))
    client.get(f"/g/{game.code}/")
    play_turn(game, julius, 0)
    assert mailer.sweep(later()) == 1


def test_settings_now_decide(make_table, mailoutbox):
    game, (julius, agrippina) = make_table("nim")
    play_turn(game, julius, 0)
    NotificationPrefs.objects.create(user=agrippina, mode=NotificationPrefs.Mode.DIGEST)
    assert mailer.sweep(later()) == 0
    [note] = rows(agrippina)
    assert note.last_error == claims.DIGEST_READER


def test_a_paused_game_mails_nothing_until_it_is_resumed(make_table, mailoutbox):
    game, (julius, agrippina) = make_table("nim")
    Game.objects.filter(pk=game.pk).update(turn_deadline=86400)  # a table on a clock can pause
    play_turn(game, julius, 0)
    table_tools.host_tool(game.pk, julius, PAUSE)
    assert mailer.sweep(later()) == 0 and mailoutbox == []
    table_tools.host_tool(game.pk, julius, RESUME)
    assert mailer.sweep(later(120)) == 1 and len(to(mailoutbox, agrippina)) == 1


def test_after_the_end_only_the_final_mail(make_table, mailoutbox):
    game, (julius, agrippina) = make_table("catacombs", options={"flip_mode": "host"})
    host_flip(game, julius)
    table_tools.host_tool(game.pk, julius, "end")
    mailer.sweep(later())
    turns = rows(agrippina, kind="turn")
    assert turns and all(note.last_error == claims.GAME_OVER for note in turns)
    sent = Notification.objects.filter(game=game, sent_at__isnull=False, skipped=False)
    assert set(sent.values_list("kind", flat=True)) == {"game_over"}
    assert len(to(mailoutbox, agrippina)) == 1


# Catacombs: rounds, the host's step ------------------------------------------------


@pytest.fixture
def hosted(make_user):
    """A host-flipped Catacombs table whose host has no seat, with two players; cards up."""
    hostess, clara, paul = make_user("Hostess"), make_user("Clara"), make_user("Paul")
    game = services.create_game(hostess, "catacombs", {"flip_mode": "host"}, 3, "seated", host_plays=False)
    services.join_game(game.pk, clara)
    services.join_game(game.pk, paul)
    services.start_game(game.pk, hostess)
    host_flip(game, hostess)
    return game, hostess, clara, paul


def everyone_passes(game: Game, *users) -> None:
    for user in users:
        game.refresh_from_db()
        seat = seat_of(game, user).position
        services.submit_move(game.pk, user, {"type": "pass"}, game.tokens[str(seat)])


def test_a_host_who_flipped_every_turn_at_the_table_gets_no_stale_step_mails(hosted, mailoutbox):
    game, hostess, clara, paul = hosted
    pages = presence.pages_of(game.pk, hostess)
    presence.opened(pages, "laptop")
    for _ in range(6):
        everyone_passes(game, clara, paul)
        mailer.sweep(later())  # her step is looked at while she is here
        host_flip(game, hostess)
    table_tools.host_tool(game.pk, hostess, "end")
    presence.closed(pages, "laptop")
    mailer.deliver_after_leaving(game.pk, hostess.pk, later(5))
    mailer.sweep(later(600))
    assert to(mailoutbox, hostess) == []
    steps = rows(hostess, kind="host_step")
    assert len(steps) == 6 and all(note.skipped for note in steps)
    assert {note.last_error for note in steps} <= {claims.STEP_TAKEN, claims.GAME_OVER}


def test_of_the_steps_due_while_she_was_here_only_the_one_still_due_goes(hosted, mailoutbox):
    game, hostess, clara, paul = hosted
    pages = presence.pages_of(game.pk, hostess)
    presence.opened(pages, "laptop")
    everyone_passes(game, clara, paul)
    host_flip(game, hostess)
    everyone_passes(game, clara, paul)  # a second step due, the first one taken
    presence.closed(pages, "laptop")
    mailer.sweep(later(5))
    assert len(to(mailoutbox, hostess)) == 1
    first, second = rows(hostess, kind="host_step")
    assert first.last_error == claims.STEP_TAKEN and second.sent_at and not second.skipped


def test_the_hosts_step_still_due_goes_a_window_after_she_left(hosted, mailoutbox):
    game, hostess, clara, paul = hosted
    pages = presence.pages_of(game.pk, hostess)
    presence.opened(pages, "laptop")
    everyone_passes(game, clara, paul)
    mailer.sweep(later())
    assert to(mailoutbox, hostess) == []  # she is here
    presence.closed(pages, "laptop")
    game.refresh_from_db()
    assert game.host_last_seen is not None
    assert mailer.deliver_after_leaving(game.pk, hostess.pk, timezone.now() + timedelta(seconds=5)) == 0
    mailer.sweep(later())
    assert len(to(mailoutbox, hostess)) == 1
    mailer.sweep(later(600))
    assert len(to(mailoutbox, hostess)) == 1


def test_a_seatless_host_whose_page_stopped_polling_is_mailed(hosted, client, mailoutbox):
    game, hostess, clara, paul = hosted
    client.force_login(hostess)
    client.get(reverse("game", args=[game.code]))
    assert presence.is_here(game.pk, hostess.pk)
    everyone_passes(game, clara, paul)
    mailer.sweep(later())
    assert to(mailoutbox, hostess) == []  # she is here: looked at again a window later
    OpenPage.objects.filter(host_of=game).update(beat_at=timezone.now() - 2 * presence.WINDOW)
    Game.objects.filter(pk=game.pk).update(host_last_seen=timezone.now() - 2 * presence.WINDOW)
    assert not presence.is_here(game.pk, hostess.pk)
    mailer.sweep(later() + claims.window())
    assert len(to(mailoutbox, hostess)) == 1


def test_flip_anyway_twice_mails_the_player_gone_once_for_the_cards_now_up(hosted, mailoutbox):
    game, hostess, clara, paul = hosted
    clara_seat = seat_of(game, clara)
    presence.opened(clara_seat.pk, "phone")
    presence.opened(seat_of(game, paul).pk, "phone")
    presence.closed(clara_seat.pk, "phone")  # Clara leaves during the turn, still choosing
    everyone_passes(game, paul)
    for _ in range(2):
        game.refresh_from_db()
        services.submit_move(game.pk, hostess, {"type": "flip_on"}, game.tokens["host"], as_host=True)
        everyone_passes(game, paul)
    game.refresh_from_db()
    assert clara_seat.position in game.engine.to_act(game.state)
    mailer.sweep(later())
    assert len(to(mailoutbox, clara)) == 1
    assert "new cards are up" in to(mailoutbox, clara)[0].subject
    sent = [note for note in rows(clara) if note.sent_at and not note.skipped]
    assert [note.turn for note in sent] == [game.state["turn"]]
    mailer.sweep(later(600))
    assert len(to(mailoutbox, clara)) == 1 and to(mailoutbox, paul) == []


def test_a_reminder_for_cards_flipped_on_past_is_dropped(hosted, mailoutbox):
    game, hostess, clara, paul = hosted
    Game.objects.filter(pk=game.pk).update(turn_deadline=86400)
    deadlines.sweep(timezone.now() + timedelta(hours=12, minutes=30))  # half-time: Clara reminded
    everyone_passes(game, paul)
    game.refresh_from_db()
    services.submit_move(game.pk, hostess, {"type": "flip_on"}, game.tokens["host"], as_host=True)
    game.refresh_from_db()
    assert seat_of(game, clara).position in game.engine.to_act(game.state)  # awaited in the next cards
    mailer.sweep(later())
    [reminder] = rows(clara, kind="reminder")
    assert reminder.skipped and reminder.last_error == claims.NOT_YOUR_TURN
    [mail] = to(mailoutbox, clara)  # the cards now up, not a reminder of the ones before
    assert "new cards are up" in mail.subject


def test_cards_flipped_on_past_a_seat_still_choosing_give_it_a_new_turn_and_its_full_time(hosted):
    """Flip anyway passes Clara and puts new cards up: her clock starts again with them, and the
    half-time reminder of the new cards is written."""
    game, hostess, clara, paul = hosted
    Game.objects.filter(pk=game.pk).update(turn_deadline=86400)
    before = seat_of(game, clara)
    Seat.objects.filter(pk=before.pk).update(waiting_since=timezone.now() - timedelta(hours=20))
    everyone_passes(game, paul)
    game.refresh_from_db()
    services.submit_move(game.pk, hostess, {"type": "flip_on"}, game.tokens["host"], as_host=True)
    after = seat_of(game, clara)
    assert after.awaiting and after.turns == before.turns + 1
    assert timezone.now() - after.waiting_since < timedelta(minutes=1)
    deadlines.sweep(timezone.now() + timedelta(hours=12, minutes=30))
    assert len(rows(clara, kind="reminder")) == 1


def test_a_latecomer_is_mailed_once_for_the_first_cards_they_play(hosted, make_user, mailoutbox):
    game, hostess, clara, paul = hosted
    late = make_user("Late")
    table_tools.join(game.pk, late)
    everyone_passes(game, clara, paul)
    host_flip(game, hostess)
    everyone_passes(game, clara, paul)  # the latecomer alone is awaited
    mailer.sweep(later())
    assert len(to(mailoutbox, late)) == 1
    mailer.sweep(later(600))
    assert len(to(mailoutbox, late)) == 1


# A live table: rounds, in the race's own words -----------------------------------


@pytest.fixture
def race(make_table):
    game, (julius, agrippina) = make_table("romanroad")
    return game, julius, agrippina


def test_a_live_table_mails_a_player_gone_mid_hand_once_in_its_own_words(race, mailoutbox):
    game, julius, agrippina = race
    seat = seat_of(game, agrippina)
    presence.opened(seat.pk, "phone")
    [note] = rows(agrippina, kind="turn")
    assert (note.claim, note.turn) == (Notification.Claim.ROUND, 1)
    presence.closed(seat.pk, "phone")  # a reload that does not come back
    assert mailer.deliver_after_leaving(game.pk, agrippina.pk, timezone.now() + timedelta(seconds=5)) == 0
    mailer.sweep(later())
    [mail] = to(mailoutbox, agrippina)
    words = (mail.subject + mail.body).lower()
    assert "hand 1" in words and "your cards are waiting" in words
    for wrong in ("your turn", "play first", "seconds for this turn", "has started"):
        assert wrong not in words
    assert mailer.sweep(later(600)) == 0


def test_a_live_table_drops_the_mail_of_a_hand_that_no_longer_awaits_them(race, mailoutbox):
    game, julius, agrippina = race
    game.state = {**game.state, "phase": "between"}  # the hand ended before the window was over
    Game.objects.filter(pk=game.pk).update(state=game.state)
    mailer.sweep(later())
    assert to(mailoutbox, agrippina) == []
    [note] = rows(agrippina, kind="turn")
    assert note.last_error == claims.ROUND_OVER
