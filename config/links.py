"""Absolute links (mail, QR codes, copy-link boxes) from one setting, SITE_URL, never from the request:
the host's own browser may be on 127.0.0.1 while the phones at the table reach the site otherwise."""

from __future__ import annotations

from django.conf import settings


def absolute(path: str) -> str:
    """``path`` ("/join/ABC/") as a link anyone at the table can open."""
    return settings.SITE_URL + path


def email_context() -> dict[str, str]:
    """Django's password-reset mail writes {{ protocol }}://{{ domain }}: both from SITE_URL."""
    protocol, _, domain = settings.SITE_URL.partition("://")
    return {"protocol": protocol, "domain": domain}
