"""A game the platform has never heard of plays through the real lobby, move path, poll, log and replay.

Nim lives in ``tests/platform/nim/``: an engine, a ``GameKind``, a printable
pad, an in-person sheet and their templates. Registering it is all the
platform needs: the lobby, the pads page and the score sheets find it.
"""

from __future__ import annotations

import json
import re
import subprocess
from pathlib import Path

import pytest
from django.urls import reverse

from games.contract import kinds
from games.models import Game, Move
from games.play.replay import replay
from scoresheets.models import ScoreSheet
from tests.scoresheets.pad_helpers import pdf_text

ROOT = Path(__file__).resolve().parents[2]

pytestmark = pytest.mark.django_db


@pytest.fixture
def nim(toy_games):
    return toy_games["nim"]


def take(client, game: Game, count: int, turn: int):
    data = {"move": json.dumps({"type": "take"}), "count": str(count), "turn": turn}
    return client.post(reverse("move", args=[game.code]), data, HTTP_HX_REQUEST="true")


def test_no_platform_file_knows_nim() -> None:
    found = subprocess.run(
        [
            "grep",
            "-rliw",
            "nim",
            "--include=*.py",
            "--include=*.html",
            "--include=*.toml",
            "games",
            "config",
            "scoresheets",
            "templates",
        ],
        cwd=ROOT,
        capture_output=True,
        text=True,
    )
    assert found.returncode == 1 and found.stdout == ""  # grep: 1 = no match


GAME_WORDS = r"poker|catacomb|romi|rami|road|book|flip"


def test_the_platform_speaks_no_games_words() -> None:
    """No per-game file in the platform's folders; its e-mails and pads name no game's things."""
    stray = [
        path.relative_to(ROOT).as_posix()
        for folder in ("scoresheets", "templates", "static")
        for path in (ROOT / folder).rglob("*")
        if re.search(r"poker|catacomb|romi|road", path.name, re.I)
    ]
    assert stray == []
    emails = subprocess.run(
        ["grep", "-rliE", GAME_WORDS, "templates/emails"], cwd=ROOT, capture_output=True, text=True
    )
    assert emails.returncode == 1 and emails.stdout == ""
    code = [
        f"{path.relative_to(ROOT)}:{number}"
        for path in (ROOT / "scoresheets").rglob("*")
        if path.suffix in (".py", ".html", ".css") and "migrations" not in path.parts
        for number, line in enumerate(path.read_text().splitlines(), 1)
        if re.search(GAME_WORDS.replace("|book|flip", ""), line.split("#")[0], re.I)
    ]
    assert code == []


def test_the_site_stylesheet_holds_no_game_s_styles() -> None:
    """Each game's styles are its own ``stylesheet``; the site's serves every page of every game."""
    site = (ROOT / "static/css/site.css").read_text()
    game_classes = r"poker|catacomb|\.cc-|\.cat-|\.die\b|\.action-card|\.rr-|\.brr-|\.rami-"
    assert re.findall(game_classes, site, re.I) == []
    for slug in kinds.slugs():
        assert kinds.get(slug).pages.stylesheet == f"{slug}/{slug}.css"
        assert (ROOT / "games" / slug / "static" / slug / f"{slug}.css").is_file()


