"""The lobby: creating tables, joining by link or code, seats, starting.

Played with the toy games: Nim for its table form, Race for a table of up to four.
"""

import pytest
from django.urls import reverse

from accounts.models import User
from games.models import Game
from games.play import services

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("toy_games")]


@pytest.fixture
def host(make_user):
    return make_user("Julius")


@pytest.fixture
def open_game(host):
    return services.create_game(host, "race", {}, 3, "seated")


def test_create_game_with_options(client, host):
    client.force_login(host)
    response = client.post(
        reverse("new_game", args=["nim"]),
        {"max_seats": 2, "seat_order": "seated", "host_plays": "on", "misere": "on"},
    )
    game = Game.objects.get()
    assert response.status_code == 302 and response.url == game.get_absolute_url()
    assert game.options == {"misere": True}
    assert list(game.seats.values_list("user", flat=True)) == [host.pk]
    page = client.get(game.get_absolute_url()).content.decode()
    assert game.code in page and "/join/" in page


def test_create_game_refuses_bad_seat_count(client, host):
    client.force_login(host)
    response = client.post(reverse("new_game", args=["nim"]), {"max_seats": 9, "seat_order": "seated"})
    assert response.status_code == 400 and not Game.objects.exists()
    assert "Select a valid choice" in response.content.decode()


def test_unknown_game_kind_is_404(client, host):
    client.force_login(host)
    assert client.get(reverse("new_game", args=["chess"])).status_code == 404


def test_anonymous_is_sent_to_sign_in_to_create(client):
    response = client.get(reverse("new_game", args=["nim"]))
    assert response.status_code == 302 and reverse("login") in response.url


def test_guest_joins_by_link_with_only_a_name(client, open_game):
    response = client.post(reverse("join", args=[open_game.code]), {"display_name": "Agrippina"})
    assert response.status_code == 302
    seat = open_game.seats.get(name="Agrippina")
    assert seat.user.is_guest
    # The browser session keeps the guest signed in.
    assert client.get(reverse("my_games")).status_code == 200


def test_guest_without_a_name_is_told(client, open_game):
    response = client.post(reverse("join", args=[open_game.code]), {"display_name": ""})
    assert response.status_code == 400 and "required" in response.content.decode()
    assert open_game.seats.count() == 1


def test_join_by_code_any_case(client, open_game):
    response = client.get(reverse("join_by_code"), {"code": open_game.code.lower()})
    assert response.status_code == 302 and response.url == reverse("join", args=[open_game.code])


def test_join_by_unknown_code_says_so(client):
    response = client.get(reverse("join_by_code"), {"code": "ZZZZZZ"})
    assert response.status_code == 400 and "No game has that code" in response.content.decode()


def test_full_table_refuses(client, make_user, open_game):
    for name in ("A", "B"):
        services.join_game(open_game.pk, make_user(name))
    client.force_login(make_user("Late"))
    response = client.post(reverse("join", args=[open_game.code]))
    assert response.status_code == 409 and "full" in response.content.decode()


def test_joining_after_start_is_refused(client, make_user, open_game, host):
    services.join_game(open_game.pk, make_user("A"))
    services.start_game(open_game.pk, host)
    client.force_login(make_user("Late"))
    response = client.post(reverse("join", args=[open_game.code]))
    assert response.status_code == 409 and "already started" in response.content.decode()


def test_player_may_leave_before_start(client, make_user, open_game):
    player = make_user("A")
    services.join_game(open_game.pk, player)
    client.force_login(player)
    response = client.post(reverse("leave", args=[open_game.code]))
    assert response.status_code == 302
    assert not open_game.seats.filter(user=player).exists()


def test_host_removes_a_seat_others_cannot(client, make_user, open_game, host):
    player, other = make_user("A"), make_user("B")
    seat = services.join_game(open_game.pk, player)
    services.join_game(open_game.pk, other)
    client.force_login(other)
    response = client.post(reverse("remove_seat", args=[open_game.code, seat.pk]))
    assert response.status_code == 403 and "Only the host" in response.content.decode()
    assert open_game.seats.filter(pk=seat.pk).exists()
    client.force_login(host)
    assert client.post(reverse("remove_seat", args=[open_game.code, seat.pk])).status_code == 302
    assert not open_game.seats.filter(pk=seat.pk).exists()


