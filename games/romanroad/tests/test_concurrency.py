"""Two players racing on PostgreSQL: moves from threads released together through
services.submit_move. Exactly one card takes a Foundation place; the other player is told
"Too late" and keeps their card. After an Amen, no move lands."""

from __future__ import annotations

import pytest

from games.models import Game, Move
from games.play import services
from games.romanroad.tests.site import foundation, lay_out, rig
from tests.real_parts import at_once, require

pytestmark = [pytest.mark.integration, pytest.mark.django_db(transaction=True)]

ROUNDS = 8
TOO_LATE = "Too late — the 4 of Romans 5:8 is already there."


@pytest.fixture(autouse=True)
def needs_postgres():
    require("racing moves (SQLite serialises every write)")


def racing(game: Game) -> Game:
    """Both hold a 4 of Romans 5:8 on top of their Store; Foundation 0 waits for a 4."""
    state = game.engine.setup(2, {}, services.setup_rng(game.seed))
    state.update(phase="hand", ready=[False, False])  # after Begin
    foundation(state, 0, "mt-58-1", "mk-58-2", "mt-58-3")
    lay_out(state, 0, store=["mt-323-5", "mt-58-4"], work=(["mt-1013-8"], ["mt-623-8"], ["mt-323-8"]))
    lay_out(state, 1, store=["mk-323-5", "mk-58-4"], work=(["mk-1013-8"], ["mk-623-8"], ["mk-323-8"]))
    return rig(game, state)


def move(card: str, to: str = "foundation:0") -> dict:
    return {"type": "move", "card": card, "to": to, "hand": 1}


def test_two_cards_for_one_place_exactly_one_lands_the_other_is_told_and_kept(make_table):
    game, (julius, agrippina) = make_table("romanroad")
    winners = set()
    for _ in range(ROUNDS):
        racing(game)
        moves_before = Move.objects.filter(game=game).count()
        results = at_once(
            [
                lambda: services.submit_move(game.pk, julius, move("mt-58-4"), None),
                lambda: services.submit_move(game.pk, agrippina, move("mk-58-4"), None),
            ]
        )
        landed = [seat for seat, result in enumerate(results) if isinstance(result, Game)]
        refused = [result for result in results if isinstance(result, services.MoveRejected)]
        assert len(landed) == 1 and len(refused) == 1, results
        assert refused[0].message == TOO_LATE and refused[0].status == 400
        game.refresh_from_db()
        winner, loser = landed[0], 1 - landed[0]
        winners.add(winner)
        pile = game.state["foundations"][0]["cards"]
        assert pile[-1] == ("mt-58-4", "mk-58-4")[winner] and len(pile) == 4
        assert game.state["seats"][loser]["store"][-1] == ("mt-58-4", "mk-58-4")[loser]  # kept
        assert len(game.state["seats"][winner]["store"]) == 1
        assert Move.objects.filter(game=game).count() == moves_before + 1
    assert winners  # who wins a race is the server's arrival order; both outcomes are fine


def test_amen_stops_every_later_move(make_table):
    game, (julius, agrippina) = make_table("romanroad")
    for _ in range(ROUNDS):
        racing(game)
        me = game.state["seats"][0]
        me["search"] = [card for card in me["search"] if card != "mt-1013-1"] + me["store"]
        me["store"] = ["mt-1013-1"]  # Julius's last Store card: it starts a Foundation, Amen
        rig(game, game.state)
        results = at_once(
            [
                lambda: services.submit_move(game.pk, julius, move("mt-1013-1", "foundation:new"), None),
                lambda: services.submit_move(game.pk, agrippina, move("mk-58-4"), None),
                lambda: services.submit_move(game.pk, agrippina, {"type": "flip", "hand": 1}, None),
            ]
        )
        assert isinstance(results[0], Game), results
        for result in results[1:]:
            assert isinstance(result, Game) or result.message == "Too late — the hand is over.", results
        game.refresh_from_db()
        assert game.state["phase"] == "between" and game.state["amen"] == 0
        # Whatever of Agrippina's landed, landed before the Amen: nothing is logged after it.
        last = Move.objects.filter(game=game).order_by("number").last()
        assert last.seat == 0 and "Amen!" in last.summary
        for payload in (move("mk-58-4"), {"type": "flip", "hand": 1}, {"type": "stuck", "hand": 1}):
            with pytest.raises(services.MoveRejected) as late:
                services.submit_move(game.pk, agrippina, payload, None)
            assert late.value.message == "Too late — the hand is over."
        assert Move.objects.filter(game=game).order_by("number").last() == last
