"""The admin of games: it never shows a seed or a state, and checks that games replay."""

import pytest
from django.urls import reverse

from games.models import Game
from games.play import services

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("toy_games")]


@pytest.fixture
def staff_client(client, make_user):
    staff = make_user("Staff")
    staff.is_staff = staff.is_superuser = True
    staff.save()
    client.force_login(staff)
    return client


def test_game_admin_never_shows_the_seed_or_the_state(staff_client, make_table):
    game, (julius, _) = make_table("nim", ("Anna", "Ben"))
    page = staff_client.get(reverse("admin:games_game_change", args=[game.pk])).content.decode()
    assert game.code in page
    assert game.seed not in page
    assert '"heap"' not in page and "heap" not in page


def test_replay_action_reports_each_game(staff_client, make_table):
    game, (julius, _) = make_table("nim")
    services.submit_move(game.pk, julius, {"type": "take", "count": 1}, game.tokens["0"])
    response = staff_client.post(
        reverse("admin:games_game_changelist"),
        {"action": "check_replay", "_selected_action": [game.pk]},
        follow=True,
    )
    assert f"{game.code}: replays to its snapshot." in response.content.decode()
    Game.objects.filter(pk=game.pk).update(state={**game.state, "heap": 42})
    response = staff_client.post(
        reverse("admin:games_game_changelist"),
        {"action": "check_replay", "_selected_action": [game.pk]},
        follow=True,
    )
    assert "does NOT replay" in response.content.decode()
