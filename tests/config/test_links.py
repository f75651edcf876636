"""config.links.kept_reverse: a board's links, reversed once per process, are the links ``reverse``
gives, under the script prefix and URLconf in force."""

from __future__ import annotations

from django.test import override_settings
from django.urls import clear_script_prefix, reverse, set_script_prefix

from config.links import _reversed, kept_reverse


def test_a_kept_link_is_reverses_link_and_is_kept() -> None:
    _reversed.cache_clear()
    assert kept_reverse("poll", "ABCDEF") == reverse("poll", args=["ABCDEF"]) == "/g/ABCDEF/poll/"
    assert kept_reverse("rules", "poker") == reverse("rules", args=["poker"])
    kept_reverse("poll", "ABCDEF")
    assert _reversed.cache_info().hits == 1


def test_a_kept_link_follows_the_script_prefix() -> None:
    try:
        set_script_prefix("/games-night/")
        assert kept_reverse("poll", "ABCDEF") == "/games-night/g/ABCDEF/poll/"
    finally:
        clear_script_prefix()
    assert kept_reverse("poll", "ABCDEF") == "/g/ABCDEF/poll/"


@override_settings(ROOT_URLCONF="tests.config.other_urls")
def test_a_kept_link_follows_the_urlconf() -> None:
    assert kept_reverse("poll", "ABCDEF") == "/elsewhere/ABCDEF/"


def test_a_kept_link_is_the_sites_again_after_another_urlconf() -> None:
    assert kept_reverse("poll", "ABCDEF") == "/g/ABCDEF/poll/"
