"""Games, their seats and the append-only move log.

The ``state`` column is the engine's snapshot after the last move; ``Move`` rows
replay it from ``seed``. ``version`` counts every change of the snapshot and is
what pages poll on; ``tokens`` holds, per seat (and "host"), the version at which
that seat's current decision began, so a page rendered for a past decision is
told the game moved on instead of acting twice.
"""

from __future__ import annotations

import secrets
from datetime import date

from django.conf import settings
from django.db import models
from django.urls import reverse
from django.utils import timezone

from games.contract import kinds

CODE_ALPHABET = "ABCDEFGHJKLMNPQRSTUVWXYZ23456789"  # no 0/O, 1/I
FORMER_PLAYER = "Former player"  # stands for a closed account on its seats and games


def new_code() -> str:
    return "".join(secrets.choice(CODE_ALPHABET) for _ in range(6))


def new_seed() -> str:
    return secrets.token_hex(16)


LOG_TAIL = 12  # log lines a board shows


class Game(models.Model):
    class Status(models.TextChoices):
        OPEN = "open", "Waiting for players"
        ACTIVE = "active", "In play"
        FINISHED = "finished", "Finished"

    class SeatOrder(models.TextChoices):
        SHUFFLE = "shuffle", "Shuffled"
        AS_SEATED = "seated", "As seated"

    kind = models.CharField(max_length=20)  # a registered GameKind's slug (games.contract.kinds)
    code = models.CharField(max_length=8, unique=True, default=new_code)
    options = models.JSONField(default=dict, blank=True)
    status = models.CharField(max_length=10, choices=Status.choices, default=Status.OPEN)
    max_seats = models.PositiveSmallIntegerField(default=4)
    seat_order = models.CharField(max_length=10, choices=SeatOrder.choices, default=SeatOrder.SHUFFLE)
    # None once the host's account is gone and nobody took the table over (games.tables.departures).
    host = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        null=True,
        blank=True,
        on_delete=models.SET_NULL,
        related_name="hosted_games",
    )
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
    # Seconds a seat may take over its turn before its default move is played; None: no limit.
    turn_deadline = models.PositiveIntegerField(null=True, blank=True)
    # The finished game this table plays again (at most one rematch per game).
    rematch_of = models.OneToOneField(
        "self", null=True, blank=True, on_delete=models.SET_NULL, related_name="rematch"
    )
    # Set while the host has paused the game (games.tables.tools): no move, clock or computer player runs.
    paused_at = models.DateTimeField(null=True, blank=True)
    # The log's latest lines, newest first (at most LOG_TAIL), written with each move: a board
    # shows them without reading the log.
    log_tail = models.JSONField(default=list, blank=True)
    # When a page of the host with no seat here was last heard from (``games.live.presence``), as
    # ``Seat.last_seen`` is for a seat.
    host_last_seen = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["-updated_at"]

    def __str__(self) -> str:
        return f"{self.engine.name} {self.code}"

    def get_absolute_url(self) -> str:
        return reverse("game", args=[self.code])

    @property
    def engine(self):
        return kinds.get(self.kind).engine

    @property
    def game_kind(self) -> kinds.GameKind:
        return kinds.get(self.kind)

    def invite_url(self) -> str:
        return reverse("join", args=[self.code])

    @property
    def host_name(self) -> str:
        return self.host.display_name if self.host_id else FORMER_PLAYER


class SeatQuerySet(models.QuerySet):
    def with_away(self, today: date | None = None) -> SeatQuerySet:
        """Each seat with ``away_until``: the last day of its player's holiday ``today`` (by default
        the current day), else None.

        The table shows who is away (their turn clock pauses); reading it with the
        seats saves the page and the move a query of their own.
        """
        today = today or timezone.now().date()
        covering = Holiday.objects.filter(user=models.OuterRef("user"), start__lte=today, end__gte=today)
        return self.annotate(away_until=models.Subquery(covering.order_by("end").values("end")[:1]))

    def with_presence(self, since) -> SeatQuerySet:
        """Each seat with ``here_now``: whether a page of it was heard from since ``since``
        (``games.live.presence``); read with the seats, the board needs no query of its own for it."""
        fresh = OpenPage.objects.filter(seat=models.OuterRef("pk"), beat_at__gte=since)
        return self.annotate(here_now=models.Exists(fresh))


