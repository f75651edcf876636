"""The site is installable (a manifest with icons and a theme colour) and /favicon.ico finds the icon;
times in words never read "0 minutes ago"."""

from __future__ import annotations

from datetime import timedelta

from django.urls import reverse
from django.utils import timezone

from games.contract import kinds
from games.templatetags.game_tags import ago


def test_the_manifest_names_the_site_its_icons_and_colour(client):
    response = client.get(reverse("manifest"))
    assert response.status_code == 200 and response["Content-Type"] == "application/manifest+json"
    body = response.json()
    assert body["name"] == "Roman Games" and body["theme_color"] == "#8a2b1e"
    assert body["start_url"] == reverse("my_games") and body["display"] == "standalone"
    plain = [icon["sizes"] for icon in body["icons"] if icon.get("purpose") != "maskable"]
    assert plain[:2] == ["192x192", "512x512"]


def test_the_manifest_describes_every_registered_game(client):
    description = client.get(reverse("manifest")).json()["description"]
    assert all(kind.name in description for kind in kinds.all_kinds())


def test_favicon_is_sent_to_the_icon_file(client):
    response = client.get("/favicon.ico")
    assert response.status_code == 301 and response["Location"].endswith("icons/favicon.ico")


def test_every_page_links_the_icon_and_manifest(client):
    page = client.get(reverse("home")).content.decode()
    assert 'rel="manifest"' in page and 'name="theme-color"' in page and 'rel="icon"' in page


def test_ago_says_just_now_under_a_minute():
    now = timezone.now()
    assert ago(now - timedelta(seconds=20)) == "just now"
    assert ago(now - timedelta(minutes=3, seconds=5)) == "3\xa0minutes ago"
    assert ago(None) == ""
