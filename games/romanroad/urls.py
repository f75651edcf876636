"""Roman Road's old address of its shared screen, which is now the platform's (/g/<code>/tv/)."""

from django.urls import path

from games.contract.platform import moved

urlpatterns = [
    path("<code:code>/tv/", moved("tv"), name="romanroad_tv"),
    path("<code:code>/tv/poll/", moved("tv_poll"), name="romanroad_tv_poll"),
]
