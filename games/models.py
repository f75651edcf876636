"""Games, their seats and the append-only move log.

The ``state`` column is the engine's snapshot after the last move; ``Move`` rows
replay it from ``seed``. ``version`` counts every change of the snapshot and is
what pages poll on; ``tokens`` holds, per seat (and "host"), the version at which
that seat's current decision began, so a page rendered for a past decision is
told the game moved on instead of acting twice.
"""

from __future__ import annotations

import secrets

from django.conf import settings
from django.db import models
from django.urls import reverse

from .engines import ENGINES

CODE_ALPHABET = "ABCDEFGHJKLMNPQRSTUVWXYZ23456789"  # no 0/O, 1/I


def new_code() -> str:
    return "".join(secrets.choice(CODE_ALPHABET) for _ in range(6))


def new_seed() -> str:
    return secrets.token_hex(16)


class Game(models.Model):
    class Status(models.TextChoices):
        OPEN = "open", "Waiting for players"
        ACTIVE = "active", "In play"
        FINISHED = "finished", "Finished"

    class SeatOrder(models.TextChoices):
        SHUFFLE = "shuffle", "Shuffled"
        AS_SEATED = "seated", "As seated"

    kind = models.CharField(max_length=20, choices=[(slug, e.name) for slug, e in ENGINES.items()])
    code = models.CharField(max_length=8, unique=True, default=new_code)
    options = models.JSONField(default=dict, blank=True)
    status = models.CharField(max_length=10, choices=Status.choices, default=Status.OPEN)
    max_seats = models.PositiveSmallIntegerField(default=4)
    seat_order = models.CharField(max_length=10, choices=SeatOrder.choices, default=SeatOrder.SHUFFLE)
    host = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="hosted_games")
    players = models.PositiveSmallIntegerField(default=0)  # seats in play, set at the start
    state = models.JSONField(null=True, blank=True)
    version = models.PositiveIntegerField(default=0)
    move_count = models.PositiveIntegerField(default=0)
    tokens = models.JSONField(default=dict, blank=True)
    seed = models.CharField(max_length=64, default=new_seed, editable=False)
    created_at = models.DateTimeField(auto_now_add=True)
    started_at = models.DateTimeField(null=True, blank=True)
    finished_at = models.DateTimeField(null=True, blank=True)
    updated_at = models.DateTimeField(auto_now=True)

    class Meta:
        ordering = ["-updated_at"]

    def __str__(self) -> str:
        return f"{self.engine.name} {self.code}"

    def get_absolute_url(self) -> str:
        return reverse("game", args=[self.code])

    @property
    def engine(self):
        return ENGINES[self.kind]

    def invite_url(self) -> str:
        return reverse("join", args=[self.code])


class Seat(models.Model):
    game = models.ForeignKey(Game, on_delete=models.CASCADE, related_name="seats")
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.CASCADE, related_name="seats"
    )
    # Join order while the game is open; the engine's seat number once it starts.
    position = models.PositiveSmallIntegerField()
    name = models.CharField(max_length=40)
    is_bot = models.BooleanField(default=False)
    # Kept in step with the engine's to_act after every move: "waiting for me" is one query.
    awaiting = models.BooleanField(default=False)
    left = models.BooleanField(default=False)
    joined_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["position"]
        constraints = [
            models.UniqueConstraint(fields=["game", "position"], name="seat_position_unique"),
            models.UniqueConstraint(
                fields=["game", "user"], condition=models.Q(user__isnull=False), name="seat_user_unique"
            ),
        ]
        indexes = [models.Index(fields=["user", "awaiting"])]

    def __str__(self) -> str:
        return f"{self.name} at {self.game.code}#{self.position}"


class Move(models.Model):
    game = models.ForeignKey(Game, on_delete=models.CASCADE, related_name="moves")
    number = models.PositiveIntegerField()
    seat = models.SmallIntegerField(null=True, blank=True)  # None: the host or the system
    payload = models.JSONField()
    summary = models.CharField(max_length=300, blank=True)
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["number"]
        constraints = [
            models.UniqueConstraint(fields=["game", "number"], name="move_number_unique"),
        ]

    def __str__(self) -> str:
        return f"{self.game.code} move {self.number}"
