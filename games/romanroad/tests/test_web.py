"""Roman Road through the real lobby, game page and move endpoint: plays, races lost, Stuck, the
hand's end, Ready and the clock that deals the next hand."""

from __future__ import annotations

import json
import re
from datetime import timedelta

import pytest
from django.urls import reverse

from games.contract import kinds
from games.models import Game, Move
from games.notifications import deadlines
from games.play import services
from games.play.replay import replay
from games.romanroad.tests.site import (
    begin,
    client_for,
    foundation,
    lay_out,
    lobby_table,
    play,
    post_move,
    rig,
)
from games.romanroad.web import BETWEEN_SECONDS, absent_seconds, begin_seconds

pytestmark = pytest.mark.django_db

TOO_LATE = "Too late — the 4 of Romans 5:8 is already there."


@pytest.fixture
def pair(make_user):
    return make_user("Julius"), make_user("Agrippina")


def snapshot(game: Game):
    game.refresh_from_db()
    return json.dumps(game.state, sort_keys=True), game.version, Move.objects.filter(game=game).count()


def race_table(pair) -> Game:
    """Both players hold a 4 of Romans 5:8 on top of their Store; Foundation 0 waits for a 4."""
    game = lobby_table(pair[0], [pair[1]])
    state = game.state
    foundation(state, 0, "mt-58-1", "mk-58-2", "mt-58-3")
    lay_out(state, 0, store=["mt-323-5", "mt-58-4"], work=(["mt-1013-8"], ["mt-623-6"], ["mt-323-2"]))
    lay_out(state, 1, store=["mk-1013-5", "mk-58-4"], work=(["mk-1013-8"], ["mk-623-6"], ["mk-323-2"]))
    return rig(game, state)


def test_the_create_form_offers_the_target_and_the_computer_players_speed(pair):
    client = client_for(pair[0])
    page = client.get(reverse("new_game", args=["romanroad"])).content.decode()
    assert 'name="target"' in page and 'name="bot_speed"' in page and "Amen bonus" in page
    game = lobby_table(pair[0], bots=2, target=25, bot_speed="slow", amen_bonus="on")
    assert game.options == {"amen_bonus": True, "negative": False, "target": 25, "bot_speed": "slow"}
    assert game.state["options"] == {"amen_bonus": True, "negative": False, "target": 25}
    assert kinds.get("romanroad").table_form.labels(game.options) == [
        "play to 25",
        "Amen bonus",
        "slow computer players",
    ]
    bad = client.post(
        reverse("new_game", args=["romanroad"]),
        {"max_seats": 2, "seat_order": "seated", "host_plays": "on", "target": 4, "bot_speed": "fast"},
    )
    assert bad.status_code == 400


def test_the_page_shows_my_piles_large_and_the_others_small(pair):
    game = race_table(pair)
    page = client_for(pair[0]).get(game.get_absolute_url()).content.decode()
    assert 'data-card="mt-58-4"' in page  # my Store top, a card I can move
    assert re.search(r'data-card="mt-58-4"[^>]*data-targets="foundation:0', page)
    assert 'data-foundation="foundation:0"' in page
    assert 'class="rr-mini suit-58 back-mk"' in page  # Agrippina's Store top, small
    assert 'data-to="foundation:0"' in page and 'data-to="foundation:new"' in page
    assert "But God commends his own love toward us," in page  # the Foundation reads its verse so far
    assert 'src="/static/romanroad/romanroad.js"' in page and "<script>" not in page


def test_the_page_loads_the_table_script_from_the_lobby_on_and_the_partials_bring_none(pair):
    """Someone waiting in the lobby gets the table when the host starts it, by a swap: the
    script must already be on the page then (htmx runs no script a swapped partial brings)."""
    client = client_for(pair[0])
    data = {"max_seats": 2, "seat_order": "seated", "host_plays": "on", "target": 40, "bot_speed": "fast"}
    response = client.post(reverse("new_game", args=["romanroad"]), data)
    game = Game.objects.get(code=response.url.rstrip("/").rsplit("/", 1)[-1])
    assert 'src="/static/romanroad/romanroad.js"' in client.get(game.get_absolute_url()).content.decode()
    started = race_table(pair)
    poll = client_for(pair[0]).get(reverse("poll", args=[started.code]) + "?version=0").content.decode()
    assert "rr-you" in poll and "<script" not in poll


def test_a_card_played_to_a_foundation_lands_and_the_partial_comes_back(pair):
    game = race_table(pair)
    response = play(client_for(pair[0]), game, "mt-58-4", "foundation:0", hand=1)
    assert response.status_code == 200
    body = response.content.decode()
    assert body.lstrip().startswith('<div id="board"') and "<html" not in body
    game.refresh_from_db()
    assert game.state["foundations"][0]["cards"][-1] == "mt-58-4"
    assert game.state["seats"][0]["store"] == ["mt-323-5"]
    played = {"type": "move", "card": "mt-58-4", "to": "foundation:0", "hand": 1}
    assert Move.objects.filter(game=game).latest("number").payload == played
    assert "But God commends his own love toward us, in that" in body


