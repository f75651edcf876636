"""Roman Catacombs tables: flip modes, the host's Flip, solo and daily runs, leaving, bad input."""

import json
from datetime import date, timedelta

import pytest
from django.urls import reverse
from django.utils import timezone

from games.catacombs import runs, tables
from games.catacombs.engine import SOLO_TURNS, book_sheet, face_up_book, new_dead_slots
from games.models import Game, Move
from games.play import services
from games.play.replay import replay
from games.tables import tools as table_tools

pytestmark = pytest.mark.django_db


def post_move(client, game, move, turn, **extra):
    data = {"move": move if isinstance(move, str) else json.dumps(move), "turn": turn, **extra}
    return client.post(reverse("move", args=[game.code]), data, HTTP_HX_REQUEST="true")


def flips(game):
    return Move.objects.filter(game=game, seat__isnull=True).count()


def choose_all(game, users, move=None):
    """Every awaited seat writes its first legal write (or ``move``), through submit_move."""
    for seat, user in enumerate(users):
        game.refresh_from_db()
        if seat in game.engine.to_act(game.state):
            chosen = move or game.engine.legal_moves(game.state, seat)[0]
            services.submit_move(game.pk, user, chosen, game.tokens[str(seat)])
    game.refresh_from_db()


@pytest.fixture
def called_table(make_user):
    """A host who only calls, and three players, in ``host`` flip mode."""

    def make(mode="host", options=None):
        host = make_user("Marcus")
        players = [make_user(name) for name in ("Anna", "Ben", "Cleo")]
        game = services.create_game(
            host, "catacombs", {"flip_mode": mode, **(options or {})}, 3, "seated", host_plays=False
        )
        for player in players:
            services.join_game(game.pk, player)
        services.start_game(game.pk, host)
        game.refresh_from_db()
        return game, host, players

    return make


# --- Creating a table -----------------------------------------------------------


def test_create_form_stores_flip_mode_and_turn_length(client, make_user):
    client.force_login(make_user("Marcus"))
    data = {
        "max_seats": 6,
        "seat_order": "seated",
        "flip_mode": "timed",
        "turn_length": 2,
        "turn_unit": "hours",
    }
    response = client.post(reverse("new_game", args=["catacombs"]), data)
    game = Game.objects.get()
    assert response.status_code == 302
    assert game.options["flip_mode"] == "timed" and game.options["turn_seconds"] == 7200
    assert not game.seats.exists()  # "I play too" left unticked: a caller who does not play
    page = client.get(game.get_absolute_url()).content.decode()
    assert "each turn lasts 2 hours" in page and "Flipmode" not in page


def test_create_form_refuses_a_timed_table_without_a_turn_length(client, make_user):
    client.force_login(make_user("Marcus"))
    data = {
        "max_seats": 4,
        "seat_order": "seated",
        "flip_mode": "timed",
        "turn_length": "",
        "turn_unit": "days",
    }
    response = client.post(reverse("new_game", args=["catacombs"]), data)
    assert response.status_code == 400 and "Give the length of a turn" in response.content.decode()
    assert not Game.objects.exists()


def test_create_form_offers_up_to_twelve_seats_and_no_turn_length_outside_timed(client, make_user):
    client.force_login(make_user("Marcus"))
    page = client.get(reverse("new_game", args=["catacombs"])).content.decode()
    assert '<option value="12">' in page and "Who flips the cards" in page
    response = client.post(
        reverse("new_game", args=["catacombs"]),
        {"max_seats": 12, "seat_order": "seated", "flip_mode": "auto"},
    )
    assert response.status_code == 302 and Game.objects.get().options == {"flip_mode": "auto"}


# --- Flip modes -------------------------------------------------------------------


def test_auto_table_flips_at_the_start_and_once_after_each_turn(make_table):
    game, users = make_table("catacombs", ("Anna", "Ben", "Cleo"), {"flip_mode": "auto"})
    assert game.state["phase"] == "write" and game.state["turn"] == 1 and flips(game) == 1
    choose_all(game, users[:2])
    assert game.state["turn"] == 1 and flips(game) == 1  # Cleo has not chosen yet
    choose_all(game, users)
    assert game.state["phase"] == "write" and game.state["turn"] == 2 and flips(game) == 2
    assert replay(game) == game.state


