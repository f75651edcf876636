"""Playing a run again: a daily run is one ranked attempt, so nothing plays it again, and no board
or history ranks a player twice for one day; a solo run plays again as a fresh solo run at once."""

from __future__ import annotations

import pytest
from django.urls import reverse

from games.catacombs import runs
from games.catacombs.tests.test_tables import play_solo
from games.models import Game
from games.play import services
from games.tables import rematch

pytestmark = pytest.mark.django_db


def test_a_finished_daily_run_cannot_be_played_again(client, make_user):
    julius = make_user("Julius")
    daily = play_solo(runs.start_daily(julius).game, julius)
    before = Game.objects.count()
    with pytest.raises(services.MoveRejected) as refused:
        rematch.play_again(daily.pk, julius)
    assert refused.value.status == 409 and refused.value.message == runs.DAILY_NO_AGAIN
    client.force_login(julius)
    response = client.post(reverse("play_again", args=[daily.code]), follow=True)
    assert Game.objects.count() == before and rematch.rematch_of(daily) is None
    page = response.content.decode()
    assert runs.DAILY_NO_AGAIN in page
    assert "Play again with the same table" not in page and "Play a solo run" in page


def test_a_second_run_of_the_same_day_is_never_ranked(client, make_user):
    julius, livia = make_user("Julius"), make_user("Livia")
    day = runs.today()
    first = play_solo(runs.start_daily(julius, day).game, julius)
    play_solo(runs.start_daily(livia, day).game, livia)
    # A second daily row for Julius, as an older rematch path could make.
    table = services.create_game(
        julius, runs.SLUG, dict(first.options), 1, Game.SeatOrder.AS_SEATED, host_plays=True
    )
    again = play_solo(services.start_game(table.pk, julius), julius)
    board = runs.daily_board(day)
    assert sorted(row.name for row in board) == ["Julius", "Livia"]
    assert first.pk in {row.game.pk for row in board} and again.pk not in {row.game.pk for row in board}
    client.force_login(julius)
    page = client.get(reverse("catacombs_history")).content.decode()
    assert page.count('<span class="tag">best</span>') == 1
    assert page.count(f"Daily run {day.isoformat()}</td>") == 1 and "again (not ranked)" in page


def test_a_solo_run_plays_again_as_a_fresh_solo_run(client, make_user):
    julius = make_user("Julius")
    solo = play_solo(runs.start_solo(julius), julius)
    client.force_login(julius)
    end = client.get(solo.get_absolute_url()).content.decode()
    assert ">Play again</button>" in end and "Play again with the same table" not in end
    assert "Play a solo run" not in end and "Play another solo run" not in end  # one way, not two
    response = client.post(reverse("play_again", args=[solo.code]))
    new = rematch.rematch_of(solo)
    assert response.status_code == 302 and response["Location"] == new.get_absolute_url()
    assert new.status == Game.Status.ACTIVE and new.options == {"solo": True} and new.seats.count() == 1
    assert new.state["turn"] == 1  # dealt and flipped, no lobby
    assert client.post(reverse("play_again", args=[solo.code]))["Location"] == new.get_absolute_url()
