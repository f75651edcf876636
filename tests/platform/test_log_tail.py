"""A game keeps its log's latest lines beside its state (``Game.log_tail``), so a board reads no log."""

from __future__ import annotations

import importlib
import random

import pytest
from django.apps import apps
from django.test import RequestFactory

from games.models import LOG_TAIL, Game
from games.play import services
from games.tables.departures import latest_log_lines
from games.web.presenter import board_context

pytestmark = pytest.mark.django_db


def play(game: Game, users: list, moves: int) -> Game:
    rng = random.Random(11)
    by_position = {seat.position: seat.user for seat in game.seats.all()}
    for _ in range(moves):
        game.refresh_from_db()
        seat = game.engine.to_act(game.state)[0]
        move = rng.choice(game.engine.legal_moves(game.state, seat))
        services.submit_move(game.pk, by_position[seat], move, game.tokens[str(seat)])
    game.refresh_from_db()
    return game


def seeded_table(make_user, seed: str) -> tuple[Game, list]:
    """A started two-player Poker table dealt from ``seed``: the moves below play it the same way
    every run (a random deal can end the game early, on a misthrow with no card left). A real game:
    filling the tail takes more moves than the toy Nim lasts."""
    users = [make_user("Julius"), make_user("Agrippina")]
    game = services.create_game(users[0], "poker", {}, 2, "seated")
    services.join_game(game.pk, users[1])
    Game.objects.filter(pk=game.pk).update(seed=seed)
    return services.start_game(game.pk, users[0]), users


def test_each_move_puts_its_line_first_and_the_board_shows_the_tail(make_user):
    game, users = seeded_table(make_user, "log-tail-1")
    game = play(game, users, 3)
    assert game.log_tail == latest_log_lines(game) and len(game.log_tail) == 3
    game = play(game, users, LOG_TAIL)
    assert len(game.log_tail) == LOG_TAIL
    assert game.log_tail == latest_log_lines(game)
    request = RequestFactory().get("/")
    request.user = users[0]
    assert board_context(request, game)["log"] == game.log_tail


def test_the_migration_fills_the_tail_of_a_game_played_before_it(make_user):
    game, users = seeded_table(make_user, "log-tail-2")
    game = play(game, users, LOG_TAIL + 2)
    lines = game.log_tail
    Game.objects.filter(pk=game.pk).update(log_tail=[])
    migration = importlib.import_module("games.migrations.0010_game_log_tail")
    migration.fill_log_tails(apps, None)
    game.refresh_from_db()
    assert game.log_tail == lines == latest_log_lines(game)
