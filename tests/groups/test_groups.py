"""Groups: only members see a group, on every path; standings recompute from the group's tables
and attached paper sheets; a game night counts what ends during it and shows on the TV."""

from __future__ import annotations

import re
from datetime import timedelta

import pytest
from django.conf import settings
from django.urls import reverse
from django.utils import timezone
from hypothesis import given
from hypothesis import strategies as st

from games.contract.protocol import finishing_places
from games.models import Game
from games.play import seat_moves
from games.play import services as game_services
from games.tables import tools as table_tools
from groups import nights, services
from groups.models import GameNight, Group, GroupSheet, Membership
from groups.standings import Outcome, standings
from scoresheets.models import ScoreSheet
from tests.platform.test_my_games import finish

MEMBERS = {1: "Anna", 2: "Ben", 3: "Clara"}
outcome = st.builds(
    lambda placed: Outcome("x", "/", timezone.now(), placed),
    st.dictionaries(st.integers(1, 5), st.integers(1, 4), max_size=4),
)


@given(st.lists(outcome, max_size=30))
def test_standings_count_every_members_games_wins_and_points_and_nobody_elses(outcomes):
    rows = standings(outcomes, MEMBERS)
    assert {r.user_id for r in rows} == set(MEMBERS)
    for row in rows:
        theirs = [o for o in outcomes if row.user_id in o.places]
        places = [o.places[row.user_id] for o in theirs]
        assert row.played == len(theirs) and row.won == places.count(1)
        behind = sum(sum(1 for p in o.places.values() if p > o.places[row.user_id]) for o in theirs)
        assert row.points == behind
    keys = [(r.played == 0, -r.points, -r.won, -r.played, r.name.lower()) for r in rows]
    assert keys == sorted(keys)
    again = standings(list(reversed(outcomes)), MEMBERS)
    fields = [(r.user_id, r.played, r.won, r.points) for r in rows]
    assert [(r.user_id, r.played, r.won, r.points) for r in again] == fields


def test_standings_rank_points_then_wins_then_more_games_and_put_who_played_nothing_last():
    lost_once = Outcome("a", "/", timezone.now(), {1: 2, 3: 1})  # Clara 1 point
    lost_again = Outcome("b", "/", timezone.now(), {2: 2, 3: 1})  # Clara 1 point
    lost_twice = Outcome("c", "/", timezone.now(), {2: 3, 4: 1})  # Dora 1 point
    members = {1: "Anna", 2: "Ben", 3: "Clara", 4: "Dora", 5: "Aaron"}
    rows = standings([lost_once, lost_again, lost_twice], members)
    assert [r.name for r in rows] == ["Clara", "Dora", "Ben", "Anna", "Aaron"]
    assert [r.points for r in rows] == [2, 1, 0, 0, 0]


def test_a_point_for_each_player_finished_ahead_of_at_the_table_members_or_not():
    # A table of four: Anna first, Ben and a guest share second, Clara last. A table of two: Clara wins.
    four = Outcome("four", "/", timezone.now(), {1: 1, 2: 2, 3: 4}, ranks=(1, 2, 2, 4))
    two = Outcome("two", "/", timezone.now(), {3: 1, 1: 2}, ranks=(1, 2))
    rows = {r.name: (r.points, r.won, r.played) for r in standings([four, two], MEMBERS)}
    assert rows == {"Anna": (3, 1, 2), "Ben": (1, 0, 1), "Clara": (1, 1, 2)}


def test_players_level_on_points_rank_by_wins_and_a_shared_first_place_shares_the_points():
    shared = Outcome("a", "/", timezone.now(), {1: 1, 2: 1, 3: 3})  # Anna and Ben first of three
    second = Outcome("b", "/", timezone.now(), {3: 1, 1: 2, 2: 3})  # Clara 2, Anna 1, Ben 0
    rows = standings([shared, second], MEMBERS)
    assert [(r.name, r.points, r.won) for r in rows] == [("Anna", 2, 1), ("Clara", 2, 1), ("Ben", 1, 1)]
    level = standings([shared], MEMBERS)
    assert [(r.name, r.points, r.won) for r in level] == [("Anna", 1, 1), ("Ben", 1, 1), ("Clara", 0, 0)]
    assert nights.night_winners(level) == (["Anna", "Ben"], 1, 1)


