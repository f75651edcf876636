"""The platform's abuse limits: each passes under its limit, answers 429 with a sentence
over it, and leaves the game as it was."""

from __future__ import annotations

import ipaddress
import json

import pytest
from django.urls import reverse

from accounts import limits
from accounts.models import User
from games.models import Game, Move
from games.play import services

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("toy_games")]


@pytest.fixture
def rates(abuse_limits):
    def set_rate(name: str, rate: str) -> None:
        abuse_limits.RATE_LIMITS = {**abuse_limits.RATE_LIMITS, name: rate}

    return set_rate


def snapshot(game: Game) -> tuple:
    game.refresh_from_db()
    seats = list(game.seats.values_list("user_id", "name"))
    return game.status, game.version, game.state, Move.objects.filter(game=game).count(), seats


def assert_limited(response, name: str) -> None:
    assert response.status_code == 429
    assert limits.SENTENCES[name] in response.content.decode()
    assert int(response["Retry-After"]) > 0


@pytest.fixture
def open_table(make_user):
    host = make_user("Julius")
    game = services.create_game(host, "race", {}, 4, "seated")
    return game


# Join by code and invite links ------------------------------------------------------


def test_join_by_code_lookups_are_limited(client, rates, open_table):
    rates("joins", "3/h")
    url = reverse("join_by_code")
    for _ in range(3):
        assert client.get(url, {"code": open_table.code}).status_code == 302
    assert_limited(client.get(url, {"code": open_table.code}), "joins")
    assert client.get(url).status_code == 200  # the empty form is no lookup


def test_invite_link_opens_and_joins_are_limited_and_leave_the_table_alone(client, rates, open_table):
    rates("joins", "2/h")
    url = reverse("join", args=[open_table.code])
    assert client.get(url).status_code == 200
    before = snapshot(open_table)
    assert client.get(url).status_code == 200
    response = client.post(url, {"display_name": "Agrippina"})
    assert_limited(response, "joins")
    assert snapshot(open_table) == before
    assert not User.objects.filter(is_guest=True).exists()


def test_a_signed_in_player_is_counted_apart_from_their_address(client, rates, open_table, make_user):
    rates("joins", "1/h")
    url = reverse("join", args=[open_table.code])
    assert client.get(url).status_code == 200
    assert client.get(url).status_code == 429
    client.force_login(make_user("Agrippina"))
    assert client.post(url).status_code == 302
    assert open_table.seats.filter(user__display_name="Agrippina").exists()


def test_guests_made_by_joining_are_limited_per_address(client, rates, make_user):
    rates("guests", "2/h")
    host = make_user("Julius")
    games = [services.create_game(host, "race", {}, 4, "seated") for _ in range(3)]
    for number, game in enumerate(games[:2]):
        client.logout()
        response = client.post(reverse("join", args=[game.code]), {"display_name": f"Guest {number}"})
        assert response.status_code == 302
    client.logout()
    before = snapshot(games[2])
    response = client.post(reverse("join", args=[games[2].code]), {"display_name": "Guest 3"})
    assert_limited(response, "guests")
    assert snapshot(games[2]) == before
    assert User.objects.filter(is_guest=True).count() == 2
    # Another address may still join as a guest.
    response = client.post(
        reverse("join", args=[games[2].code]), {"display_name": "Guest 3"}, REMOTE_ADDR="10.1.2.3"
    )
    assert response.status_code == 302


# Codes that lead nowhere -------------------------------------------------------------


def test_codes_that_lead_nowhere_are_limited_on_every_address_that_takes_a_code(client, rates, make_table):
    rates("code_misses", "3/h")
    game, (julius, _) = make_table("nim")
    client.force_login(julius)
    assert client.get(reverse("game", args=["NOPE22"])).status_code == 404
    assert client.get(reverse("poll", args=["NOPE33"]), {"version": 1}).status_code == 404
    assert client.get(reverse("join_by_code"), {"code": "NOPE44"}).status_code == 400
    before = snapshot(game)
    # Over the limit, even a real table's page is refused from this address for a while...
    assert_limited(client.get(game.get_absolute_url()), "code_misses")
    assert_limited(client.get(reverse("join", args=["NOPE55"])), "code_misses")
    assert_limited(client.get(reverse("join_by_code"), {"code": game.code}), "code_misses")
    response = client.post(
        reverse("move", args=[game.code]),
        {"move": json.dumps({"type": "take", "count": 1}), "turn": game.tokens["0"]},
    )
    assert_limited(response, "code_misses")
    assert snapshot(game) == before
    # ...and another address is not.
    assert client.get(game.get_absolute_url(), REMOTE_ADDR="10.9.9.9").status_code == 200