class Seat(models.Model):
    game = models.ForeignKey(Game, on_delete=models.CASCADE, related_name="seats")
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL, related_name="seats"
    )
    # Join order while the game is open; the engine's seat number once it starts.
    position = models.PositiveSmallIntegerField()
    name = models.CharField(max_length=40)
    is_bot = models.BooleanField(default=False)
    # Kept in step with the engine's to_act after every move: "waiting for me" is one query.
    awaiting = models.BooleanField(default=False)
    left = models.BooleanField(default=False)
    removed = models.BooleanField(default=False)  # left because the host removed the seat
    joined_at = models.DateTimeField(auto_now_add=True)
    # Set when the seat becomes awaited (deadlines and reminders count from it).
    waiting_since = models.DateTimeField(null=True, blank=True)
    # How many times the seat has become awaited: its turn's number, which a turn's e-mail names.
    turns = models.PositiveIntegerField(default=0)
    last_seen = models.DateTimeField(null=True, blank=True)  # the page last drew the board for them
    muted = models.BooleanField(default=False)  # no e-mail about this game

    objects = SeatQuerySet.as_manager()

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


class OpenPage(models.Model):
    """A page of a seat that holds the table's socket (or polls): the seat is "here" while one is fresh.

    The consumer writes a row when the socket opens, renews ``beat_at`` while it
    stays open and deletes it when it closes; a polling page keeps one row per
    seat (``channel`` "poll:<seat id>"). Rows of a web process that died go stale
    on their own (``games.live.presence.WINDOW``). A table every process shares, so
    presence holds across tabs, web processes and workers alike.
    """

    seat = models.ForeignKey(Seat, null=True, on_delete=models.CASCADE, related_name="open_pages")
    # Set instead of ``seat`` for a page of a table's host who has no seat there (she flips, others play).
    host_of = models.ForeignKey(Game, null=True, on_delete=models.CASCADE, related_name="host_pages")
    channel = models.CharField(max_length=200, unique=True)
    beat_at = models.DateTimeField()

    class Meta:
        indexes = [models.Index(fields=["seat", "beat_at"]), models.Index(fields=["host_of", "beat_at"])]
        constraints = [
            models.CheckConstraint(
                condition=models.Q(seat__isnull=True) ^ models.Q(host_of__isnull=True),
                name="open_page_of_a_seat_or_a_host",
            )
        ]

    def __str__(self) -> str:
        return f"{self.channel} of seat {self.seat_id}" if self.seat_id else f"{self.channel} of a host"


class Move(models.Model):
    game = models.ForeignKey(Game, on_delete=models.CASCADE, related_name="moves")
    number = models.PositiveIntegerField()
    seat = models.SmallIntegerField(null=True, blank=True)  # None: the host or the system
    payload = models.JSONField()
    summary = models.CharField(max_length=300, blank=True)
    created_at = models.DateTimeField(auto_now_add=True)
    # The page's id for the request that made this move: the same request sent again is answered,
    # not applied twice (a live table has no turn token to refuse it).
    request_id = models.CharField(max_length=40, blank=True, default="")

    class Meta:
        ordering = ["number"]
        constraints = [
            models.UniqueConstraint(fields=["game", "number"], name="move_number_unique"),
            models.UniqueConstraint(
                fields=["game", "seat", "request_id"],
                condition=~models.Q(request_id=""),
                name="move_request_once",
            ),
            # The same for the host's and the table's own moves: a NULL seat is distinct from every
            # other in the constraint above, so those need one of their own.
            models.UniqueConstraint(
                fields=["game", "request_id"],
                condition=models.Q(seat__isnull=True) & ~models.Q(request_id=""),
                name="move_request_once_seatless",
            ),
        ]

    def __str__(self) -> str:
        return f"{self.game.code} move {self.number}"