def played(host, others, kind="roads", finished_at=None) -> Game:
    game = game_services.create_game(host, kind, {}, 1 + len(others), "seated")
    for other in others:
        game_services.join_game(game.pk, other)
    game_services.start_game(game.pk, host)
    game = finish(Game.objects.get(pk=game.pk))
    if finished_at is not None:
        Game.objects.filter(pk=game.pk).update(finished_at=finished_at)
    return game


def roads_sheet(names, winners_per_game) -> ScoreSheet:
    entries = [{"type": "game", "winners": winners} for winners in winners_per_game]
    return ScoreSheet.objects.create(kind="roads", names=names, entries=entries)


def group_paths(group: Group, attached_id: int = 1) -> list[tuple[str, str]]:
    pk = group.pk
    return [
        ("get", reverse("group", args=[pk])),
        ("get", reverse("group_tv", args=[pk])),
        ("get", reverse("group_tv_board", args=[pk])),
        ("post", reverse("group_night_start", args=[pk])),
        ("post", reverse("group_night_end", args=[pk])),
        ("post", reverse("group_new_tv_link", args=[pk])),
        ("post", reverse("group_attach_sheet", args=[pk])),
        ("get", reverse("group_start_sheet", args=[pk, "roads"])),
        ("post", reverse("group_start_sheet", args=[pk, "roads"])),
        ("post", reverse("group_match_sheet", args=[pk, attached_id])),
    ]


@pytest.mark.django_db
@pytest.mark.parametrize("who", ["stranger", "visitor"])
def test_a_non_member_is_refused_on_every_path_and_changes_nothing(client, family, make_user, who):
    group, anna, ben, _ = family
    sheet = roads_sheet(["Anna", "Ben"], [[0]])
    attached = services.attach_sheet(Membership.objects.get(group=group, user=anna), sheet.token, {})
    if who == "stranger":
        client.force_login(make_user("Marcus"))
    for method, path in group_paths(group, attached.pk):
        response = getattr(client, method)(path, {"sheet": sheet.token, "member": ["", ""]})
        body = response.content.decode()
        assert response.status_code == 404, path
        assert group.name not in body and "Anna" not in body, path
    assert not GameNight.objects.exists() and GroupSheet.objects.get().members == attached.members
    assert Group.objects.get().tv_token == group.tv_token
    assert group.memberships.count() == 3


@pytest.mark.django_db
def test_a_member_sees_the_group_and_other_members_open_tables(client, family):
    group, anna, ben, _ = family
    table = game_services.create_game(ben, "poker", {}, 4, "seated")
    client.force_login(anna)
    body = client.get(reverse("group", args=[group.pk])).content.decode()
    assert "The Romans" in body and reverse("join", args=[table.code]) in body
    assert group.invite_token in body


def open_table_row(body: str, table: Game) -> str:
    """The group page's line for ``table`` among the open tables."""
    rows = re.findall(r"<li>.*?</li>", body.split('id="open-title"')[1].split("</section>")[0], re.S)
    return next(row for row in rows if table.code in row)


@pytest.mark.django_db
def test_a_table_the_viewer_sits_at_opens_instead_of_offering_a_seat(client, family):
    group, anna, ben, _ = family
    # A host who does not play (she flips) opens her own table too.
    table = game_services.create_game(anna, "catacombs", {"flip_mode": "host"}, 4, "seated", host_plays=False)
    game_services.join_game(table.pk, ben)
    for who, said in ((anna, "your table"), (ben, "Anna's table · you have a seat")):
        client.force_login(who)
        row = open_table_row(client.get(reverse("group", args=[group.pk])).content.decode(), table)
        assert "Take a seat" not in row and f'href="{table.get_absolute_url()}">Open</a>' in row
        assert said in row.replace("&#x27;", "'")


