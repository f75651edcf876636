"""One push sender per process: a thread with its own event loop and a kept channel-layer connection.

Sending a push from synchronous code used to mean ``async_to_sync(group_send)``:
a new event loop and, for Redis, a new connection for every move (a few
milliseconds inside the mover's request or the worker's task). Instead the
commit hook puts the push on a bounded queue and returns; this process's one
sender thread sends the queue's pushes in order over the connection it keeps.
A burst waits in the queue, so the sender never opens more connections than
the layer's pool for its one loop; when the queue is full the caller sends its
push itself, the old way, so nothing is dropped. Web processes (Daphne) and
Celery workers alike use it; a forked worker child starts its own.

Only layers that cross processes go through it: the embedded default's
in-memory layer lives on the web process's own event loop and is sent to there.
"""

from __future__ import annotations

import asyncio
import atexit
import logging
import os
import queue
import threading
import time

from asgiref.sync import async_to_sync
from channels.layers import get_channel_layer

log = logging.getLogger(__name__)


def send_now(group: str, message: dict) -> None:
    """The direct way: this thread's own (new) event loop and connection."""
    async_to_sync(get_channel_layer().group_send)(group, message)


class Sender:
    """A bounded queue of (group, message) pushes and the thread that sends them."""

    def __init__(self, size: int) -> None:
        self.size = size
        self._queue: queue.Queue[tuple[str, dict]] = queue.Queue(maxsize=size)
        self._lock = threading.Lock()
        self._thread: threading.Thread | None = None
        self._pid: int | None = None
        self.direct = 0  # pushes sent by their caller because the queue was full

    def send(self, group: str, message: dict) -> None:
        self._start()
        try:
            self._queue.put_nowait((group, message))
        except queue.Full:
            self.direct += 1
            send_now(group, message)

    def flush(self, timeout: float = 5.0) -> bool:
        """Wait until every queued push is sent; False if that took longer than ``timeout``."""
        deadline = time.monotonic() + timeout
        while self._queue.unfinished_tasks:
            if time.monotonic() > deadline or not self._running():
                return False
            time.sleep(0.002)
        return True

    def _running(self) -> bool:
        return self._thread is not None and self._thread.is_alive() and self._pid == os.getpid()

    def _start(self) -> None:
        if self._running():
            return
        with self._lock:
            if self._running():
                return
            if self._pid is not None and self._pid != os.getpid():
                # A forked child inherits the parent's queue but not its thread: start afresh.
                self._queue = queue.Queue(maxsize=self.size)
            self._pid = os.getpid()
            self._thread = threading.Thread(target=self._run, name="live-push-sender", daemon=True)
            self._thread.start()

    def _run(self) -> None:
        loop = asyncio.new_event_loop()
        asyncio.set_event_loop(loop)
        while True:
            group, message = self._queue.get()
            try:
                loop.run_until_complete(get_channel_layer().group_send(group, message))
            except Exception:  # noqa: BLE001 — a push must never stop the sender
                log.warning("Could not push to %s.", group, exc_info=True)
            finally:
                self._queue.task_done()


_sender: Sender | None = None
_sender_lock = threading.Lock()


def process_sender() -> Sender:
    """This process's sender, made on first use."""
    global _sender
    if _sender is None:
        from django.conf import settings

        with _sender_lock:
            if _sender is None:
                _sender = Sender(settings.LIVE_PUSH_QUEUE_SIZE)
                atexit.register(_sender.flush, 2.0)
    return _sender
