"""Mail that is true when it arrives, with real parts: a Celery worker on Redis (beat sweeping every
second), an aiosmtpd sink, daphne holding the table's sockets. One test per way mail used to lie:
stale host mails in a flood, a backlog of turns already played, "your turn" from a live table, and
no mail at all after Flip anyway. The window is two seconds here (``MAIL_WINDOW_SECONDS``).
"""

from __future__ import annotations

import time
import uuid
from contextlib import ExitStack

import pytest
from websockets.sync.client import connect

from games.live import presence
from games.models import Game, Notification, Seat
from games.notifications import claims
from games.play import services
from games.tables import tools as table_tools
from tests.integration.live_harness import SignedIn, asgi_server
from tests.integration.mail_harness import SmtpSink, database_url, publishing_to, wait_for, worker
from tests.platform.notifications.notify_helpers import host_flip, play_turn
from tests.real_parts import REDIS, require

pytestmark = [pytest.mark.integration, pytest.mark.django_db(transaction=True)]

BROKER = f"redis://{REDIS[0]}:{REDIS[1]}/15"
WINDOW = 2  # seconds: MAIL_WINDOW_SECONDS for every process here
SETTLE = WINDOW + 4  # the window, the task's margin, a sweep or two


@pytest.fixture
def smtp():
    sink = SmtpSink().start()
    yield sink
    sink.stop()


@pytest.fixture
def parts(settings, smtp, tmp_path):
    """What every test here starts from: the window, a queue of its own, the database's address."""
    require("the mail claim tests", redis=True)
    settings.MAIL_WINDOW_SECONDS = WINDOW
    queue = f"wt-claims-{uuid.uuid4().hex[:8]}"
    database = database_url(settings.DATABASES["default"])
    env = {"MAIL_WINDOW_SECONDS": str(WINDOW), "OUTBOX_SWEEP_SECONDS": "1"}
    options = dict(database=database, broker=BROKER, queue=queue, smtp=smtp.url, beat=True, extra=env)
    with publishing_to(BROKER, queue):
        yield queue, database, options, tmp_path


@pytest.fixture
def running(parts):
    """A worker running for the whole test."""
    queue, database, options, tmp_path = parts
    with worker(log=tmp_path / "worker.log", **options):
        yield parts


def web(parts) -> asgi_server:
    queue, database, _, _ = parts
    extra = {"CELERY_TASK_DEFAULT_QUEUE": queue, "MAIL_WINDOW_SECONDS": str(WINDOW)}
    return asgi_server(database=database, channel_layer=None, broker=BROKER, extra=extra)


def socket(base: str, user, game: Game):
    url = base.replace("http://", "ws://") + f"/ws/g/{game.code}/"
    return connect(url, additional_headers=SignedIn(base, user).socket_headers(), open_timeout=10)


def mails_to(smtp: SmtpSink, user) -> list:
    return [m for m in smtp.messages() if user.email in m.rcpt_tos]


def names(*people: str) -> list[str]:
    tag = uuid.uuid4().hex[:6]
    return [(name, f"{name.lower()}-{tag}@example.com") for name in people]


def test_a_host_who_flipped_at_the_table_gets_no_stale_step_mails_after_the_end(running, smtp, make_user):
    hostess, clara, paul = (make_user(n, e) for n, e in names("Hostess", "Clara", "Paul"))
    game = services.create_game(hostess, "catacombs", {"flip_mode": "host"}, 2, "seated", host_plays=False)
    services.join_game(game.pk, clara)
    services.join_game(game.pk, paul)
    services.start_game(game.pk, hostess)
    with web(running) as base, socket(base, hostess, game) as page:
        wait_for(lambda: presence.is_here(game.pk, hostess.pk), timeout=10)
        host_flip(game, hostess)
        for _ in range(5):  # a lively table: each step checked while she is at it
            for user in (clara, paul):
                game.refresh_from_db()
                position = Seat.objects.get(game=game, user=user).position
                services.submit_move(game.pk, user, {"type": "pass"}, game.tokens[str(position)])
            time.sleep(WINDOW + 1.5)
            host_flip(game, hostess)
        table_tools.host_tool(game.pk, hostess, "end")
        page.close()
        time.sleep(SETTLE)
    steps = Notification.objects.filter(user=hostess, kind="host_step")
    assert steps.count() == 5 and mails_to(smtp, hostess) == []
    assert {row.last_error for row in steps} <= {claims.STEP_TAKEN, claims.GAME_OVER}
    wait_for(lambda: mails_to(smtp, clara) and mails_to(smtp, paul), timeout=10)
    game.refresh_from_db()
    for user in (clara, paul):  # after the end, only the final mail
        ended = [m for m in mails_to(smtp, user) if m.at >= game.finished_at.timestamp()]
        assert {Notification.objects.get(pk=m.notification).kind for m in ended} == {"game_over"}