@pytest.mark.django_db
def test_take_a_seat_on_the_group_page_seats_the_member_in_one_tap(client, family):
    group, anna, ben, _ = family
    table = game_services.create_game(ben, "poker", {}, 4, "seated")
    client.force_login(anna)
    row = open_table_row(client.get(reverse("group", args=[group.pk])).content.decode(), table)
    assert f'<form method="post" action="{reverse("join", args=[table.code])}"' in row
    assert "csrfmiddlewaretoken" in row and "<button" in row and "Take a seat" in row
    response = client.post(reverse("join", args=[table.code]))
    assert response.status_code == 302 and response["Location"] == table.get_absolute_url()
    assert table.seats.filter(user=anna).exists()


@pytest.mark.django_db
def test_a_full_table_opens_and_a_stale_take_a_seat_says_so_like_the_join_page(client, family):
    group, anna, ben, clara = family
    table = game_services.create_game(ben, "poker", {}, 2, "seated")
    game_services.join_game(table.pk, clara)
    client.force_login(anna)
    page = client.get(reverse("group", args=[group.pk])).content.decode()
    row = open_table_row(page, table)
    assert "Take a seat" not in row and f'href="{table.get_absolute_url()}">Open</a>' in row
    response = client.post(reverse("join", args=[table.code]))  # from a page drawn before it filled
    assert response.status_code == 409
    assert "This table is full: all 2 seats are taken." in response.content.decode()
    assert not table.seats.filter(user=anna).exists()


@pytest.mark.django_db
def test_the_invite_link_joins_in_one_tap(client, family, make_user):
    group, *_ = family
    newcomer = make_user("Dora")
    client.force_login(newcomer)
    link = reverse("group_join", args=[group.invite_token])
    assert "Join The Romans" in client.get(link).content.decode()
    assert client.post(link).status_code == 302
    assert group.memberships.filter(user=newcomer).exists()
    assert client.get(reverse("group_join", args=["not-a-token"])).status_code == 404


@pytest.mark.django_db
def test_standings_recompute_from_tables_and_sheets(client, family, make_user):
    group, anna, ben, clara = family
    outsider = make_user("Marcus")
    tables = [played(anna, [ben]), played(ben, [clara, anna]), played(anna, [outsider])]  # last: one member
    sheet = roads_sheet(["anna ", "Clara", "Guest"], [[1], [1], [0]])  # Clara wins the tally 2 to 1
    member = Membership.objects.get(group=group, user=anna)
    names = {m.user_id: m.user.display_name for m in group.memberships.select_related("user")}
    attached = services.attach_sheet(member, sheet.get_absolute_url(), names)
    assert attached.members == [anna.pk, clara.pk, None]  # matched by name, case and spaces aside

    expected = {u.pk: [0, 0] for u in (anna, ben, clara)}
    for game in tables[:2]:
        ranks = finishing_places(game.engine, game.state)
        for seat in game.seats.all():
            expected[seat.user_id][0] += 1
            expected[seat.user_id][1] += ranks[seat.position] == 1
    expected[anna.pk][0] += 1
    expected[clara.pk][0] += 1
    expected[clara.pk][1] += 1
    client.force_login(ben)
    rows = client.get(reverse("group", args=[group.pk])).context["standings"]
    assert {r.user_id: [r.played, r.won] for r in rows} == expected


