"""The embedded default (`make run`: no CACHE_URL) shares its pads between processes: what
`manage.py warm_pads` renders in its own process, a web server started beside it serves.

Both run as processes of their own on the real settings module (config.settings), with nothing
set but a fresh VAR_DIR and SQLite database, as `make run` starts them.
"""

from __future__ import annotations

import os
import subprocess
import sys
import urllib.parse
import urllib.request

from games.contract import kinds
from scoresheets.forms import page_query
from tests.integration.live_harness import ROOT, web_process


def embedded_env(var_dir) -> dict[str, str]:
    env = {
        name: value
        for name, value in os.environ.items()
        if name not in {"CACHE_URL", "CHANNEL_LAYER_URL", "SECRET_KEY", "DEBUG", "VAR_DIR"}
    }
    return {
        **env,
        "DJANGO_SETTINGS_MODULE": "config.settings",
        "VAR_DIR": str(var_dir),
        "DATABASE_URL": f"sqlite:///{var_dir / 'db.sqlite3'}",
        "CELERY_BROKER_URL": "memory://",
    }


def settings_of(env: dict[str, str], expression: str) -> str:
    code = f"import django; django.setup(); from django.conf import settings; print({expression})"
    return subprocess.run(
        [sys.executable, "-c", code], cwd=ROOT, env=env, capture_output=True, text=True, check=True
    ).stdout.strip()


def test_the_embedded_default_keeps_pads_in_files_under_var_and_the_rest_in_memory(tmp_path):
    env = embedded_env(tmp_path)
    caches = settings_of(env, "settings.CACHES")
    assert "filebased.FileBasedCache" in caches and str(tmp_path / "pads") in caches
    # Rate-limit counters and the session notes stay in each process's memory, as fast as before.
    assert settings_of(env, "settings.CACHES['default']['BACKEND']").endswith("locmem.LocMemCache")


def test_pads_warmed_by_the_command_are_served_by_the_web_process_without_a_render(tmp_path):
    env = embedded_env(tmp_path)
    command = [sys.executable, "manage.py", "warm_pads"]
    warmed = subprocess.run(command, cwd=ROOT, env=env, capture_output=True, text=True, check=True)
    with_pads = [kind for kind in kinds.all_kinds() if kind.pad]
    assert f"{2 * len(with_pads)} rendered" in warmed.stdout  # A4 and Letter of each
    # Any render would be refused: a 200 is the command's PDF, read from the shared files.
    serving = {**env, "RATE_LIMIT_PADS": "0/h", "CACHE_URL": ""}
    with web_process(database=env["DATABASE_URL"], channel_layer=None, extra=serving) as web:
        query = urllib.parse.urlencode(page_query("poker", "a4"), doseq=True)
        with urllib.request.urlopen(f"{web.url}/pads/blank/poker/?{query}", timeout=30) as response:
            assert response.status == 200
            assert response.headers["Content-Type"] == "application/pdf"
            assert response.read().startswith(b"%PDF")