def test_host_table_waits_for_the_host_to_flip(client, called_table):
    game, host, (anna, ben, cleo) = called_table()
    assert game.state["phase"] == "flip" and flips(game) == 0
    client.force_login(anna)
    page = client.get(game.get_absolute_url()).content.decode()
    assert "Waiting for Marcus to flip the first cards." in page and "Flip the first cards" not in page
    client.force_login(host)
    page = client.get(game.get_absolute_url()).content.decode()
    assert "Flip the first cards" in page
    response = post_move(client, game, {"type": "flip"}, game.tokens["host"], **{"as": "host"})
    assert response.status_code == 200 and "The cards of turn 1" in response.content.decode()
    game.refresh_from_db()
    assert game.state["turn"] == 1 and flips(game) == 1
    choose_all(game, [anna, ben, cleo])
    assert game.state["phase"] == "flip" and flips(game) == 1  # no automatic flip at a host's table
    page = client.get(game.get_absolute_url()).content.decode()
    assert "Flip the next cards" in page and "Everyone has chosen." in page


def test_host_sees_who_has_chosen_but_not_what(client, called_table):
    game, host, (anna, ben, cleo) = called_table()
    services.submit_move(game.pk, host, {"type": "flip"}, game.tokens["host"], as_host=True)
    game.refresh_from_db()
    services.submit_move(game.pk, anna, {"type": "write", "pile": 0, "slot": 0}, game.tokens["0"])
    client.force_login(host)
    page = client.get(game.get_absolute_url()).content.decode()
    assert "has chosen" in page and "Still choosing: Ben and Cleo." in page
    assert "cc-written" not in page  # nobody's sheet shows a book before the turn resolves


def test_only_the_host_may_flip(client, called_table):
    game, host, (anna, *_) = called_table()
    client.force_login(anna)
    response = post_move(client, game, {"type": "flip"}, game.tokens["host"], **{"as": "host"})
    assert response.status_code == 403 and "Only the host can do that." in response.content.decode()
    response = post_move(client, game, {"type": "flip"}, game.tokens["0"])
    assert response.status_code == 409  # a player's own seat is not awaited before the flip
    game.refresh_from_db()
    assert flips(game) == 0


def test_host_flip_before_the_turn_resolves_is_refused(client, called_table):
    game, host, (anna, *_) = called_table()
    services.submit_move(game.pk, host, {"type": "flip"}, game.tokens["host"], as_host=True)
    game.refresh_from_db()
    client.force_login(host)
    response = post_move(client, game, {"type": "flip"}, game.tokens["host"], **{"as": "host"})
    assert response.status_code in (400, 409)
    assert "still choosing" in response.content.decode()
    assert flips(game) == 1


def test_playing_host_gets_the_flip_button_too(client, make_table):
    game, (anna, ben) = make_table("catacombs", ("Anna", "Ben"), {"flip_mode": "host"})
    client.force_login(anna)
    page = client.get(game.get_absolute_url()).content.decode()
    assert "Flip the first cards" in page and "Your library" in page


def test_timed_table_flips_at_the_start_then_waits_for_the_deadline(client, called_table):
    game, host, players = called_table("timed", {"turn_seconds": 3600})
    assert game.state["turn"] == 1 and flips(game) == 1
    deadline = tables.turn_deadline(game)
    flipped = Move.objects.get(game=game, seat__isnull=True).created_at
    assert deadline == flipped + timedelta(hours=1)
    client.force_login(players[0])
    page = client.get(game.get_absolute_url()).content.decode()
    assert "Time left this turn" in page and "data-deadline" in page
    choose_all(game, players)
    assert game.state["phase"] == "flip" and flips(game) == 1  # the task queue flips at the deadline
    page = client.get(game.get_absolute_url()).content.decode()
    assert "Next cards in" in page and "Flip the next cards" not in page
    client.force_login(host)
    page = client.get(game.get_absolute_url()).content.decode()
    assert "Flip the next cards" in page  # the host may flip before the time is up