@pytest.mark.django_db
def test_a_sheets_names_are_matched_to_members_only(client, family, make_user):
    group, anna, ben, _ = family
    sheet = roads_sheet(["A", "B"], [[0]])
    attached = services.attach_sheet(Membership.objects.get(group=group, user=anna), sheet.token, {})
    client.force_login(ben)
    path = reverse("group_match_sheet", args=[group.pk, attached.pk])
    stranger = make_user("Marcus")
    for chosen, sentence in (
        ([str(stranger.pk), ""], "only to members"),
        ([str(anna.pk), str(anna.pk)], "only one name"),
        ([str(anna.pk)], "every name"),
        (["²", "9" * 5000], "only to members"),
    ):
        response = client.post(path, {"member": chosen})
        assert response.status_code == 400 and sentence in response.content.decode()
    assert client.post(path, {"member": [str(anna.pk), str(ben.pk)]}).status_code == 302
    attached.refresh_from_db()
    assert attached.members == [anna.pk, ben.pk]


@pytest.mark.django_db
def test_a_game_night_counts_only_what_ends_during_it_and_the_tv_shows_it(client, family):
    group, anna, ben, clara = family
    played(anna, [ben], finished_at=timezone.now() - timedelta(days=2))  # last week's
    client.force_login(ben)
    refused = client.post(reverse("group_night_start", args=[group.pk]))
    assert refused.status_code == 403 and not GameNight.objects.exists()
    client.force_login(anna)
    assert client.post(reverse("group_night_start", args=[group.pk])).status_code == 302
    tonight = [played(anna, [ben]), played(clara, [ben])]
    sheet = roads_sheet(["Anna", "Clara"], [[0]])
    names = {m.user_id: m.user.display_name for m in group.memberships.select_related("user")}
    services.attach_sheet(Membership.objects.get(group=group, user=anna), sheet.token, names)
    in_play = game_services.create_game(clara, "poker", {}, 2, "seated")
    game_services.join_game(in_play.pk, anna)
    game_services.start_game(in_play.pk, clara)

    response = client.get(reverse("group_tv", args=[group.pk]))
    rows = {r.user_id: r.played for r in response.context["standings"]}
    assert rows == {anna.pk: 2, ben.pk: 2, clara.pk: 2}  # tonight's two tables and the sheet
    body = response.content.decode()
    assert "game night" in body and in_play.code in body and all(g.code in body for g in tonight)
    assert client.post(reverse("group_night_end", args=[group.pk])).status_code == 302
    assert GameNight.objects.get().ended_at is not None


@pytest.mark.django_db
def test_starting_a_group_makes_its_host(client, make_user):
    anna = make_user("Anna")
    client.force_login(anna)
    response = client.post(reverse("groups"), {"name": "Church group"})
    group = Group.objects.get()
    assert response.status_code == 302 and response.url == reverse("group", args=[group.pk])
    assert Membership.objects.get(group=group).is_host
    assert client.post(reverse("groups"), {"name": ""}).status_code == 400


def standing_rows(client, group, who) -> dict[int, tuple[int, int]]:
    client.force_login(who)
    response = client.get(reverse("group", args=[group.pk]))
    return {r.user_id: (r.played, r.won) for r in response.context["standings"]}, response


@pytest.mark.django_db
def test_a_table_its_host_ended_before_anyone_played_counts_for_nobody(client, family):
    group, anna, ben, clara = family
    game = game_services.create_game(anna, "poker", {}, 3, "seated")
    for other in (ben, clara):
        game_services.join_game(game.pk, other)
    game_services.start_game(game.pk, anna)
    table_tools.host_tool(game.pk, anna, seat_moves.END)
    assert Game.objects.get(pk=game.pk).status == Game.Status.FINISHED
    rows, response = standing_rows(client, group, ben)
    assert rows == {anna.pk: (0, 0), ben.pk: (0, 0), clara.pk: (0, 0)}
    assert game.code not in response.content.decode()


@pytest.mark.django_db
def test_a_table_its_host_ended_after_a_move_counts(client, family):
    group, anna, ben, _ = family
    game = game_services.create_game(anna, "poker", {}, 2, "seated")
    game_services.join_game(game.pk, ben)
    game_services.start_game(game.pk, anna)
    game = Game.objects.get(pk=game.pk)
    seat = game.engine.to_act(game.state)[0]
    mover = game.seats.get(position=seat).user
    move = game.engine.legal_moves(game.state, seat)[0]
    game_services.submit_move(game.pk, mover, move, game.tokens.get(game_services.seat_key(seat)))
    table_tools.host_tool(game.pk, anna, seat_moves.END)
    rows, _ = standing_rows(client, group, ben)
    assert rows[anna.pk][0] == rows[ben.pk][0] == 1


