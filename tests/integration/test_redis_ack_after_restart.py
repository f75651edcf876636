"""A task that finishes while Redis is down is acknowledged through the channel Redis closed once it
is back: kombu raised AttributeError('NoneType' object has no attribute 'client') and the worker
exited. Redis (the test's own, never the machine's shared one) is killed under a busy worker and
started again until the worker has met that path; the worker stays up and runs the next task."""

from __future__ import annotations

import os
import re
import shutil
import signal
import subprocess
import uuid

import pytest

from config.celery import app
from tests.integration.mail_harness import CELERY, ROOT, free_port, publishing_to, wait_for
from tests.integration.test_embedded_broker import ran
from tests.integration.test_faults import own_redis

pytestmark = [pytest.mark.integration]

SEEN = b"cannot be acknowledged through the channel"
TRIES = 6


def received(log) -> int:
    return len(re.findall(rb"Task tests\.note\[[^\]]+\] received", log.read_bytes()))


def test_a_worker_survives_acknowledging_through_a_channel_redis_closed(tmp_path):
    if not shutil.which("redis-server"):
        if os.environ.get("CI") == "true":
            pytest.fail("CI: needs a redis-server binary to start one of its own", pytrace=False)
        pytest.skip("needs a redis-server binary to start one of its own")
    port, queue = free_port(), f"ack-{uuid.uuid4().hex[:8]}"
    broker, notes, log = f"redis://127.0.0.1:{port}/0", tmp_path / "notes", tmp_path / "worker.log"
    notes.mkdir()
    env = {
        **os.environ,
        "CELERY_BROKER_URL": broker,
        "CELERY_TASK_DEFAULT_QUEUE": queue,
        "NOTES_DIR": str(notes),
        "VAR_DIR": str(tmp_path / "var"),
        "DATABASE_URL": f"sqlite:///{tmp_path / 'db.sqlite3'}",
    }
    command = [
        str(CELERY),
        "-A",
        "config",
        "worker",
        "--pool=threads",
        "--concurrency=2",
        "--without-mingle",
        "--without-gossip",
        "--loglevel=INFO",
        "-I",
        "tests.integration.broker_tasks",
        "-Q",
        queue,
        "-n",
        f"{queue}@%h",
    ]
    redis = own_redis(port)
    server = redis.__enter__()
    worker = None
    try:
        with open(log, "wb") as out:
            worker = subprocess.Popen(
                command, cwd=ROOT, env=env, stdout=out, stderr=subprocess.STDOUT, start_new_session=True
            )
        wait_for(lambda: b" ready." in log.read_bytes() or worker.poll() is not None, timeout=60)
        with publishing_to(broker, queue):
            for number in range(TRIES):
                app.send_task("tests.note", args=[number, 2.0], queue=queue)
                wait_for(lambda n=number: received(log) >= n + 1, timeout=30)
                server.send_signal(signal.SIGKILL)  # while the task sleeps
                server.wait(5)
                wait_for(lambda n=number: n in ran(notes), timeout=30)  # it finished with Redis down
                redis.__exit__(None, None, None)
                redis = own_redis(port)
                server = redis.__enter__()
                wait_for(
                    lambda: b"Connected to redis" in log.read_bytes().rsplit(b"] succeeded", 1)[-1],
                    timeout=30,
                )
                assert worker.poll() is None, log.read_text()[-3000:]
                if SEEN in log.read_bytes():
                    break
            assert SEEN in log.read_bytes(), f"no acknowledgement met the closed channel in {TRIES} restarts"
            app.send_task("tests.note", args=[100], queue=queue)
            wait_for(lambda: 100 in ran(notes), timeout=30)
        assert worker.poll() is None and b"Unrecoverable error" not in log.read_bytes()
        print(f"the closed channel's acknowledgement met after {number + 1} Redis restart(s)")
    finally:
        if worker is not None and worker.poll() is None:
            os.killpg(worker.pid, signal.SIGKILL)
            worker.wait(10)
        redis.__exit__(None, None, None)