def test_the_second_card_for_one_place_is_too_late_and_stays_where_it_was(pair):
    game = race_table(pair)
    assert play(client_for(pair[0]), game, "mt-58-4", "foundation:0").status_code == 200
    before = snapshot(game)
    response = play(client_for(pair[1]), game, "mk-58-4", "foundation:0")
    assert response.status_code == 400
    body = response.content.decode()
    assert TOO_LATE in body and 'class="error flash"' in body
    assert snapshot(game) == before
    assert game.state["seats"][1]["store"][-1] == "mk-58-4"
    assert re.search(r'data-card="mk-58-4"', body)  # the page still shows her card on her Store


def test_a_move_sent_during_the_last_hand_is_too_late(pair):
    game = race_table(pair)
    game.state["hand"] = 2
    rig(game, game.state)
    before = snapshot(game)
    response = play(client_for(pair[0]), game, "mt-58-4", "foundation:0", hand=1)
    assert response.status_code == 400 and "Too late — the hand is over." in response.content.decode()
    assert snapshot(game) == before


def test_stuck_leaves_only_foundation_plays_and_all_stuck_turns_the_decks(pair):
    game = race_table(pair)
    julius, agrippina = client_for(pair[0]), client_for(pair[1])
    response = post_move(julius, game, {"type": "stuck"}, hand=1)
    assert response.status_code == 200 and "You are stuck" in response.content.decode()
    game.refresh_from_db()
    assert game.state["seats"][0]["stuck"] and game.engine.to_act(game.state) == [1]
    refused = play(julius, game, "mt-323-2", "work:1")
    assert refused.status_code == 400 and "You have declared stuck" in refused.content.decode()
    top = game.state["seats"][1]["search"][-1]
    assert post_move(agrippina, game, {"type": "stuck"}, hand=1).status_code == 200
    game.refresh_from_db()
    assert game.state["turnarounds"] == 1 and game.engine.to_act(game.state) == [0, 1]
    assert game.state["seats"][1]["search"][0] == top  # her top card went to the bottom
    assert "Everyone is stuck" in Move.objects.filter(game=game).latest("number").summary


def end_hand(pair) -> Game:
    return end_hand_of(race_table(pair), pair)


def end_hand_of(game: Game, pair) -> Game:
    """Julius plays his last Store card: Amen."""
    game.state["seats"][0]["store"] = ["mt-58-4"]
    game.state["seats"][0]["search"].append("mt-323-5")
    rig(game, game.state)
    assert play(client_for(pair[0]), game, "mt-58-4", "foundation:0").status_code == 200
    game.refresh_from_db()
    assert game.state["phase"] == "between"
    return game


def test_amen_ends_the_hand_shows_the_score_sheet_and_stops_later_moves(pair):
    game = end_hand(pair)
    page = client_for(pair[1]).get(game.get_absolute_url()).content.decode()
    assert "Amen! Julius emptied their Store." in page
    sheet = page[page.index('class="table rr-sheet"') :]
    assert "Cards played" in sheet and "Store left" in sheet and "Hand score" in sheet and "Total" in sheet
    assert re.search(r'<time class="rr-countdown" datetime="[^"]+" data-countdown="(1\d|20)">', page)
    assert 'data-key="ready"' in page and reverse("pad_game", args=[game.code]) in page
    before = snapshot(game)
    late = play(client_for(pair[1]), game, "mk-58-4", "foundation:0", hand=1)
    assert late.status_code == 400 and "Too late — the hand is over." in late.content.decode()
    assert snapshot(game) == before


def test_everyone_ready_deals_the_next_hand(pair):
    game = end_hand(pair)
    first = post_move(client_for(pair[0]), game, {"type": "ready"})
    assert first.status_code == 200 and "You are ready." in first.content.decode()
    again = post_move(client_for(pair[0]), game, {"type": "ready"})
    assert again.status_code == 400 and "You are already ready." in again.content.decode()
    assert post_move(client_for(pair[1]), game, {"type": "ready"}).status_code == 200
    game.refresh_from_db()
    assert game.state["phase"] == "deal" and game.state["hand"] == 2  # dealt: Begin comes next
    begin(game, [])
    late = post_move(client_for(pair[1]), game, {"type": "ready"})
    assert late.status_code == 400 and "Too late — hand 2 has already begun." in late.content.decode()


