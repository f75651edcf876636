"""What a Roman Poker move pushes to the table's open pages: every socket gets the same table's part
(the score pad and the log, drawn once), and only the seat to play gets its moves."""

from __future__ import annotations

import pytest
from django.contrib.auth.models import AnonymousUser

from games.play import services
from tests.platform.test_live import heard_after

pytestmark = pytest.mark.django_db(transaction=True)  # the sockets' threads read the table

CONTROLS = 'aria-label="Your moves"'


def table_part(html: str) -> str:
    """The score pad and the log, as the board places them (its last two sections)."""
    start = html.index("<h2>Score pad</h2>")
    return html[start : html.rindex("The whole log")]


def test_every_socket_gets_the_same_table_part_and_only_the_seat_to_play_its_moves(make_user):
    livia, marcus, watcher = make_user("Livia"), make_user("Marcus"), make_user("Watcher")
    game = services.create_game(livia, "poker", {}, 2, "seated")
    services.join_game(game.pk, marcus)
    services.start_game(game.pk, livia)
    game.refresh_from_db()
    first = game.state["turn"]
    mover, other = (livia, marcus) if first == 0 else (marcus, livia)
    viewers = {"mover": mover, "other": other, "watcher": watcher, "visitor": AnonymousUser()}

    heard, _ = heard_after(
        game.code,
        viewers,
        lambda: services.submit_move(game.pk, mover, {"type": "roll"}, game.tokens[str(first)]),
    )
    boards = {name: message["html"] for name, message in heard.items()}
    assert len({table_part(html) for html in boards.values()}) == 1
    mover_name = "Livia" if mover == livia else "Marcus"
    assert f"<li>{mover_name} rolled " in table_part(boards["watcher"])  # the roll is in the log
    assert CONTROLS in boards["mover"] and "Your turn" in boards["mover"]
    for name in ("other", "watcher", "visitor"):
        assert CONTROLS not in boards[name] and "Your turn" not in boards[name], name
