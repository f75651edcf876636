"""games.live: a table's open pages hear "version N is out" — after a move here, and after a change
made in another process (the embedded default's version watch) — and nobody else's, each with the
board its own viewer may see, drawn for that socket."""

from __future__ import annotations

import asyncio
import re
import uuid
from concurrent.futures import ThreadPoolExecutor

import pytest
from channels.db import database_sync_to_async
from channels.testing import WebsocketCommunicator
from django.db.models import F
from django.test import Client
from django.urls import reverse

from config.asgi import application
from games.catacombs import runs
from games.live import watch
from games.models import Game
from games.play import services
from tests.real_parts import REDIS, require

pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.usefixtures("toy_games")]

ORIGIN = [(b"origin", b"http://localhost")]
HOST = (b"host", b"testserver")  # as the test client's pages are drawn
TAKE = {"type": "take", "count": 1}


def run(scenario, *args):
    """Run the async ``scenario`` on a loop of its own (a session-wide browser may hold this thread's)."""
    with ThreadPoolExecutor(1) as thread:
        return thread.submit(asyncio.run, scenario(*args)).result()


ARRIVES = 10  # seconds a socket waits for a message that must come (a busy machine is slow, not wrong)


async def next_version(page, timeout: float = ARRIVES) -> dict:
    """The next message about the board, past the presence notices other sockets' arrivals send."""
    while True:
        message = await page.receive_json_from(timeout=timeout)
        if "version" in message:
            return message


def heard_after(code: str, viewers: dict, act) -> tuple[dict, object]:
    """(each viewer's message about the board, by name, what ``act`` returned): the pages of
    ``viewers`` (users, or AnonymousUser for a watcher) open on the table, then ``act()`` run as a
    request would (a thread of its own)."""

    async def scenario() -> tuple[dict, object]:
        pages = {}
        for name, user in viewers.items():
            page = WebsocketCommunicator(application, f"/ws/g/{code}/", headers=[*ORIGIN, HOST])
            page.scope["user"] = user
            assert (await page.connect())[0]
            await page.receive_json_from(timeout=ARRIVES)
            pages[name] = page
        done = await database_sync_to_async(act)()
        heard = {name: await next_version(page) for name, page in pages.items()}
        for page in pages.values():
            await page.disconnect()
        return heard, done

    return run(scenario)


def pushed_on_return(code: str, user, shown: int = 0) -> dict:
    """What a page of ``user`` (or AnonymousUser) showing version ``shown`` is pushed when its
    socket comes back: the current version, with its board when the page is behind."""

    async def scenario() -> dict:
        page = WebsocketCommunicator(application, f"/ws/g/{code}/", headers=[*ORIGIN, HOST])
        page.scope["user"] = user
        assert (await page.connect())[0]
        await page.receive_json_from(timeout=ARRIVES)
        await page.send_json_to({"version": shown})
        heard = await next_version(page)
        await page.disconnect()
        return heard

    return run(scenario)


def board_seat(html: str) -> str:
    """The seat a board was drawn for (its ``data-seat``)."""
    return re.search(r'id="board"[^>]*?data-seat="(\d)"', html).group(1)


def socket(code: str) -> WebsocketCommunicator:
    return WebsocketCommunicator(application, f"/ws/g/{code}/", headers=ORIGIN)


def test_a_move_reaches_an_open_page_as_its_version(make_table):
    game, (julius, _) = make_table("nim")

    async def scenario() -> list[dict]:
        page = socket(game.code)
        connected, _ = await page.connect()
        assert connected
        heard = [await page.receive_json_from(timeout=ARRIVES)]
        await database_sync_to_async(services.submit_move)(game.pk, julius, TAKE, game.tokens["0"])
        heard.append(await next_version(page))
        await page.disconnect()
        return heard

    heard = run(scenario)
    game.refresh_from_db()
    assert heard[0] == {"version": game.version - 1}
    assert heard[1]["version"] == game.version
    assert f'data-version="{game.version}"' in heard[1]["html"]


def test_a_change_made_in_another_process_reaches_the_page_through_the_watch(make_table):
    game, _ = make_table("nim")

    def change_elsewhere() -> None:
        # What a worker's move looks like from here: the row moves on, no signal in this process.
        Game.objects.filter(pk=game.pk).update(version=F("version") + 1)

    async def scenario() -> dict:
        page = socket(game.code)
        await page.connect()
        await page.receive_json_from(timeout=ARRIVES)
        await database_sync_to_async(change_elsewhere)()
        heard = await next_version(page)  # the first board drawn in a process is slow
        await page.disconnect()
        return heard

    heard = run(scenario)
    assert heard["version"] == game.version + 1 and f'data-version="{game.version + 1}"' in heard["html"]
    assert watch._watched == {}


