from django.urls import path

from games.catacombs import views
from games.contract.platform import moved

urlpatterns = [
    path("solo/", views.solo_start, name="catacombs_solo"),
    path("solo/history/", views.history, name="catacombs_history"),
    path("daily/", views.daily_board, name="catacombs_daily"),
    path("daily/start/", views.daily_start, name="catacombs_daily_start"),
    path("daily/<str:day>/", views.daily_board, name="catacombs_daily_on"),
    # The table view for a TV moved to the shared screen every game with one has (/g/<code>/tv/).
    path("<code:code>/table/", moved("tv"), name="catacombs_table"),
    path("<code:code>/table/poll/", moved("tv_poll"), name="catacombs_table_poll"),
]
