"""What makes the site installable: the web app manifest and the favicon at the address browsers ask."""

from __future__ import annotations

from django.http import HttpRequest, HttpResponse, HttpResponsePermanentRedirect, JsonResponse
from django.templatetags.static import static
from django.urls import reverse
from django.utils.text import get_text_list
from django.views.decorators.cache import cache_control
from django.views.decorators.http import require_safe

from games.contract import kinds

THEME_COLOUR = "#8a2b1e"
BACKGROUND_COLOUR = "#fbf8f1"


@require_safe
@cache_control(max_age=86400, public=True)
def manifest(request: HttpRequest) -> HttpResponse:
    icons = [
        {"src": static("icons/icon-192.png"), "sizes": "192x192", "type": "image/png"},
        {"src": static("icons/icon-512.png"), "sizes": "512x512", "type": "image/png"},
        {
            "src": static("icons/icon-maskable-512.png"),
            "sizes": "512x512",
            "type": "image/png",
            "purpose": "maskable",
        },
        {"src": static("icons/icon.svg"), "sizes": "any", "type": "image/svg+xml"},
    ]
    body = {
        "name": "Roman Games",
        "short_name": "Roman Games",
        "description": f"Play {get_text_list([kind.name for kind in kinds.all_kinds()], 'and')} online, "
        "around one table, or on paper with printed score pads.",
        "start_url": reverse("my_games"),
        "scope": "/",
        "display": "standalone",
        "theme_color": THEME_COLOUR,
        "background_color": BACKGROUND_COLOUR,
        "icons": icons,
    }
    response = JsonResponse(body, json_dumps_params={"indent": 1})
    response["Content-Type"] = "application/manifest+json"
    return response


@require_safe
def favicon(request: HttpRequest) -> HttpResponse:
    """Browsers and feed readers ask /favicon.ico whatever the page links; send them the real file."""
    return HttpResponsePermanentRedirect(static("icons/favicon.ico"))
