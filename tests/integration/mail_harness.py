"""Real parts for the mail tests and the benchmark: an SMTP sink, a Celery worker, a broker switch.

Nothing here is mocked: the sink is aiosmtpd on a loopback port, the worker is
``celery -A config worker`` in a subprocess on Redis, reading the same
PostgreSQL database as the caller.
"""

from __future__ import annotations

import contextlib
import os
import signal
import socket
import subprocess
import sys
import threading
import time
from collections.abc import Callable, Iterator
from contextlib import closing, contextmanager
from dataclasses import dataclass
from email import message_from_bytes, policy
from email.message import EmailMessage
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
CELERY = Path(sys.executable).with_name("celery")


def reachable(host: str, port: int, timeout: float = 1.0) -> bool:
    try:
        with closing(socket.create_connection((host, port), timeout)):
            return True
    except OSError:
        return False


def free_port() -> int:
    with closing(socket.socket()) as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


def wait_for(check: Callable[[], object], timeout: float = 20.0, every: float = 0.02) -> object:
    """Poll ``check`` until it returns something truthy; AssertionError after ``timeout`` seconds."""
    end = time.monotonic() + timeout
    while True:
        value = check()
        if value:
            return value
        if time.monotonic() > end:
            raise AssertionError(f"timed out after {timeout}s waiting for {check}")
        time.sleep(every)


@dataclass
class Received:
    at: float  # time.time() when the server accepted the DATA
    mail_from: str
    rcpt_tos: list[str]
    message: EmailMessage

    @property
    def notification(self) -> int | None:
        value = self.message["X-Roman-Notification"]
        return int(value) if value else None


class SmtpSink:
    """A real SMTP server (aiosmtpd) that keeps what it receives; can go down and come back."""

    def __init__(self, port: int | None = None) -> None:
        self.port = port or free_port()
        self.received: list[Received] = []
        self._lock = threading.Lock()
        self._arrived = threading.Condition(self._lock)
        self._controller = None

    async def handle_DATA(self, server, session, envelope):  # noqa: N802 — aiosmtpd's hook name
        message = message_from_bytes(envelope.original_content or envelope.content, policy=policy.default)
        with self._arrived:
            self.received.append(Received(time.time(), envelope.mail_from, list(envelope.rcpt_tos), message))
            self._arrived.notify_all()
        return "250 Message accepted for delivery"

    def start(self) -> SmtpSink:
        from aiosmtpd.controller import Controller

        self._controller = Controller(self, hostname="127.0.0.1", port=self.port, ready_timeout=10)
        self._controller.start()
        return self

    def stop(self) -> None:
        if self._controller is not None:
            self._controller.stop()
            self._controller = None

    @property
    def running(self) -> bool:
        return self._controller is not None

    @property
    def url(self) -> str:
        return f"smtp://127.0.0.1:{self.port}"

    def messages(self) -> list[Received]:
        with self._lock:
            return list(self.received)

    def wait_for_notification(self, pk: int, timeout: float = 15.0) -> Received:
        """Block (without spinning, so the server thread keeps the GIL) until row ``pk``'s mail is in."""

        def find() -> Received | None:
            return next((r for r in reversed(self.received) if r.notification == pk), None)

        with self._arrived:
            if not self._arrived.wait_for(find, timeout):
                raise AssertionError(f"no mail for notification {pk} within {timeout}s")
            return find()

    def by_notification(self) -> dict[int, list[Received]]:
        found: dict[int, list[Received]] = {}
        for item in self.messages():
            found.setdefault(item.notification, []).append(item)
        return found


def database_url(settings_dict: dict) -> str:
    user = settings_dict.get("USER") or "postgres"
    password = f":{settings_dict['PASSWORD']}" if settings_dict.get("PASSWORD") else ""
    host = settings_dict.get("HOST") or "127.0.0.1"
    port = settings_dict.get("PORT") or 5432
    return f"postgres://{user}{password}@{host}:{port}/{settings_dict['NAME']}"


@contextmanager
def worker(
    *,
    database: str,
    broker: str,
    queue: str,
    smtp: str,
    log: Path,
    beat: bool = False,
    extra: dict | None = None,
) -> Iterator[subprocess.Popen]:
    """A real ``celery worker`` (solo pool) for ``queue``; stopped (by its own pid) on exit."""
    env = {
        **os.environ,
        "DATABASE_URL": database,
        "CELERY_BROKER_URL": broker,
        "CELERY_TASK_DEFAULT_QUEUE": queue,
        "EMAIL_URL": smtp,
        "SITE_URL": "http://games.test",
        "VAR_DIR": str(log.parent / "var"),
        **(extra or {}),
    }
    command = [
        str(CELERY),
        "-A",
        "config",
        "worker",
        "--pool=solo",
        "-Q",
        queue,
        "--loglevel=INFO",
        "--without-gossip",
        "--without-mingle",
        "-n",
        f"{queue}@%h",
    ]
    if beat:
        command += ["--beat", f"--schedule={log.parent / 'celerybeat-schedule'}"]
    with open(log, "wb") as out:
        # A session of its own: a worker killed outright leaves its embedded beat running, and the
        # group is how the end of the test finds it.
        process = subprocess.Popen(
            command, cwd=ROOT, env=env, stdout=out, stderr=subprocess.STDOUT, start_new_session=True
        )
    try:
        wait_for(lambda: b" ready." in log.read_bytes() or process.poll() is not None, timeout=40, every=0.1)
        if process.poll() is not None:
            raise RuntimeError(f"the worker exited:\n{log.read_text()[-3000:]}")
        yield process
    finally:
        if process.poll() is None:
            process.send_signal(signal.SIGTERM)
            try:
                process.wait(10)
            except subprocess.TimeoutExpired:
                process.kill()
                process.wait(5)
        with contextlib.suppress(ProcessLookupError):
            os.killpg(process.pid, signal.SIGKILL)  # whatever of its group outlived it
        forget_queue(broker, queue)


def forget_queue(broker: str, queue: str) -> None:
    """Remove the Redis keys of a throw-away queue (its name is unique to the run)."""
    if not broker.startswith("redis://"):
        return
    import redis

    client = redis.Redis.from_url(broker, socket_connect_timeout=1)
    try:
        keys = list(client.scan_iter(match=f"*{queue}*"))
        if keys:
            client.delete(*keys)
    except redis.RedisError:
        pass
    finally:
        client.close()


@contextmanager
def publishing_to(broker: str, queue: str) -> Iterator[None]:
    """Make this process's Celery app publish to ``broker``/``queue`` (tasks enqueued by the service)."""
    from kombu import pools

    from config.celery import app

    saved = {key: app.conf[key] for key in ("broker_url", "task_default_queue", "broker_transport_options")}

    def reset() -> None:
        pools.reset()  # closes and forgets every cached connection and producer pool
        app._pool = None
        app.amqp._producer_pool = None
        for cached in ("queues", "default_queue", "router", "_event_dispatcher"):
            app.amqp.__dict__.pop(cached, None)

    app.conf.update(
        broker_url=broker,
        task_default_queue=queue,
        broker_transport_options={
            "max_retries": 1,
            "interval_start": 0,
            "interval_step": 0.2,
            "interval_max": 0.2,
        },
    )
    reset()
    try:
        yield
    finally:
        app.conf.update(saved)
        reset()
