"""The night's TV: each of the group's tables in play that night, with whose turn it is (or what the
table waits for), who is away and the scores so far a spectator may see; and the night's standings
with points and wins, paper sheets included."""

from __future__ import annotations

import pytest
from django.urls import reverse
from django.utils import timezone

from games.models import Game, OpenPage
from games.play import services as game_services
from games.play.services import seat_key
from games.web.glance import awaits_line
from groups import services
from groups.models import Membership
from tests.groups.test_groups import played, roads_sheet

pytestmark = pytest.mark.django_db


def start(host, others, kind, options=None) -> Game:
    game = game_services.create_game(host, kind, options or {}, 1 + len(others), "seated")
    for other in others:
        game_services.join_game(game.pk, other)
    game_services.start_game(game.pk, host)
    game.refresh_from_db()
    if game.state.get("phase") == "flip":  # Catacombs: the host flips the first cards
        game_services.submit_move(game.pk, host, {"type": "flip"}, game.tokens["host"], as_host=True)
        game.refresh_from_db()
    return game


def move(game: Game, user, payload: dict) -> Game:
    game.refresh_from_db()
    position = game.seats.get(user=user).position
    game_services.submit_move(game.pk, user, payload, game.tokens[seat_key(position)])
    game.refresh_from_db()
    return game


def board(client, group):
    client.logout()
    return client.get(reverse("group_tv_key_board", args=[group.pk, group.tv_token]))


def tables(response) -> dict[str, object]:
    return {t.game.code: t for t in response.context["tables"]}


def test_the_tv_shows_each_table_of_the_night_its_turn_who_is_away_and_its_scores(client, family, make_user):
    group, anna, ben, clara = family
    before = start(anna, [clara], "poker")  # began before the night: not tonight's
    services.start_night(Membership.objects.get(group=group, user=anna))
    cards = start(anna, [ben], "catacombs", {"flip_mode": "host"})
    dice = start(ben, [clara], "poker")
    alone = start(clara, [make_user("Dora")], "poker")  # one member: not one of the group's games
    OpenPage.objects.create(seat=dice.seats.get(user=ben), channel="test:ben", beat_at=timezone.now())

    response = board(client, group)
    shown = tables(response)
    assert list(shown) == [cards.code, dice.code]  # in the order they began
    assert before.code not in shown and alone.code not in shown
    assert shown[dice.code].awaits == "Ben's turn"
    ben_score, clara_score = dice.engine.scores(dice.state)  # the pad's totals: the cards held count
    assert [(p.name, p.score, p.awaited, p.away) for p in shown[dice.code].players] == [
        ("Ben", ben_score, True, ""),  # his page is open
        ("Clara", clara_score, False, "away"),  # never seen at this table
    ]
    assert shown[cards.code].awaits == "turn 1 · choosing: Anna and Ben"
    body = response.content.decode()
    assert "Ben&#x27;s turn" in body and "Turn 1 · choosing: Anna and Ben" in body
    assert body.count('class="tv-away"') == 3  # Clara at the dice, Anna and Ben at the cards

    # Anna writes a book: her pick stays hidden until the turn resolves, her score with it.
    cards = move(
        cards, anna, next(m for m in cards.engine.legal_moves(cards.state, 0) if m["type"] == "write")
    )
    glance = tables(board(client, group))[cards.code]
    assert glance.awaits == "turn 1 · choosing: Ben"
    assert [p.score for p in glance.players] == [p.score for p in shown[cards.code].players]
    assert [p.awaited for p in glance.players] == [False, True]
    move(cards, ben, {"type": "pass"})
    glance = tables(board(client, group))[cards.code]
    assert glance.awaits == "turn 1 · everyone has chosen: the host flips next"
    assert glance.players[0].score == cards.engine.scores(Game.objects.get(pk=cards.pk).state)[0]


def test_a_table_that_ends_leaves_the_tables_and_counts_in_the_standings_with_points(client, family):
    group, anna, ben, clara = family
    services.start_night(Membership.objects.get(group=group, user=anna))
    done = played(anna, [ben, clara], kind="poker")  # three at one table: 2, 1 and 0 points
    sheet = roads_sheet(["Clara", "Anna"], [[0]])  # on paper: Clara beat Anna
    names = {m.user_id: m.user.display_name for m in group.memberships.select_related("user")}
    services.attach_sheet(Membership.objects.get(group=group, user=anna), sheet.token, names)

    response = board(client, group)
    assert done.code not in tables(response)
    ranks = done.engine.places(done.state)
    seat_of = {s.user_id: s.position for s in done.seats.all()}
    behind = {u: sum(1 for r in ranks if r > ranks[p]) for u, p in seat_of.items()}
    expected = {
        anna.pk: behind[anna.pk],
        ben.pk: behind[ben.pk],
        clara.pk: behind[clara.pk] + 1,  # and the sheet
    }
    assert {r.user_id: r.points for r in response.context["standings"]} == expected
    body = response.content.decode()
    assert "Points" in body and "Wins" in body and "on paper" in body


def test_a_paper_sheet_with_a_shared_first_place_gives_each_the_points_of_first(client, family):
    group, anna, ben, clara = family
    services.start_night(Membership.objects.get(group=group, user=anna))
    sheet = roads_sheet(["Anna", "Ben", "Clara"], [[0], [1]])  # a game each for Anna and Ben, none for Clara
    assert sheet.scorer.summary(sheet.state())["places"] == [1, 1, 3]
    names = {m.user_id: m.user.display_name for m in group.memberships.select_related("user")}
    services.attach_sheet(Membership.objects.get(group=group, user=anna), sheet.token, names)

    response = board(client, group)
    rows = [(r.name, r.points, r.won) for r in response.context["standings"]]
    assert rows == [("Anna", 1, 1), ("Ben", 1, 1), ("Clara", 0, 0)]
    assert response.context["leaders"] == ["Anna", "Ben"]
    assert response.content.decode().count('class="is-leader"') == 2


def test_a_live_table_shows_its_hand_and_who_it_still_waits_for_and_a_paused_one_says_so(client, family):
    group, anna, ben, clara = family
    services.start_night(Membership.objects.get(group=group, user=anna))
    race = start(anna, [ben, clara], "romanroad")
    glance = tables(board(client, group))[race.code]
    assert race.engine.to_act(race.state) == [0, 1, 2] and race.engine.round_number(race.state) == 1
    assert glance.awaits == "hand 1 · playing: Anna, Ben and Clara"
    assert [p.score for p in glance.players] == list(race.state["totals"])

    Game.objects.filter(pk=race.pk).update(paused_at=timezone.now())
    assert tables(board(client, group))[race.code].awaits == "paused"


def test_a_table_before_its_first_round_says_it_is_about_to_begin(family):
    """Catacombs, whose host flips the first cards: nobody has chosen anything yet."""
    group, anna, ben, clara = family
    game = game_services.create_game(anna, "catacombs", {"flip_mode": "host"}, 2, "seated", host_plays=False)
    for user in (ben, clara):
        game_services.join_game(game.pk, user)
    game_services.start_game(game.pk, anna)
    game.refresh_from_db()
    assert awaits_line(game, ["Ben", "Clara"]) == "before the first flip: the host flips the first cards"
    game_services.submit_move(game.pk, anna, {"type": "flip"}, game.tokens["host"], as_host=True)
    game.refresh_from_db()
    assert awaits_line(game, ["Ben", "Clara"]) == "turn 1 · choosing: Ben and Clara"
