"""Mail under play: how late each e-mail goes past the moment it was due, and how many are dropped
as no longer true.

Real parts only: PostgreSQL (its own database, ``roman_bench_mail``), one Celery worker with beat
on Redis, an aiosmtpd server on a loopback port. For ``--minutes`` (10), people play two Roman
Poker tables and a Catacombs table whose host flips and does not play, through the services:
each awaited person plays after a think time drawn at random, as a computer player would
choose, and their pages open and close at random (``games.live.presence``, the close sent as the
socket would, so the task after leaving is scheduled); the host flips a think time after everyone
has chosen. A table whose game ends plays again.
Mail waits ``--window`` seconds (``MAIL_WINDOW_SECONDS``; the site's is 60) after the turn began
or its person left the table, and goes only if still true then (``games.notifications.claims``).

For each e-mail that reaches the server: the delay past due, where due is the later of its row
(the turn began) and its person's last page closing before it, plus the window; and the time from
the row to the mail. For every row written: sent, dropped (by reason), or still waiting at the end.

    .venv/bin/python -m bench.bench_mail [--minutes 10] [--window 10]

Appends (or replaces) the "## Mail under play" section of bench/RESULTS.md.
"""

from __future__ import annotations

import argparse
import os
import random
import statistics
import tempfile
import time
import uuid
from collections import Counter
from pathlib import Path

from bench.database import PG, ensure_database
from bench.results import machine, percentile, publish

DATABASE = "roman_bench_mail"
BROKER = os.environ.get("BENCH_BROKER", "redis://127.0.0.1:6379/14")
QUEUE = os.environ.get("CELERY_TASK_DEFAULT_QUEUE") or f"bench-mail-{uuid.uuid4().hex[:8]}"
HEADING = "## Mail under play"
TICK = 0.25  # seconds between the driver's looks at the tables
BEAT = 20.0  # seconds: an open page renews its presence this often, as the socket does

os.environ.update(
    DATABASE_URL=f"{PG}/{DATABASE}",
    CELERY_BROKER_URL=BROKER,
    CELERY_TASK_DEFAULT_QUEUE=QUEUE,
    DJANGO_SETTINGS_MODULE="config.settings",
    LOG_LEVEL="WARNING",
)


