from django.urls import path

from . import views

urlpatterns = [
    path("", views.index, name="groups"),
    path("join/<str:token>/", views.join, name="group_join"),
    path("<id:group_id>/", views.group, name="group"),
    path("<id:group_id>/night/start/", views.night_start, name="group_night_start"),
    path("<id:group_id>/night/end/", views.night_end, name="group_night_end"),
    path("<id:group_id>/sheets/", views.attach_sheet, name="group_attach_sheet"),
    path("<id:group_id>/sheets/new/<slug:slug>/", views.start_sheet, name="group_start_sheet"),
    path("<id:group_id>/sheets/<id:attached_id>/", views.match_sheet, name="group_match_sheet"),
    path("<id:group_id>/tv/", views.tv, name="group_tv"),
    path("<id:group_id>/tv/board/", views.tv_board, name="group_tv_board"),
    path("<id:group_id>/tv/new-link/", views.new_tv_link, name="group_new_tv_link"),
    path("<id:group_id>/tv/<str:key>/", views.tv, name="group_tv_key"),
    path("<id:group_id>/tv/<str:key>/board/", views.tv_board, name="group_tv_key_board"),
]
