"""A score sheet started from the group page: its names the members (or the game night's
players), counted for the group and the night from the start, names written on earlier sheets
matched to their member again; refused with a sentence to anyone else or for a forged game."""

from __future__ import annotations

import html
import re

import pytest
from django.urls import reverse

from games.play import services as game_services
from groups import services
from groups.models import GameNight, GroupSheet, Membership
from groups.standings import member_names, outcomes
from scoresheets.models import ScoreSheet
from tests.groups.test_groups import roads_sheet

pytestmark = pytest.mark.django_db


def start_page(client, group, slug="roads"):
    return client.get(reverse("group_start_sheet", args=[group.pk, slug]))


def prefilled(response) -> list[str]:
    found = re.search(r"<textarea[^>]*name=\"names\"[^>]*>(.*?)</textarea>", response.content.decode(), re.S)
    return [html.unescape(line).strip() for line in found.group(1).strip().splitlines()]


def start(client, group, names: str, slug="roads", **extra) -> GroupSheet:
    response = client.post(reverse("group_start_sheet", args=[group.pk, slug]), {"names": names, **extra})
    assert response.status_code == 302, response.content.decode()
    token = response["Location"].rstrip("/").rsplit("/", 1)[-1]
    return GroupSheet.objects.get(sheet__token=token)


def test_the_group_page_offers_a_sheet_of_every_game(client, family):
    group, anna, *_ = family
    client.force_login(anna)
    body = client.get(reverse("group", args=[group.pk])).content.decode()
    for slug in ("poker", "catacombs", "romirami", "roads", "romanroad"):
        assert reverse("group_start_sheet", args=[group.pk, slug]) in body


def test_a_sheet_started_on_the_group_page_counts_for_the_group_and_the_night(client, family):
    group, anna, ben, clara = family
    client.force_login(anna)
    assert prefilled(start_page(client, group)) == ["Anna", "Ben", "Clara"]  # every member, no night on
    client.post(reverse("group_night_start", args=[group.pk]))
    night = GameNight.objects.get()
    attached = start(client, group, "Ben\nAnna")
    assert attached.group == group and attached.members == [ben.pk, anna.pk]
    assert attached.sheet.owner == anna and attached.sheet.names == ["Ben", "Anna"]
    response = client.post(attached.sheet.get_absolute_url(), {"action": "game", "winners": ["0"]})
    assert response.status_code == 302  # its starter keeps the score

    tonight = outcomes(group, night.started_at, night.ended_at)
    assert [(o.url, o.places) for o in tonight] == [
        (attached.sheet.get_absolute_url(), {ben.pk: 1, anna.pk: 2})
    ]
    page = client.get(reverse("group", args=[group.pk]))
    rows = {row.name: (row.played, row.won) for row in page.context["standings"]}
    assert rows == {"Ben": (1, 1), "Anna": (1, 0), "Clara": (0, 0)}
    tv = client.get(reverse("group_tv", args=[group.pk]))
    assert {row.name: row.won for row in tv.context["standings"]}["Ben"] == 1


def test_during_a_night_the_names_are_tonights_players_guests_included(client, family, make_user):
    group, anna, ben, clara = family
    client.force_login(anna)
    client.post(reverse("group_night_start", args=[group.pk]))
    table = game_services.create_game(clara, "poker", {}, 4, "seated")
    game_services.join_game(table.pk, ben)
    stranger = make_user("Marcus")
    game_services.create_game(stranger, "poker", {}, 2, "seated")  # not a member's table
    start(client, group, "Grandma\nClara")
    assert prefilled(start_page(client, group)) == ["Clara", "Ben", "Grandma"]


def test_a_name_written_on_an_earlier_sheet_matches_its_member_again(client, family):
    group, anna, ben, clara = family
    client.force_login(anna)
    first = start(client, group, "Dad\nClara")
    assert first.members == [None, clara.pk]  # nobody is called Dad yet
    path = reverse("group_match_sheet", args=[group.pk, first.pk])
    assert client.post(path, {"member": [str(ben.pk), str(clara.pk)]}).status_code == 302

    again = start(client, group, "clara\n dad ")
    assert again.members == [clara.pk, ben.pk]
    pasted = roads_sheet(["DAD", "Anna"], [[0]])
    names = member_names(group)
    by_link = services.attach_sheet(Membership.objects.get(group=group, user=anna), pasted.token, names)
    assert by_link.members == [ben.pk, anna.pk]  # the paste-a-link way remembers as well


def test_a_name_whose_member_left_is_not_matched_to_them(client, family):
    group, anna, ben, _ = family
    client.force_login(anna)
    first = start(client, group, "Dad\nAnna")
    client.post(
        reverse("group_match_sheet", args=[group.pk, first.pk]), {"member": [str(ben.pk), str(anna.pk)]}
    )
    Membership.objects.filter(group=group, user=ben).delete()
    assert start(client, group, "Dad\nAnna").members == [None, anna.pk]


@pytest.mark.parametrize("method", ["get", "post"])
def test_anyone_but_a_member_gets_a_404_with_a_sentence_and_no_sheet(client, family, make_user, method):
    group, *_ = family
    other = services.create_group(make_user("Marcus"), "The Gauls")
    client.force_login(other.memberships.get().user)  # a member of another group
    path = reverse("group_start_sheet", args=[group.pk, "roads"])
    response = getattr(client, method)(path, {"names": "Marcus\nAnna"})
    body = response.content.decode()
    assert response.status_code == 404 and services.NOT_HERE in html.unescape(body)
    assert group.name not in body and "Anna" not in body
    client.logout()
    assert getattr(client, method)(path, {"names": "Marcus\nAnna"}).status_code == 404
    assert not ScoreSheet.objects.exists() and not GroupSheet.objects.exists()


@pytest.mark.parametrize(
    "slug, data, status, sentence",
    [
        ("chess", {"names": "Anna\nBen"}, 404, "There is no score sheet for that game"),
        ("roads", {"names": "Anna"}, 400, "Building Roman Roads is for 2 to"),
        ("roads", {"names": "Anna\nAnna"}, 400, "Give each player a different name."),
        ("romanroad", {"names": "Anna\nBen", "target": "-4"}, 400, "target"),
    ],
)
def test_a_forged_start_is_refused_with_a_sentence_and_starts_nothing(
    client, family, slug, data, status, sentence
):
    group, anna, *_ = family
    client.force_login(anna)
    response = client.post(reverse("group_start_sheet", args=[group.pk, slug]), data)
    body = html.unescape(response.content.decode())
    assert response.status_code == status
    assert sentence in body and ('role="alert"' in body or 'role="status"' in body)
    assert not ScoreSheet.objects.exists() and not GroupSheet.objects.exists()


def test_the_host_who_only_flipped_tonight_is_among_the_names(client, family):
    group, anna, ben, clara = family
    client.force_login(anna)
    client.post(reverse("group_night_start", args=[group.pk]))
    table = game_services.create_game(anna, "catacombs", {"flip_mode": "host"}, 4, "seated", host_plays=False)
    for user in (ben, clara):
        game_services.join_game(table.pk, user)
    assert prefilled(start_page(client, group)) == ["Anna", "Ben", "Clara"]
