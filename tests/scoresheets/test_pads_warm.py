"""Default blank pads rendered ahead of the first visitor, and served again as a 304; the PDF
renderer warmed in each web process as it starts."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest
from django.core.cache import caches
from django.core.management import call_command
from django.urls import reverse

from scoresheets.forms import page_query
from scoresheets.pads import PAPERS, blank_key, blank_pad, render_pdf
from scoresheets.registry import pad_kinds
from scoresheets.warm import default_pads, warm_pads

REDIS_TEST = "redis://127.0.0.1:6379/14"
SLUGS = [kind.slug for kind in pad_kinds()]


@pytest.fixture
def local_cache(pads_cache):
    """Each process's own cache (the test suite's pads cache is one)."""
    return pads_cache


@pytest.fixture(scope="module")
def warmed():
    """The default pads rendered once for the module (ten renders), by their cache keys."""
    return {blank_key(slug, asked): render_pdf(blank_pad(slug, **asked)) for slug, asked in default_pads()}


def restore(warmed: dict) -> None:
    caches["pads"].set_many(warmed, None)


def test_every_game_and_paper_has_a_default_pad():
    pads = default_pads()
    assert sorted({slug for slug, _ in pads}) == sorted(SLUGS)
    assert len(pads) == len(SLUGS) * len(PAPERS)
    assert all(not asked["names"] and asked["copies"] == 1 for _, asked in pads)


def test_warming_renders_only_what_is_missing(warmed):
    missing, *kept = warmed
    caches["pads"].set_many({key: warmed[key] for key in kept}, None)
    assert warm_pads() == (1, len(kept))
    assert caches["pads"].get(missing) == warmed[missing]
    assert warm_pads() == (0, len(warmed))


@pytest.mark.parametrize("slug", SLUGS)
@pytest.mark.parametrize("paper", list(PAPERS))
@pytest.mark.django_db
def test_the_page_s_default_pad_is_served_warm_without_a_render(client, abuse_limits, warmed, slug, paper):
    restore(warmed)
    abuse_limits.RATE_LIMITS = {**abuse_limits.RATE_LIMITS, "pads": "0/h"}  # any render is refused
    response = client.get(reverse("pad_blank", args=[slug]), page_query(slug, paper))
    assert response.status_code == 200
    assert response["Content-Type"] == "application/pdf"


@pytest.mark.parametrize("slug", SLUGS)
def test_the_warmed_pdf_is_the_one_a_fresh_render_makes(warmed, slug):
    asked = next(asked for found, asked in default_pads() if found == slug)
    assert warmed[blank_key(slug, asked)] == render_pdf(blank_pad(slug, **asked))


@pytest.mark.django_db
def test_without_warming_the_same_request_is_a_render_and_refused(client, abuse_limits):
    abuse_limits.RATE_LIMITS = {**abuse_limits.RATE_LIMITS, "pads": "0/h"}
    response = client.get(reverse("pad_blank", args=["poker"]), page_query("poker", "a4"))
    assert response.status_code == 429


@pytest.mark.django_db
def test_a_bare_link_is_the_same_pad_as_the_page_s_form(client, abuse_limits, warmed):
    restore(warmed)
    abuse_limits.RATE_LIMITS = {**abuse_limits.RATE_LIMITS, "pads": "0/h"}
    assert client.get(reverse("pad_blank", args=["romanroad"])).status_code == 200


def test_a_repeat_with_the_etag_gets_a_304(client, warmed):
    restore(warmed)
    url = reverse("pad_blank", args=["poker"])
    first = client.get(url, page_query("poker", "a4"))
    etag = first["ETag"]
    repeat = client.get(url, page_query("poker", "a4"), headers={"if-none-match": etag})
    assert repeat.status_code == 304 and repeat.content == b""
    assert repeat["ETag"] == etag
    other = client.get(url, page_query("poker", "letter"), headers={"if-none-match": etag})
    assert other.status_code == 200 and other["ETag"] != etag


def test_a_pad_with_names_has_no_etag(client):
    response = client.get(reverse("pad_blank", args=["poker"]), {"names": "Julius, Gaius"})
    assert response.status_code == 200 and not response.has_header("ETag")


def test_the_command_warms_a_shared_cache_only(capsys, local_cache):
    call_command("warm_pads")
    assert "not rendered ahead" in capsys.readouterr().out
    assert all(caches["pads"].get(blank_key(slug, asked)) is None for slug, asked in default_pads())


def test_the_worker_warms_only_a_shared_cache(warmed, local_cache):
    from scoresheets.tasks import warm_blank_pads

    assert warm_blank_pads() == (0, 0)  # local memory here: the web processes would not see it
    assert all(caches["pads"].get(key) is None for key in warmed)


def test_the_worker_task_warms_a_shared_cache(settings, warmed):
    from django.core.cache import caches

    from scoresheets.tasks import warm_blank_pads

    redis = {"BACKEND": "django.core.cache.backends.redis.RedisCache", "LOCATION": REDIS_TEST}
    settings.CACHES = {**settings.CACHES, "pads": redis}
    shared = caches["pads"]
    shared.set_many(warmed, 60)  # rendered by the fixture: the task finds them and renders none
    try:
        assert warm_blank_pads() == (0, len(warmed))
    finally:
        shared.delete_many(list(warmed))


@pytest.mark.parametrize("setting, warmed", [(None, SLUGS), ("false", [])])
def test_the_web_process_warms_the_renderer_with_every_games_pad_as_it_starts(setting, warmed):
    """What daphne loads (config.asgi) starts the warm-up; once it is done, this process has
    rendered each game's pad, so no visitor's PDF is its first. WARM_PDF_RENDERER=false: none."""
    code = (
        "import config.asgi as web; web.warming and web.warming.join(); "
        "from scoresheets import warm; print(' '.join(sorted(warm.WARMED)))"
    )
    env = {**os.environ, "DJANGO_SETTINGS_MODULE": "config.settings"}
    env.pop("WARM_PDF_RENDERER", None)
    env.update({"WARM_PDF_RENDERER": setting} if setting else {})
    root = Path(__file__).resolve().parents[2]
    done = subprocess.run(
        [sys.executable, "-c", code], cwd=root, env=env, capture_output=True, text=True, timeout=300
    )
    assert done.returncode == 0, done.stderr[-2000:]
    assert done.stdout.split() == sorted(warmed)
