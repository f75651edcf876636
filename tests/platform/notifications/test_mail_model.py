"""A model of the mail rules, checked by Hypothesis over the real services and mailer.

Each machine plays one table through ``games.play.services`` (moves, the host's flips and Flip anyway,
pause and resume, a clock running out, the end), opens and closes pages through
``games.live.presence``, changes the players' settings, runs the beat's deadline sweep with the clock
moved to where the turns' reminders are due, and lets time pass (really: the window is 60 ms here).
Roman Road's machine also runs what the worker runs for a live table, called in the step: the
table's clock (dealing, taking the absent as ready, Begin), the table asking who is here (away,
back) and the computer player's pacer. After every step the worker's sweep (``mailer.sweep``) runs,
unless the worker is down. Mail goes over SMTP to an aiosmtpd sink on loopback. The model keeps its
own account of the table, replaying each move with the pure engine: when each seat's turn (or
round) began, who has a page open and since when they are gone, their settings. After every
delivery it checks each mail the sink received against that account at that moment:

- every mail was true when it was handed over (the seat awaited in that very turn, the host's step
  still due, the game in play and not paused, the person not here, their settings saying yes),
  and no sooner than the window after the turn began or they left;
- a reminder too: the seat still awaited in the turn it was written in, the person away, their
  settings wanting that reminder (a daily reader only the last-hour one); one of each per turn;
- after the window, every awaited person who is away with mail on has exactly one for that turn;
  never two; a round a seat left and came back into (a live table's decks turned around) is the
  same round, whose one mail may still go;
- a live table (Roman Road) never says "your turn" or "you play first": a hand's mail is in the
  race's words, for the hand it names;
- after the end, nothing but the final mail.
"""

from __future__ import annotations

import random
import time
import uuid
from collections import Counter
from dataclasses import dataclass, replace
from datetime import timedelta

import pytest
from django.core.cache import cache
from django.utils import timezone
from hypothesis import HealthCheck, settings
from hypothesis import strategies as st
from hypothesis.stateful import (
    RuleBasedStateMachine,
    initialize,
    invariant,
    precondition,
    rule,
    run_state_machine_as_test,
)

from accounts.models import User
from games import tasks
from games.contract import kinds
from games.contract.protocol import awaits_table, has_move, in_round, round_number
from games.live.presence import Pages, closed, opened
from games.models import Game, Move, Notification, NotificationPrefs, Seat
from games.notifications import deadlines, mailer
from games.play import seat_moves, services
from games.play.seat_moves import END, PAUSE, RESUME
from games.romanroad import bot
from games.romanroad.web import BETWEEN_SECONDS
from games.tables import tools as table_tools
from tests.hypothesis_profiles import examples
from tests.integration.mail_harness import SmtpSink
from tests.platform.nim.web import NimKind
from tests.platform.race.web import RaceKind

pytestmark = pytest.mark.django_db

WINDOW = 0.06  # seconds (MAIL_WINDOW_SECONDS): short, so that time really passes in the model
IDLE = 0.02  # seconds a person gone from a live table is away (ROMANROAD_IDLE_SECONDS), within the window
SLACK = 0.04  # seconds a delivery may be late on the model's own clock
ENDS_AFTER = 20  # steps before the host may end the game (the game's own end may come sooner)
MODES = [NotificationPrefs.Mode.IMMEDIATE, NotificationPrefs.Mode.DIGEST, NotificationPrefs.Mode.NONE]
LONG_AGO = -1e12
# How far the reminder sweep moves the clock past a turn's start (the model's limit is 24 hours).
REMINDER_AT = {"half": timedelta(hours=12, minutes=30), "last": timedelta(hours=23, minutes=30)}
# The stages of a reminder each mode of the settings gets.
REMINDED = {NotificationPrefs.Mode.IMMEDIATE: {"half", "last"}, NotificationPrefs.Mode.DIGEST: {"last"}}