def test_bots_and_auto_flips_carry_a_table_on(make_table):
    game, (anna,) = make_table("catacombs", ("Anna",), {"flip_mode": "auto"}, bots=2)
    assert services.play_bots(game.pk) == 2
    choose_all(game, [anna])
    assert game.state["turn"] == 2 and game.state["phase"] == "write"
    services.play_bots(game.pk)
    game.refresh_from_db()
    assert game.engine.to_act(game.state) == [0]


# --- The player's page ----------------------------------------------------------


def test_player_page_offers_one_button_per_legal_placement_and_pass(client, make_table):
    game, (anna, ben) = make_table("catacombs", ("Anna", "Ben"), {"flip_mode": "auto"})
    client.force_login(anna)
    page = client.get(game.get_absolute_url()).content.decode()
    legal = [m for m in game.engine.legal_moves(game.state, 0) if m["type"] == "write"]
    assert page.count('<button class="cc-write') == len(legal) == 9  # an empty sheet: 3 books x 3 slots
    assert "Pass (write nothing this turn)" in page and "Your library" in page
    response = post_move(client, game, {"type": "write"}, game.tokens["0"], pile=1, slot=2)
    body = response.content.decode()
    book = face_up_book(game.state, 1)
    assert response.status_code == 200 and f"You wrote <strong>{book}</strong> into the right slot" in body
    assert '<button class="cc-write' not in body and "Still choosing: Ben." in body


def test_a_placement_that_kills_slots_is_warned(client, make_table):
    game, (anna, _) = make_table("catacombs", ("Anna", "Ben"), {"flip_mode": "auto", "deck_seed": "w2"})
    sheet = book_sheet(game.state["sheets"][0])
    risky = [
        (pile, slot)
        for pile in range(3)
        for slot in range(3)
        if new_dead_slots(sheet, face_up_book(game.state, pile), slot)
    ]
    client.force_login(anna)
    page = client.get(game.get_absolute_url()).content.decode()
    assert risky and page.count("hx-confirm=") == len(risky) and page.count("cc-write risky") == len(risky)
    assert "dead. Write it anyway?" in page and "⚠ </span>leaves" in page


def test_bad_and_forged_moves_get_a_sentence_not_a_500(client, make_table):
    game, (anna, ben) = make_table("catacombs", ("Anna", "Ben"), {"flip_mode": "auto"})
    client.force_login(anna)
    token = game.tokens["0"]
    cases = [
        ({"type": "write"}, {"pile": 7, "slot": 0}, "Choose a pile from 0 to 2."),
        ({"type": "write"}, {"pile": 0, "slot": "x"}, "Choose a slot from 0 to 2."),
        ({"type": "write"}, {}, "Choose a pile"),
        ({"type": "shuffle"}, {}, "you flip, write or pass"),
        ("{not json", {}, "not a move this game understands"),
        ({"type": "flip"}, {}, "Only the host or the table flips"),
    ]
    for move, extra, sentence in cases:
        response = post_move(client, game, move, token, **extra)
        assert response.status_code == 400, (move, extra)
        assert sentence in response.content.decode(), (move, extra)
    client.logout()
    response = post_move(client, game, {"type": "pass"}, token)
    assert response.status_code == 403 and "Sign in to play" in response.content.decode()
    game.refresh_from_db()
    assert game.state["choices"] == [None, None]


def test_a_write_for_a_past_turn_is_refused_clearly(client, make_table):
    game, users = make_table("catacombs", ("Anna", "Ben"), {"flip_mode": "auto"})
    old_token = game.tokens["0"]
    choose_all(game, users, {"type": "pass"})
    client.force_login(users[0])
    response = post_move(client, game, {"type": "write"}, old_token, pile=0, slot=0)
    assert response.status_code == 409 and "The game moved on" in response.content.decode()
    game.refresh_from_db()
    assert game.state["turn"] == 2 and game.state["choices"] == [None, None]


def test_choosing_twice_in_a_turn_is_refused(client, make_table):
    game, (anna, _) = make_table("catacombs", ("Anna", "Ben"), {"flip_mode": "auto"})
    client.force_login(anna)
    token = game.tokens["0"]
    assert post_move(client, game, {"type": "pass"}, token).status_code == 200
    response = post_move(client, game, {"type": "pass"}, token)  # the same tap again
    assert response.status_code == 409 and "That move was already made" in response.content.decode()
    game.refresh_from_db()
    response = post_move(client, game, {"type": "pass"}, game.tokens["0"])  # from a page drawn since
    assert response.status_code == 409 and "It is not your turn." in response.content.decode()


