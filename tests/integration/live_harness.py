"""Real parts for the live-table tests and benchmark: ASGI server processes and a signed-in HTTP client.

Each server is ``daphne config.asgi:application`` in a subprocess, on the
caller's PostgreSQL database, with the channel layer on Redis, so a push made
in one process reaches sockets held by another.
"""

from __future__ import annotations

import http.cookiejar
import json
import os
import secrets
import signal
import subprocess
import sys
import tempfile
import urllib.parse
import urllib.request
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

from tests.integration.mail_harness import free_port, reachable, wait_for

ROOT = Path(__file__).resolve().parents[2]
DAPHNE = Path(sys.executable).with_name("daphne")


class WebProcess:
    """One ``daphne`` process on a port of its own that stays the same when it is killed (-9) and
    started again, as a server behind a load balancer keeps its address."""

    def __init__(self, env: dict[str, str], port: int | None = None) -> None:
        self.env = env
        self.port = port or free_port()
        self.process: subprocess.Popen | None = None

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    def start(self) -> WebProcess:
        self.errors = errors = tempfile.TemporaryFile()  # not a pipe: a full pipe would stall the server
        self.process = process = subprocess.Popen(
            [str(DAPHNE), "-b", "127.0.0.1", "-p", str(self.port), "config.asgi:application"],
            cwd=ROOT,
            env=self.env,
            stdout=subprocess.DEVNULL,
            stderr=errors,
            start_new_session=True,
        )
        wait_for(lambda: reachable("127.0.0.1", self.port, 0.2) or process.poll() is not None, timeout=30)
        if process.poll() is not None:
            errors.seek(0)
            raise RuntimeError(f"daphne exited: {errors.read().decode()[-2000:]}")
        return self

    def kill(self) -> None:
        """SIGKILL, as the kernel's out-of-memory killer or a lost machine would: nothing is cleaned up."""
        if self.process is not None and self.process.poll() is None:
            os.killpg(self.process.pid, signal.SIGKILL)
            self.process.wait(10)

    def stop(self) -> None:
        if self.process is None or self.process.poll() is not None:
            return
        os.killpg(self.process.pid, signal.SIGTERM)
        try:
            self.process.wait(timeout=10)
        except subprocess.TimeoutExpired:
            os.killpg(self.process.pid, signal.SIGKILL)


@contextmanager
def web_process(
    *,
    database: str,
    channel_layer: str | None,
    broker: str = "memory://",
    extra: dict[str, str] | None = None,
    port: int | None = None,
) -> Iterator[WebProcess]:
    """An ASGI web process, started; stopped on exit (whichever process then holds its port).
    ``extra``: more environment; ``channel_layer`` None: the embedded default's in-memory layer;
    ``port`` None: a free one."""
    web = WebProcess(
        {
            **os.environ,
            "DATABASE_URL": database,
            "CHANNEL_LAYER_URL": channel_layer or "",  # empty: the in-memory layer (config/settings.py)
            "CELERY_BROKER_URL": broker,
            "DJANGO_SETTINGS_MODULE": "config.settings",
            "PYTHONPATH": str(ROOT),
            **(extra or {}),
        },
        port,
    )
    try:
        yield web.start()
    finally:
        web.stop()


@contextmanager
def asgi_server(**options) -> Iterator[str]:
    """An ASGI web process (``web_process``'s options); yields its base URL ("http://127.0.0.1:PORT")."""
    with web_process(**options) as web:
        yield web.url


class SignedIn:
    """An HTTP client holding a session for ``user`` and a CSRF cookie, as a browser would."""

    def __init__(self, base: str, user) -> None:
        from django.conf import settings
        from django.contrib.auth import BACKEND_SESSION_KEY, HASH_SESSION_KEY, SESSION_KEY
        from django.contrib.sessions.backends.db import SessionStore

        session = SessionStore()
        session[SESSION_KEY] = str(user.pk)
        session[BACKEND_SESSION_KEY] = "django.contrib.auth.backends.ModelBackend"
        session[HASH_SESSION_KEY] = user.get_session_auth_hash()
        session.save()
        self.base = base
        self.csrf = secrets.token_hex(16)  # 32 characters: a valid unmasked CSRF secret
        host = urllib.parse.urlparse(base).hostname
        jar = http.cookiejar.CookieJar()
        for name, value in ((settings.SESSION_COOKIE_NAME, session.session_key), ("csrftoken", self.csrf)):
            jar.set_cookie(
                http.cookiejar.Cookie(
                    0,
                    name,
                    value,
                    None,
                    False,
                    host,
                    False,
                    False,
                    "/",
                    True,
                    False,
                    None,
                    False,
                    None,
                    None,
                    {},
                )
            )
        self.opener = urllib.request.build_opener(urllib.request.HTTPCookieProcessor(jar))
        self.cookie = f"{settings.SESSION_COOKIE_NAME}={session.session_key}; csrftoken={self.csrf}"

    def socket_headers(self) -> dict:
        """What a browser sends when its page opens the table's socket: the session, from the site."""
        return {"Origin": self.base, "Cookie": self.cookie}

    def get(self, path: str) -> int:
        try:
            with self.opener.open(f"{self.base}{path}", timeout=30) as response:
                response.read()
                return response.status
        except urllib.error.HTTPError as refused:
            return refused.code

    def move(self, code: str, move: dict, turn: int | None) -> int:
        data = urllib.parse.urlencode({"move": json.dumps(move), "turn": "" if turn is None else turn})
        request = urllib.request.Request(
            f"{self.base}/g/{code}/move/",
            data=data.encode(),
            headers={"X-CSRFToken": self.csrf, "HX-Request": "true", "Referer": f"{self.base}/g/{code}/"},
        )
        try:
            with self.opener.open(request, timeout=20) as response:
                return response.status
        except urllib.error.HTTPError as refused:
            return refused.code