class Play:
    """The tables, their people, and what the driver saw of them."""

    def __init__(self, window: float, rng: random.Random) -> None:
        from accounts.models import User

        self.rng, self.window = rng, window
        tag = uuid.uuid4().hex[:8]

        def person(name: str) -> User:
            email = f"bench-{name.lower()}-{tag}@example.com"
            return User.objects.create_user(email, None, display_name=name, email_verified=True)

        self.tables = []
        for names in (("Julius", "Livia", "Marcus"), ("Titus", "Claudia", "Gaius")):
            people = [person(n) for n in names]
            self.tables.append((self.start("poker", None, people), None, people))
        host, *people = [person(n) for n in ("Mary", "Ann", "Tom", "Paul")]
        self.tables.append((self.start("catacombs", host, people), host, people))
        self.games = [pk for pk, _, _ in self.tables]
        self.users = [u for _, host, people in self.tables for u in ([host] if host else []) + people]
        self.pages: dict[tuple[int, int], tuple[str, float]] = {}  # (game, user) -> (channel, beat)
        self.closes: dict[tuple[int, int], list[float]] = {}
        self.thinking: dict[tuple[int, int | None], float] = {}  # (game, seat or host) -> when they act

    @staticmethod
    def start(slug: str, host, people: list) -> int:
        """A new table of these people (the host flips and does not play, where there is one)."""
        from games.play import services

        if host is None:
            game = services.create_game(people[0], slug, {}, len(people), "seated")
            joining = people[1:]
        else:
            options = {"flip_mode": "host"}
            game = services.create_game(host, slug, options, len(people), "seated", host_plays=False)
            joining = people
        for user in joining:
            services.join_game(game.pk, user)
        services.start_game(game.pk, host or people[0])
        return game.pk

    def whose(self, game_id: int, user) -> object:
        from games.live import presence

        return presence.pages_of(game_id, user)

    def presence_step(self, now: float) -> None:
        """Pages open and close at random (about a minute open, a minute shut); open pages beat."""
        from games.live import presence
        from games.play.signals import seat_left_page

        for game_id, host, people in self.tables:
            for user in ([host] if host else []) + people:
                key = (game_id, user.pk)
                if key in self.pages:
                    channel, beat = self.pages[key]
                    if self.rng.random() < TICK / 60:
                        del self.pages[key]
                        if presence.closed(self.whose(game_id, user), channel):
                            self.closes.setdefault(key, []).append(time.time())
                            seat_left_page.send(None, game_id=game_id, user_id=user.pk)
                    elif now - beat > BEAT:
                        presence.beat(self.whose(game_id, user), channel)
                        self.pages[key] = (channel, now)
                elif self.rng.random() < TICK / 60:
                    channel = f"bench-{uuid.uuid4().hex[:8]}"
                    presence.opened(self.whose(game_id, user), channel)
                    self.pages[key] = (channel, now)

    def play_step(self, now: float) -> int:
        """Each awaited person plays once their think time is up; a host flips when it is due."""
        from games.contract.protocol import awaits_table, choose_move
        from games.models import Game
        from games.play import services

        moves = 0
        for index, (game_id, host, people) in enumerate(self.tables):
            game = Game.objects.get(pk=game_id)
            if game.status != Game.Status.ACTIVE:  # the table plays again
                self.tables[index] = (self.start(game.kind, host, people), host, people)
                self.games.append(self.tables[index][0])
                continue
            engine, kind = game.engine, game.game_kind
            if host is not None and awaits_table(engine, game.state):
                due = self.thinking.setdefault((game_id, None), now + self.rng.expovariate(1 / self.window))
                if due <= now:
                    services.submit_move(
                        game_id, host, {"type": "flip"}, game.tokens.get("host"), as_host=True
                    )
                    del self.thinking[(game_id, None)]
                    moves += 1
                continue
            by_seat = {s.position: s for s in game.seats.all()}
            for seat in engine.to_act(game.state):
                due = self.thinking.setdefault((game_id, seat), now + self.rng.expovariate(1 / self.window))
                if due > now:
                    continue
                user = next(u for u in people if u.pk == by_seat[seat].user_id)
                while game.status == Game.Status.ACTIVE and seat in engine.to_act(game.state):
                    move = choose_move(engine, kind.strategy, game.state, seat, self.rng)
                    services.submit_move(game_id, user, move, game.tokens.get(str(seat)))
                    game.refresh_from_db()
                    moves += 1
                    if host is not None:
                        break  # a Catacombs choice is one move
                del self.thinking[(game_id, seat)]
                break  # one person a table a tick: the table has changed
        return moves

    def left_before(self, game_id: int, user_id: int, moment: float) -> float | None:
        closes = [t for t in self.closes.get((game_id, user_id), []) if t <= moment]
        return max(closes) if closes else None