# --- The table view -------------------------------------------------------------


def test_table_view_is_open_to_anyone_and_polls(client, called_table):
    game, host, players = called_table("auto")
    response = client.get(reverse("tv", args=[game.code]))
    body = response.content.decode()
    assert response.status_code == 200 and "Turn 1" in body
    for face in game.engine.view(game.state, None)["face_up"]:
        assert face["book"] in body
    assert "Anna" in body and "choosing" in body
    # Redrawn on the table's push (live.js hears the version and fetches), the poll as the fallback.
    assert "js/live.js" in body and 'hx-trigger="poll"' in body and f'data-code="{game.code}"' in body
    poll = reverse("tv_poll", args=[game.code])
    assert client.get(poll, {"version": game.version}).status_code == 204
    assert client.get(poll, {"version": "x"}).status_code == 400
    services.submit_move(game.pk, players[0], {"type": "pass"}, game.tokens["0"])
    fresh = client.get(poll, {"version": game.version})
    assert fresh.status_code == 200 and 'class="cc-tv"' in fresh.content.decode()


def test_table_view_before_the_start_shows_how_to_join(client, make_user):
    game = services.create_game(make_user("Marcus"), "catacombs", {"flip_mode": "host"}, 4, "seated")
    body = client.get(reverse("tv", args=[game.code])).content.decode()
    assert game.code in body and "/join/" in body


def test_table_view_of_another_game_or_unknown_code_is_404(client, make_table):
    game, _ = make_table("poker")
    assert client.get(reverse("tv", args=[game.code])).status_code == 404
    assert client.get(reverse("tv", args=["NOPE99"])).status_code == 404


def test_table_view_shows_final_scores(client, make_table):
    game, users = make_table("catacombs", ("Anna", "Ben"), {"flip_mode": "auto"})
    while game.status == Game.Status.ACTIVE:
        choose_all(game, users)
    body = client.get(reverse("tv", args=[game.code])).content.decode()
    assert "Final scores" in body and "1st" in body


def test_the_table_views_old_address_leads_to_the_shared_screen(client, called_table):
    game, _host, _players = called_table("auto")
    response = client.get(f"/catacombs/{game.code}/table/", follow=True)
    assert response.redirect_chain == [(reverse("tv", args=[game.code]), 301)]
    assert "Turn 1" in response.content.decode()
    poll = client.get(f"/catacombs/{game.code}/table/poll/", {"version": game.version}, follow=True)
    assert poll.status_code == 204 and poll.redirect_chain[0][1] == 301


# --- Leaving and joining ----------------------------------------------------------


def test_leaving_passes_now_and_in_every_later_turn(client, make_table):
    game, (anna, ben, cleo) = make_table("catacombs", ("Anna", "Ben", "Cleo"), {"flip_mode": "auto"})
    client.force_login(cleo)
    response = client.post(reverse("leave", args=[game.code]), follow=True)
    # Cleo is told in her own words; the log tells the others.
    told = [str(m) for m in response.context["messages"]]
    assert told == ["You left the game; your seat passes every turn from now on."]
    game.refresh_from_db()
    assert game.state["choices"][2] == {"type": "pass"}
    choose_all(game, [anna, ben])
    assert game.state["turn"] == 2
    assert game.state["choices"][2] == {"type": "pass"}  # passed right after the flip
    assert game.engine.to_act(game.state) == [0, 1]
    left_moves = Move.objects.filter(game=game, seat=2)
    passes = [{"type": "pass", "gone": True}] * 2
    assert [m.payload for m in left_moves] == [{"table": "leave", "seat": 2}, *passes]
    assert left_moves[0].summary == "Cleo left; their seat passes every turn from now on."
    assert [m.summary for m in left_moves[1:]] == ["Cleo's seat passes."] * 2  # not "has chosen"
    page = client.get(game.get_absolute_url()).content.decode()
    assert "Pass (write nothing this turn)" not in page  # Cleo now watches
    assert replay(game) == game.state