@dataclass
class Stretch:
    """One turn (or round) of a seat, or one step due of the host's, as the model saw it begin."""

    id: int
    began: float  # just before the step that began it (no row of it can be older)
    began_after: float  # just after that step
    key: int | None  # the round, for a game played in rounds
    exempt: bool  # begun by the person's own move: no mail is owed
    wanted: bool  # mail on throughout (immediate, not muted)
    owed: bool = True  # false once the seat was out of the round and back in it: nothing new is written


class MailModel(RuleBasedStateMachine):
    """Nim for two (the toy game of turns); the subclasses play other games the same way."""

    slug = "nim"
    players = 2
    options: dict = {}
    host_plays = True
    bots = 0  # computer players added to the table before it starts
    at_table = False  # whether the people seated have the table open as it starts
    examples = 5  # runs of the machine (``tests.hypothesis_profiles.examples``)
    steps = 25  # steps in a run at most
    sink: SmtpSink  # set by the test

    def __init__(self) -> None:
        super().__init__()
        tag = uuid.uuid4().hex[:8]
        count = self.players + (0 if self.host_plays else 1)
        self.users = [
            User.objects.create_user(
                f"p{i}-{tag}@example.com", "a-long-Passw0rd", display_name=f"P{i}", email_verified=True
            )
            for i in range(count)
        ]
        self.host = self.users[0]
        players = self.users if self.host_plays else self.users[1:]
        game = services.create_game(
            self.host,
            self.slug,
            dict(self.options),
            len(players) + self.bots,
            "seated",
            host_plays=self.host_plays,
            turn_deadline=86400,
        )
        # One seed per game: a run replays with the same cards, so Hypothesis can shrink it.
        Game.objects.filter(pk=game.pk).update(seed=f"mail-model-{self.slug}")
        for user in players[1:] if self.host_plays else players:
            services.join_game(game.pk, user)
        for _ in range(self.bots):
            services.add_bot(game.pk, self.host)
        self.pages: dict[int, set[str]] = {u.pk: set() for u in self.users}
        if self.at_table:  # everyone seated has the table open as it starts
            for seat in Seat.objects.filter(game=game, user__isnull=False):
                self.pages[seat.user_id].add(channel := f"page-{uuid.uuid4().hex[:8]}")
                opened(Pages(seat_id=seat.pk), channel)
        self.ids = 0
        self.stretches: dict[int | None, Stretch] = {}  # by seat; None: the host's step
        self.rounds: dict[tuple[int | None, int], Stretch] = {}  # (seat, round) -> its stretch
        self.reminded: Counter = Counter()  # (stretch, stage) -> reminders delivered
        self.reminder_written: dict[int, float] = {}  # a reminder row -> when the step wrote it
        self.remind_stretches: dict[int | None, int] = {}  # each seat's stretch as the sweep began
        self.tags: dict[int, int | None] = {}  # a row's stretch, as the model saw it written
        self.stretch_at: dict[tuple[int | None, int], int] = {}  # (seat, version) -> stretch then
        self.seen_rows = Notification.objects.order_by("-pk").values_list("pk", flat=True).first() or 0
        self.gone_since: dict[int, float] = {u.pk: LONG_AGO for u in self.users}
        self.mode = {u.pk: NotificationPrefs.Mode.IMMEDIATE for u in self.users}
        self.muted = {u.pk: False for u in self.users}
        self.worker_up = True
        self.resumed_at = LONG_AGO
        self.steps = 0
        self.mailed: Counter = Counter()
        self.heard = len(self.sink.messages())
        self.emails = {u.email: u.pk for u in self.users}
        began = time.time()
        services.start_game(game.pk, self.host)
        self.game = Game.objects.get(pk=game.pk)
        # The people's seats: a computer player gets no mail, and its moves are its pacer's
        self.seats = {s.position: s for s in Seat.objects.filter(game=self.game, user__isnull=False)}
        self.state, self.replayed, self.version = self.game.state, self.game.move_count, self.game.version
        self.over = False
        self.turns_change(began, time.time(), self.host.pk)
        # The start's rows were written before the table's own first moves (a computer player's
        # Ready), which change no seat's round.
        for position, stretch in self.stretches.items():
            self.stretch_at[(position, self.version - self.replayed)] = stretch.id
        self.observe(began, self.host.pk)

    # What the model sees --------------------------------------------------------------

    def awaited(self, position: int | None) -> tuple[bool, int | None]:
        """Whether the model's state awaits this seat (None: the host's step), and in which round."""
        game, engine, state = self.game, self.game.engine, self.state
        if self.over:
            return False, None
        if position is None:
            return game.game_kind.host_acts(game) and awaits_table(engine, state), None
        number = round_number(engine, state)
        if number is not None:
            return position in in_round(engine, state), number
        return position in engine.to_act(state), None

    def user_of(self, position: int | None) -> int:
        return self.host.pk if position is None else self.seats[position].user_id

    def wants(self, user_id: int) -> bool:
        return self.mode[user_id] == NotificationPrefs.Mode.IMMEDIATE and not self.muted[user_id]

    def turns_change(self, began: float, after: float, actor: int | None) -> None:
        """Which turns began or ended with the model's state as it is now."""
        for position in [*self.seats, None]:
            now, key = self.awaited(position)
            known = self.stretches.get(position)
            if not now:
                self.stretches.pop(position, None)
            elif known is None or (key is not None and key != known.key):
                user = self.user_of(position)
                earlier = self.rounds.get((position, key)) if key is not None else None
                if earlier is not None:  # back in a round it was out of (a live table's decks turned
                    # around): the same round, whose row may still go if it holds, and no new one
                    self.stretches[position] = replace(earlier, owed=False)
                else:
                    self.ids += 1
                    self.stretches[position] = Stretch(
                        self.ids, began, after, key, exempt=user == actor, wanted=self.wants(user)
                    )
                    if key is not None:
                        self.rounds[(position, key)] = self.stretches[position]
            if position in self.stretches:
                self.stretch_at[(position, self.version)] = self.stretches[position].id

    def observe(self, began: float, actor: int | None) -> None:
        """After a step that may change the table: replay its moves one by one (the engine is pure),
        so that a turn that ended and began again within the step is two turns; tag its rows."""
        after = time.time()
        self.game.refresh_from_db()
        engine = self.game.engine
        for logged in Move.objects.filter(game=self.game, number__gte=self.replayed).order_by("number"):
            move = logged.payload
            self.state = services.apply_move(self.game, self.state, logged.seat, move, logged.number)
            ends = seat_moves.ends_game(engine, self.state, move) if seat_moves.is_seat_move(move) else None
            self.over = self.over or bool(ends if ends is not None else engine.is_over(self.state))
            self.replayed, self.version = logged.number + 1, self.version + 1
            self.turns_change(began, after, actor)
        assert self.state == self.game.state and self.over == (self.game.status == Game.Status.FINISHED)
        for row in Notification.objects.filter(game=self.game, pk__gt=self.seen_rows).order_by("pk"):
            self.seen_rows = row.pk
            if row.kind in ("turn", "host_step"):
                position = None if row.kind == "host_step" else row.seat
                self.tags[row.pk] = self.stretch_at.get((position, int(row.dedupe_key.rsplit(":", 1)[1])))
            elif row.kind == "reminder":  # about the turn the seat was in when the sweep began
                self.tags[row.pk] = self.remind_stretches.get(row.seat)
                self.reminder_written[row.pk] = began

    def settings_changed(self, user_id: int) -> None:
        for position, stretch in self.stretches.items():
            if self.user_of(position) == user_id and not self.wants(user_id):
                stretch.wanted = False

    @property
    def ended(self) -> bool:
        return self.over

    def playing(self) -> bool:
        return not self.over and self.game.paused_at is None

    # Steps ----------------------------------------------------------------------------------

    def pause_for(self, wait: bool) -> None:
        """Let the window pass first (a step taken a while after the one before)."""
        if wait:
            time.sleep(WINDOW + SLACK)

    @precondition(lambda self: self.playing())
    @rule(data=st.data(), wait=st.booleans())
    def move(self, data, wait: bool) -> None:
        self.pause_for(wait)
        engine, state = self.game.engine, self.game.state
        awaited = [p for p in engine.to_act(state) if p in self.seats and engine.legal_moves(state, p)]
        if not awaited:
            return
        position = data.draw(st.sampled_from(awaited))
        move = data.draw(st.sampled_from(engine.legal_moves(state, position)))
        user = User.objects.get(pk=self.user_of(position))
        began = time.time()
        services.submit_move(self.game.pk, user, move, self.game.tokens.get(str(position)))
        self.observe(began, user.pk)

    @precondition(lambda self: self.playing() and self.game.game_kind.host_acts(self.game))
    @rule(anyway=st.booleans(), wait=st.booleans())
    def host_step(self, anyway: bool, wait: bool) -> None:
        self.pause_for(wait)
        game = self.game
        if anyway and game.engine.legal_moves(game.state, None) == [] and game.state.get("phase") == "write":
            move = {"type": "flip_on"}
        elif awaits_table(game.engine, game.state):
            move = {"type": "flip"}
        else:
            return
        began = time.time()
        services.submit_move(game.pk, self.host, move, game.tokens.get("host"), as_host=True)
        self.observe(began, self.host.pk)

    @precondition(lambda self: self.playing())
    @rule()
    def clock_runs_out(self) -> None:
        """Every turn's time is up: the site plays the defaults (a seat passed by the clock)."""
        began = time.time()
        deadlines.apply_default_moves(self.game.pk, timezone.now() + timedelta(days=3))
        self.observe(began, None)

    @precondition(lambda self: self.playing())
    @rule()
    def pause(self) -> None:
        began = time.time()
        table_tools.host_tool(self.game.pk, self.host, PAUSE)
        self.observe(began, self.host.pk)

    @precondition(lambda self: not self.ended and self.game.paused_at is not None)
    @rule()
    def resume(self) -> None:
        began = time.time()
        table_tools.host_tool(self.game.pk, self.host, RESUME)
        self.resumed_at = time.time()
        self.observe(began, self.host.pk)

    @precondition(lambda self: not self.ended and self.steps > ENDS_AFTER)
    @rule()
    def end(self) -> None:
        began = time.time()
        table_tools.host_tool(self.game.pk, self.host, END)
        self.observe(began, self.host.pk)

    @rule(who=st.integers(0, 4), open_it=st.booleans(), wait=st.booleans())
    def page(self, who: int, open_it: bool, wait: bool) -> None:
        self.pause_for(wait)
        user = self.users[who % len(self.users)]
        seat = next((s for s in self.seats.values() if s.user_id == user.pk), None)
        pages = Pages(seat_id=seat.pk) if seat is not None else Pages(host_of=self.game.pk)
        mine = self.pages[user.pk]
        if open_it:
            channel = f"page-{uuid.uuid4().hex[:8]}"
            opened(pages, channel)
            mine.add(channel)
        elif mine:
            closed(pages, mine.pop())
            if not mine:
                self.gone_since[user.pk] = time.time()

    @initialize(modes=st.lists(st.sampled_from(MODES), min_size=5, max_size=5))
    def settings_at_start(self, modes: list[str]) -> None:
        """Each person's settings as the game begins (daily readers and people with no e-mail too)."""
        for who in range(len(self.users)):
            self.change_settings(who, modes[who], mute=False)

    @rule(who=st.integers(0, 4), mode=st.sampled_from(MODES), mute=st.booleans())
    def change_settings(self, who: int, mode: str, mute: bool) -> None:
        user = self.users[who % len(self.users)]
        NotificationPrefs.objects.update_or_create(user=user, defaults={"mode": mode})
        self.mode[user.pk] = mode
        if user.pk != self.host.pk or self.host_plays:
            Seat.objects.filter(game=self.game, user=user).update(muted=mute)
            self.muted[user.pk] = mute
        self.settings_changed(user.pk)

    @precondition(lambda self: not self.ended)
    @rule(stage=st.sampled_from(sorted(REMINDER_AT)), ticks=st.integers(1, 3))
    def reminders(self, stage: str, ticks: int) -> None:
        """The beat's deadline sweep (``tasks.run_deadlines``), with the clock moved to where the
        reminders of the turns now running are due (half, or the last hour, of their 24 hours);
        ``ticks`` times, a window apart, each followed by the outbox's sweep, as beat runs them."""
        for tick in range(ticks):
            if tick:
                time.sleep(WINDOW + SLACK)
                self.deliver()
            self.remind_stretches = {position: stretch.id for position, stretch in self.stretches.items()}
            began = time.time()
            deadlines.sweep(timezone.now() + REMINDER_AT[stage])
            self.observe(began, None)

    @rule()
    def time_passes(self) -> None:
        time.sleep(WINDOW + SLACK)

    @rule(up=st.booleans())
    def worker(self, up: bool) -> None:
        self.worker_up = up

    @invariant()
    def deliver(self) -> None:
        """After every step, the worker's sweep, if the worker is up."""
        if self.worker_up:
            began = time.time()
            mailer.sweep()
            self.check_mail(began)

    # What must hold -------------------------------------------------------------------------

    def check_mail(self, began: float) -> None:
        received = self.sink.messages()
        new, self.heard = received[self.heard :], len(received)
        for item in new:
            user_id = next((self.emails[a] for a in item.rcpt_tos if a in self.emails), None)
            if user_id is None:
                continue  # another table's mail (an earlier example)
            row = Notification.objects.get(pk=item.notification)
            assert row.game_id == self.game.pk
            self.check_words(item, row)
            if self.ended:
                assert row.kind == "game_over", f"{row.kind} mailed after the end"
                continue
            assert row.kind != "game_over"
            assert self.game.paused_at is None, "mail about a paused game"
            if row.kind == "reminder":
                self.check_reminder(row, item, user_id)
            if row.kind not in ("turn", "host_step"):
                continue
            position = None if row.kind == "host_step" else row.seat
            stretch = self.stretches.get(position)
            assert stretch is not None and self.tags.get(row.pk) == stretch.id, "a turn that is over"
            assert not self.pages[user_id], "a turn mail to someone at the table"
            assert self.wants(user_id), "a turn mail against the person's settings"
            earliest = max(stretch.began, self.gone_since[user_id]) + WINDOW
            assert item.at >= earliest - 0.01, "mailed before the window was over"
            self.mailed[stretch.id] += 1
            assert self.mailed[stretch.id] == 1, "two mails for one turn"
        if self.ended or self.game.paused_at is not None:
            return
        for position, stretch in self.stretches.items():
            user_id = self.user_of(position)
            if stretch.exempt or not stretch.wanted or not stretch.owed or self.pages[user_id]:
                continue
            due = max(stretch.began_after, self.gone_since[user_id], self.resumed_at) + WINDOW
            if due + SLACK <= began:
                assert self.mailed[stretch.id] == 1, f"no mail for an awaited seat ({position}) gone"

    def check_reminder(self, row: Notification, item, user_id: int) -> None:
        """A reminder goes only while its turn runs (the seat still awaited in the turn it was
        written in), to someone away from the table whose settings want that stage, a window after
        it was written or they left; one per turn and stage."""
        stage = row.context["stage"]
        stretch = self.stretches.get(row.seat)
        same_turn = stretch is not None and self.tags.get(row.pk) == stretch.id
        assert same_turn, "a reminder for a turn that is over"
        assert not self.pages[user_id], "a reminder to someone at the table"
        wanted = stage in REMINDED.get(self.mode[user_id], set()) and not self.muted[user_id]
        assert wanted, "a reminder against the person's settings"
        earliest = max(self.reminder_written[row.pk], self.gone_since[user_id]) + WINDOW
        assert item.at >= earliest - 0.01, "a reminder before the window was over"
        self.reminded[(stretch.id, stage)] += 1
        assert self.reminded[(stretch.id, stage)] == 1, "two reminders for one turn"

    def check_words(self, item, row: Notification) -> None:
        """What a mail of this game may say (a live table's words: ``RomanRoadModel``)."""

    @invariant()
    def never_two(self) -> None:
        self.steps += 1
        assert all(count <= 1 for count in self.mailed.values())

    def teardown(self) -> None:
        """Leave nothing for the next example's deliveries to find."""
        Notification.objects.filter(game=self.game, sent_at__isnull=True).update(
            sent_at=timezone.now(), skipped=True, last_error="the example ended"
        )
        # Nor a table in play for the next example's sweeps (deadlines, clocks, reminders).
        Game.objects.filter(pk=self.game.pk).update(status=Game.Status.FINISHED)


