"""The embedded default's broker (config.broker: a SQLite file) under a worker killed with SIGKILL,
once in the middle of a burst and twice while tasks are being published: after each restart
every task runs, the few the dead worker held run again (idempotent tasks absorb that), nothing
is left in the broker's file, and a table of computer players on the same worker goes on. A task
still running when the first worker is killed (it waits for the test) is queued again and runs.

Every part is real: ``celery worker`` processes with the threads pool `make run` uses, the
broker file, PostgreSQL for the table."""

from __future__ import annotations

import os
import signal
import sqlite3
import subprocess
import threading
import time
import uuid
from collections import Counter
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import pytest
from django.core.management import call_command
from django.db import connection

from config.celery import app
from games.models import Game, Move
from games.romanroad.tests.site import lobby_table
from tests.integration.mail_harness import CELERY, ROOT, database_url, publishing_to, wait_for
from tests.real_parts import require

pytestmark = [pytest.mark.integration, pytest.mark.django_db(transaction=True)]

CONCURRENCY = 4
# A worker holds at most its running tasks and one prefetched per thread: that many may run twice.
HELD_AT_MOST = 2 * CONCURRENCY
HELD = 1000  # the number of the task that waits for the test: running when the first worker dies


@contextmanager
def worker(env: dict[str, str], log: Path) -> Iterator[subprocess.Popen]:
    command = [
        str(CELERY),
        "-A",
        "config",
        "worker",
        "--pool=threads",
        f"--concurrency={CONCURRENCY}",
        "--without-mingle",
        "--without-gossip",
        "--loglevel=INFO",
        "-I",
        "tests.integration.broker_tasks",
        "-Q",
        env["CELERY_TASK_DEFAULT_QUEUE"],
        "-n",
        f"{uuid.uuid4().hex[:8]}@%h",
        "--beat",
        f"--schedule={log.parent / 'celerybeat-schedule'}",
    ]
    with open(log, "ab") as out:
        process = subprocess.Popen(
            command, cwd=ROOT, env=env, stdout=out, stderr=subprocess.STDOUT, start_new_session=True
        )
    try:
        wait_for(lambda: log.read_bytes().count(b" ready.") > 0 or process.poll() is not None, timeout=60)
        assert process.poll() is None, log.read_text()[-3000:]
        yield process
    finally:
        if process.poll() is None:
            os.killpg(process.pid, signal.SIGKILL)
            process.wait(10)


def kill(process: subprocess.Popen) -> None:
    os.killpg(process.pid, signal.SIGKILL)  # as the out-of-memory killer or a closed laptop lid would
    process.wait(10)


def ran(notes: Path) -> Counter:
    path = notes / "ran.txt"
    return Counter(int(line) for line in path.read_text().split()) if path.exists() else Counter()


def published_ran(notes: Path) -> int:
    """How many of the tasks published while workers were killed (numbers 300 to 699) ran."""
    return len([number for number in ran(notes) if 300 <= number < 700])


def publish(queue: str, numbers: range, every: float = 0.0, seconds: float = 0.03) -> None:
    for number in numbers:
        app.send_task("tests.note", args=[number, seconds], queue=queue)
        if every:
            time.sleep(every)


def rows_left(broker_file: Path) -> int:
    """The test's messages still in the broker's file (beat's and the computer players' come and go)."""
    with sqlite3.connect(broker_file) as db:
        query = "SELECT count(*) FROM kombu_message WHERE payload LIKE '%tests.note%'"
        return db.execute(query).fetchone()[0]


def bot_moves(game: Game) -> int:
    return Move.objects.filter(game=game, seat__gt=0).count()


def test_a_worker_killed_mid_burst_and_while_publishing_loses_no_task(make_user, tmp_path):
    require("the broker crash test")  # PostgreSQL for the table of computer players
    broker_file = tmp_path / "broker.sqlite3"
    broker, queue = f"sqla+sqlite:///{broker_file}", f"broker-{uuid.uuid4().hex[:8]}"
    notes = tmp_path / "notes"
    notes.mkdir()
    env = {
        **os.environ,
        "DATABASE_URL": database_url(connection.settings_dict),
        "CELERY_BROKER_URL": broker,
        "CELERY_TASK_DEFAULT_QUEUE": queue,
        "VAR_DIR": str(tmp_path / "var"),
        "NOTES_DIR": str(notes),
        "BOT_SWEEP_SECONDS": "3",
    }
    log = tmp_path / "worker.log"
    with publishing_to(broker, queue):
        # A burst, and the worker killed a third of the way through it.
        with worker(env, log) as first:
            game = lobby_table(make_user("Julius"), bots=2, bot_speed="fast")
            app.send_task("tests.hold", args=[HELD], queue=queue)
            publish(queue, range(300))
            wait_for(lambda: sum(ran(notes).values()) >= 100, timeout=60, every=0.05)
            kill(first)
        assert 0 < len(ran(notes)) < 300 and HELD not in ran(notes)
        (notes / "release").touch()
        with worker(env, log):
            wait_for(lambda: len(ran(notes)) == 301, timeout=90, every=0.2)
            before = bot_moves(game)
            wait_for(lambda: bot_moves(game) > before + 2, timeout=60, every=0.5)  # the table goes on

        # Tasks published all along while the worker is killed twice and started again.
        publisher = threading.Thread(target=publish, args=(queue, range(300, 700), 0.01))
        publisher.start()
        try:
            for enough in (100, 220):  # of the 400 being published
                with worker(env, log) as busy:
                    wait_for(lambda n=enough: published_ran(notes) >= n, timeout=60, every=0.05)
                    kill(busy)
        finally:
            publisher.join(60)
        with worker(env, log):
            wait_for(lambda: len(ran(notes)) == 701, timeout=120, every=0.2)
            wait_for(lambda: rows_left(broker_file) == 0, timeout=30, every=0.2)  # acknowledged: deleted
            before = bot_moves(game)
            wait_for(lambda: bot_moves(game) > before + 2, timeout=60, every=0.5)

    counts = ran(notes)
    assert set(counts) == {*range(700), HELD}  # every task ran
    assert counts[HELD] == 1  # the task the first worker died running ran once, to its end
    repeats = sum(count - 1 for count in counts.values())
    assert repeats <= 3 * HELD_AT_MOST, counts.most_common(10)  # only what the three dead workers held
    print(f"700 tasks, 3 workers killed: {repeats} ran twice; the table went on")
    assert "queued again" in log.read_text()  # the restarted worker returned what the dead one held (HELD)
    call_command("replay_game", game.code)  # the computer players' moves replay, none doubled
    numbers = list(Move.objects.filter(game=game).order_by("number").values_list("number", flat=True))
    assert numbers == list(range(len(numbers)))
