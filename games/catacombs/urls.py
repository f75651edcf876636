from django.urls import path

from . import views

urlpatterns = [
    path("solo/", views.solo_start, name="catacombs_solo"),
    path("solo/history/", views.history, name="catacombs_history"),
    path("daily/", views.daily_board, name="catacombs_daily"),
    path("daily/start/", views.daily_start, name="catacombs_daily_start"),
    path("daily/<str:day>/", views.daily_board, name="catacombs_daily_on"),
    path("<str:code>/table/", views.table, name="catacombs_table"),
    path("<str:code>/table/poll/", views.table_poll, name="catacombs_table_poll"),
    path("<str:code>/leave/", views.leave, name="catacombs_leave"),
]
