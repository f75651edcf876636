"""What the hidden-information tests of the deck games share: every response a viewer can get
about a table, as text, and the texts that would give a hidden card away."""

from __future__ import annotations

from django.contrib.auth.models import AnonymousUser
from django.test import Client
from django.urls import reverse
from django.utils.html import escape

from games.decks import card_info, parse
from games.models import Game, Notification
from games.notifications.mailer import render
from tests.platform.test_live import pushed_on_return
from tests.scoresheets.pad_helpers import pdf_text

MIN_WORDS = 8  # shorter words ("and", "of the") are everywhere on a page; longer ones are a card's own


def card_texts(card: str, visible: set[tuple]) -> list[str]:
    """What would give ``card`` away: its id, and its words when they are distinctive and no card
    of the same number and verse (``visible``, as ``parse(card)[1:]``) is in the viewer's sight."""
    texts = [card]
    words = card_info(card)["words"]
    if parse(card)[1:] not in visible and len(words) >= MIN_WORDS:
        texts += [words, escape(words)]
    return texts


def everything(
    game: Game, seat: int | None, user, answers: list[str], shared_screen: bool = False
) -> dict[str, str]:
    """Every response a viewer (at ``seat``, or None: without a seat; ``user`` None: signed out)
    can get about the game, as text: the page, the poll, what their page's socket is pushed, the
    log (and the shared screen and its poll), their games list, the PDF pads, their e-mails and
    their own move answers. The socket reads the table in threads of its own: a test that calls
    this commits its writes (``django_db(transaction=True)``)."""
    client = Client()
    if user is not None:
        client.force_login(user)
    urls = {
        "page": game.get_absolute_url(),
        "poll": reverse("poll", args=[game.code]) + "?version=0",
        "log": reverse("log", args=[game.code]),
    }
    if shared_screen:
        urls["tv"] = reverse("tv", args=[game.code])
        urls["tv poll"] = reverse("tv_poll", args=[game.code]) + "?version=0"
    if user is not None:
        urls["my games"] = reverse("my_games")
    found = {}
    for name, url in urls.items():
        response = client.get(url)
        assert response.status_code == 200, name
        found[name] = response.content.decode()
    pushed = pushed_on_return(game.code, user or AnonymousUser())
    assert pushed["version"] == game.version and "html" in pushed, "the socket was pushed no board"
    found["push"] = pushed["html"]
    for scope in ("table", "mine") if seat is not None else ("table",):
        response = client.get(reverse("pad_game", args=[game.code]), {"scope": scope})
        assert response.status_code == 200, scope
        found[f"pad {scope}"] = pdf_text(response.content)
    if user is not None:
        for note in Notification.objects.filter(user=user):
            message = render(note)
            html = "".join(content for content, _ in message.alternatives)
            text = f"{message.subject}\n{message.body}\n{html}\n{note.context}"
            found[f"mail {note.pk} {note.kind}"] = text
    for number, answer in enumerate(answers):
        found[f"move answer {number}"] = answer
    return found