def test_a_reconnecting_page_hears_the_current_version(make_table):
    game, (julius, _) = make_table("nim")
    services.submit_move(game.pk, julius, TAKE, game.tokens["0"])
    game.refresh_from_db()

    async def scenario() -> dict:
        page = socket(game.code)
        await page.connect()
        await page.receive_json_from(timeout=ARRIVES)
        await page.send_json_to({"version": game.version - 1})
        heard = await next_version(page)
        await page.send_json_to({"version": game.version})
        current = await next_version(page)
        await page.disconnect()
        return heard, current

    behind, current = run(scenario)
    assert behind["version"] == game.version and f'data-version="{game.version}"' in behind["html"]
    assert current == {"version": game.version}  # a page that is up to date is not sent its board again


def test_unknown_tables_and_private_runs_are_refused(make_user):
    owner, other = make_user("Julius"), make_user("Agrippina")
    daily = runs.start_daily(owner).game

    async def refused(code: str, user) -> int:
        page = socket(code)
        page.scope["user"] = user
        connected, close_code = await page.connect()
        assert not connected
        return close_code

    assert run(refused, "NOSUCH", other) == 4404
    assert run(refused, daily.code, other) == 4403


def test_a_push_carries_the_board_its_viewer_would_fetch(make_table, make_user):
    """Byte for byte what the poll answers that viewer: neither carries a CSRF token."""
    game, (julius, agrippina) = make_table("nim")
    stranger = make_user("Stranger")

    viewers = (("julius", julius), ("agrippina", agrippina), ("stranger", stranger))

    def poll(user) -> str:
        client = Client()
        client.force_login(user)
        answer = client.get(reverse("poll", args=[game.code]) + "?version=0", HTTP_HX_REQUEST="true")
        return answer.content.decode()

    async def scenario() -> tuple[dict, dict]:
        pages = {}
        for name, user in viewers:
            headers = [*ORIGIN, (b"host", b"testserver")]
            page = WebsocketCommunicator(application, f"/ws/g/{game.code}/", headers=headers)
            page.scope["user"] = user
            assert (await page.connect())[0]
            await page.receive_json_from(timeout=ARRIVES)
            pages[name] = page
        await database_sync_to_async(services.submit_move)(game.pk, julius, TAKE, game.tokens["0"])
        heard = {name: await next_version(page) for name, page in pages.items()}
        # Polled while the sockets are open, as the pushes were drawn: who is here reads the same.
        polled = {name: await database_sync_to_async(poll)(user) for name, user in viewers}
        for page in pages.values():
            await page.disconnect()
        return heard, polled

    heard, polled = run(scenario)
    game.refresh_from_db()
    for name, _ in viewers:
        assert heard[name]["version"] == game.version
        assert heard[name]["html"] == polled[name], name
    assert heard["julius"]["html"] != heard["agrippina"]["html"] != heard["stranger"]["html"]


def test_a_socket_that_guesses_codes_is_stopped_like_a_page(abuse_limits):
    abuse_limits.RATE_LIMITS = {**abuse_limits.RATE_LIMITS, "code_misses": "2/h"}

    async def close_code(code: str) -> int:
        page = socket(code)
        connected, close = await page.connect()
        if connected:
            await page.disconnect()
            return 1000
        return close

    assert [run(close_code, "NOPE01"), run(close_code, "NOPE02")] == [4404, 4404]
    assert run(close_code, "NOPE03") == 4429  # the address had its share, whatever the code


def test_a_socket_that_floods_the_server_with_messages_is_closed(make_table):
    from games.live.consumers import FLOODING, MAX_ASKS

    game, _ = make_table("nim")

    async def scenario() -> tuple[int, dict]:
        page = socket(game.code)
        await page.connect()
        await page.receive_json_from(timeout=ARRIVES)
        answered = 0
        for _ in range(MAX_ASKS + 5):
            await page.send_json_to({"version": 0})
            heard = await page.receive_output(timeout=ARRIVES)
            if heard["type"] == "websocket.close":
                return answered, heard
            answered += 1
        return answered, {}

    answered, closed = run(scenario)
    assert answered == MAX_ASKS
    assert closed == {"type": "websocket.close", "code": FLOODING}


def test_a_page_that_draws_its_own_partial_hears_the_version_only(make_table):
    """A shared screen's socket (``?draw=0``) is not sent the game page's board."""
    game, (julius, _) = make_table("nim")

    async def scenario() -> dict:
        page = WebsocketCommunicator(application, f"/ws/g/{game.code}/?draw=0", headers=ORIGIN)
        await page.connect()
        await page.receive_json_from(timeout=ARRIVES)
        await database_sync_to_async(services.submit_move)(game.pk, julius, TAKE, game.tokens["0"])
        heard = await next_version(page)
        await page.disconnect()
        return heard

    assert run(scenario) == {"version": game.version + 1}


