"""Romi Rami through the site: the lobby, the board, every kind of move through the move endpoint,
and refusals that leave the table as it was."""

from __future__ import annotations

import json
import re

import pytest
from django.urls import reverse
from django.utils.html import escape

from games.models import Game
from games.romirami.engine import ROMIRAMI, number_card
from games.romirami.tests.helpers import code, table

pytestmark = pytest.mark.django_db


@pytest.fixture
def players(make_user, client):
    """Julius creates a two-seat table through the lobby, Agrippina joins by its link, he starts it."""
    from django.test import Client

    julius, agrippina = make_user("Julius"), make_user("Agrippina")
    client.force_login(julius)
    response = client.post(
        reverse("new_game", args=["romirami"]), {"max_seats": 2, "seat_order": "seated", "host_plays": "on"}
    )
    game = Game.objects.get()
    assert response.status_code == 302 and response.url == game.get_absolute_url()
    other = Client()
    other.force_login(agrippina)
    assert other.post(reverse("join", args=[game.code])).status_code == 302
    assert client.post(reverse("start", args=[game.code])).status_code == 302
    game.refresh_from_db()
    assert game.status == Game.Status.ACTIVE and game.engine is ROMIRAMI
    return game, client, other


def post(client, game, move: dict | str, turn=None, **fields):
    game.refresh_from_db()
    data = {"move": move if isinstance(move, str) else json.dumps(move), **fields}
    data["turn"] = game.tokens[str(ROMIRAMI.to_act(game.state)[0])] if turn is None else turn
    return client.post(reverse("move", args=[game.code]), data, HTTP_HX_REQUEST="true")


def lay(game, state: dict) -> None:
    """Put a laid-out table in place of the dealt one (the seat to act and its token stay)."""
    Game.objects.filter(pk=game.pk).update(state=state)
    game.refresh_from_db()


def refused(client, game, move, sentence: str, status: int = 400, turn=None, **fields) -> str:
    """The move is answered with a 4xx, the sentence and the board; nothing changed."""
    game.refresh_from_db()
    before, version = json.dumps(game.state, sort_keys=True), game.version
    response = post(client, game, move, turn=turn, **fields)
    body = response.content.decode()
    assert response.status_code == status, body[:400]
    assert escape(sentence) in body, body[:400]
    assert 'id="board"' in body
    game.refresh_from_db()
    assert game.version == version and json.dumps(game.state, sort_keys=True) == before
    return body


def ids_in(body: str, attribute: str = "data-card") -> list[int]:
    return [int(found) for found in re.findall(rf'{attribute}="(\d+)"', body)]


def test_the_first_take_through_the_page_the_lobby_dealt(players):
    game, julius, agrippina = players
    page = julius.get(game.get_absolute_url()).content.decode()
    assert "Your turn: take cards from the Number market." in page
    assert 'src="/static/romirami/romirami.js"' in page
    takes = json.loads(re.search(r'data-takes="([^"]+)"', page).group(1))
    assert sorted(takes) == sorted(sorted(m["cards"]) for m in ROMIRAMI.legal_moves(game.state, 0))
    tappable = [int(v) for v in re.findall(r'name="cards" value="(\d+)"', page)]
    assert tappable == [c for c in game.state["market"] if c is not None]
    waiting = agrippina.get(game.get_absolute_url()).content.decode()
    assert "Waiting for Julius" in waiting and 'name="cards"' not in waiting

    group = max(takes, key=len)
    response = post(julius, game, {"type": "take"}, cards=[str(c) for c in group])
    assert response.status_code == 200
    game.refresh_from_db()
    assert game.state["phase"] == "play" and set(group) <= set(game.state["hands"][0])
    body = response.content.decode()
    assert "End the turn" in body and "This turn: Julius" in body
    assert game.moves.get().summary.startswith("Julius took ")


