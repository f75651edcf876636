from django.urls import path

from .consumers import TableConsumer

websocket_urlpatterns = [path("ws/g/<str:code>/", TableConsumer.as_asgi())]
