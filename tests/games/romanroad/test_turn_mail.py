"""The e-mail a person away from a live table gets when a hand needs them: once, not at the deal
and again at Begin."""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.utils import timezone

from games.models import Notification
from games.notifications import deadlines
from games.notifications.outbox import LIVE_TURN_GAP, Planned, write
from tests.games.romanroad.site import lobby_table

pytestmark = pytest.mark.django_db


def turn_rows(user) -> list[Notification]:
    return list(Notification.objects.filter(user=user, kind="turn"))


def test_a_hand_dealt_then_begun_mails_the_absent_player_once(make_user):
    julius, agrippina = make_user("Julius"), make_user("Agrippina")
    game = lobby_table(julius, [agrippina], bots=1, begun=False)
    assert game.state["phase"] == "deal"
    [dealt] = turn_rows(agrippina)  # hand 1 is dealt and waits for her to be ready
    for _ in range(3):  # she is taken as ready, then the table says Begin
        deadlines.run_clock(game.pk, timezone.now() + timedelta(minutes=1))
    game.refresh_from_db()
    assert game.state["phase"] == "hand" and 1 in game.engine.to_act(game.state)
    assert turn_rows(agrippina) == [dealt]


def test_the_gap_holds_a_second_row_back_only_within_its_span(make_user):
    julius, agrippina = make_user("Julius"), make_user("Agrippina")
    game = lobby_table(julius, [agrippina], bots=1, begun=False)
    [first] = turn_rows(agrippina)

    def plan(key: str) -> Planned:
        key = f"turn:{game.pk}:1:{key}"
        return Planned(agrippina.pk, game.pk, "turn", key, {}, once_within=LIVE_TURN_GAP)

    assert write([plan("soon")], enqueue=False) == []
    Notification.objects.filter(pk=first.pk).update(created_at=timezone.now() - LIVE_TURN_GAP)
    assert len(write([plan("later")], enqueue=False)) == 1
