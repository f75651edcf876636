from django.urls import include, path

from games.contract import kinds
from games.web import player_pages, views

urlpatterns = [
    path("", views.home, name="home"),
    path("healthz/", views.healthz, name="healthz"),
    path("rules/<slug:slug>/", views.rules, name="rules"),
    path("games/", views.my_games, name="my_games"),
    path("games/poll/", views.my_games_poll, name="my_games_poll"),
    path("games/new/<slug:slug>/", views.new_game, name="new_game"),
    path("join/", views.join_by_code, name="join_by_code"),
    path("join/<str:code>/", views.join, name="join"),
    path("join/<str:code>/qr.svg", views.join_qr, name="join_qr"),
    path("g/<str:code>/", views.game_page, name="game"),
    path("g/<str:code>/poll/", views.poll, name="poll"),
    path("g/<str:code>/move/", views.move, name="move"),
    path("g/<str:code>/log/", views.log, name="log"),
    path("g/<str:code>/tv/", views.tv, name="tv"),
    path("g/<str:code>/tv/poll/", views.tv_poll, name="tv_poll"),
    path("g/<str:code>/result/", player_pages.result, name="result"),
    path("players/<id:user_id>/", player_pages.player, name="player"),
    path("g/<str:code>/here/", views.here, name="here"),
    path("g/<str:code>/again/", views.play_again, name="play_again"),
    path("g/<str:code>/again/offer/", views.rematch_box, name="rematch_box"),
    path("g/<str:code>/start/", views.start, name="start"),
    path("g/<str:code>/leave/", views.leave, name="leave"),
    path("g/<str:code>/tools/", views.tools, name="table_tools"),
    path("g/<str:code>/host/<slug:tool>/", views.host_tool, name="host_tool"),
    path("g/<str:code>/cancel/", views.cancel, name="cancel"),
    path("g/<str:code>/bot/", views.add_bot, name="add_bot"),
    path("g/<str:code>/seats/<id:seat_id>/remove/", views.remove_seat, name="remove_seat"),
    # Each game's own pages (a solo run, a table view) under its slug.
    *(path(f"{kind.slug}/", include(kind.urls)) for kind in kinds.all_kinds() if kind.urls),
]