def test_after_an_outage_the_backlog_sends_only_what_is_still_true(parts, smtp, make_user):
    queue, database, options, tmp_path = parts
    julius, agrippina, marcus = (make_user(n, e) for n, e in names("Julius", "Agrippina", "Marcus"))
    game = services.create_game(julius, "poker", {}, 3, "seated")
    services.join_game(game.pk, agrippina)
    services.join_game(game.pk, marcus)
    services.start_game(game.pk, julius)
    game.refresh_from_db()
    users = {0: julius, 1: agrippina, 2: marcus}
    presence.opened(Seat.objects.get(game=game, user=agrippina).pk, "her-laptop")  # open throughout
    for _ in range(7):  # the worker is down: turns go round and round, their rows wait
        seat = game.engine.to_act(game.state)[0]
        play_turn(game, users[seat], seat)
        game.refresh_from_db()
    current = game.engine.to_act(game.state)[0]
    assert current == 1 and Notification.objects.filter(game=game, kind="turn").count() >= 6
    time.sleep(WINDOW + 1)  # down longer than the window
    presence.beat(Seat.objects.get(game=game, user=agrippina).pk, "her-laptop")
    with worker(log=tmp_path / "worker.log", **options):
        time.sleep(SETTLE)
        play_turn(game, agrippina, 1)  # she plays on: Marcus's turn, and he is away
        game.refresh_from_db()
        wait_for(lambda: mails_to(smtp, marcus), timeout=15)
        time.sleep(2)
    assert mails_to(smtp, agrippina) == []  # here throughout: none, not even the backlog
    [to_marcus] = mails_to(smtp, marcus)
    assert (
        Notification.objects.get(pk=to_marcus.notification).turn
        == Seat.objects.get(game=game, user=marcus).turns
    )  # the turn he is in now, not one played
    assert mails_to(smtp, julius) == []  # each of his turns was played before the worker came back
    old = Notification.objects.filter(game=game, kind="turn", skipped=True)
    assert old.count() >= 5 and {row.last_error for row in old} == {claims.NOT_YOUR_TURN}


def test_a_live_table_mails_a_player_who_left_mid_hand_once_in_its_own_words(running, smtp, make_user):
    julius, agrippina = (make_user(n, e) for n, e in names("Julius", "Agrippina"))
    game = services.create_game(julius, "romanroad", {"target": 40}, 2, "seated")
    services.join_game(game.pk, agrippina)
    with web(running) as base, ExitStack() as stack:
        stack.enter_context(socket(base, julius, game))
        with socket(base, agrippina, game) as first:
            wait_for(lambda: presence.is_here(game.pk, agrippina.pk) and presence.is_here(game.pk, julius.pk))
            services.start_game(game.pk, julius)
            first.close()  # she reloads the page during hand 1
        hers = stack.enter_context(socket(base, agrippina, game))
        time.sleep(SETTLE)
        assert mails_to(smtp, agrippina) == []  # back at once: nothing
        hers.close()  # and now she leaves
        left = time.time()
        wait_for(lambda: mails_to(smtp, agrippina), timeout=15)
        time.sleep(SETTLE)
    [mail] = mails_to(smtp, agrippina)
    assert mail.at - left >= WINDOW
    words = (mail.message["Subject"] + mail.message.get_body(("plain",)).get_content()).lower()
    assert "hand 1" in words and "your cards are waiting" in words
    for wrong in ("your turn", "play first", "for this turn", "has started"):
        assert wrong not in words
    assert mails_to(smtp, julius) == []


def test_a_player_gone_when_the_host_flips_anyway_twice_gets_one_mail(running, smtp, make_user):
    julius, clara, paul = (make_user(n, e) for n, e in names("Julius", "Clara", "Paul"))
    game = services.create_game(julius, "catacombs", {"flip_mode": "host"}, 3, "seated")
    services.join_game(game.pk, clara)
    services.join_game(game.pk, paul)
    services.start_game(game.pk, julius)
    seats = {user.pk: Seat.objects.get(game=game, user=user) for user in (julius, clara, paul)}
    for user in (julius, paul):
        presence.opened(seats[user.pk].pk, f"{user.pk}-page")
    presence.opened(seats[clara.pk].pk, "clara-phone")
    host_flip(game, julius)
    presence.closed(seats[clara.pk].pk, "clara-phone")  # Clara closes her page during the turn
    for _ in range(2):
        for user in (julius, paul):
            game.refresh_from_db()
            services.submit_move(game.pk, user, {"type": "pass"}, game.tokens[str(seats[user.pk].position)])
        game.refresh_from_db()
        services.submit_move(game.pk, julius, {"type": "flip_on"}, game.tokens["host"], as_host=True)
    game.refresh_from_db()
    assert seats[clara.pk].position in game.engine.to_act(game.state)
    wait_for(lambda: mails_to(smtp, clara), timeout=15)
    time.sleep(SETTLE)
    [mail] = mails_to(smtp, clara)
    assert "new cards are up" in mail.message["Subject"]
    assert Notification.objects.get(pk=mail.notification).turn == game.state["turn"]
    assert mails_to(smtp, julius) == [] and mails_to(smtp, paul) == []
