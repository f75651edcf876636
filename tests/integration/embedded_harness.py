"""The embedded default started as `make run` starts it (``python -m config.embedded``: the supervisor,
daphne, the worker and beat) on a temporary VAR_DIR, for the integration and E2E tests.

The phones' "Wi-Fi address" is a second loopback address (127.0.0.2, HOST_ADDRESS): the site
binds every address, and the tests never reach the machine's real network address.
"""

from __future__ import annotations

import contextlib
import os
import signal
import subprocess
import sys
import urllib.request
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path

from tests.integration.mail_harness import free_port, wait_for

ROOT = Path(__file__).resolve().parents[2]
PHONE_ADDRESS = "127.0.0.2"
# What a fresh clone's `make run` has: none of the servers' settings a developer may have exported.
UNSET = {
    "DATABASE_URL",
    "CELERY_BROKER_URL",
    "CACHE_URL",
    "CHANNEL_LAYER_URL",
    "EMAIL_URL",
    "EMAIL_BACKEND",
    "SECRET_KEY",
    "DEBUG",
    "ALLOWED_HOSTS",
    "SITE_URL",
    "VAR_DIR",
    "PORT",
    "CELERY_TASK_DEFAULT_QUEUE",
    "DJANGO_SETTINGS_MODULE",
    "CELERY_TASK_ALWAYS_EAGER",
}


def embedded_env(var_dir: Path, port: int, **extra: str) -> dict[str, str]:
    env = {name: value for name, value in os.environ.items() if name not in UNSET}
    return {**env, "VAR_DIR": str(var_dir), "PORT": str(port), "HOST_ADDRESS": PHONE_ADDRESS, **extra}


def get(url: str, timeout: float = 5.0) -> str:
    with urllib.request.urlopen(url, timeout=timeout) as response:
        return response.read().decode()


def children(pid: int) -> dict[int, str]:
    """The running children of ``pid``: process id -> command line."""
    found = {}
    for proc in Path("/proc").glob("[0-9]*"):
        try:
            stat = (proc / "stat").read_text().rsplit(")", 1)[1].split()
            command = (proc / "cmdline").read_bytes().replace(b"\0", b" ").decode()
        except OSError:
            continue
        if int(stat[1]) == pid and stat[0] != "Z":
            found[int(proc.name)] = command
    return found


def alive(pid: int) -> bool:
    try:
        state = (Path("/proc") / str(pid) / "stat").read_text().rsplit(")", 1)[1].split()[0]
    except OSError:
        return False
    return state != "Z"


@dataclass
class Site:
    process: subprocess.Popen
    port: int
    log: Path
    var_dir: Path

    @property
    def host_url(self) -> str:
        """Where the host's own browser opens the site."""
        return f"http://127.0.0.1:{self.port}"

    @property
    def phone_url(self) -> str:
        """Where a phone on the home network opens it (SITE_URL)."""
        return f"http://{PHONE_ADDRESS}:{self.port}"

    def program(self, word: str) -> int | None:
        """The process id of the supervised program whose command line holds ``word`` (None if none runs)."""
        return next((pid for pid, command in children(self.process.pid).items() if word in command), None)

    def background_running(self) -> bool:
        try:
            return "background: running" in get(f"{self.host_url}/healthz/", 2)
        except OSError:
            return False

    def log_text(self) -> str:
        return self.log.read_text(errors="replace")


@contextmanager
def embedded_site(tmp_path: Path, **extra: str) -> Iterator[Site]:
    """`make run` on a temporary VAR_DIR and a free port; stopped as Ctrl-C stops it (SIGINT)."""
    var_dir, port, log = tmp_path / "var", free_port(), tmp_path / "make-run.log"
    with open(log, "wb") as out:
        process = subprocess.Popen(
            [sys.executable, "-m", "config.embedded"],
            cwd=ROOT,
            env=embedded_env(var_dir, port, **extra),
            stdout=out,
            stderr=subprocess.STDOUT,
            start_new_session=True,
        )
    site = Site(process, port, log, var_dir)
    try:
        wait_for(lambda: site.background_running() or process.poll() is not None, timeout=180, every=0.5)
        if process.poll() is not None:
            raise RuntimeError(f"make run exited:\n{site.log_text()[-3000:]}")
        yield site
    finally:
        programs = children(process.pid)
        if process.poll() is None:
            process.send_signal(signal.SIGINT)
            try:
                process.wait(15)
            except subprocess.TimeoutExpired:
                process.kill()
        for pid in [process.pid, *programs]:  # whatever a supervisor that failed may have left
            with contextlib.suppress(ProcessLookupError):
                os.killpg(pid, signal.SIGKILL)
