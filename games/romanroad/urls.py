from django.urls import path

from . import views

urlpatterns = [
    path("<str:code>/tv/", views.tv, name="romanroad_tv"),
    path("<str:code>/tv/poll/", views.tv_poll, name="romanroad_tv_poll"),
]
