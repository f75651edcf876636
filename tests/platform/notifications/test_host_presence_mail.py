"""The host of a Catacombs table who flips and does not play: her open pages keep her "here", so her
"everyone has chosen" mail waits while she is at the table and goes once, after she has left."""

from __future__ import annotations

import pytest
from django.urls import reverse

from games.live import presence
from games.models import Game, Notification, OpenPage
from games.notifications import mailer
from games.play import services
from tests.platform.notifications.notify_helpers import host_flip

pytestmark = pytest.mark.django_db


@pytest.fixture
def hosted(make_user):
    """A host-flipped table whose host has no seat, with two players; started and flipped once."""
    hostess, clara, paul = make_user("Hostess"), make_user("Clara"), make_user("Paul")
    game = services.create_game(hostess, "catacombs", {"flip_mode": "host"}, 2, "seated", host_plays=False)
    services.join_game(game.pk, clara)
    services.join_game(game.pk, paul)
    services.start_game(game.pk, hostess)
    host_flip(game, hostess)
    return game, hostess, clara, paul


def everyone_chooses(game: Game, clara, paul) -> Notification:
    for seat, user in (("0", clara), ("1", paul)):
        game.refresh_from_db()
        services.submit_move(game.pk, user, {"type": "pass"}, game.tokens[seat])
    return Notification.objects.filter(kind="host_step", user=game.host).latest("pk")


def to(mailoutbox, user) -> list:
    return [m for m in mailoutbox if m.to == [user.email]]


def test_a_seatless_host_with_a_socket_open_is_here_and_her_step_waits(hosted, mailoutbox):
    game, hostess, clara, paul = hosted
    pages = presence.pages_of(game.pk, hostess)
    assert pages == presence.Pages(host_of=game.pk)
    assert presence.opened(pages, "laptop") is True
    assert presence.opened(pages, "laptop-tab-2") is False
    assert presence.is_here(game.pk, hostess.pk)
    assert not presence.is_here(game.pk, clara.pk)  # the host's pages are hers alone

    note = everyone_chooses(game, clara, paul)
    assert mailer.deliver([note.pk]) == 0
    mailer.sweep()  # the players' mails about the flip go
    assert to(mailoutbox, hostess) == []

    assert presence.closed(pages, "laptop") is False  # a second tab is still open
    assert mailer.deliver_held(game.pk, hostess.pk) == 0
    assert presence.closed(pages, "laptop-tab-2") is True
    assert mailer.deliver_held(game.pk, hostess.pk) == 1
    assert len(to(mailoutbox, hostess)) == 1
    assert mailer.sweep() == 0 and len(to(mailoutbox, hostess)) == 1  # once


def test_a_seatless_host_whose_page_polls_is_here(hosted, client, mailoutbox):
    game, hostess, clara, paul = hosted
    client.force_login(hostess)
    client.get(reverse("game", args=[game.code]))
    assert OpenPage.objects.filter(host_of=game, seat=None).exists()
    assert presence.COOKIE in client.cookies
    assert presence.is_here(game.pk, hostess.pk)
    everyone_chooses(game, clara, paul)
    mailer.sweep()
    assert to(mailoutbox, hostess) == []
    client.get(reverse("poll", args=[game.code]) + f"?version={game.version}")
    assert presence.is_here(game.pk, hostess.pk)
    OpenPage.objects.filter(host_of=game).update(beat_at=OpenPage.objects.get().beat_at - presence.WINDOW * 2)
    assert not presence.is_here(game.pk, hostess.pk)  # her page stopped polling: gone
    assert mailer.sweep() == 1 and len(to(mailoutbox, hostess)) == 1


def test_a_spectator_is_not_taken_for_the_host(hosted, client, make_user):
    game, hostess, *_ = hosted
    client.force_login(make_user("Visitor"))
    client.get(reverse("game", args=[game.code]))
    assert not OpenPage.objects.exists() and not presence.is_here(game.pk, hostess.pk)
