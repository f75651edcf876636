"""Every game played through the platform's move path (players, the host, computer players, a
player leaving for good and the host ending the game) replays from its seed and log to the state
the table holds (``games.play.replay``)."""

from __future__ import annotations

import random
from datetime import timedelta

import pytest
from django.utils import timezone

from games.contract import kinds
from games.models import Game
from games.notifications import deadlines
from games.play import services
from games.play.replay import replay
from games.tables import tools
from tests.conformance.subjects import SUBJECTS, TOYS, Subject

pytestmark = pytest.mark.django_db

MOVES = 40  # moves of the game's own before someone leaves, and as many after
NAMES = ("Julius", "Agrippina", "Gaius")


@pytest.fixture
def registered(subject: Subject):
    """The subject's kind in the registry for the test (the toy games are not installed)."""
    toy = subject.kind in TOYS
    if toy:
        kinds.register(subject.kind)
    yield subject.kind
    if toy:
        kinds.unregister(subject.slug)


def one_move(game: Game, users: dict, rng: random.Random) -> bool:
    """A random legal move by a player here, or by the host when the table awaits its step;
    False when nobody here has one (the table may take a step of its own, as when someone comes)."""
    engine, state = game.engine, game.state
    here = {seat.position for seat in game.seats.all() if not seat.left and not seat.is_bot}
    movers = [seat for seat in here if engine.legal_moves(state, seat)]
    if not engine.realtime:
        movers = [seat for seat in movers if seat in engine.to_act(state)]
    if movers:
        seat = rng.choice(movers)
        move = rng.choice(engine.legal_moves(state, seat))
        services.submit_move(game.pk, users[seat], move, game.tokens.get(str(seat)))
    elif not engine.to_act(state) and engine.legal_moves(state, None):
        move = rng.choice(engine.legal_moves(state, None))
        services.submit_move(game.pk, users[0], move, game.tokens.get(services.HOST), as_host=True)
    else:
        return False
    return True


def clock_runs_out(game: Game) -> int:
    """The moves a table on a clock makes when its time is up (a realtime game's Begin)."""
    return deadlines.run_clock(game.pk, timezone.now() + timedelta(minutes=1))


def play(game: Game, users: dict, rng: random.Random, moves: int) -> None:
    for _ in range(moves):
        services.play_bots(game.pk)
        game.refresh_from_db()
        if game.status != Game.Status.ACTIVE:
            return
        if not (one_move(game, users, rng) or services.table_moves_now(game.pk) or clock_runs_out(game)):
            return  # the table waits for something no one here can give
        game.refresh_from_db()


@pytest.mark.parametrize("subject", SUBJECTS, ids=str)
def test_a_table_played_through_the_platform_replays_to_its_state(subject, registered, make_table):
    players = min(3, subject.engine.max_players)
    game, people = make_table(subject.slug, names=NAMES[:players])
    users = dict(enumerate(people))
    rng = random.Random(subject.slug)
    play(game, users, rng, MOVES)
    assert game.move_count > 0
    if game.status == Game.Status.ACTIVE:
        tools.leave(game.pk, users[players - 1])
        game.refresh_from_db()
        play(game, users, rng, MOVES)
    if game.status == Game.Status.ACTIVE:
        tools.host_tool(game.pk, users[0], "end")
        game.refresh_from_db()
    assert game.status == Game.Status.FINISHED
    assert replay(game) == game.state