@pytest.mark.django_db
def test_a_paper_sheet_counts_only_once_it_is_finished(client, family):
    group, anna, ben, _ = family
    hand = {"type": "hand", "foundations": [12, 8], "store": [0, 4]}  # Anna 12, Ben 0
    sheet = ScoreSheet.objects.create(
        kind="romanroad", names=["Anna", "Ben"], options={"target": 20}, entries=[hand]
    )
    names = {m.user_id: m.user.display_name for m in group.memberships.select_related("user")}
    services.attach_sheet(Membership.objects.get(group=group, user=anna), sheet.token, names)
    rows, response = standing_rows(client, group, ben)
    assert not sheet.scorer.summary(sheet.state())["over"]
    assert rows[anna.pk] == rows[ben.pk] == (0, 0) and "Last games" not in response.content.decode()

    ScoreSheet.objects.filter(pk=sheet.pk).update(entries=[hand, hand])  # Anna reaches 20: over
    rows, response = standing_rows(client, group, ben)
    assert rows[anna.pk] == (1, 1) and rows[ben.pk] == (1, 0)
    assert "Last games" in response.content.decode()


@pytest.mark.django_db
def test_the_tv_link_shows_the_night_signed_out_and_without_its_key_says_why(client, family):
    group, anna, ben, _ = family
    services.start_night(Membership.objects.get(group=group, user=anna))
    game = played(anna, [ben])
    client.force_login(anna)
    page = client.get(reverse("group", args=[group.pk])).content.decode()
    assert f'data-copy="{settings.SITE_URL}{group.tv_url()}"' in page and "Copy the TV link" in page
    client.force_login(ben)
    assert group.tv_token not in client.get(reverse("group", args=[group.pk])).content.decode()  # hosts only
    client.logout()

    for path in (group.tv_url(), reverse("group_tv_key_board", args=[group.pk, group.tv_token])):
        response = client.get(path)
        body = response.content.decode()
        assert response.status_code == 200 and "Anna" in body and game.code in body, path
        assert f"/players/{anna.pk}/" not in body and group.invite_token not in body
    board = client.get(group.tv_url()).content.decode()
    assert 'class="site"' not in board and "Sign in" not in board  # no site header on a screen
    assert f'hx-get="{reverse("group_tv_key_board", args=[group.pk, group.tv_token])}"' in board

    other = services.create_group(ben, "Others")
    for path in (
        reverse("group_tv", args=[group.pk]),
        reverse("group_tv_key", args=[group.pk, "wrong"]),
        reverse("group_tv_key", args=[group.pk, other.tv_token]),
        reverse("group_tv_key_board", args=[group.pk, "wrong"]),
    ):
        response = client.get(path)
        body = response.content.decode()
        assert response.status_code == 404 and services.NO_TV.replace("'", "&#x27;") in body, path
        assert "Anna" not in body and group.name not in body


@pytest.mark.django_db
def test_each_group_has_its_own_tv_key(family, make_user):
    group, anna, *_ = family
    other = services.create_group(anna, "Others")
    assert group.tv_token != other.tv_token and len(group.tv_token) >= 24