def test_leaving_is_refused_clearly_when_it_cannot_be_done(client, make_table, make_user):
    game, (anna, _) = make_table("catacombs", ("Anna", "Ben"), {"flip_mode": "auto"})
    client.force_login(make_user("Stranger"))
    response = client.post(reverse("leave", args=[game.code]))
    assert response.status_code == 403 and "You have no seat at this table." in response.content.decode()
    client.logout()
    assert client.post(reverse("leave", args=[game.code])).status_code == 403
    client.force_login(anna)
    assert client.post(reverse("leave", args=[game.code])).status_code == 302
    response = client.post(reverse("leave", args=[game.code]))  # a second time: she has already left
    assert response.status_code == 403 and "You have no seat at this table." in response.content.decode()


def test_when_everyone_left_the_game_ends_as_it_stands(make_table):
    game, (anna, ben) = make_table("catacombs", ("Anna", "Ben"), {"flip_mode": "auto"})
    table_tools.leave(game.pk, anna)
    game = table_tools.leave(game.pk, ben)
    assert game.status == Game.Status.FINISHED and game.state["phase"] == "over" and game.state["turn"] == 1
    last = game.moves.latest("number")
    assert last.payload == {"table": "end", "why": "left"}
    assert last.summary.startswith("Nobody plays any more, so the game ends as it stands: ")
    assert replay(game) == game.state


def test_joining_a_full_table_in_play_is_refused_with_a_clear_message(client, make_table, make_user):
    # A free seat takes a latecomer (test_join_in_play); a table with none says so.
    game, _ = make_table("catacombs", ("Anna", "Ben"), {"flip_mode": "auto"})
    client.force_login(make_user("Late"))
    response = client.post(reverse("join", args=[game.code]))
    assert response.status_code == 409
    assert "This table is full: all 2 seats are taken." in response.content.decode()


# --- Solo -------------------------------------------------------------------------


def play_solo(game, user, prefer_safe=True):
    """Write the first placement that kills no slot (else any write, else pass) until the end."""
    while True:
        game.refresh_from_db()
        if game.status == Game.Status.FINISHED:
            return game
        sheet = book_sheet(game.state["sheets"][0])
        writes = [m for m in game.engine.legal_moves(game.state, 0) if m["type"] == "write"]
        safe = [
            m for m in writes if not new_dead_slots(sheet, face_up_book(game.state, m["pile"]), m["slot"])
        ]
        move = ((safe if prefer_safe else []) or writes or [{"type": "pass"}])[0]
        services.submit_move(game.pk, user, move, game.tokens["0"])


def test_solo_starts_in_one_click_and_ends_after_21_turns(client, make_user):
    anna = make_user("Anna")
    client.force_login(anna)
    response = client.post(reverse("catacombs_solo"))
    game = Game.objects.get()
    assert response.status_code == 302 and response.url == game.get_absolute_url()
    assert game.options["solo"] and game.state["turn"] == 1 and game.status == Game.Status.ACTIVE
    game = play_solo(game, anna)
    assert game.state["turn"] == SOLO_TURNS and flips(game) == SOLO_TURNS
    body = client.get(game.get_absolute_url()).content.decode()
    score = game.engine.scores(game.state)[0]
    assert "Your score: <span" in body and str(score) in body and "A new personal best!" in body
    for completion in game.state["completions"]:
        from games.catacombs.engine import card

        assert card(completion["card"])["reference"] in body  # each completed category with its verse
    assert replay(game) == game.state


def test_solo_end_screen_knows_the_personal_best(client, make_user):
    anna = make_user("Anna")
    first = play_solo(runs.start_solo(anna), anna)
    second = play_solo(runs.start_solo(anna), anna, prefer_safe=False)
    best = max(runs.score(first), runs.score(second))
    assert runs.personal_best(anna) == best
    client.force_login(anna)
    body = client.get(second.get_absolute_url()).content.decode()
    if runs.score(second) <= runs.score(first):
        assert f"Your personal best is {best}." in body
    history = client.get(reverse("catacombs_history")).content.decode()
    assert f'<strong class="cc-bigscore">{best}</strong>' in history
    assert history.count(">See it<") == 2


def test_a_visitor_plays_solo_as_a_guest(client):
    response = client.post(reverse("catacombs_solo"), {"display_name": "Paula"})
    game = Game.objects.get()
    assert response.status_code == 302 and game.host.is_guest and game.host.display_name == "Paula"