def test_take_end_turn_discard_then_take_and_complete_a_contract(players):
    game, julius, agrippina = players
    lay(
        game,
        table(
            hands={0: "1D 1H 1L 2D 2H 3L 5H 5L 5D 3H", 1: "2L 3D 4L"},
            market="4C 4D 4H 1C 2C 3C",
            phase="take",
        ),
    )
    fours, cherries = game.state["market"][:3], game.state["market"][3:]
    assert post(julius, game, {"type": "take"}, cards=[str(c) for c in fours]).status_code == 200

    # Thirteen cards: ending the turn asks for three discards, one card at a time.
    body = post(julius, game, {"type": "end_turn"}).content.decode()
    game.refresh_from_db()
    assert game.state["phase"] == "discard"
    assert "You hold 13 cards: discard down to 10 by tapping 3 cards in your hand" in body
    assert ids_in(body, 'name="card" value') == sorted(game.state["hands"][0], key=_order)
    for left in (2, 1, 0):
        page = julius.get(game.get_absolute_url()).content.decode()
        lowest = ids_in(page, 'name="card" value')[0]
        response = post(julius, game, {"type": "discard"}, card=str(lowest))
        assert response.status_code == 200
        game.refresh_from_db()
        assert len(game.state["hands"][0]) == 10 + left
    assert ROMIRAMI.to_act(game.state) == [1] and len(game.state["hands"][0]) == 10

    # Agrippina takes the three Cherries and completes the Cherry Run4 from the way offered.
    assert game.state["market"][3:] == cherries
    assert post(agrippina, game, {"type": "take"}, cards=[str(c) for c in cherries]).status_code == 200
    page = agrippina.get(game.get_absolute_url()).content.decode()
    form = page[page.index('data-contract="run4-cherry"') :]
    assert 'name="way" value="1 2 3 4"' in form[: form.index("</form>")]
    assert 'class="rami-way rami-way-star" name="way" value="1 2 3 star"' in form[: form.index("</form>")]
    move = {"type": "complete", "contract": "run4-cherry"}
    response = post(agrippina, game, move, way="1 2 3 4")
    assert response.status_code == 200, response.content[:300]
    game.refresh_from_db()
    assert game.state["contracts"][1] == ["run4-cherry"]
    assert sorted(code(c) for c in game.state["bonus"][1]) == ["1C", "2C", "3C"]
    body = response.content.decode()
    assert "Suit Bonus <strong>3 cards</strong>" in body
    assert "Completed <strong>Run4</strong>" in body

    assert post(agrippina, game, {"type": "end_turn"}).status_code == 200
    game.refresh_from_db()
    assert ROMIRAMI.to_act(game.state) == [0] and game.state["round"] == 2
    assert len(game.state["hands"][1]) == 3  # two left, one drawn
    seen = julius.get(game.get_absolute_url()).content.decode()
    assert "Last turn: Agrippina" in seen and "Completed <strong>Run4</strong>" in seen
    assert "Suit Bonus 3" not in seen  # her count stays hers


def _order(card_id: int) -> tuple:
    suit, number = number_card(card_id)
    return (number, ("cherry", "diamond", "heart", "clover").index(suit), card_id)


def test_refusals_say_why_and_change_nothing(players):
    game, julius, agrippina = players
    lay(game, table(hands={0: "1D 1H 2D 2H 3L", 1: "2L 3D 4L"}, market="4C 4D 4H 1C 2C 3C", phase="take"))
    market = game.state["market"]
    hand = game.state["hands"][0]

    refused(agrippina, game, {"type": "take"}, "It is not your turn.", 409, cards=[str(market[0])])
    refused(
        julius, game, {"type": "take"}, "Take only cards that are in the Number market.", cards=[str(hand[0])]
    )
    refused(
        julius,
        game,
        {"type": "take"},
        "Take cards that all share one number or one suit.",
        cards=[str(market[1]), str(market[4])],
    )
    refused(julius, game, {"type": "take"}, "Take 1, 2 or 3 cards", cards=[str(c) for c in market[:4]])
    refused(julius, game, {"type": "take"}, "Name the cards you take", cards=["four"])
    refused(julius, game, {"type": "take"}, "far longer than any move", cards=["9" * 5000])
    refused(julius, game, {"type": "take"}, "Name the cards you take from the Number market.")  # none tapped
    refused(julius, game, {"type": "end_turn"}, "Take cards from the Number market first.")
    refused(
        julius,
        game,
        {"type": "take"},
        "game moved on",
        409,
        turn=game.tokens["0"] - 1,
        cards=[str(market[0])],
    )
    refused(julius, game, "{not json", "That is not a move this game understands.")

    assert post(julius, game, {"type": "take"}, cards=[str(c) for c in market[:3]]).status_code == 200
    stale = game.tokens["0"]
    assert post(julius, game, {"type": "take"}, turn=stale).status_code == 409  # a double click
    game.refresh_from_db()
    move = {"type": "complete", "contract": "run4-cherry"}
    refused(julius, game, move, "1 1 2 2 do not make Run4: it needs exactly a run of 4", way="2 1 2 1")
    refused(julius, game, move, "You hold no 5.", way="2 3 4 5")
    refused(julius, game, move, "You hold only 1 card numbered 3, not 2", way="1 2 3 3")
    refused(julius, game, move, "Name the numbers of the cards you play", way="1 2 three 4")
    refused(julius, game, move, "Name the numbers of the cards you play", way="1 2 3 " + "4 " * 40)
    refused(
        julius,
        game,
        {"type": "complete", "contract": "run5-heart"},
        "Choose a contract from the Contract",
        way="1 2 3 4",
    )
    refused(julius, game, move, "Say whether the Star plays")  # no way chosen
    refused(julius, game, {"type": "discard"}, "You discard only at the end of a turn", card=str(hand[0]))
    refused(julius, game, {"type": "end_turn"}, "Ending the turn takes no other field.", card=str(hand[0]))
    refused(agrippina, game, move, "It is not your turn.", 409, turn=game.tokens["1"], way="1 2 3 4")

    lay(game, {**game.state, "star_used": [True, False]})
    refused(julius, game, move, "You have already used your Star.", way="1 2 3 star")
    assert 'value="1 2 3 star"' not in julius.get(game.get_absolute_url()).content.decode()


