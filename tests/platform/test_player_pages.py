"""Player pages: statistics per game recomputed from finished games, the last games with their
pads, the Catacombs solo block, and a finished game's result as a shareable link."""

from __future__ import annotations

import re
from datetime import timedelta

import pytest
from django.conf import settings
from django.urls import reverse
from django.utils import timezone
from hypothesis import given
from hypothesis import strategies as st

from games.catacombs import runs
from games.contract.protocol import finishing_places, places
from games.models import Game, Seat
from games.play import services
from games.web.stats import Result, Stats, tally
from tests.platform.test_my_games import finish

results = st.lists(
    st.builds(
        lambda kind, place, score, players: Result(None, kind, min(place, players), score, players, ()),
        st.sampled_from(["poker", "roads", "romirami"]),
        st.integers(1, 6),
        st.integers(-50, 500),
        st.integers(2, 6),
    ),
    max_size=40,
)


@given(results, st.randoms())
def test_tally_is_the_plain_count_whatever_the_order(rows, rng):
    shuffled = list(rows)
    rng.shuffle(shuffled)
    assert tally(shuffled) == tally(rows)
    for kind, stats in tally(rows).items():
        mine = [r for r in rows if r.slug == kind]
        assert stats.played == len(mine)
        assert stats.won == sum(r.place == 1 for r in mine)
        assert stats.best == max(r.score for r in mine)
        assert stats.average == round(sum(r.score for r in mine) / len(mine), 1)
    assert sum(s.played for s in tally(rows).values()) == len(rows)


@given(results, results)
def test_tally_of_two_histories_adds_up(first, second):
    both, one, other = tally(first + second), tally(first), tally(second)
    for kind, stats in both.items():
        a, b = one.get(kind, Stats()), other.get(kind, Stats())
        assert stats.played == a.played + b.played and stats.won == a.won + b.won
        assert stats.best == max(x for x in (a.best, b.best) if x is not None)


# Each finished table's seed, so its deal and so its outcome are the same every run. The Romi Rami
# game ends 41 all, and Agrippina's Suit Bonus cards place her first.
TIE_ON_SCORE = "s14"
SEEDS = ("history-roads-1", "history-roads-2", TIE_ON_SCORE)


@pytest.fixture
def history(make_user, toy_games):
    """Julius's finished tables: two of Building Roman Roads, one of Romi Rami (real games: their own
    tie-breaks and hidden hands are what the pages must respect), and a table of Nim still in play."""
    julius, agrippina, marcus = make_user("Julius"), make_user("Agrippina"), make_user("Marcus")
    games = []
    tables = (("roads", [agrippina]), ("roads", [marcus, agrippina]), ("romirami", [agrippina]))
    for (kind, others), seed in zip(tables, SEEDS, strict=True):
        game = services.create_game(julius, kind, {}, 1 + len(others), "seated")
        Game.objects.filter(pk=game.pk).update(seed=seed)
        for other in others:
            services.join_game(game.pk, other)
        services.start_game(game.pk, julius)
        games.append(finish(Game.objects.get(pk=game.pk)))
    in_play = services.create_game(julius, "nim", {}, 2, "seated")
    services.join_game(in_play.pk, agrippina)
    services.start_game(in_play.pk, julius)
    return julius, games


@pytest.mark.django_db
def test_the_page_recomputes_each_games_numbers_from_the_games(client, history):
    julius, games = history
    response = client.get(reverse("player", args=[julius.pk]))
    assert response.status_code == 200
    expected: dict[str, list[tuple[int, int]]] = {}
    for game in games:
        position = Seat.objects.get(game=game, user=julius).position
        scores = game.engine.scores(game.state)
        # The game's own places: equal totals are ranked by its tie-break before they are shared.
        place = finishing_places(game.engine, game.state)[position]
        expected.setdefault(game.kind, []).append((place, scores[position]))
    shown = {kind.slug: stats for kind, stats in response.context["per_game"]}
    assert set(shown) == {"roads", "romirami"}  # the Nim table is not over
    for kind, rows in expected.items():
        assert shown[kind].played == len(rows)
        assert shown[kind].won == sum(place == 1 for place, _ in rows)
        assert shown[kind].best == max(score for _, score in rows)
    tied = games[2]
    assert places(tied.engine.scores(tied.state)) == [1, 1]  # 41 all ...
    assert shown["romirami"].won == 0  # ... and Agrippina's Suit Bonus cards win it: not a win of his
    body = response.content.decode()
    for game in games:
        assert reverse("pad_game", args=[game.code]) in body and reverse("result", args=[game.code]) in body


@pytest.mark.django_db
def test_a_result_link_shows_places_and_scores_and_nothing_hidden(client, history):
    _, games = history
    game = games[2]  # Romi Rami: hands are hidden while it is played
    body = client.get(reverse("result", args=[game.code])).content.decode()
    scores = game.engine.scores(game.state)
    for seat in game.seats.all():
        assert seat.name in body and str(scores[seat.position]) in body
    # The seed as a word of its own: a short one also turns up inside the page's random CSRF token.
    assert not re.search(rf"\b{re.escape(game.seed)}\b", body)
    assert '"hands"' not in body and "deck" not in body.lower()
    assert f'data-copy="{settings.SITE_URL}{reverse("result", args=[game.code])}"' in body


@pytest.mark.django_db
def test_a_game_in_play_has_no_result_yet(client, make_table, toy_games):
    game, _ = make_table("nim")
    response = client.get(reverse("result", args=[game.code]))
    assert response.status_code == 404 and "not over yet" in response.content.decode()


@pytest.mark.django_db
def test_todays_daily_run_stays_private_and_past_days_show(client, make_user):
    julius = make_user("Julius")
    today = runs.start_daily(julius).game
    yesterday = runs.start_daily(julius, runs.today() - timedelta(days=1)).game
    for game in (today, yesterday):
        game.refresh_from_db()
        finish(game)
    client.force_login(make_user("Marcus"))
    assert client.get(reverse("result", args=[today.code])).status_code == 403
    assert client.get(reverse("result", args=[yesterday.code])).status_code == 200
    body = client.get(reverse("player", args=[julius.pk])).content.decode()
    assert "Best solo run" in body
    day = yesterday.options["daily"]
    assert reverse("catacombs_daily_on", args=[day]) in body
    assert reverse("catacombs_daily_on", args=[today.options["daily"]]) not in body


@pytest.mark.django_db
def test_a_daily_board_of_a_day_to_come_is_not_shown(client):
    tomorrow = (timezone.now().date() + timedelta(days=2)).isoformat()
    response = client.get(reverse("catacombs_daily_on", args=[tomorrow]))
    assert response.status_code == 404 and "not come yet" in response.content.decode()


@pytest.mark.django_db
def test_an_unknown_player_is_a_404(client):
    assert client.get(reverse("player", args=[987654])).status_code == 404
