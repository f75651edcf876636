"""Which moves write which outbox rows, for whom."""

from __future__ import annotations

import random

import pytest
from django.utils import timezone

from games.live import presence
from games.models import Notification, NotificationPrefs, Seat
from games.notifications import outbox
from games.play import services
from tests.platform.notifications.notify_helpers import host_flip, play_turn

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("toy_games")]


def rows(**filters):
    return list(Notification.objects.filter(**filters).order_by("pk"))


def test_ending_a_turn_tells_the_next_player_only(make_table):
    game, (julius, agrippina) = make_table("nim")
    assert rows() == []  # the host started the game and plays first: nobody else to tell
    play_turn(game, julius, 0)
    [note] = rows()
    assert note.user == agrippina and note.kind == "turn" and note.game_id == game.pk
    assert note.sent_at is None and note.claimed_at is None
    assert note.context["game_code"] == game.code and note.context["game_name"] == "Nim"
    assert note.context["lines"] and note.context["lines"][-1].startswith("Julius")
    assert note.dedupe_key == f"turn:{game.pk}:1:{game.version}"


def test_a_move_that_keeps_the_turn_tells_nobody(make_table):
    game, (julius, _) = make_table()  # Poker: a roll keeps the turn
    services.submit_move(game.pk, julius, {"type": "roll"}, game.tokens["0"])
    assert rows() == []


def test_lines_are_what_happened_since_the_readers_last_move(make_table):
    game, (julius, agrippina) = make_table("nim")
    play_turn(game, julius, 0)
    play_turn(game, agrippina, 1)
    play_turn(game, julius, 0)
    assert len(rows(user=agrippina)) == 2  # a turn-based table mails each turn, however soon
    latest = rows(user=agrippina)[-1]
    assert all(line.startswith("Julius") for line in latest.context["lines"])
    assert len(latest.context["lines"]) <= 3


def test_a_live_tables_begin_puts_no_seat_newly_in_play(make_table):
    """At Roman Road the hand's turn mail goes at the deal: the seats stay awaited (``to_act``)
    through Begin a few seconds later, so the Begin concerns nobody's mail."""
    game, _ = make_table("romanroad", bots=1)
    seats = list(game.seats.all())
    ready = game.state
    for seat in range(game.players):
        if not ready["ready"][seat]:
            ready = game.engine.apply(ready, seat, {"type": "ready"}, random.Random(0))
    game.state = game.engine.apply(ready, None, {"type": "begin"}, random.Random(0))
    assert game.state["phase"] == "hand" and game.engine.to_act(game.state) == [0, 1, 2]
    assert outbox.interested(game, ready, seats) == set()
    assert (
        outbox.plan_move(
            game,
            ready,
            seats,
            outbox.people(s.user_id for s in seats if s.user_id),
            [],
            actor_user_id=None,
            now=timezone.now(),
        )
        == []
    )


def test_a_player_at_the_table_still_gets_the_row_delivery_holds_it(make_table):
    game, (julius, agrippina) = make_table("nim")
    seat = Seat.objects.get(game=game, user=agrippina)
    presence.opened(seat.pk, "socket-1")
    play_turn(game, julius, 0)
    [note] = rows(user=agrippina)
    assert note.kind == "turn" and note.sent_at is None


@pytest.mark.parametrize("mode", [NotificationPrefs.Mode.DIGEST, NotificationPrefs.Mode.NONE])
def test_digest_and_none_readers_get_no_turn_mail(make_table, mode):
    game, (julius, agrippina) = make_table("nim")
    NotificationPrefs.objects.create(user=agrippina, mode=mode)
    play_turn(game, julius, 0)
    assert rows() == []


def test_a_muted_game_writes_nothing_for_that_seat(make_table):
    game, (julius, agrippina) = make_table("nim")
    Seat.objects.filter(game=game, user=agrippina).update(muted=True)
    play_turn(game, julius, 0)
    assert rows() == []


def test_guests_without_address_and_computer_players_get_nothing(make_table):
    from accounts.models import User

    game, (julius, agrippina) = make_table(bots=1)  # Poker: three seats taking turns
    User.objects.filter(pk=agrippina.pk).update(email=None, is_guest=True)
    play_turn(game, julius, 0)
    assert rows() == []


