"""Parts made to fail under a running table: a Redis of the test's own (never the machine's
shared one) killed and started again empty, with a real worker and beat on it. Afterwards the
worker is still up, the computer players move again by themselves within a minute, and the game
replays with every move number once."""

from __future__ import annotations

import shutil
import signal
import subprocess
import time
import uuid
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import pytest
from django.core.management import call_command
from django.db import connection

from games.models import Game, Move
from games.romanroad.tests.site import lobby_table
from tests.integration.mail_harness import (
    SmtpSink,
    database_url,
    free_port,
    publishing_to,
    reachable,
    wait_for,
    worker,
)

pytestmark = [pytest.mark.integration, pytest.mark.django_db(transaction=True)]

RECOVERY_SECONDS = 60  # what a player should ever wait for a computer player to move again


@contextmanager
def own_redis(port: int) -> Iterator[subprocess.Popen]:
    """A throw-away redis-server on ``port`` that keeps nothing on disk; stopped by its own pid."""
    process = subprocess.Popen(
        ["redis-server", "--port", str(port), "--save", "", "--appendonly", "no", "--daemonize", "no"],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    try:
        wait_for(lambda: reachable("127.0.0.1", port, 0.2), timeout=10)
        yield process
    finally:
        if process.poll() is None:
            process.kill()
            process.wait(5)


def bot_moves(game: Game) -> int:
    return Move.objects.filter(game=game, seat__gt=0).count()


def test_a_redis_restart_leaves_the_worker_up_and_computer_players_moving(make_user, tmp_path):
    if connection.vendor != "postgresql" or not shutil.which("redis-server"):
        pytest.skip("needs PostgreSQL (DATABASE_URL) and a redis-server binary to start one of its own")
    port = free_port()
    broker, cache = f"redis://127.0.0.1:{port}/0", f"redis://127.0.0.1:{port}/1"
    queue = f"faults-{uuid.uuid4().hex[:8]}"
    sink = SmtpSink().start()
    extra = {"CACHE_URL": cache, "BOT_SWEEP_SECONDS": "3", "OUTBOX_SWEEP_SECONDS": "5"}
    redis = own_redis(port)
    server = redis.__enter__()
    try:
        with (
            worker(
                database=database_url(connection.settings_dict),
                broker=broker,
                queue=queue,
                smtp=sink.url,
                log=tmp_path / "worker.log",
                beat=True,
                extra=extra,
            ) as celery,
            publishing_to(broker, queue),
        ):
            game = lobby_table(make_user("Julius"), bots=2, bot_speed="fast")
            wait_for(lambda: bot_moves(game) >= 6, timeout=40, every=0.5)

            server.send_signal(signal.SIGKILL)  # the queue and the pacer's key go with it
            server.wait(5)
            time.sleep(3)
            redis.__exit__(None, None, None)
            redis = own_redis(port)
            server = redis.__enter__()
            restarted, before = time.monotonic(), bot_moves(game)

            wait_for(lambda: bot_moves(game) > before + 2, timeout=RECOVERY_SECONDS, every=0.5)
            recovered = time.monotonic() - restarted
            assert celery.poll() is None, (tmp_path / "worker.log").read_text()[-3000:]
            print(f"computer players moving again {recovered:.1f} s after Redis came back")
        call_command("replay_game", game.code)  # raises on a mismatch
        numbers = list(Move.objects.filter(game=game).order_by("number").values_list("number", flat=True))
        assert numbers == list(range(len(numbers)))  # none doubled, none skipped
    finally:
        redis.__exit__(None, None, None)
        sink.stop()


def running_with(word: str) -> list[int]:
    """Processes still running (not the dead ones waiting to be reaped) whose command line holds ``word``."""
    running = []
    for proc in Path("/proc").glob("[0-9]*"):
        try:
            command = (proc / "cmdline").read_bytes()
            state = (proc / "stat").read_text().rsplit(")", 1)[1].split()[0]
        except OSError:
            continue
        if word.encode() in command and state != "Z":
            running.append(int(proc.name))
    return running


def test_a_killed_worker_is_replaced_and_its_computer_players_move_again(make_user, tmp_path):
    if connection.vendor != "postgresql" or not shutil.which("redis-server"):
        pytest.skip("needs PostgreSQL (DATABASE_URL) and a redis-server binary to start one of its own")
    port = free_port()
    broker, cache = f"redis://127.0.0.1:{port}/0", f"redis://127.0.0.1:{port}/1"
    queue = f"faults-{uuid.uuid4().hex[:8]}"
    sink = SmtpSink().start()
    database = database_url(connection.settings_dict)
    settings = dict(database=database, broker=broker, queue=queue, smtp=sink.url)
    extra = {"CACHE_URL": cache, "BOT_SWEEP_SECONDS": "3", "OUTBOX_SWEEP_SECONDS": "5"}
    try:
        with own_redis(port), publishing_to(broker, queue):
            with worker(**settings, log=tmp_path / "first.log", beat=True, extra=extra) as first:
                game = lobby_table(make_user("Julius"), bots=2, bot_speed="fast")
                wait_for(lambda: bot_moves(game) >= 6, timeout=40, every=0.5)
                first.send_signal(signal.SIGKILL)  # its held steps stay unacknowledged in Redis
                first.wait(5)
            wait_for(lambda: not running_with(queue), timeout=5, every=0.1)  # nor its embedded beat
            killed, before = time.monotonic(), bot_moves(game)
            with worker(**settings, log=tmp_path / "second.log", beat=True, extra=extra):
                wait_for(lambda: bot_moves(game) > before + 2, timeout=RECOVERY_SECONDS, every=0.5)
                print(f"computer players moving again {time.monotonic() - killed:.1f} s after the kill")
        call_command("replay_game", game.code)
        numbers = list(Move.objects.filter(game=game).order_by("number").values_list("number", flat=True))
        assert numbers == list(range(len(numbers)))
    finally:
        sink.stop()
