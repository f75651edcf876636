"""The Content-Security-Policy, and templates that keep to it (no inline script, style or handler).

The browser half (no violation on any page the E2E tests visit) is in tests/e2e.
"""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from django.urls import reverse

pytestmark = pytest.mark.django_db

ROOT = Path(__file__).resolve().parents[2]
# HTML that no browser is served: the PDF pads (WeasyPrint) and e-mails.
NOT_SERVED = [ROOT / "scoresheets/templates/scoresheets/pads", ROOT / "templates/emails"]

FORBIDDEN = {
    "an inline <script> (use <script src> with a file under static/js/)": re.compile(
        r"<script\b(?![^>]*\bsrc\s*=)[^>]*>", re.I
    ),
    "a <style> element (add a class to static/css/site.css)": re.compile(r"<style\b", re.I),
    "a style= attribute (add a class to static/css/site.css)": re.compile(r"\sstyle\s*=", re.I),
    "an on…= event handler (listen in a file under static/js/)": re.compile(r"\son[a-z]+\s*=", re.I),
    "a javascript: address": re.compile(r"javascript:", re.I),
    "hx-on, hx-vars or a js: value (htmx evaluates them)": re.compile(
        r"\bhx-on\b|\bhx-on:|\bhx-vars\b|hx-vals\s*=\s*['\"]\s*js:", re.I
    ),
    "an hx-trigger filter [...] (htmx evaluates it; see data-poll in static/js/site.js)": re.compile(
        r"hx-trigger\s*=\s*(\"[^\"]*\[|'[^']*\[)", re.I
    ),
}


def served_templates() -> list[Path]:
    game_folders = sorted((ROOT / "games").glob("**/templates"))
    folders = [ROOT / "templates", ROOT / "scoresheets/templates", *game_folders]
    found = []
    for folder in folders:
        for path in sorted(folder.rglob("*.html")):
            if not any(path.is_relative_to(skip) for skip in NOT_SERVED):
                found.append(path)
    return found


def test_every_served_template_keeps_to_the_policy():
    templates = served_templates()
    assert len(templates) > 30 and any("poker" in str(p) for p in templates)
    problems = [
        f"{path.relative_to(ROOT)}:{text[: match.start()].count(chr(10)) + 1}: {what}"
        for path in templates
        for text in [path.read_text()]
        for what, pattern in FORBIDDEN.items()
        for match in pattern.finditer(text)
    ]
    assert not problems, "\n".join(problems)


def test_the_scan_catches_what_it_should():
    samples = [
        "<script>alert(1)</script>",
        '<p style="color: red">',
        "<style>p {}</style>",
        '<form onsubmit="return confirm()">',
        '<a href="javascript:void(0)">',
        '<button hx-on:click="go()">',
        '<div hx-trigger="every 2s[visible]">',
    ]
    for sample in samples:
        assert any(p.search(sample) for p in FORBIDDEN.values()), sample
    clean = '<script src="/static/js/site.js" defer></script><div hx-trigger="live, poll" data-poll="2">'
    assert not any(p.search(clean) for p in FORBIDDEN.values())


@pytest.mark.parametrize("name", ["home", "login", "signup", "pads", "join_by_code"])
def test_pages_send_the_policy(client, name):
    response = client.get(reverse(name))
    header = response["Content-Security-Policy"]
    policy = {part.split()[0]: part.split()[1:] for part in header.split(";") if part.strip()}
    assert policy["default-src"] == ["'self'"] and policy["script-src"] == ["'self'"]
    assert policy["style-src"] == ["'self'"] and policy["object-src"] == ["'none'"]
    assert policy["frame-ancestors"] == ["'none'"]
    assert "unsafe-inline" not in response["Content-Security-Policy"]
    assert "unsafe-eval" not in response["Content-Security-Policy"]


def test_htmx_is_told_to_do_nothing_the_policy_refuses(client):
    page = client.get(reverse("home")).content.decode()
    config = re.search(r'<meta name="htmx-config" content=\'([^\']*)\'', page).group(1)
    assert '"allowEval":false' in config and '"includeIndicatorStyles":false' in config
    assert "style" not in json.loads(config)["attributesToSettle"]  # no style copied over a swap
