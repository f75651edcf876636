"""The limits on a Redis cache, as production runs them: one round trip a check, the same counts,
keys and windows as django-ratelimit's own ``get_usage``, and moves over the limit refused."""

from __future__ import annotations

import json
import uuid

import pytest
from django.core.cache import caches
from django.test import RequestFactory
from django.urls import reverse
from django_ratelimit.core import get_usage
from redis.connection import Connection

from accounts import limits
from tests.integration.mail_harness import reachable

pytestmark = pytest.mark.django_db


@pytest.fixture
def redis_limits(abuse_limits):
    if not reachable("127.0.0.1", 6379):
        pytest.skip("needs Redis at 127.0.0.1:6379")
    abuse_limits.CACHES = {
        "default": {
            "BACKEND": "config.cache.RedisCache",
            "LOCATION": "redis://127.0.0.1:6379/14",
            "KEY_PREFIX": f"limits-test-{uuid.uuid4().hex}",
        }
    }
    yield abuse_limits
    caches["default"].clear()


@pytest.fixture
def round_trips(monkeypatch):
    """How many times a Redis connection sent something."""
    sent = []
    original = Connection.send_packed_command

    def counting(self, command, check_health=True):
        sent.append(command)
        return original(self, command, check_health)

    monkeypatch.setattr(Connection, "send_packed_command", counting)
    return sent


def request_from(address: str):
    request = RequestFactory().get("/", REMOTE_ADDR=address)
    request.user = type("Anonymous", (), {"is_authenticated": False})()
    return request


@pytest.fixture
def poker_turn(client, make_table):
    """A started two-seat Roman Poker game, the client signed in as the seat to act: (game, seat)."""
    game, users = make_table("poker")
    seat = game.engine.to_act(game.state)[0]
    client.force_login(users[seat])
    return game, seat


def assert_refused_and_unchanged(client, game, seat: int, move: dict, limit: str) -> None:
    """The seat's move, with its current turn token, is answered 429 with the limit's sentence,
    and the game stays as it was."""
    game.refresh_from_db()
    before = (game.version, game.state)
    data = {"move": json.dumps(move), "turn": game.tokens[str(seat)]}
    response = client.post(reverse("move", args=[game.code]), data, HTTP_HX_REQUEST="true")
    assert response.status_code == 429 and limits.SENTENCES[limit] in response.content.decode()
    game.refresh_from_db()
    assert (game.version, game.state) == before


def test_a_counted_check_is_one_round_trip_and_counts_as_django_ratelimit_does(redis_limits, round_trips):
    redis_limits.RATE_LIMITS = {**redis_limits.RATE_LIMITS, "joins": "3/h"}
    limits.exceeded(request_from("10.1.1.9"), "joins")  # the connection opened (its handshake)
    request = request_from("10.1.1.1")
    outcomes = []
    for _ in range(4):
        del round_trips[:]
        outcomes.append(limits.exceeded(request, "joins"))
        assert len(round_trips) == 1
    assert outcomes == [False, False, False, True]
    assert request.limit_retry_after > 0
    usage = get_usage(request, group="limit:joins", key=lambda group, req: "ip:10.1.1.1", rate="3/h")
    assert usage["count"] == 4  # the same key and window as django-ratelimit's
    assert not limits.exceeded(request_from("10.1.1.2"), "joins")  # another client, its own count


def test_a_check_that_does_not_count_reads_only(redis_limits, round_trips):
    redis_limits.RATE_LIMITS = {**redis_limits.RATE_LIMITS, "code_misses": "2/h"}
    limits.guessing(request_from("10.2.2.9"))  # the connection opened (its handshake)
    del round_trips[:]
    request = request_from("10.2.2.2")
    assert not limits.guessing(request)
    assert len(round_trips) == 1
    limits.missed(request)
    assert not limits.guessing(request)
    limits.missed(request)
    assert limits.guessing(request)  # two misses: the next lookup is refused before it is made
    usage = get_usage(request, group="limit:code_misses", key=lambda g, r: "ip:10.2.2.2", rate="2/h")
    assert usage["count"] == 2


def test_a_page_seen_again_notes_its_session_once(redis_limits, client, make_user, round_trips):
    client.force_login(make_user("Julius"))
    limits._remembered.clear()
    limits.guessing(request_from("10.2.2.9"))  # the connection opened (its handshake)
    del round_trips[:]
    client.get(reverse("my_games"))
    noted = len(round_trips)
    assert caches["default"].get(limits.KNOWN_SESSION + limits._cookie_digest(client.session.session_key))
    del round_trips[:]
    client.get(reverse("my_games"))
    assert len(round_trips) == noted - 1  # the same page without the note's round trip


def test_moves_over_the_limit_are_refused_on_redis_and_change_nothing(redis_limits, client, poker_turn):
    redis_limits.RATE_LIMITS = {**redis_limits.RATE_LIMITS, "moves": "2/m"}
    game, seat = poker_turn
    url = reverse("move", args=[game.code])
    roll = {"move": json.dumps({"type": "roll"})}
    for _ in range(2):
        game.refresh_from_db()
        client.post(url, {**roll, "turn": game.tokens[str(seat)]}, HTTP_HX_REQUEST="true")
    assert_refused_and_unchanged(client, game, seat, {"type": "roll"}, "moves")


def test_a_move_checks_code_guessing_and_its_own_limit_in_one_round_trip(
    redis_limits, client, poker_turn, round_trips
):
    redis_limits.RATE_LIMITS = {**redis_limits.RATE_LIMITS, "code_misses": "1/h"}
    game, seat = poker_turn
    client.get(reverse("my_games"))  # the connection opened, the session noted
    del round_trips[:]
    url = reverse("move", args=[game.code])
    roll = {"move": json.dumps({"type": "roll"}), "turn": game.tokens[str(seat)]}
    assert client.post(url, roll, HTTP_HX_REQUEST="true").status_code == 200
    assert len([sent for sent in round_trips if b"rl:" in b"".join(sent)]) == 1
    # A code that leads nowhere spends this address's share: its next move is refused unseen.
    assert client.post(reverse("move", args=["ZZZZZZ"]), roll, HTTP_HX_REQUEST="true").status_code == 404
    assert_refused_and_unchanged(client, game, seat, {"type": "roll"}, "code_misses")
