from django.urls import include, path

from games.contract import kinds
from games.web import away_views, player_pages, views

urlpatterns = [
    path("", views.home, name="home"),
    path("healthz/", views.healthz, name="healthz"),
    path("rules/<slug:slug>/", views.rules, name="rules"),
    path("games/", views.my_games, name="my_games"),
    path("games/poll/", views.my_games_poll, name="my_games_poll"),
    path("games/new/<slug:slug>/", views.new_game, name="new_game"),
    path("join/", views.join_by_code, name="join_by_code"),
    path("join/<code:code>/", views.join, name="join"),
    path("join/<code:code>/qr.svg", views.join_qr, name="join_qr"),
    path("g/<code:code>/", views.game_page, name="game"),
    path("g/<code:code>/poll/", views.poll, name="poll"),
    path("g/<code:code>/move/", views.move, name="move"),
    path("g/<code:code>/log/", views.log, name="log"),
    path("g/<code:code>/tv/", views.tv, name="tv"),
    path("g/<code:code>/tv/poll/", views.tv_poll, name="tv_poll"),
    path("g/<code:code>/tv/next/", views.tv_next, name="tv_next"),
    path("g/<code:code>/result/", player_pages.result, name="result"),
    path("players/<id:user_id>/", player_pages.player, name="player"),
    path("g/<code:code>/here/", views.here, name="here"),
    path("g/<code:code>/away/", away_views.away, name="away"),
    path("g/<code:code>/move-on/", away_views.move_on, name="move_on"),
    path("g/<code:code>/since/<id:moves>/", away_views.since, name="since"),
    path("g/<code:code>/again/", views.play_again, name="play_again"),
    path("g/<code:code>/again/offer/", views.rematch_box, name="rematch_box"),
    path("g/<code:code>/start/", views.start, name="start"),
    path("g/<code:code>/leave/", views.leave, name="leave"),
    path("g/<code:code>/back/", views.take_back, name="take_back"),
    path("g/<code:code>/tools/", views.tools, name="table_tools"),
    path("g/<code:code>/host/<slug:tool>/", views.host_tool, name="host_tool"),
    path("g/<code:code>/cancel/", views.cancel, name="cancel"),
    path("g/<code:code>/bot/", views.add_bot, name="add_bot"),
    path("g/<code:code>/seats/<id:seat_id>/remove/", views.remove_seat, name="remove_seat"),
    # Each game's own pages (a solo run, a table view) under its slug.
    *(path(f"{kind.slug}/", include(kind.urls)) for kind in kinds.all_kinds() if kind.urls),
]