def test_a_real_table_or_a_refusal_there_is_no_miss(client, rates, open_table, make_user):
    rates("code_misses", "1/h")
    client.force_login(make_user("Agrippina"))
    for _ in range(3):
        assert client.get(open_table.get_absolute_url()).status_code == 200
        assert client.get(reverse("poll", args=[open_table.code]), {"version": 99}).status_code == 200
        # "You have no seat at this table" is a 404 of a table that exists.
        assert client.post(reverse("leave", args=[open_table.code])).status_code == 404
    assert client.get(reverse("game", args=["NOPE22"])).status_code == 404
    assert client.get(reverse("game", args=["NOPE23"])).status_code == 429


def test_a_limited_poll_leaves_the_page_as_it_is(client, rates, make_table):
    rates("code_misses", "1/h")
    game, _ = make_table("nim")
    client.get(reverse("game", args=["NOPE22"]))
    response = client.get(reverse("poll", args=[game.code]), {"version": 0}, HTTP_HX_REQUEST="true")
    assert response.status_code == 429 and response["HX-Reswap"] == "none"


# Moves and polls ---------------------------------------------------------------------


def test_moves_are_limited_per_player_before_the_game_is_touched(client, rates, make_table):
    rates("moves", "1/m")
    game, (julius, _) = make_table("nim")
    client.force_login(julius)
    url = reverse("move", args=[game.code])
    response = client.post(url, {"move": json.dumps({"type": "take", "count": 1}), "turn": game.tokens["0"]})
    assert response.status_code == 200
    before = snapshot(game)
    response = client.post(
        url,
        {"move": json.dumps({"type": "take", "count": 1}), "turn": game.tokens["0"]},
        HTTP_HX_REQUEST="true",
    )
    assert response.status_code == 429 and limits.SENTENCES["moves"] in response.content.decode()
    # HTMX shows the sentence on top of the page and keeps the board.
    assert response["HX-Retarget"] == "#flashes" and response["HX-Reswap"] == "innerHTML"
    assert snapshot(game) == before


def test_polls_are_limited_per_session(client, rates, make_table, django_assert_num_queries):
    rates("polls", "3/m")
    game, (julius, agrippina) = make_table("nim")
    client.force_login(agrippina)
    client.get(game.get_absolute_url())  # the page that polls: its session is now a known one
    url = reverse("poll", args=[game.code])
    for _ in range(3):
        # The limits read the cache only: "nothing new" stays one query.
        with django_assert_num_queries(1):
            assert client.get(url, {"version": game.version}).status_code == 204
    with django_assert_num_queries(0):
        response = client.get(url, {"version": game.version}, HTTP_HX_REQUEST="true")
    assert response.status_code == 429 and response["HX-Reswap"] == "none"
    # Another session (another player on the same wifi) polls on.
    other = type(client)()
    other.force_login(julius)
    other.get(game.get_absolute_url())
    assert other.get(url, {"version": game.version}).status_code == 204


def test_polls_with_made_up_session_cookies_count_by_address(client, rates, make_table):
    rates("polls", "3/m")
    game, _ = make_table("nim")
    url = reverse("poll", args=[game.code])
    for number in range(3):
        client.cookies["sessionid"] = f"junk{number:028d}"
        assert client.get(url, {"version": game.version}).status_code == 204
    client.cookies["sessionid"] = "junk-never-seen-before"
    assert_limited(client.get(url, {"version": game.version}), "polls")


# New tables, runs and tables of computer players alone ---------------------------------


def test_new_tables_are_limited_per_player(client, rates, make_user):
    rates("tables", "2/h")
    client.force_login(make_user("Julius"))
    form = {"max_seats": 2, "seat_order": "seated", "host_plays": "on"}
    for _ in range(2):
        assert client.post(reverse("new_game", args=["nim"]), form).status_code == 302
    assert_limited(client.post(reverse("new_game", args=["nim"]), form), "tables")
    assert Game.objects.count() == 2