def test_solo_start_needs_post(client, make_user):
    client.force_login(make_user("Anna"))
    assert client.get(reverse("catacombs_solo")).status_code == 405


def test_home_page_offers_solo_and_the_daily_run(client, make_user):
    client.force_login(make_user("Anna"))  # the daily run is for confirmed accounts
    body = client.get(reverse("home")).content.decode()
    assert reverse("catacombs_solo") in body and reverse("catacombs_daily_start") in body


# --- The daily run ----------------------------------------------------------------


def test_daily_run_deals_the_same_deck_to_everyone(make_user):
    anna, ben = make_user("Anna"), make_user("Ben")
    one, two = runs.start_daily(anna).game, runs.start_daily(ben).game
    assert one.pk != two.pk and one.seed != two.seed
    assert one.state["piles"] == two.state["piles"] and one.state["face_up"] == two.state["face_up"]
    assert one.options["daily"] == timezone.now().date().isoformat()
    tomorrow = runs.start_daily(anna, runs.today() + timedelta(days=1)).game
    assert tomorrow.state["piles"] != one.state["piles"]


def test_one_ranked_attempt_a_day(client, make_user):
    anna = make_user("Anna")
    client.force_login(anna)
    first = client.post(reverse("catacombs_daily_start"))
    game = Game.objects.get()
    assert first.status_code == 302 and first.url == game.get_absolute_url()
    again = client.post(reverse("catacombs_daily_start"), follow=True)
    assert Game.objects.count() == 1 and "already started today" in again.content.decode()
    play_solo(game, anna)
    after = client.post(reverse("catacombs_daily_start"), follow=True)
    assert Game.objects.count() == 1
    assert "one ranked attempt a day" in after.content.decode() and "The board" in after.content.decode()


def test_daily_board_ranks_by_score_then_finish_time(client, make_user):
    day = runs.today()
    players = [make_user(name) for name in ("Anna", "Ben", "Cleo")]
    games = [play_solo(runs.start_daily(p, day).game, p, prefer_safe=(i != 2)) for i, p in enumerate(players)]
    now = timezone.now()
    for minutes, game in zip((30, 10, 20), games, strict=True):
        Game.objects.filter(pk=game.pk).update(finished_at=now - timedelta(minutes=minutes))
    board = runs.daily_board(day)
    expected = sorted(games, key=lambda g: (-runs.score(g), {0: -30, 1: -10, 2: -20}[games.index(g)]))
    assert [row.game.pk for row in board] == [g.pk for g in expected]
    assert [row.rank for row in board] == [1, 2, 3]
    body = client.get(reverse("catacombs_daily")).content.decode()
    assert all(name in body for name in ("Anna", "Ben", "Cleo"))
    assert client.get(reverse("catacombs_daily_on", args=["not-a-date"])).status_code == 404
    past = client.get(reverse("catacombs_daily_on", args=[(day - timedelta(days=3)).isoformat()]))
    assert past.status_code == 200 and "Nobody has finished" in past.content.decode()


def test_daily_board_breaks_equal_scores_by_finish_time(make_user):
    day = date(2026, 1, 5)
    players = [make_user(name) for name in ("Anna", "Ben")]
    games = []
    for player in players:
        game = runs.start_daily(player, day).game
        while game.status != Game.Status.FINISHED:  # both pass throughout: equal scores
            services.submit_move(game.pk, player, {"type": "pass"}, game.tokens["0"])
            game.refresh_from_db()
        games.append(game)
    now = timezone.now()
    Game.objects.filter(pk=games[0].pk).update(finished_at=now)
    Game.objects.filter(pk=games[1].pk).update(finished_at=now - timedelta(minutes=5))
    assert [row.name for row in runs.daily_board(day)] == ["Ben", "Anna"]


def test_solo_end_screen_of_a_daily_run_shows_the_rank(client, make_user):
    anna = make_user("Anna")
    game = play_solo(runs.start_daily(anna).game, anna)
    client.force_login(anna)
    body = client.get(game.get_absolute_url()).content.decode()
    assert "1st</strong> of 1 in today" in body and reverse("catacombs_daily_on", args=[runs.today()]) in body