def test_only_host_starts_and_needs_enough_players(client, make_user, open_game, host):
    client.force_login(host)
    response = client.post(reverse("start", args=[open_game.code]))
    assert response.status_code == 409 and "needs 2 to 4 players; 1 is seated." in response.content.decode()
    # Drawn at the form's address: the page names its own, where the browser is put (site.js).
    assert f'<meta name="page-url" content="/g/{open_game.code}/">' in response.content.decode()
    player = make_user("A")
    services.join_game(open_game.pk, player)
    client.force_login(player)
    assert client.post(reverse("start", args=[open_game.code])).status_code == 403
    client.force_login(host)
    assert client.post(reverse("start", args=[open_game.code])).status_code == 302
    open_game.refresh_from_db()
    assert open_game.status == Game.Status.ACTIVE and len(open_game.state["presses"]) == 2


def test_start_as_seated_keeps_join_order(make_user, host):
    game = services.create_game(host, "race", {}, 3, "seated")
    a, b = make_user("A"), make_user("B")
    services.join_game(game.pk, a)
    services.join_game(game.pk, b)
    services.start_game(game.pk, host)
    assert [s.user for s in game.seats.order_by("position")] == [host, a, b]


def test_start_shuffled_is_a_permutation_and_reproducible_from_the_seed(make_user, host):
    orders = set()
    for i in range(8):
        game = services.create_game(host, "race", {}, 4, "shuffle")
        for name in "ABC":
            services.join_game(game.pk, make_user(f"{name}{i}"))
        services.start_game(game.pk, host)
        positions = sorted(game.seats.values_list("position", flat=True))
        assert positions == [0, 1, 2, 3]
        orders.add(tuple(game.seats.order_by("position").values_list("name", flat=True)))
    assert len(orders) > 1  # 8 shuffles of 4 seats all equal would be a broken shuffle


def test_host_adds_a_computer_player(client, open_game, host):
    client.force_login(host)
    client.post(reverse("add_bot", args=[open_game.code]))
    assert open_game.seats.filter(is_bot=True).count() == 1


def test_a_visitor_late_for_a_started_game_gets_no_guest_account(client, make_user, open_game, host):
    services.join_game(open_game.pk, make_user("A"))
    services.start_game(open_game.pk, host)
    users = User.objects.count()
    response = client.post(reverse("join", args=[open_game.code]), {"display_name": "Late"})
    assert response.status_code == 409 and "already started" in response.content.decode()
    assert User.objects.count() == users and "_auth_user_id" not in client.session


def test_an_unknown_code_is_told_in_words(client):
    response = client.get(reverse("game", args=["NOSUCH"]))
    assert response.status_code == 404
    assert "There is no page at this address" in response.content.decode()
    assert "matches the given query" not in response.content.decode()


def test_host_cancels_an_open_table_others_cannot(client, make_user, open_game, host):
    player = make_user("A")
    services.join_game(open_game.pk, player)
    client.force_login(player)
    response = client.post(reverse("cancel", args=[open_game.code]))
    assert response.status_code == 403 and "Only the host can cancel" in response.content.decode()
    assert Game.objects.filter(pk=open_game.pk).exists()
    client.force_login(host)
    response = client.post(reverse("cancel", args=[open_game.code]))
    assert response.status_code == 302 and response.url == reverse("my_games")
    assert not Game.objects.filter(pk=open_game.pk).exists()


def test_a_started_table_cannot_be_cancelled(client, make_user, open_game, host):
    services.join_game(open_game.pk, make_user("A"))
    services.start_game(open_game.pk, host)
    client.force_login(host)
    response = client.post(reverse("cancel", args=[open_game.code]))
    assert response.status_code == 409 and "already started" in response.content.decode()
    assert Game.objects.filter(pk=open_game.pk).exists()


def test_host_leaving_is_told_to_cancel(client, open_game, host):
    client.force_login(host)
    response = client.post(reverse("leave", args=[open_game.code]))
    assert response.status_code == 409 and "cancel it instead" in response.content.decode()


def test_a_refused_guest_join_leaves_no_account(client, make_user, open_game):
    for name in ("A", "B"):
        services.join_game(open_game.pk, make_user(name))
    before = User.objects.count()
    response = client.post(reverse("join", args=[open_game.code]), {"display_name": "Late guest"})
    assert response.status_code == 409 and "full" in response.content.decode()
    assert User.objects.count() == before
    assert "_auth_user_id" not in client.session


def test_lobby_names_the_optional_rules_in_words(client, host):
    client.force_login(host)
    variant = services.create_game(host, "nim", {"misere": True}, 2, "seated")
    page = client.get(variant.get_absolute_url()).content.decode()
    assert "Rules: Last stone loses." in page
    plain = services.create_game(host, "nim", {"misere": False}, 2, "seated")
    assert "Rules: as in the box." in client.get(plain.get_absolute_url()).content.decode()
