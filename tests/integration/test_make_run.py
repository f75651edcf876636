"""`make run` as a family runs it (config.embedded under config.supervise), on a temporary VAR_DIR:
served on every address with production's settings, each program started again when it is
killed (a line in the log says so), and Ctrl-C stopping everything it started within 5 s."""

from __future__ import annotations

import os
import signal
import stat
import urllib.error
import urllib.request
from pathlib import Path

import pytest

from tests.integration.embedded_harness import alive, children, embedded_site, get
from tests.integration.mail_harness import wait_for

pytestmark = [pytest.mark.integration]


def status(url: str, host: str | None = None) -> int:
    request = urllib.request.Request(url, headers={"Host": host} if host else {})
    try:
        with urllib.request.urlopen(request, timeout=10) as response:
            return response.status
    except urllib.error.HTTPError as error:
        return error.code


def test_make_run_serves_the_home_network_as_production_does(tmp_path):
    with embedded_site(tmp_path) as site:
        assert f"Phones and tablets on this Wi-Fi: {site.phone_url}/" in site.log_text()
        assert status(f"{site.phone_url}/") == 200  # another address than the host's own
        assert status(f"{site.host_url}/", host="attacker.example") == 400  # ALLOWED_HOSTS holds
        missing = get_error_page(f"{site.host_url}/no-such-page/")
        assert "URLconf" not in missing and "Traceback" not in missing  # DEBUG is off
        css = urllib.request.urlopen(f"{site.host_url}/static/css/site.css", timeout=10)
        assert css.status == 200 and css.headers["Content-Type"].startswith("text/css")  # WhiteNoise
        key = site.var_dir / "secret_key"
        assert len(key.read_text()) >= 50 and stat.S_IMODE(key.stat().st_mode) == 0o600
        assert "background: running" in get(f"{site.phone_url}/healthz/")
        worker_environment = Path(f"/proc/{site.program('worker')}/environ").read_bytes().split(b"\0")
        assert b"MALLOC_ARENA_MAX=2" in worker_environment  # two memory pools: flat all evening


def get_error_page(url: str) -> str:
    try:
        return get(url)
    except urllib.error.HTTPError as error:
        assert error.code == 404
        return error.read().decode()


def test_a_killed_program_is_started_again_and_ctrl_c_stops_everything(tmp_path):
    with embedded_site(tmp_path) as site:
        for word in ("worker", "beat", "daphne"):
            old = site.program(word)
            signal_group(old, signal.SIGKILL)
            wait_for(lambda w=word, o=old: site.program(w) not in (None, o), timeout=30, every=0.2)
            name = "web" if word == "daphne" else word
            assert f"{name} was killed by signal 9; starting it again" in site.log_text()
        wait_for(lambda: answers(f"{site.host_url}/healthz/"), timeout=60, every=0.2)
        wait_for(site.background_running, timeout=60, every=0.5)  # a heartbeat through the new worker

        programs = list(children(site.process.pid))
        assert len(programs) == 3
        site.process.send_signal(signal.SIGINT)  # Ctrl-C in the terminal reaches the supervisor
        wait_for(lambda: not any(alive(pid) for pid in [site.process.pid, *programs]), timeout=5, every=0.05)
        assert "stopped" in site.log_text().splitlines()[-1]


def signal_group(pid: int, number: int) -> None:
    os.killpg(pid, number)  # the program's own group, as the supervisor started it


def answers(url: str) -> bool:
    try:
        return status(url) == 200
    except urllib.error.URLError:
        return False