def test_forged_discards_are_refused(players):
    game, julius, _ = players
    lay(game, table(hands={0: "1D 1H 1L 2D 2H 3L 5H 5L 5D 3H 4L", 1: "2L 3D 4L"}, phase="discard"))
    other = game.state["hands"][1][0]
    refused(julius, game, {"type": "discard"}, "Discard a card from your hand.", card=str(other))
    refused(julius, game, {"type": "discard"}, "Discard a card from your hand.", card="x")
    refused(julius, game, {"type": "discard"}, "Discard a card from your hand.")
    refused(
        julius,
        game,
        {"type": "take"},
        "You have already taken cards this turn.",
        cards=[str(game.state["market"][0])],
    )


def test_a_spectator_sees_the_table_and_no_controls(players, client):
    game, _, _ = players
    client.logout()
    page = client.get(game.get_absolute_url()).content.decode()
    assert "Number market" in page and "Contract market" in page and "Trophies" in page
    for control in ('name="cards"', 'name="way"', 'name="card"', "End the turn", "Your hand"):
        assert control not in page
    refused(
        client,
        game,
        {"type": "take"},
        "Sign in to play at this table.",
        403,
        cards=[str(game.state["market"][0])],
    )


def test_the_board_draws_cards_contracts_trophies_and_players(players):
    game, julius, _ = players
    lay(
        game,
        table(
            hands={0: "1C 2C 3C 4C 2D"},
            contracts={1: ["4-kind-clover"]},
            trophies=("suit", "combo", "suit", "combo"),
            phase="play",
        ),
    )
    page = julius.get(game.get_absolute_url()).content.decode()
    for card_id in game.state["hands"][0]:
        assert f'data-card="{card_id}"' in page
    # A card: its number in the corner and the middle, its suit's symbol and, for screen readers, its name.
    assert re.search(
        r'<span class="rami-card rami-suit-cherry" data-card="\d+">\s*'
        r'<span class="rami-corner" aria-hidden="true">1'
        r'<span class="rami-sym rami-suit-cherry"></span></span>\s*'
        r'<span class="rami-big" aria-hidden="true">1</span>\s*'
        r'<span class="rami-pip rami-sym rami-suit-cherry" aria-hidden="true"></span>\s*'
        r'<span class="rami-sr">Cherry 1</span>',
        page,
    )
    assert "A run of 4 (4 cards)" in page and 'data-contract="run4-cherry"' in page
    assert "Most Cherry contracts (3)" in page and "Most 3-card icons (4)" in page
    assert "Most 4-card icons (3)" not in page  # the other side of tile 3
    assert "led by <strong>Agrippina</strong>" in page  # one 4-kind: the most 4-card icons
    assert "0/7 contracts" in page and "1/7 contracts, 2 points" in page
    assert "Suit Bonus <strong>0 cards</strong>" in page and "Star unused" in page
    assert page.count('style="') == 0 and "onclick" not in page and "<script>" not in page


def test_the_turns_bar_and_the_star_ways_are_the_seat_to_acts_own(players):
    game, julius, agrippina = players
    lay(game, table(hands={0: "1C 2C 3C 4C 2D"}, phase="play"))
    page = julius.get(game.get_absolute_url()).content.decode()
    bar = page[page.index('<section class="rami-bar"') :]
    bar = bar[: bar.index("</section>")]
    assert "End the turn" in bar and 'href="#rami-offers-title"' in bar
    # Run4 Cherry is met without the Star: its ways with the Star are folded under the others.
    ways = page[page.index('value=\'{"type":"complete","contract":"run4-cherry"}\'') :]
    ways = ways[: ways.index("</form>")]
    assert (
        ways.index('value="1 2 3 4"')
        < ways.index('<details id="rami-star-run4-cherry"')
        < ways.index('value="1 2 3 star"')
    )
    waiting = agrippina.get(game.get_absolute_url()).content.decode()
    assert "rami-bar" not in waiting and "End the turn" not in waiting and "rami-star-" not in waiting
