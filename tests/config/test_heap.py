"""A web process and a worker, once started, leave what starting built out of the garbage
collector's full passes (config/heap.py)."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]

WEB = (
    "import gc, config.asgi as web\n"
    "web.warming and web.warming.join()\n"
    "print(gc.get_freeze_count(), len(gc.get_objects()))\n"
)
WORKER = (
    "import gc, django\n"
    "django.setup()\n"
    "from celery.signals import worker_ready\n"
    "from config.celery import app\n"
    "before = gc.get_freeze_count()\n"
    "worker_ready.send(sender=app)\n"
    "print(gc.get_freeze_count(), len(gc.get_objects()), before)\n"
)


def _run(code: str, warm: str) -> list[int]:
    env = {**os.environ, "DJANGO_SETTINGS_MODULE": "config.settings", "WARM_PDF_RENDERER": warm}
    done = subprocess.run(
        [sys.executable, "-c", code], cwd=ROOT, env=env, capture_output=True, text=True, timeout=300
    )
    assert done.returncode == 0, done.stderr[-2000:]
    return [int(word) for word in done.stdout.split()]


@pytest.mark.parametrize("warm", ["true", "false"])
def test_a_web_process_starts_with_its_heap_frozen(warm):
    """What daphne loads (config.asgi), with the PDF renderer warmed or not: the objects Django,
    the URLconf and the games built are frozen; the collector's passes have almost nothing to walk."""
    frozen, walked = _run(WEB, warm)
    assert frozen > 50_000
    assert walked < frozen // 100


def test_a_worker_freezes_its_heap_once_ready():
    frozen, walked, before = _run(WORKER, "false")
    assert before == 0  # nothing is frozen by loading the worker's app alone
    assert frozen > 50_000
    assert walked < frozen // 100
