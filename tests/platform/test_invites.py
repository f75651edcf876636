"""Joining at a glance: codes as people type them, a table that takes nobody says so first,
a link that leads nowhere gets the site's own page, and the QR code decodes to the join link."""

import shutil
import subprocess

import cairosvg
import pytest
from django.urls import reverse

from games.contract import kinds
from games.play import services
from games.tables.invites import normalize_code

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("toy_games")]


@pytest.fixture
def host(make_user):
    return make_user("Julius")


@pytest.fixture
def open_game(host):
    return services.create_game(host, "nim", {}, 2, "seated")


def decode_qr(svg: bytes, tmp_path) -> str:
    """Reads a QR code as a phone would: drawn as pixels, then decoded by zbar."""
    zbarimg = shutil.which("zbarimg")
    if zbarimg is None:
        pytest.fail("zbarimg is missing: make system-deps installs Debian's zbar-tools")
    png = tmp_path / "qr.png"
    cairosvg.svg2png(bytestring=svg, write_to=str(png), output_width=400, output_height=400)
    command = [zbarimg, "--quiet", "--raw", str(png)]
    result = subprocess.run(command, capture_output=True, text=True, check=True)
    return result.stdout.strip()


@pytest.mark.parametrize("typed", [" 7pv-uar ", "7PV UAR", "7pv_uar", "7PVUAR", "7pv·uar"])
def test_a_code_is_read_in_any_case_with_spaces_or_dashes(typed):
    assert normalize_code(typed) == "7PVUAR"


@pytest.mark.parametrize(
    "typed", [lambda c: f" {c[:3].lower()}-{c[3:].lower()} ", lambda c: f"{c[:3]} {c[3:]}"]
)
def test_join_by_code_accepts_a_code_with_spaces_or_dashes(client, open_game, typed):
    response = client.get(reverse("join_by_code"), {"code": typed(open_game.code)})
    assert response.status_code == 302 and response.url == reverse("join", args=[open_game.code])


def test_a_code_that_cannot_be_one_is_told_in_words(client):
    response = client.get(reverse("join_by_code"), {"code": "- -"})
    assert response.status_code == 400 and "six letters and digits" in response.content.decode()


def test_a_link_with_a_dashed_code_leads_to_the_table(client, open_game):
    code = open_game.code
    response = client.get(reverse("join", args=[f"{code[:3].lower()}-{code[3:].lower()}"]))
    assert response.status_code == 302 and response.url == reverse("join", args=[code])


def test_a_link_with_an_unknown_code_gets_the_sites_own_page(client, settings):
    settings.DEBUG = True  # even where Django would show its own technical page
    response = client.get(reverse("join", args=["NOSUCH"]))
    body = response.content.decode()
    assert response.status_code == 404
    assert "No table has the code NOSUCH" in body and 'name="code"' in body
    assert "Page not found" not in body and "technical_404" not in body


def test_a_full_table_says_so_before_any_form(client, make_user, open_game):
    services.join_game(open_game.pk, make_user("Agrippina"))
    response = client.get(reverse("join", args=[open_game.code]))
    body = response.content.decode()
    assert response.status_code == 200
    assert "This table is full: all 2 seats are taken." in body
    assert "Take a seat" not in body and 'name="display_name"' not in body


def test_a_started_table_says_so_before_any_form(client, make_user, open_game, host):
    services.join_game(open_game.pk, make_user("Agrippina"))
    services.start_game(open_game.pk, host)
    client.force_login(make_user("Late"))
    body = client.get(reverse("join", args=[open_game.code])).content.decode()
    assert "already started" in body and "Take a seat" not in body


def test_an_open_table_shows_the_form(client, open_game):
    body = client.get(reverse("join", args=[open_game.code])).content.decode()
    assert 'name="display_name"' in body and "Take a seat" in body and "full" not in body


SITE = "http://games.test:8123"  # SITE_URL: the address the people at the table use


@pytest.fixture(autouse=True)
def site_url(settings):
    settings.SITE_URL = SITE


def test_the_qr_code_decodes_to_the_join_link_at_the_sites_address_whatever_the_request_reached(
    client, open_game, tmp_path
):
    response = client.get(reverse("join_qr", args=[open_game.code.lower()]), HTTP_HOST="127.0.0.1")
    assert response.status_code == 200 and response["Content-Type"] == "image/svg+xml"
    assert b"style=" not in response.content and b"<script" not in response.content
    assert decode_qr(response.content, tmp_path) == f"{SITE}/join/{open_game.code}/"


def test_the_qr_code_of_no_table_is_a_404(client):
    assert client.get(reverse("join_qr", args=["NOSUCH"])).status_code == 404


def test_the_lobby_shows_the_qr_code_the_code_and_a_copy_button(client, host, open_game):
    client.force_login(host)
    body = client.get(open_game.get_absolute_url()).content.decode()
    assert reverse("join_qr", args=[open_game.code]) in body
    assert f'data-copy="{SITE}/join/{open_game.code}/"' in body
    assert 'class="join-code"' in body


@pytest.mark.parametrize("kind", kinds.with_tv())
def test_a_tv_shows_the_qr_code_before_the_start_without_the_sites_header_or_a_copy_button(
    client, host, kind
):
    game = services.create_game(host, kind, {}, 4, "seated")
    body = client.get(reverse("tv", args=[game.code])).content.decode()
    assert reverse("join_qr", args=[game.code]) in body and 'class="join-code"' in body
    assert f"{SITE}/join/{game.code}/" in body  # the link still reads on the screen
    assert "Copy the link" not in body and "data-copy" not in body
    assert 'class="site"' not in body and "Sign up" not in body and "Sign in" not in body


@pytest.mark.parametrize("page", ["game", "log", "here", "rematch_box"])
def test_every_table_address_reads_the_code_as_people_type_it(client, open_game, host, page):
    client.force_login(host)
    code = open_game.code
    typed = client.get(reverse(page, args=[f"{code[:3].lower()}-{code[3:].lower()}"]))
    stored = client.get(reverse(page, args=[code]))
    assert typed.status_code == stored.status_code
    assert typed.status_code != 404


def test_an_address_whose_code_is_only_dashes_is_the_sites_404(client):
    assert client.get("/g/---/").status_code == 404