# Notifications ---------------------------------------------------------------


class NotificationPrefs(models.Model):
    """How a user wants to hear about their games; no row means the defaults."""

    class Mode(models.TextChoices):
        IMMEDIATE = "immediate", "An e-mail for each turn"
        DIGEST = "digest", "One daily e-mail listing the games waiting for me"
        NONE = "none", "No e-mail"

    user = models.OneToOneField(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="notify")
    mode = models.CharField(max_length=10, choices=Mode.choices, default=Mode.IMMEDIATE)
    # Mail even while the game page is open on their screen.
    always = models.BooleanField(default=False)

    def __str__(self) -> str:
        return f"{self.user}: {self.mode}"


class Holiday(models.Model):
    """Days (inclusive, UTC) on which the user's turn deadlines pause."""

    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="holidays")
    start = models.DateField()
    end = models.DateField()

    class Meta:
        ordering = ["start"]
        indexes = [models.Index(fields=["user", "end"])]

    def __str__(self) -> str:
        return f"{self.user}: {self.start}–{self.end}"


class Notification(models.Model):
    """An outbox row: written in the transaction that causes it, sent at most once, and only while
    what it claims still holds (``games.notifications.claims``)."""

    class Claim(models.TextChoices):
        TURN = "turn", "This seat is still awaited in its turn number ``turn``"
        ROUND = "round", "This seat is still in round ``turn`` (a hand, new cards)"
        HOST_STEP = "host_step", "The host's step due from move ``turn`` is still due"
        REMINDER = "reminder", "This seat is still awaited in its turn number ``turn``, time running"
        TIMEOUT = "timeout", "The seat's time ran out and the site played for it"
        GAME_OVER = "game_over", "The game ended"
        DIGEST = "digest", "Each listed game still waits for this person"
        LINK = "link", "This address still waits for its link"

    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="notifications")
    game = models.ForeignKey(Game, null=True, blank=True, on_delete=models.CASCADE, related_name="+")
    kind = models.CharField(max_length=20)  # names the templates under templates/emails/
    context = models.JSONField(default=dict, blank=True)
    dedupe_key = models.CharField(max_length=120, unique=True)
    created_at = models.DateTimeField(auto_now_add=True)
    claimed_at = models.DateTimeField(null=True, blank=True)
    sent_at = models.DateTimeField(null=True, blank=True)
    skipped = models.BooleanField(default=False)  # done without mail (no address, muted, opted out)
    attempts = models.PositiveSmallIntegerField(default=0)
    last_error = models.CharField(max_length=300, blank=True)
    # Set just before the message goes to the mail server: a row handed over is never sent again,
    # even when marking it sent failed (a database blip) and its claim expired.
    handed_at = models.DateTimeField(null=True, blank=True)
    message_id = models.CharField(max_length=200, blank=True)
    # What the mail claims: the seat it is about and, per ``claim``, the round or the move number.
    claim = models.CharField(max_length=20, choices=Claim.choices, blank=True)
    seat = models.SmallIntegerField(null=True, blank=True)
    turn = models.IntegerField(null=True, blank=True)
    # Not looked at before this moment (the window after the turn began or the player left).
    due_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["created_at"]
        indexes = [
            models.Index(
                fields=["created_at"], condition=models.Q(sent_at__isnull=True), name="notification_pending"
            ),
            models.Index(
                fields=["due_at"], condition=models.Q(sent_at__isnull=True), name="notification_due"
            ),
        ]

    def __str__(self) -> str:
        return f"{self.kind} to {self.user_id} ({'sent' if self.sent_at else 'pending'})"
