"""Deleting a user in the admin closes the account as its owner would."""

import pytest
from django.urls import reverse

from accounts.models import User
from games.models import FORMER_PLAYER

pytestmark = pytest.mark.django_db


def test_deleting_in_the_admin_keeps_the_games(client, make_user, make_table):
    staff = make_user("Staff")
    staff.is_staff = staff.is_superuser = True
    staff.save()
    client.force_login(staff)
    game, (julius, agrippina) = make_table()
    response = client.post(reverse("admin:accounts_user_delete", args=[julius.pk]), {"post": "yes"})
    assert response.status_code == 302
    assert not User.objects.filter(pk=julius.pk).exists()
    game.refresh_from_db()
    assert game.host_id == agrippina.pk
    assert game.seats.get(position=0).name == FORMER_PLAYER
    response = client.post(
        reverse("admin:accounts_user_changelist"),
        {"action": "delete_selected", "_selected_action": [agrippina.pk], "post": "yes"},
    )
    assert response.status_code == 302 and not User.objects.filter(pk=agrippina.pk).exists()
    assert list(game.seats.values_list("name", flat=True)) == [FORMER_PLAYER, FORMER_PLAYER]