class CatacombsModel(MailModel):
    """A table whose host flips and does not play: rounds, her step, Flip anyway."""

    slug = "catacombs"
    players = 2
    options = {"flip_mode": "host"}
    host_plays = False


class RaceModel(MailModel):
    """A live table (everyone plays at once): rounds, never turns."""

    slug = "race"
    players = 3


class PokerModel(MailModel):
    slug = "poker"
    players = 3


class RoadsModel(MailModel):
    slug = "roads"
    players = 2


class RomiRamiModel(MailModel):
    slug = "romirami"
    players = 2


class RomanRoadModel(MailModel):
    """Roman Road: a live race in hands, three people and a computer player. Its clocks and its
    pacer are run here as the worker runs them (``games.tasks``), called in the step: the clock
    that deals the next hand, takes the absent as ready and says Begin (``run_clock``, the clock
    moved past it); the table asking who is here, marking a person gone away and back
    (``table_moves``); the computer player's pacer (``pace_bots``). A race never speaks of turns:
    every mail of it is checked for the words of a turn, and a hand's mail for the race's own."""

    slug = "romanroad"
    players = 3
    bots = 1
    at_table = True
    options = {"target": 12, "bot_speed": "fast"}
    examples = 25
    steps = 40

    def __init__(self) -> None:
        super().__init__()
        self.table_clock()  # everyone at the table is ready: Begin, and hand 1 is under way

    def check_words(self, item, row: Notification) -> None:
        body = item.message.get_body(preferencelist=("plain",)).get_content()
        text = f"{item.message['Subject']}\n{body}".lower()
        for words in TURN_WORDS:
            assert words not in text, f"the race said {words!r} in a {row.kind} mail"
        if row.kind == "turn":
            assert f"hand {row.turn} is being played at" in text, "a hand's mail not in the race's words"

    def in_hand(self) -> list[int]:
        state = self.game.state
        if state["phase"] != "hand":
            return []
        return [p for p in self.seats if not state["seats"][p]["stuck"]]

    @precondition(lambda self: self.playing())
    @rule(data=st.data(), wait=st.booleans())
    def stuck(self, data, wait: bool) -> None:
        """A person in the hand declares Stuck (the hands end sooner than by cards alone), one taken
        to be away too (from a page that only polls, say)."""
        self.pause_for(wait)
        playing = self.in_hand()
        if not playing:
            return
        user = User.objects.get(pk=self.user_of(data.draw(st.sampled_from(playing))))
        began = time.time()
        services.submit_move(self.game.pk, user, {"type": "stuck"}, None)
        self.observe(began, user.pk)

    @precondition(lambda self: self.playing())
    @rule(to_the_end=st.booleans(), moves=st.integers(1, 40), seed=st.integers(0, 2**16))
    def play_on(self, to_the_end: bool, moves: int, seed: int) -> None:
        """Everyone plays on for a while, or to the hand's end (an Amen, or blocked), as the computer
        player would: the people through the move path, the computer player through its pacer."""
        rng = random.Random(seed)
        moves = HAND_MOVES if to_the_end else moves
        began = time.time()
        for number in range(moves):
            game = Game.objects.get(pk=self.game.pk)
            if game.status != Game.Status.ACTIVE or game.paused_at or game.state["phase"] != "hand":
                break
            movers = [p for p in range(game.players) if has_move(game.engine, game.state, p)]
            if not movers:
                break
            position = movers[number % len(movers)]
            if position in self.seats:
                move = bot.choose(game.state, position, rng)
                user = User.objects.get(pk=self.user_of(position))
                services.submit_move(game.pk, user, move, None)
            else:
                self.pacer_step({position})
        self.observe(began, None)

    def pacer_step(self, seats) -> None:
        cache.delete(tasks.pacer_key(self.game.pk))
        tasks.pace_bots(self.game.pk, {str(seat): 0.0 for seat in seats}, uuid.uuid4().hex)

    @precondition(lambda self: self.playing())
    @rule()
    def table_clock(self) -> None:
        """The table's clock is up (``tasks.run_clock`` at its countdown): between hands the next
        is dealt, a hand just dealt takes the absent as ready, then says Begin."""
        began = time.time()
        later = timezone.now() + timedelta(seconds=BETWEEN_SECONDS + 1)
        for _ in range(3):  # each run moves on what is due then; the next is scheduled by the last
            if not deadlines.run_clock(self.game.pk, later):
                break
        self.observe(began, None)

    @precondition(lambda self: self.playing())
    @rule(wait=st.booleans())
    def who_is_here(self, wait: bool) -> None:
        """The table is asked who is here (the task after a page closed or opened, or the beat's
        for a quiet table): the present are ready, a person gone for the idle time is away, back."""
        self.pause_for(wait)
        began = time.time()
        tasks.table_moves(self.game.pk)
        self.observe(began, None)

    @precondition(lambda self: self.playing())
    @rule()
    def pacer(self) -> None:
        """A step of the computer players' pacer, their time come (``tasks.pace_bots``)."""
        began = time.time()
        self.pacer_step(Seat.objects.filter(game=self.game, is_bot=True).values_list("position", flat=True))
        self.observe(began, None)


