"""Demo people and tables for a first look at the site (``make run DEMO=1``)."""

from __future__ import annotations

import random

from django.core.management.base import BaseCommand
from django.db import transaction
from django.utils import timezone

from accounts.models import User
from games.contract import platform
from games.contract.protocol import choose_move
from games.models import Game, Notification
from games.poker.bot import choose
from games.poker.engine import POKER

DEMO_PASSWORD = "roman-demo-1"
PEOPLE = [
    ("Julius", "julius@example.com"),
    ("Agrippina", "agrippina@example.com"),
    ("Gaius", "gaius@example.com"),
]


class Command(BaseCommand):
    help = f"Create demo users (password {DEMO_PASSWORD!r}) and a Roman Poker game in progress."

    @transaction.atomic
    def handle(self, *args, **options) -> None:
        users = []
        for name, email in PEOPLE:
            user = User.objects.filter(email=email).first() or User.objects.create_user(
                email, DEMO_PASSWORD, display_name=name, email_verified=True
            )  # example.com addresses nobody can open: counted as verified, so they get the game mail
            users.append(user)
        if Game.objects.filter(host=users[0], kind=POKER.slug).exists():
            self.stdout.write("Demo data is already there.")
            return
        game = platform.create_game(users[0], POKER.slug, {}, 3, Game.SeatOrder.AS_SEATED)
        for user in users[1:]:
            platform.join_game(game.pk, user)
        game = platform.start_game(game.pk, users[0])
        # Two rounds played by the computer strategy, so the pad is not empty.
        rng = random.Random(1)
        while game.state["round"] < 3:
            seat = game.engine.to_act(game.state)[0]
            move = choose_move(game.engine, choose, game.state, seat, rng)
            game = platform.submit_move(game.pk, users[seat], move, game.tokens[str(seat)])
        open_table = platform.create_game(
            users[1], POKER.slug, {"cards_anytime": True}, 4, Game.SeatOrder.SHUFFLE
        )
        # The history is made up: its turn mails are marked done in this transaction, so none goes.
        unsent = Notification.objects.filter(game__in=[game, open_table], sent_at__isnull=True)
        unsent.update(sent_at=timezone.now(), skipped=True, last_error="demo history")
        self.stdout.write(
            f"Demo ready: sign in as {PEOPLE[0][1]} / {DEMO_PASSWORD}. "
            f"Poker in play: /g/{game.code}/ · open table: /join/{open_table.code}/"
        )