def test_the_clock_deals_the_next_hand_when_the_pause_is_over(pair):
    game = end_hand(pair)
    assert post_move(client_for(pair[1]), game, {"type": "ready"}).status_code == 200
    game.refresh_from_db()
    kind = kinds.get("romanroad")
    ended = Move.objects.filter(game=game, payload__type="move").latest("number").created_at
    assert kind.turn_started_at(game) == ended  # Agrippina's Ready does not restart the clock
    due = deadlines.clock_due_at(game)
    assert due == ended + timedelta(seconds=BETWEEN_SECONDS)
    assert deadlines.run_clock(game.pk, due - timedelta(seconds=1)) == 0
    assert deadlines.run_clock(game.pk, due) == 1  # Julius is ready, which deals
    game.refresh_from_db()
    assert game.state["phase"] == "deal" and game.state["hand"] == 2
    summaries = list(Move.objects.filter(game=game).order_by("number").values_list("summary", flat=True))
    assert summaries[-1] == "Julius is ready. Hand 2 is dealt."
    # Neither has a page open: the hand just dealt waits for them a few seconds, then takes them as ready.
    assert game.state["ready"] == [False, False] and game.engine.to_act(game.state) == [0, 1]
    dealt = kind.turn_started_at(game)
    due = deadlines.clock_due_at(game)
    assert due == dealt + timedelta(seconds=absent_seconds())
    assert deadlines.run_clock(game.pk, due - timedelta(seconds=1)) == 0
    assert deadlines.run_clock(game.pk, due) == 2  # both ready; Begin waits for its countdown
    game.refresh_from_db()
    assert game.state["phase"] == "deal" and all(game.state["ready"])
    ready_at = kind.turn_started_at(game)
    due = deadlines.clock_due_at(game)
    assert due == ready_at + timedelta(seconds=begin_seconds())
    assert deadlines.run_clock(game.pk, due - timedelta(seconds=1)) == 0
    assert deadlines.run_clock(game.pk, due) == 1
    game.refresh_from_db()
    assert game.state["phase"] == "hand" and game.state["hand"] == 2
    assert not any(me["stuck"] for me in game.state["seats"])  # nobody starts the hand stuck
    assert game.engine.to_act(game.state) == [0, 1]
    assert deadlines.clock_due_at(game) is None and kind.timed_turn(game) is None
    assert deadlines.run_clock(game.pk, due + timedelta(minutes=5)) == 0
    summaries = list(Move.objects.filter(game=game).order_by("number").values_list("summary", flat=True))
    assert summaries[-3:] == [
        "Julius is ready.",
        "Agrippina is ready. Everyone is ready.",
        "Begin! Hand 2 is under way: everyone plays at once.",
    ]


def test_the_beat_sweep_finds_the_table_between_hands(pair):
    game = end_hand(pair)
    due = deadlines.clock_due_at(game)
    assert deadlines.sweep(due - timedelta(seconds=2))["clocks"] == 0
    assert deadlines.sweep(due + timedelta(seconds=1))["clocks"] == 2
    game.refresh_from_db()
    assert game.state["hand"] == 2


def test_the_pad_prints_in_a_hand_and_between_hands(pair):
    game = race_table(pair)
    pad = reverse("pad_game", args=[game.code])
    response = client_for(pair[1]).get(pad, {"scope": "table"})
    assert response.status_code == 200 and response["Content-Type"] == "application/pdf"
    end_hand_of(game, pair)
    for scope in ("table", "mine"):
        response = client_for(pair[1]).get(pad, {"scope": scope})
        assert response.status_code == 200 and response["Content-Type"] == "application/pdf"


def test_a_game_with_computer_players_replays_from_its_log(pair):
    game = lobby_table(pair[0], bots=2)
    julius = client_for(pair[0])
    for step in range(300):
        game.refresh_from_db()
        if game.move_count >= 40 or game.state["phase"] != "hand":
            break
        services.play_due_bots(game.pk, {1 + step % 2: 0.0, 2 - step % 2: 0.0}, 0.0, 0.0)
        if Game.objects.get(pk=game.pk).move_count == game.move_count:
            # both computer players are stuck: Julius flips, or is stuck too
            can_flip = {"type": "flip"} in game.engine.legal_moves(game.state, 0)
            kind = "flip" if step % 3 and can_flip else "stuck"
            assert post_move(julius, game, {"type": kind}, hand=1).status_code in (200, 400)
    game.refresh_from_db()
    assert game.move_count >= 40 or game.state["phase"] != "hand"  # a hand may end first
    assert replay(game) == game.state


def test_a_spectator_sees_every_seat_small_and_cannot_move(pair, make_user):
    game = race_table(pair)
    watcher = client_for(make_user("Livia"))
    page = watcher.get(game.get_absolute_url()).content.decode()
    assert "You are watching" in page and "rr-you" not in page.split("rr-others", 1)[0][-200:]
    assert 'class="rr-mini suit-58 back-mt"' in page and 'class="rr-mini suit-58 back-mk"' in page
    response = play(watcher, game, "mt-58-4", "foundation:0")
    assert response.status_code == 403