def test_nim_plays_through_the_real_web_path(nim, client, make_user):
    julius, agrippina = make_user("Julius"), make_user("Agrippina")
    client.force_login(julius)
    assert b"New Nim table" in client.get(reverse("home")).content
    response = client.post(
        reverse("new_game", args=["nim"]), {"max_seats": 2, "seat_order": "seated", "host_plays": "on"}
    )
    game = Game.objects.get(kind="nim")
    assert response.status_code == 302 and response.url == game.get_absolute_url()

    other = client_for(agrippina)
    assert other.post(reverse("join", args=[game.code])).status_code == 302
    assert client.post(reverse("start", args=[game.code])).status_code == 302
    game.refresh_from_db()
    assert game.status == Game.Status.ACTIVE and game.state["heap"] >= 7

    page = client.get(game.get_absolute_url()).content.decode()
    assert "Stones left" in page and "Take 3" in page
    version = game.version
    assert client.get(reverse("poll", args=[game.code]), {"version": version}).status_code == 204

    # Out of turn: refused with a sentence, nothing changes.
    refused = take(other, game, 1, game.tokens["1"])
    assert refused.status_code == 409 and "It is not your turn." in refused.content.decode()
    game.refresh_from_db()
    assert game.version == version

    players = {0: client, 1: other}
    while game.status == Game.Status.ACTIVE:
        seat = game.state["turn"]
        count = game.state["heap"] % 4 or 1
        assert take(players[seat], game, count, game.tokens[str(seat)]).status_code == 200
        game.refresh_from_db()

    assert client.get(reverse("poll", args=[game.code]), {"version": version}).status_code == 200
    log = client.get(reverse("log", args=[game.code])).content.decode()
    assert "Julius took" in log and "Agrippina took" in log
    assert Move.objects.filter(game=game).count() == game.move_count
    assert replay(game) == game.state
    assert sum(game.engine.scores(game.state)) == 1


def test_a_refused_nim_move_is_a_sentence_not_a_500(nim, client, make_table):
    game, (julius, _) = make_table("nim", names=("Julius", "Agrippina"))
    client.force_login(julius)
    response = take(client, game, 4, game.tokens["0"])
    assert response.status_code == 400
    assert "Choose a number of stones from 1 to 3." in response.content.decode()


def client_for(user):
    from django.test import Client

    other = Client()
    other.force_login(user)
    return other


def test_nim_prints_a_blank_pad_from_the_registry(nim, client):
    assert "Nim" in client.get(reverse("pads")).content.decode()
    response = client.get(reverse("pad_blank", args=["nim"]), {"names": "Julius, Agrippina"})
    assert response.status_code == 200 and response["Content-Type"] == "application/pdf"
    text = pdf_text(response.content)
    assert "Julius" in text and "Agrippina" in text and "Nim games won" in text
    too_many = client.get(reverse("pad_blank", args=["nim"]), {"names": "A, B, C"})
    assert too_many.status_code == 400 and "room for 2 players at most" in too_many.content.decode()


def test_nim_keeps_an_in_person_sheet_through_the_registry(nim, client):
    assert "Nim" in client.get(reverse("sheet_new")).content.decode()
    response = client.post(reverse("sheet_new"), {"kind": "nim", "names": "Julius, Agrippina", "to": "2"})
    sheet = ScoreSheet.objects.get(kind="nim")
    assert response.status_code == 302 and sheet.options == {"to": 2}
    for winner in (1, 1):
        posted = client.post(sheet.get_absolute_url(), {"action": "game", "seat": str(winner)})
        assert posted.status_code == 302
    page = client.get(sheet.get_absolute_url()).content.decode()
    assert "Match over." in page and "Nim games won" in page and "Game 2: Agrippina" in page
    refused = client.post(sheet.get_absolute_url(), {"action": "game", "seat": "5"})
    assert refused.status_code == 400
    pdf = client.get(reverse("sheet_pdf", args=[sheet.token]))
    assert pdf.status_code == 200 and "Nim games won" in pdf_text(pdf.content)


def test_nim_prints_the_pad_of_an_online_game(nim, client, make_table):
    game, (julius, _) = make_table("nim", names=("Julius", "Agrippina"))
    client.force_login(julius)
    response = client.get(reverse("pad_game", args=[game.code]))
    assert response.status_code == 200
    assert f"Stones left: {game.state['heap']}." in pdf_text(response.content)


def test_every_game_folder_is_one_installed_app_that_registers_its_kind() -> None:
    from django.apps import apps

    from games.contract.apps import GameConfig

    folders = sorted(path.parent.name for path in (ROOT / "games").glob("*/engine.py"))
    configs = sorted(config.label for config in apps.get_app_configs() if isinstance(config, GameConfig))
    assert folders == configs == kinds.slugs()