HAND_MOVES = 400  # moves in which a hand surely ends (a table of computer players needs about 100)
# What a live table's mail never says: it has hands, not turns.
TURN_WORDS = ("your turn", "play first", "this turn", "play your move")

MACHINES = [MailModel, RaceModel, CatacombsModel, PokerModel, RoadsModel, RomiRamiModel, RomanRoadModel]


@pytest.fixture(scope="module")
def sink():
    server = SmtpSink().start()
    yield server
    server.stop()


@pytest.fixture
def toy_games():
    """Nim (turns) and Race (a live table), the games only the tests know."""
    registered = [kinds.register(NimKind()), kinds.register(RaceKind())]
    yield
    for kind in registered:
        kinds.unregister(kind.slug)


@pytest.fixture
def over_smtp(settings, sink, toy_games):
    settings.EMAIL_BACKEND = "django.core.mail.backends.smtp.EmailBackend"
    settings.EMAIL_HOST, settings.EMAIL_PORT = "127.0.0.1", sink.port
    settings.EMAIL_USE_TLS = settings.EMAIL_USE_SSL = False
    settings.EMAIL_HOST_USER = settings.EMAIL_HOST_PASSWORD = ""
    settings.MAIL_WINDOW_SECONDS = WINDOW
    settings.ROMANROAD_IDLE_SECONDS = IDLE
    return sink


@pytest.mark.parametrize("machine", MACHINES, ids=lambda m: m.slug)
def test_every_mail_is_true_when_it_is_handed_over(over_smtp, machine):
    machine.sink = over_smtp
    run_state_machine_as_test(
        machine,
        settings=settings(
            max_examples=examples(machine.examples),
            stateful_step_count=machine.steps,
            deadline=None,
            suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture],
        ),
    )
