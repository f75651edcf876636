"""Absolute links (mail, QR codes, copy-link boxes) from one setting, SITE_URL, never from the request:
the host's own browser may be on 127.0.0.1 while the phones at the table reach the site otherwise.
And the links a board draws at every move, reversed once per process."""

from __future__ import annotations

from functools import lru_cache

from django.conf import settings
from django.urls import get_script_prefix, get_urlconf, reverse


def absolute(path: str) -> str:
    """``path`` ("/join/ABC/") as a link anyone at the table can open."""
    return settings.SITE_URL + path


def email_context() -> dict[str, str]:
    """Django's password-reset mail writes {{ protocol }}://{{ domain }}: both from SITE_URL."""
    protocol, _, domain = settings.SITE_URL.partition("://")
    return {"protocol": protocol, "domain": domain}


def kept_reverse(name: str, *args) -> str:
    """``reverse(name, args=args)``, kept per process: a board draws a dozen of its table's links
    (the poll, the log, the pad…) for every phone at every move, each ``reverse`` some 8 µs."""
    urlconf = get_urlconf() or settings.ROOT_URLCONF  # a request's own, else the site's
    return _reversed(urlconf, get_script_prefix(), name, tuple(str(arg) for arg in args))


@lru_cache(maxsize=4096)
def _reversed(urlconf: str, prefix: str, name: str, args: tuple[str, ...]) -> str:
    return reverse(name, urlconf=urlconf, args=args)
