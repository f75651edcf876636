"""What each outbox row claims about a table and a person, and whether that still holds right now.

A row says what it claims (``Notification.claim``, with its ``seat`` and ``turn``): this seat is
awaited in the turn that began with the row, or is still in round ``turn``; the host's step due
from move ``turn`` is still due; the game ended; a reminder for the seat's turn; the lines of a
digest; a link an address waits for. ``check`` asks the game and the person as they are now,
just before the mailer hands the row to the mail server (and for each line of a digest):

- a claim no longer true is dropped, and the row keeps why ("dropped: no longer your turn");
- so is a mail the person's settings now refuse (no e-mail, the digest, muted, no confirmed address);
- a claim about a table the person may be sitting at is due ``window()`` after the later of
  the row (the turn began) and the moment they were last at the table; while a page of theirs
  is open, or the host has the game paused, it waits and is looked at again.

No other rule holds a row back or lets it through.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime, timedelta

from django.conf import settings

from accounts import verification
from games.contract.protocol import awaits_table, in_round, round_number
from games.live import presence
from games.models import Game, Move, Notification, NotificationPrefs, Seat

Claim = Notification.Claim
# Claims about a table its person may be sitting at: never mailed while they are there.
AT_TABLE = frozenset({Claim.TURN, Claim.ROUND, Claim.HOST_STEP, Claim.REMINDER})
# Claims that are a call to play: what a digest reader reads in the digest instead.
CALLS = frozenset({Claim.TURN, Claim.ROUND, Claim.HOST_STEP})

NOT_YOUR_TURN = "dropped: no longer your turn"
ROUND_OVER = "dropped: the round no longer awaits you"
STEP_TAKEN = "dropped: the host's step was taken"
GAME_OVER = "dropped: the game is over"
NOT_SEATED = "dropped: no longer playing this seat"
NOT_HOST = "dropped: no longer the host"
NO_ADDRESS = "dropped: no address"
UNCONFIRMED = "dropped: address not confirmed"
OPTED_OUT = "dropped: no e-mail wanted"
DIGEST_READER = "dropped: reads the daily digest"
NOT_DIGEST_READER = "dropped: no longer reads the daily digest"
MUTED = "dropped: game muted"
NOTHING_WAITS = "dropped: no listed game waits any more"
LINK_NOT_NEEDED = "dropped: link no longer needed"


def window() -> timedelta:
    """How long after a turn began, or after its player left the table, its mail waits."""
    return timedelta(seconds=float(getattr(settings, "MAIL_WINDOW_SECONDS", 60)))


@dataclass(frozen=True)
class Verdict:
    """``drop``: why the row is never sent; else ``wait_until``: look again then; else send now."""

    drop: str = ""
    wait_until: datetime | None = None

    @property
    def send(self) -> bool:
        return not self.drop and self.wait_until is None


SEND = Verdict()


def claim_for_turn(game: Game) -> str:
    """A seat put in play is told of a round in a game played in rounds, else of its turn."""
    return Claim.ROUND if round_number(game.engine, game.state) is not None else Claim.TURN


def check(note: Notification, now: datetime) -> Verdict:
    """Whether row ``note`` (with ``user`` and ``game`` loaded) may be handed to the mail server now."""
    user = note.user
    if not user.is_active or not user.email:
        return Verdict(NO_ADDRESS)
    if note.claim == Claim.LINK:  # asked for by the person: no setting holds it back
        wanted = verification.still_awaited(user, note.context.get("address", ""))
        return SEND if wanted else Verdict(LINK_NOT_NEEDED)
    if not user.email_verified:
        return Verdict(UNCONFIRMED)
    untrue = _untrue(note)
    if untrue:
        return Verdict(untrue)
    prefs = NotificationPrefs.objects.filter(user=user).first() or NotificationPrefs(user=user)
    refused = _refused_by_settings(note, prefs)
    if refused:
        return Verdict(refused)
    if note.claim == Claim.DIGEST:
        return SEND if _digest_lines(note) else Verdict(NOTHING_WAITS)
    if note.claim == Claim.GAME_OVER:
        return SEND
    if note.game.paused_at is not None:
        return Verdict(wait_until=now + window())
    if note.claim not in AT_TABLE:
        return SEND
    return _due(note, now, always=prefs.always)


def _untrue(note: Notification) -> str:
    """Why the row's claim about its game no longer holds ("" while it does)."""
    game = note.game
    if game is None:
        return ""
    if note.claim == Claim.GAME_OVER:
        return ""  # the one mail after the end
    if game.status != Game.Status.ACTIVE:
        return GAME_OVER
    if note.claim == Claim.HOST_STEP:
        return _host_step_untrue(note, game)
    if note.claim not in (Claim.TURN, Claim.ROUND, Claim.REMINDER):
        return ""
    seat = Seat.objects.filter(game=game, position=note.seat).first()
    if seat is None or seat.user_id != note.user_id or seat.left or seat.is_bot:
        return NOT_SEATED
    if note.claim == Claim.ROUND:
        same = round_number(game.engine, game.state) == note.turn
        return "" if same and note.seat in in_round(game.engine, game.state) else ROUND_OVER
    # Awaited now, in the same turn: a seat that passed and is awaited again counts a new one.
    awaited = seat.awaiting and note.seat in game.engine.to_act(game.state)
    return "" if awaited and seat.turns == note.turn else NOT_YOUR_TURN