def run(minutes: float, window: float, seed: int) -> dict:
    import django

    django.setup()
    from django.conf import settings
    from django.core.management import call_command

    from games.models import Game, Notification
    from tests.integration.mail_harness import SmtpSink, publishing_to, worker

    settings.MAIL_WINDOW_SECONDS = window
    call_command("migrate", verbosity=0)
    smtp = SmtpSink().start()
    env = {"MAIL_WINDOW_SECONDS": str(window), "OUTBOX_SWEEP_SECONDS": "5", "SITE_URL": "http://games.test"}
    started = time.time()
    with (
        tempfile.TemporaryDirectory() as tmp,
        worker(
            database=os.environ["DATABASE_URL"],
            broker=BROKER,
            queue=QUEUE,
            smtp=smtp.url,
            log=Path(tmp) / "worker.log",
            beat=True,
            extra=env,
        ),
        publishing_to(BROKER, QUEUE),
    ):
        play = Play(window, random.Random(seed))
        moves = 0
        try:
            while time.time() - started < minutes * 60:
                now = time.time()
                play.presence_step(now)
                moves += play.play_step(now)
                time.sleep(TICK)
            time.sleep(window + 10)  # what was due by the end goes
            rows = list(Notification.objects.filter(game__in=play.games))
            by_pk = {row.pk: row for row in rows}
            late, row_to_mail = [], []
            for item in smtp.messages():
                row = by_pk.get(item.notification)
                if row is None or row.kind not in ("turn", "host_step"):
                    continue
                written = row.created_at.timestamp()
                left = play.left_before(row.game_id, row.user_id, item.at)
                due = max(written, left or written) + window
                late.append(item.at - due)
                row_to_mail.append(item.at - written)
        finally:
            smtp.stop()
            Game.objects.filter(pk__in=play.games).delete()
            for user in play.users:
                user.delete()
    return {
        "moves": moves,
        "rows": Counter(row.kind for row in rows),
        "sent": Counter(row.kind for row in rows if row.sent_at and not row.skipped),
        "dropped": Counter(row.last_error for row in rows if row.skipped),
        "waiting": sum(1 for row in rows if row.sent_at is None),
        "late": late,
        "row_to_mail": row_to_mail,
        "received": len(smtp.messages()),
    }


def report(found: dict, minutes: float, window: float) -> list[str]:
    rows, sent, dropped = found["rows"], found["sent"], found["dropped"]
    total, dropped_total = sum(rows.values()), sum(dropped.values())
    late = found["late"] or [0.0]
    spent = found["row_to_mail"] or [0.0]
    lines = [
        f"`python -m bench.bench_mail --minutes {minutes:g} --window {window:g}`, {machine()}; "
        f"load average {os.getloadavg()[0]:.1f} at the end.",
        "",
        f"{minutes:g} minutes of play: two Roman Poker tables of three and a Catacombs table of three "
        "whose host flips (each table playing again when its game ends), {moves} moves through "
        "`services.submit_move`; each person (and the host, to flip) acts after a think time drawn at "
        f"random (mean {window:g} s), their pages open and close at random (about a minute each way). "
        "One Celery worker with beat (sweep every 5 s), PostgreSQL, aiosmtpd on loopback, all on this "
        f"machine; the window is {window:g} s.".format(moves=found["moves"]),
        "",
        "| rows written | sent | dropped as no longer true (or refused) | waiting at the end |",
        "|---|---|---|---|",
        f"| {total} ({', '.join(f'{k} {v}' for k, v in sorted(rows.items()))}) "
        f"| {sum(sent.values())} | {dropped_total} ({100 * dropped_total / max(1, total):.0f} %) "
        f"| {found['waiting']} |",
        "",
        "Dropped, by reason: " + "; ".join(f"`{k}` {v}" for k, v in dropped.most_common()) + ".",
        "",
        "Turn and host-step mails: seconds past due (the later of the turn's start and the person's last "
        "page closing, plus the window), and from the row to the mail.",
        "",
        "| mails | past due: median | p95 | max | row to mail: median | p95 |",
        "|---|---|---|---|---|---|",
        f"| {len(found['late'])} | {statistics.median(late):.2f} | {percentile(late, 0.95):.2f} "
        f"| {max(late):.2f} | {statistics.median(spent):.1f} | {percentile(spent, 0.95):.1f} |",
    ]
    return lines


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--minutes", type=float, default=10)
    parser.add_argument("--window", type=float, default=10)
    parser.add_argument("--seed", type=int, default=28)
    parser.add_argument("--no-record", action="store_true", help="print only; leave RESULTS.md alone")
    args = parser.parse_args()
    ensure_database(f"{PG}/{DATABASE}")
    lines = report(run(args.minutes, args.window, args.seed), args.minutes, args.window)
    print(HEADING, end="\n\n")
    publish(HEADING.removeprefix("## "), lines, record=not args.no_record)


if __name__ == "__main__":
    main()
