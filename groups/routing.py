"""The night TV's WebSocket address, beside the games' own (``config/asgi.py`` serves both)."""

from django.urls import re_path

from groups.live import NightConsumer

GROUP = r"(?P<group_id>[0-9]{1,18})"  # a row's id, as config.converters.DatabaseId reads it

websocket_urlpatterns = [
    re_path(rf"^ws/night/{GROUP}/$", NightConsumer.as_asgi()),
    re_path(rf"^ws/night/{GROUP}/(?P<key>[^/]+)/$", NightConsumer.as_asgi()),
]
