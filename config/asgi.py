"""ASGI: pages over HTTP, and the WebSockets of open game pages (``games.live``) and night TVs."""

import os

from django.core.asgi import get_asgi_application

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")
http_application = get_asgi_application()  # sets Django up before the consumers are imported

from channels.auth import AuthMiddlewareStack  # noqa: E402
from channels.routing import ProtocolTypeRouter, URLRouter  # noqa: E402
from channels.security.websocket import AllowedHostsOriginValidator  # noqa: E402
from django.conf import settings  # noqa: E402
from django.urls import get_resolver  # noqa: E402

from config.heap import settle  # noqa: E402
from games.live.routing import websocket_urlpatterns  # noqa: E402
from groups.routing import websocket_urlpatterns as night_urlpatterns  # noqa: E402
from scoresheets.warm import warm_renderer_in_background  # noqa: E402

# The URLconf (and every view module it imports, the PDF renderer's among them) is loaded now,
# not by the first request or the first board a socket is sent: that costs a second or more of
# CPU, which would otherwise fall on the first pages of a busy table.
_ = get_resolver().reverse_dict  # imports the URLconf and builds its reverse lookup
# Likewise the PDF renderer: a first PDF of each game costs 1.5-2x a later one (scoresheets/warm.py).
warming = warm_renderer_in_background(then=settle) if settings.WARM_PDF_RENDERER else None

sockets = websocket_urlpatterns + night_urlpatterns
application = ProtocolTypeRouter(
    {
        "http": http_application,
        "websocket": AllowedHostsOriginValidator(AuthMiddlewareStack(URLRouter(sockets))),
    }
)
settle()  # what starting up built stays out of the collector's full passes (config/heap.py)