def test_game_over_sends_every_player_the_final_scores(make_table):
    game, (julius, agrippina) = make_table("nim")
    NotificationPrefs.objects.create(user=julius, mode=NotificationPrefs.Mode.DIGEST)
    for _ in range(40):
        game.refresh_from_db()
        if game.status == "finished":
            break
        seat = game.engine.to_act(game.state)[0]
        play_turn(game, [julius, agrippina][seat], seat)
    assert game.status == "finished"
    over = rows(kind="game_over")
    assert {n.user for n in over} == {julius, agrippina}
    scores = over[0].context["scores"]
    assert sorted(r["score"] for r in scores) == sorted(game.engine.scores(game.state))
    assert any(r["won"] for r in scores)


def test_a_catacombs_flip_asks_everyone_else_to_write(make_table):
    game, (julius, agrippina, marcus) = make_table(
        "catacombs", names=("Julius", "Agrippina", "Marcus"), options={"flip_mode": "host"}
    )
    host_flip(game, julius)
    turn = rows(kind="turn")
    assert {n.user for n in turn} == {agrippina, marcus}  # the host flipped: not told of their own flip
    assert all(n.context["table_step"] for n in turn)


def test_host_hears_when_everyone_has_chosen(make_table):
    game, (julius, agrippina) = make_table("catacombs", options={"flip_mode": "host"})
    host_flip(game, julius)
    services.submit_move(game.pk, julius, {"type": "pass"}, game.tokens["0"])
    assert rows(kind="host_step") == []
    game.refresh_from_db()
    services.submit_move(game.pk, agrippina, {"type": "pass"}, game.tokens["1"])
    [due] = rows(kind="host_step")
    assert due.user == julius


def test_rows_are_written_in_the_moves_transaction(make_table):
    game, (julius, _) = make_table("nim")
    with pytest.raises(RuntimeError), __import__("django.db").db.transaction.atomic():
        play_turn(game, julius, 0)
        raise RuntimeError("roll back the move")
    assert rows() == []
    assert game.moves.count() == 0


def test_a_solo_run_sends_no_mail(make_table):
    game, (julius,) = make_table("catacombs", names=("Julius",), options={"solo": True})
    for _ in range(3):
        game.refresh_from_db()
        services.submit_move(game.pk, julius, {"type": "pass"}, game.tokens["0"])
    assert rows() == []


def test_a_poker_turn_mail_leads_with_each_other_players_turn_and_counts_the_rolls(make_table):
    from games.models import Move
    from games.notifications.mailer import render

    game, (julius, agrippina, gaius) = make_table(names=("Julius", "Agrippina", "Gaius"))
    play_turn(game, julius, 0)
    play_turn(game, agrippina, 1)
    play_turn(game, gaius, 2)
    since = list(Move.objects.filter(game=game, seat__in=[1, 2]).order_by("number"))
    results = [m.summary for m in since if m.payload["type"] not in ("roll", "card")]
    rolls = [m for m in since if m.payload["type"] == "roll"]
    assert len(results) == 2 and rolls  # one result per turn, after its rolls
    note = rows(user=julius, kind="turn")[-1]
    assert note.context["lines"] == results
    assert note.context["smaller"] == len(rolls)
    body = render(note).body
    expected = "\n".join(f"  - {line}" for line in results)
    smaller = f"  Also {len(rolls)} smaller move{'s' if len(rolls) > 1 else ''} along the way (rolls)."
    assert f"Since your last move:\n{expected}\n{smaller}\n" in body
    assert "more move" not in body


def test_turns_beyond_the_mail_are_counted_before_the_lines_they_came_before(make_table):
    game, _ = make_table()  # Poker: its rolls are the smaller moves counted
    newest_first = [(20 - n, n % 2, f"Move {20 - n}", "roll" if n % 3 == 0 else "stop") for n in range(12)]
    since = outbox.lines_since(game, newest_first, None)
    stops = [f"Move {20 - n}" for n in range(12) if n % 3][::-1]
    assert since["lines"] == stops[-outbox.LINES_PER_MAIL :]
    assert since["more"] == len(stops) - outbox.LINES_PER_MAIL
    assert since["smaller"] == 4 and since["smaller_kinds"] == "rolls"
