"""Runs whose player closed the account: still ranked, still shown, with no host."""

import pytest
from django.urls import reverse

from accounts import privacy
from games.catacombs import runs
from games.catacombs.tests.test_tables import play_solo
from games.models import FORMER_PLAYER

pytestmark = pytest.mark.django_db


def test_a_closed_accounts_daily_run_stays_on_the_board(client, make_user):
    anna, ben = make_user("Anna"), make_user("Ben")
    day = runs.today()
    gone = play_solo(runs.start_daily(anna, day).game, anna)
    solo = play_solo(runs.start_solo(anna), anna)
    play_solo(runs.start_daily(ben, day).game, ben)
    privacy.close_account(anna.pk, keep_names=False)
    gone.refresh_from_db()
    assert gone.host_id is None and runs.personal_best(None) is None
    names = {row.name for row in runs.daily_board(day)}
    assert names == {FORMER_PLAYER, "Ben"}
    client.force_login(ben)
    assert FORMER_PLAYER in client.get(reverse("catacombs_daily")).content.decode()
    assert client.get(gone.get_absolute_url()).status_code == 403  # still private for the day
    page = client.get(solo.get_absolute_url())
    assert page.status_code == 200 and FORMER_PLAYER in page.content.decode()