def _host_step_untrue(note: Notification, game: Game) -> str:
    if game.host_id != note.user_id:
        return NOT_HOST
    if not game.game_kind.host_acts(game) or not awaits_table(game.engine, game.state):
        return STEP_TAKEN
    # A step of the table's (not a platform move such as a pause) since the row: a later step.
    steps = Move.objects.filter(game=game, seat__isnull=True, number__gte=note.turn or 0)
    return STEP_TAKEN if steps.exclude(payload__has_key="table").exists() else ""


def _refused_by_settings(note: Notification, prefs: NotificationPrefs) -> str:
    mode = prefs.mode
    if mode == NotificationPrefs.Mode.NONE:
        return OPTED_OUT
    if mode == NotificationPrefs.Mode.DIGEST:
        if note.claim in CALLS or (note.claim == Claim.REMINDER and note.context.get("stage") != "last"):
            return DIGEST_READER
    elif note.claim == Claim.DIGEST:
        return NOT_DIGEST_READER
    if note.game_id and Seat.objects.filter(game_id=note.game_id, user_id=note.user_id, muted=True).exists():
        return MUTED
    return ""


def _digest_lines(note: Notification) -> list[dict]:
    """The digest's lines still true (the game still waits for this person, in play and not paused,
    not muted); the row's context keeps only those."""
    waiting = set(
        Seat.objects.filter(
            user_id=note.user_id,
            game__code__in=[line["game_code"] for line in note.context.get("games", [])],
            awaiting=True,
            left=False,
            is_bot=False,
            muted=False,
            game__status=Game.Status.ACTIVE,
            game__paused_at__isnull=True,
        ).values_list("game__code", flat=True)
    )
    kept = [line for line in note.context.get("games", []) if line["game_code"] in waiting]
    note.context = {**note.context, "games": kept}
    return kept


def _due(note: Notification, now: datetime, *, always: bool) -> Verdict:
    """A table claim goes ``window()`` after the later of the row and the person's leaving the
    table, never while a page of theirs is open (unless they asked for mail even then)."""
    start = note.created_at
    if not always:
        if presence.is_here(note.game_id, note.user_id):
            return Verdict(wait_until=now + window())
        seen = presence.last_seen(note.game_id, note.user_id)
        if seen is not None and seen > start:
            start = seen
    due = start + window()
    return SEND if due <= now else Verdict(wait_until=due)
