"""``manage.py load_demo`` makes people and a game with history, and mails nobody about it."""

from __future__ import annotations

import io

import pytest
from django.core.management import call_command

from games.models import Game, Notification
from games.notifications import mailer

pytestmark = pytest.mark.django_db


def test_the_demo_history_sends_no_mail(mailoutbox, django_capture_on_commit_callbacks):
    with django_capture_on_commit_callbacks(execute=True):
        call_command("load_demo", stdout=io.StringIO())
    game = Game.objects.get(status=Game.Status.ACTIVE)
    assert game.state["round"] >= 3  # the history was played
    assert mailer.sweep() == 0 and mailoutbox == []
    assert not Notification.objects.filter(sent_at__isnull=True).exists()
