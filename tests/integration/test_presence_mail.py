"""Presence with real sockets: players with the table open get no turn e-mail over minutes of play;
closing the page brings exactly one, soon. Once with two ASGI processes sharing Redis, once on the
embedded default's in-memory channel layer (one process); a Celery worker and an SMTP sink deliver.
"""

from __future__ import annotations

import time
import uuid
from contextlib import ExitStack

import pytest
from websockets.exceptions import ConnectionClosed
from websockets.sync.client import connect

from games.models import Game, Notification
from games.notifications import claims
from games.play import services
from tests.integration.fixtures import LAYER
from tests.integration.live_harness import SignedIn, asgi_server
from tests.integration.mail_harness import SmtpSink, database_url, publishing_to, wait_for, worker
from tests.real_parts import REDIS, require

pytestmark = [pytest.mark.integration, pytest.mark.django_db(transaction=True)]

BROKER = f"redis://{REDIS[0]}:{REDIS[1]}/15"
PLAY_FOR = 125  # seconds of play with both pages open
TURN_EVERY = 5.5  # seconds between turns: a lively table (28 turns in a game of four)
WINDOW = 10  # seconds a turn's mail waits after its player left (MAIL_WINDOW_SECONDS; 60 on the site)
MAIL_WITHIN = WINDOW + 5  # docs/notifications.md: the e-mail goes about a window after closing the page


@pytest.fixture
def smtp():
    sink = SmtpSink().start()
    yield sink
    sink.stop()


@pytest.fixture(params=["redis", "embedded"])
def site(request, settings, smtp, tmp_path):
    """Web processes (two on Redis, or one on the in-memory layer), a worker, the SMTP sink."""
    require("the presence test", redis=True)
    database = database_url(settings.DATABASES["default"])
    queue = f"presence-{uuid.uuid4().hex[:8]}"
    settings.MAIL_WINDOW_SECONDS = WINDOW
    window = {"MAIL_WINDOW_SECONDS": str(WINDOW)}
    web = {"CELERY_TASK_DEFAULT_QUEUE": queue, "EMAIL_URL": smtp.url, **window}
    layer = LAYER if request.param == "redis" else None
    log = tmp_path / "worker.log"
    with worker(database=database, broker=BROKER, queue=queue, smtp=smtp.url, log=log, extra=window):
        with publishing_to(BROKER, queue):
            with asgi_server(database=database, channel_layer=layer, broker=BROKER, extra=web) as one:
                if layer is None:
                    yield one, one
                    return
                with asgi_server(database=database, channel_layer=layer, broker=BROKER, extra=web) as other:
                    yield one, other


def drain(page) -> int:
    """Read what the socket has heard (the page keeps up); raises if the socket closed."""
    heard = 0
    while True:
        try:
            page.recv(timeout=0.05)
            heard += 1
        except TimeoutError:
            return heard


def mails_to(smtp: SmtpSink, user) -> list:
    return [m for m in smtp.messages() if user.email in m.rcpt_tos]


def test_no_turn_mail_while_the_pages_are_open_and_one_after_closing(site, smtp, make_user):
    one, other = site
    tag = uuid.uuid4().hex[:6]
    names = ("Julius", "Agrippina", "Marcus", "Livia")
    users = [make_user(name, f"{name.lower()}-{tag}@example.com") for name in names]
    julius, agrippina, marcus, _ = users
    game = services.create_game(julius, "poker", {}, 4, "seated")
    for user in users[1:]:
        services.join_game(game.pk, user)
    services.start_game(game.pk, julius)
    clients = {
        0: SignedIn(one, julius),
        1: SignedIn(other, agrippina),
        2: SignedIn(one, marcus),
        3: SignedIn(other, users[3]),
    }
    address = {0: one, 1: other}
    with ExitStack() as stack:
        pages = {
            seat: stack.enter_context(
                connect(
                    address[seat].replace("http://", "ws://") + f"/ws/g/{game.code}/",
                    additional_headers=clients[seat].socket_headers(),
                    open_timeout=10,
                )
            )
            for seat in (0, 1)
        }
        play_then_leave(game, clients, pages, smtp, users)


def play_then_leave(game, clients, pages, smtp, users) -> None:
    julius, agrippina, marcus, _ = users
    try:
        heard = {seat: 0 for seat in pages}
        started = time.monotonic()
        turns = 0
        while True:
            game.refresh_from_db()
            assert game.status == Game.Status.ACTIVE, "the game ended before the test could leave"
            seat = game.engine.to_act(game.state)[0]
            if time.monotonic() - started > PLAY_FOR and seat == 1:
                break
            turn_began = time.monotonic()
            while game.status == Game.Status.ACTIVE and seat in game.engine.to_act(game.state):
                move = game.engine.default_move(game.state, seat)
                assert clients[seat].move(game.code, move, game.tokens[str(seat)]) == 200
                game.refresh_from_db()
            turns += 1
            for number, page in pages.items():
                heard[number] += drain(page)
            time.sleep(max(0.0, TURN_EVERY - (time.monotonic() - turn_began)))
        played_for = time.monotonic() - started
        assert played_for > 120 and turns >= 20
        # Both sockets stayed up the whole time (no reconnect: the same connection heard every move).
        assert all(count >= turns for count in heard.values()), heard
        assert mails_to(smtp, julius) == [] and mails_to(smtp, agrippina) == []
        # Marcus is away, but each of his turns was played within the window: none was still true.
        marcus_rows = Notification.objects.filter(user=marcus, kind="turn")
        assert marcus_rows.count() >= 3 and mails_to(smtp, marcus) == []
        assert set(marcus_rows.filter(sent_at__isnull=False).values_list("last_error", flat=True)) == {
            claims.NOT_YOUR_TURN
        }
        assert Notification.objects.filter(user=agrippina, kind="turn", sent_at__isnull=True).exists()

        pages[1].close()  # Agrippina closes her page while it is her turn
        closed_at = time.time()
        wait_for(lambda: mails_to(smtp, agrippina), timeout=MAIL_WITHIN, every=0.2)
        [mail] = mails_to(smtp, agrippina)
        assert WINDOW <= mail.at - closed_at < MAIL_WITHIN
        assert mail.message["Subject"] and game.code in mail.message["Subject"]
        time.sleep(8)  # any second task finds nothing more to send
        assert len(mails_to(smtp, agrippina)) == 1 and mails_to(smtp, julius) == []
        drain(pages[0])  # Julius's socket is still up (raises if it closed)
    except ConnectionClosed as closed:
        pytest.fail(f"a page's socket dropped during play: {closed}")