def test_one_viewers_pages_hear_the_same_board_which_carries_no_csrf_token(make_table, monkeypatch):
    """Two pages of one person (two browsers: two CSRF cookies) hear the same board, each drawn
    for its socket: a drawing carries no token, each page posts its own (``<body hx-headers>``, site.js)."""
    from games.live import boards

    game, (julius, _) = make_table("nim")
    drawn = []
    render = boards.render_to_string
    monkeypatch.setattr(boards, "render_to_string", lambda *a, **k: drawn.append(1) or render(*a, **k))
    secrets = ["a" * 32, "b" * 32]

    async def scenario() -> list[dict]:
        pages = []
        for secret in secrets:
            headers = [*ORIGIN, (b"host", b"testserver"), (b"cookie", f"csrftoken={secret}".encode())]
            page = WebsocketCommunicator(application, f"/ws/g/{game.code}/", headers=headers)
            page.scope["user"] = julius
            assert (await page.connect())[0]
            await page.receive_json_from(timeout=ARRIVES)
            pages.append(page)
        await database_sync_to_async(services.submit_move)(game.pk, julius, TAKE, game.tokens["0"])
        heard = [await next_version(page) for page in pages]
        for page in pages:
            await page.disconnect()
        return heard

    heard = run(scenario)
    game.refresh_from_db()
    assert len(drawn) == 2  # one drawing a socket: nothing is handed between them through the cache
    assert [message["version"] for message in heard] == [game.version, game.version]
    assert heard[0]["html"] == heard[1]["html"]
    assert 'method="post"' in heard[0]["html"]  # the board has forms, and none of them a token
    assert "csrfmiddlewaretoken" not in heard[0]["html"]


@pytest.fixture
def on_redis(settings):
    """The cache and the channel layer of production: Redis, each under a prefix of its own."""
    require("the Redis cache and channel layer", redis=True)
    prefix = f"test-{uuid.uuid4().hex[:8]}"
    location = f"redis://{REDIS[0]}:{REDIS[1]}/14"
    settings.CACHES = {
        **settings.CACHES,
        "default": {"BACKEND": "config.cache.RedisCache", "LOCATION": location, "KEY_PREFIX": prefix},
    }
    settings.CHANNEL_LAYERS = {
        "default": {
            "BACKEND": "channels_redis.core.RedisChannelLayer",
            "CONFIG": {"hosts": [location], "prefix": prefix},
        }
    }


@pytest.mark.parametrize("parts", ["in this process", "on Redis"])
def test_the_movers_page_takes_its_board_from_the_answer_and_hears_the_version_alone(
    make_table, monkeypatch, request, parts
):
    """The move's answer is the mover's board of the new version: his page's socket hears the
    version alone (the page drops a push of the version it shows), nothing is drawn for it; the
    other player's socket is sent her own seat's board. In this process and over Redis,
    production's channel layer."""
    from games.live import boards

    if parts == "on Redis":
        request.getfixturevalue("on_redis")
    game, (julius, agrippina) = make_table("nim")
    drawn = []
    render = boards.render_to_string
    monkeypatch.setattr(boards, "render_to_string", lambda *a, **k: drawn.append(1) or render(*a, **k))
    mover = Client()
    mover.force_login(julius)

    async def scenario() -> tuple[str, dict, dict]:
        pages = {}
        for name, user in (("julius", julius), ("agrippina", agrippina)):
            headers = [*ORIGIN, (b"host", b"testserver"), (b"cookie", b"csrftoken=" + b"c" * 32)]
            page = WebsocketCommunicator(application, f"/ws/g/{game.code}/", headers=headers)
            page.scope["user"] = user
            assert (await page.connect())[0]
            await page.receive_json_from(timeout=ARRIVES)
            pages[name] = page
        data = {"move": '{"type": "take", "count": 1}', "turn": game.tokens["0"]}
        url = reverse("move", args=[game.code])
        answer = await database_sync_to_async(mover.post)(url, data, HTTP_HX_REQUEST="true")
        assert answer.status_code == 200
        heard = {name: await next_version(page) for name, page in pages.items()}
        for page in pages.values():
            await page.disconnect()
        return answer.content.decode(), heard["julius"], heard["agrippina"]

    answered, julius_heard, agrippina_heard = run(scenario)
    game.refresh_from_db()
    assert len(drawn) == 1  # agrippina's socket's (the answer is the view's own)
    assert julius_heard == {"version": game.version}
    assert agrippina_heard["version"] == game.version
    assert f'data-version="{game.version}"' in answered and board_seat(answered) == "0"
    assert board_seat(agrippina_heard["html"]) == "1"
    assert "csrfmiddlewaretoken" not in answered + agrippina_heard["html"]