def test_tables_of_computer_players_alone_are_limited(client, rates, make_user):
    rates("bot_tables", "1/h")
    julius = make_user("Julius")
    client.force_login(julius)
    codes = []
    for _ in range(2):
        game = services.create_game(julius, "nim", {}, 2, "seated", host_plays=False)
        for _ in range(2):
            services.add_bot(game.pk, julius)
        codes.append(game.code)
    assert client.post(reverse("start", args=[codes[0]])).status_code == 302
    assert_limited(client.post(reverse("start", args=[codes[1]])), "bot_tables")
    assert Game.objects.get(code=codes[1]).status == Game.Status.OPEN
    seated = services.create_game(julius, "nim", {}, 2, "seated")  # a person seated: not limited
    services.add_bot(seated.pk, julius)
    assert client.post(reverse("start", args=[seated.code])).status_code == 302


def test_solo_runs_are_limited_per_player(client, rates, make_user):
    """Solo runs are Catacombs' own."""
    rates("solo_runs", "2/h")
    client.force_login(make_user("Julius"))
    for _ in range(2):
        assert client.post(reverse("catacombs_solo")).status_code == 302
    assert_limited(client.post(reverse("catacombs_solo")), "solo_runs")


def test_the_cheap_poll_stays_one_query_with_the_limits_on(
    client, abuse_limits, make_table, django_assert_num_queries
):
    game, (_, agrippina) = make_table("nim")
    client.force_login(agrippina)
    with django_assert_num_queries(1):
        assert client.get(reverse("poll", args=[game.code]), {"version": game.version}).status_code == 204


# The client ----------------------------------------------------------------------------


def test_a_forwarded_for_header_is_ignored_with_no_trusted_proxy(rf, settings):
    settings.TRUSTED_PROXIES = []
    request = rf.get("/", HTTP_X_FORWARDED_FOR="6.6.6.6", REMOTE_ADDR="203.0.113.9")
    assert limits.client_ip(request) == "203.0.113.9"


def test_the_address_behind_trusted_proxies_is_the_first_one_they_do_not_own(rf, settings):
    settings.TRUSTED_PROXIES = [ipaddress.ip_network("10.0.0.0/24")]
    request = rf.get("/", HTTP_X_FORWARDED_FOR="6.6.6.6, 1.2.3.4, 10.0.0.1", REMOTE_ADDR="10.0.0.2")
    assert limits.client_ip(request) == "1.2.3.4"  # what the client put in front is not believed
    stranger = rf.get("/", HTTP_X_FORWARDED_FOR="1.2.3.4", REMOTE_ADDR="198.51.100.7")
    assert limits.client_ip(stranger) == "198.51.100.7"  # not a proxy of ours: its header is its own
    assert limits.client_ip(rf.get("/", REMOTE_ADDR="10.0.0.2")) == "10.0.0.2"
    assert limits.client_ip(rf.get("/", HTTP_X_FORWARDED_FOR="junk", REMOTE_ADDR="10.0.0.2")) == "10.0.0.2"


def test_a_made_up_forwarded_for_does_not_lift_a_sign_in_lock(client, abuse_limits, make_user):
    make_user("Julius")
    url = reverse("login")
    for _ in range(abuse_limits.AXES_FAILURE_LIMIT):
        client.post(url, {"username": "julius@example.com", "password": "wrong"})
    for guess in range(5):
        response = client.post(
            url,
            {"username": "julius@example.com", "password": "a-long-Passw0rd"},
            HTTP_X_FORWARDED_FOR=f"198.51.100.{guess}",
        )
        assert response.status_code == 429


def test_an_ipv6_client_is_its_64_block(rf):
    one = rf.get("/", REMOTE_ADDR="2001:db8:1:2:aaaa::1")
    other = rf.get("/", REMOTE_ADDR="2001:db8:1:2:bbbb::9")
    assert limits.client_ip(one) == limits.client_ip(other) == "2001:db8:1:2::"
    assert limits.client_ip(rf.get("/", REMOTE_ADDR="2001:db8:1:3::1")) == "2001:db8:1:3::"


def test_a_cache_that_fails_lets_people_play(client, rates, make_table, monkeypatch):
    rates("polls", "1/m")
    game, (_, agrippina) = make_table("nim")
    client.force_login(agrippina)

    def broken(*args, **kwargs):
        raise ConnectionError("cache down")

    monkeypatch.setattr("accounts.limits.get_usage", broken)
    for _ in range(3):
        assert client.get(reverse("poll", args=[game.code]), {"version": game.version}).status_code == 204
