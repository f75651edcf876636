"""Simultaneous writes on PostgreSQL: all land, the turn resolves once, the auto flip happens once."""

import pytest

from games.models import Game, Move
from games.play import services
from games.play.replay import replay
from tests.real_parts import at_once, require

pytestmark = [pytest.mark.integration, pytest.mark.django_db(transaction=True)]

NAMES = ("Anna", "Ben", "Cleo", "Dora", "Emil", "Fay")


@pytest.fixture(autouse=True)
def needs_postgres():
    require("racing writes (SQLite serialises every write)")


def test_six_simultaneous_writes_all_land_and_the_turn_flips_once(make_table):
    game, users = make_table("catacombs", NAMES, {"flip_mode": "auto"})
    assert game.state["turn"] == 1
    version = game.version
    tokens = {seat: game.tokens[str(seat)] for seat in range(len(users))}
    moves = {seat: game.engine.legal_moves(game.state, seat)[seat % 3] for seat in range(len(users))}

    results = at_once(
        [
            (lambda seat=seat, user=user: services.submit_move(game.pk, user, moves[seat], tokens[seat]))
            for seat, user in enumerate(users)
        ]
    )

    assert all(isinstance(r, Game) for r in results), results
    game.refresh_from_db()
    log = list(Move.objects.filter(game=game).order_by("number"))
    assert [m.number for m in log] == list(range(len(log))) == list(range(8))
    assert [m.seat for m in log].count(None) == 2  # the first flip and exactly one more
    assert log[-1].seat is None and sorted(m.seat for m in log[1:-1]) == list(range(6))
    assert game.state["turn"] == 2 and game.state["phase"] == "write"
    assert game.version == version + 7  # one per move: six writes and the flip
    for seat in range(6):
        written = [c for row in game.state["sheets"][seat] for c in row if c is not None]
        assert len(written) == 1  # every write was resolved into its sheet
    assert replay(game) == game.state


def test_a_write_for_a_past_turn_is_refused_clearly(make_table):
    game, users = make_table("catacombs", NAMES[:2], {"flip_mode": "auto"})
    stale = game.tokens["0"]
    for seat, user in enumerate(users):
        game.refresh_from_db()
        services.submit_move(game.pk, user, {"type": "pass"}, game.tokens[str(seat)])
    with pytest.raises(services.MoveRejected) as refused:
        services.submit_move(game.pk, users[0], {"type": "write", "pile": 0, "slot": 0}, stale)
    assert refused.value.status == 409 and "The game moved on" in refused.value.message


def test_a_double_submit_lands_once(make_table):
    game, users = make_table("catacombs", NAMES[:3], {"flip_mode": "auto"})
    token = game.tokens["0"]
    move = {"type": "write", "pile": 0, "slot": 0}
    results = at_once([lambda: services.submit_move(game.pk, users[0], move, token) for _ in range(2)])
    landed = [r for r in results if isinstance(r, Game)]
    refused = [r for r in results if isinstance(r, services.MoveRejected)]
    assert len(landed) == 1 and len(refused) == 1 and refused[0].status == 409
    assert Move.objects.filter(game=game, seat=0).count() == 1


def test_two_quick_daily_starts_make_one_run(make_user):
    from games.catacombs import runs

    anna = make_user("Anna")
    results = at_once([lambda: runs.start_daily(anna) for _ in range(2)])
    assert all(isinstance(r, runs.DailyStart) for r in results), results
    assert sorted(r.created for r in results) == [False, True]
    assert results[0].game.pk == results[1].game.pk
    assert Game.objects.filter(host=anna).count() == 1