@pytest.mark.django_db
def test_an_ended_night_stays_on_the_group_page_with_its_games_and_winner(client, family):
    group, anna, ben, clara = family
    client.force_login(anna)
    client.post(reverse("group_night_start", args=[group.pk]))
    tables = [played(anna, [ben]), played(ben, [clara])]
    sheet = roads_sheet(["Anna", "Clara"], [[0]])
    names = {m.user_id: m.user.display_name for m in group.memberships.select_related("user")}
    services.attach_sheet(Membership.objects.get(group=group, user=anna), sheet.token, names)
    standing = client.get(reverse("group_tv", args=[group.pk])).context["standings"]
    rows = {r.name: (r.points, r.won) for r in standing}
    best = max(rows.values())
    top = [name for name in ("Anna", "Ben", "Clara") if rows[name] == best]

    response = client.post(reverse("group_night_end", args=[group.pk]), follow=True)
    body = response.content.decode()
    expected = nights.verdict(top, *best)
    assert expected.startswith(top[0]) and f"The game night is over. {expected}" in body
    past = body.split('id="past-title"')[1].split("</section>")[0]
    assert all(table.code in past for table in tables) and "Building Roman Roads on paper" in past
    assert expected in past and "Anna won" in past  # the sheet's winner
    assert response.context["past_nights"][0].night == GameNight.objects.get()


def test_a_nights_winner_reads_one_name_a_shared_night_or_nobody():
    assert nights.verdict(["Anna"], 5, 2) == "Anna won the night with 5 points and 2 wins"
    assert (
        nights.verdict(["Anna", "Ben"], 1, 1) == "Anna and Ben shared the night with 1 point and 1 win each"
    )
    assert nights.verdict([], 0, 0) == "No member won a game"
    rows = standings([Outcome("a", "/", timezone.now(), {1: 1, 2: 1, 3: 2})], MEMBERS)
    assert nights.night_winners(rows) == (["Anna", "Ben"], 1, 1)
    assert nights.night_winners(standings([], MEMBERS)) == ([], 0, 0)
    # More points beat more wins: second twice at tables of four outweighs one win of two.
    fours = [Outcome(x, "/", timezone.now(), {1: 2, 3: 4}, ranks=(1, 2, 3, 4)) for x in "ab"]
    pair = Outcome("c", "/", timezone.now(), {2: 1, 3: 2})
    assert nights.night_winners(standings([*fours, pair], MEMBERS)) == (["Anna"], 4, 0)


@pytest.mark.django_db
def test_the_invite_link_signed_out_names_the_group_and_leads_back_after_sign_in(client, family):
    group, *_ = family
    link = reverse("group_join", args=[group.invite_token])
    response = client.get(link)
    body = response.content.decode()
    assert response.status_code == 200 and "You were invited to join The Romans" in body
    assert f"{reverse('login')}?next={link}" in body.replace("%2F", "/")
    assert f"{reverse('signup')}?next={link}" in body.replace("%2F", "/")
    refused = client.post(link)
    assert refused.status_code == 302 and refused["Location"].startswith(reverse("login"))
    assert group.memberships.count() == 3


@pytest.mark.django_db
def test_a_resignation_counts_as_the_tables_result_says(client, family):
    group, anna, ben, _ = family
    game = game_services.create_game(anna, "poker", {}, 2, "seated")
    game_services.join_game(game.pk, ben)
    game_services.start_game(game.pk, anna)
    table_tools.leave(game.pk, ben)  # two players: a resignation, Anna wins
    game = Game.objects.get(pk=game.pk)
    assert game.status == Game.Status.FINISHED and game.log_tail[0] == "Ben resigned: Anna wins."
    rows, _ = standing_rows(client, group, ben)
    assert rows[anna.pk] == (1, 1) and rows[ben.pk] == (1, 0)


@pytest.mark.django_db
def test_a_host_makes_a_new_tv_link_and_the_old_one_stops(client, family):
    group, anna, ben, _ = family
    old = group.tv_url()
    client.force_login(ben)
    refused = client.post(reverse("group_new_tv_link", args=[group.pk]))
    assert refused.status_code == 403 and "Only a host" in refused.content.decode()
    group.refresh_from_db()
    assert group.tv_url() == old
    client.force_login(anna)
    response = client.post(reverse("group_new_tv_link", args=[group.pk]), follow=True)
    assert "A new TV link is ready" in response.content.decode()
    group.refresh_from_db()
    client.logout()
    assert client.get(old).status_code == 404 and client.get(group.tv_url()).status_code == 200
