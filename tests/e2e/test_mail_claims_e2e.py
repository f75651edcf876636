"""Mail that is true when it arrives, seen from Chromium: the pages are real pages (their sockets make
the players "here"), the mail goes through a Celery worker to an SMTP sink.

- A church group's Catacombs table: the host flips on her laptop every turn; a phone is closed
  during a turn and the host flips anyway twice. The closed phone gets one mail, about the cards
  now up; the host, who flipped every step herself, gets none, not even after closing her laptop.
- Roman Road: a player reloads the page during hand 1 and gets nothing; she closes it and gets
  one mail a window later, in the race's words (a hand, never "your turn").
"""

from __future__ import annotations

import time
import uuid

import pytest
from django.db import connection

from games.catacombs.tests.test_table_e2e import accepting, live, pick_a_card
from games.models import Game, Notification
from games.play import services
from tests.e2e.test_presence_turn_e2e import PHONE
from tests.integration.live_harness import asgi_server
from tests.integration.mail_harness import SmtpSink, database_url, publishing_to, wait_for, worker
from tests.real_parts import REDIS, require

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]

BROKER = f"redis://{REDIS[0]}:{REDIS[1]}/15"
WINDOW = 3  # seconds (MAIL_WINDOW_SECONDS) for every process here
SETTLE = WINDOW + 4
LAPTOP = {"width": 1280, "height": 800}


@pytest.fixture
def mail_site(settings, tmp_path):
    """The embedded default's ASGI server, a worker with beat and an SMTP sink, one queue."""
    require("the mail E2E tests", redis=True)
    settings.MAIL_WINDOW_SECONDS = WINDOW
    sink = SmtpSink().start()
    queue = f"wt-e2e-mail-{uuid.uuid4().hex[:8]}"
    database = database_url(connection.settings_dict)
    env = {"MAIL_WINDOW_SECONDS": str(WINDOW), "CELERY_TASK_DEFAULT_QUEUE": queue, "EMAIL_URL": sink.url}
    try:
        with (
            worker(
                database=database,
                broker=BROKER,
                queue=queue,
                smtp=sink.url,
                log=tmp_path / "worker.log",
                beat=True,
                extra={**env, "OUTBOX_SWEEP_SECONDS": "1"},
            ),
            publishing_to(BROKER, queue),
            asgi_server(database=database, channel_layer=None, broker=BROKER, extra=env) as base,
        ):
            yield base, sink
    finally:
        sink.stop()


@pytest.fixture
def browse(browser, mail_site):
    from django.contrib.auth import BACKEND_SESSION_KEY, HASH_SESSION_KEY, SESSION_KEY
    from django.contrib.sessions.backends.db import SessionStore

    base, _ = mail_site
    contexts = []

    def open_(user, viewport=PHONE):
        context = browser.new_context(viewport=viewport, base_url=base)
        context.set_default_timeout(15_000)
        contexts.append(context)
        session = SessionStore()
        session[SESSION_KEY] = str(user.pk)
        session[BACKEND_SESSION_KEY] = "django.contrib.auth.backends.ModelBackend"
        session[HASH_SESSION_KEY] = user.get_session_auth_hash()
        session.save()
        context.add_cookies([{"name": "sessionid", "value": session.session_key, "url": base}])
        return context.new_page()

    yield open_
    for context in contexts:
        context.close()


def mails_to(sink: SmtpSink, user) -> list:
    return [m for m in sink.messages() if user.email in m.rcpt_tos]


def people(make_user, *names: str) -> list:
    tag = uuid.uuid4().hex[:6]
    return [make_user(name, f"{name.split()[-1].lower()}-{tag}@example.com") for name in names]


def write_something(page) -> None:
    pile = pick_a_card(page)
    page.locator(f"#board .cc-put-{pile} button.cc-write").first.click()


def test_a_phone_closed_mid_turn_gets_one_mail_and_the_host_none(browse, mail_site, make_user):
    _, sink = mail_site
    host, ann, julius = people(make_user, "Sister Mary", "Ann", "Julius")
    game = services.create_game(host, "catacombs", {"flip_mode": "host"}, 2, "seated", host_plays=False)
    for user in (ann, julius):
        services.join_game(game.pk, user)
    services.start_game(game.pk, host)
    url = f"/g/{game.code}/"
    laptop = accepting(browse(host, viewport=LAPTOP))
    hers, his = accepting(browse(ann)), accepting(browse(julius))
    for page in (laptop, hers, his):
        page.goto(url)
        live(page)
    laptop.get_by_role("button", name="Flip the first cards").click()
    laptop.get_by_text("The cards of turn 1").wait_for()
    for page in (hers, his):  # everyone chooses; the host's step is due while she is at the table
        page.get_by_text("Your turn: write one of the three books").wait_for()
        write_something(page)
    flip = laptop.get_by_role("button", name="Flip the next cards")
    flip.wait_for()
    time.sleep(WINDOW + 1.5)  # her step's mail is looked at: she is here
    flip.click()
    laptop.get_by_text("The cards of turn 2").wait_for()
    his.close()  # Julius closes his phone during the turn
    for turn in (3, 4):
        hers.get_by_text("Your turn: write one of the three books").wait_for()
        write_something(hers)
        laptop.get_by_text("Still choosing: Julius.").wait_for()
        laptop.get_by_role("button", name="Flip anyway").click()
        laptop.get_by_text(f"The cards of turn {turn}").wait_for()
    wait_for(lambda: mails_to(sink, julius), timeout=20)
    time.sleep(SETTLE)
    [mail] = mails_to(sink, julius)
    game = Game.objects.get(pk=game.pk)
    assert "new cards are up" in mail.message["Subject"]
    assert Notification.objects.get(pk=mail.notification).turn == game.state["turn"]  # the cards now up
    assert mails_to(sink, ann) == [] and mails_to(sink, host) == []
    laptop.close()  # the host leaves: nothing she saw and took comes after her
    time.sleep(SETTLE)
    assert mails_to(sink, host) == []
    assert Notification.objects.filter(user=host, kind="host_step").exists()


def test_a_reload_mid_hand_mails_nothing_and_leaving_mails_the_hand_once(browse, mail_site, make_user):
    _, sink = mail_site
    julius, agrippina = people(make_user, "Julius", "Agrippina")
    game = services.create_game(julius, "romanroad", {"target": 40}, 2, "seated")
    services.join_game(game.pk, agrippina)
    url = f"/g/{game.code}/"
    his, hers = browse(julius), browse(agrippina)
    for page in (his, hers):
        page.goto(url)
        live(page)
    services.start_game(game.pk, julius)
    hers.reload()  # during hand 1
    live(hers)
    time.sleep(SETTLE)
    assert mails_to(sink, agrippina) == [] and mails_to(sink, julius) == []
    hers.close()
    left = time.time()
    wait_for(lambda: mails_to(sink, agrippina), timeout=20)
    time.sleep(SETTLE)
    [mail] = mails_to(sink, agrippina)
    assert mail.at - left >= WINDOW
    words = (mail.message["Subject"] + mail.message.get_body(("plain",)).get_content()).lower()
    assert "hand 1" in words and "your cards are waiting" in words
    for wrong in ("your turn", "play first", "for this turn", "has started"):
        assert wrong not in words
    assert mails_to(sink, julius) == []
