from django.urls import path

from . import views

urlpatterns = [
    path("", views.index, name="groups"),
    path("join/<str:token>/", views.join, name="group_join"),
    path("<int:group_id>/", views.group, name="group"),
    path("<int:group_id>/night/start/", views.night_start, name="group_night_start"),
    path("<int:group_id>/night/end/", views.night_end, name="group_night_end"),
    path("<int:group_id>/sheets/", views.attach_sheet, name="group_attach_sheet"),
    path("<int:group_id>/sheets/<int:attached_id>/", views.match_sheet, name="group_match_sheet"),
    path("<int:group_id>/tv/", views.tv, name="group_tv"),
    path("<int:group_id>/tv/board/", views.tv_board, name="group_tv_board"),
]
