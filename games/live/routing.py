from django.urls import path

from games.live.consumers import PlayerConsumer, TableConsumer

websocket_urlpatterns = [
    path("ws/g/<str:code>/", TableConsumer.as_asgi()),
    path("ws/me/", PlayerConsumer.as_asgi()),
]
