"""The site's URLs plus one bare authenticated view: the fair floor a move's server time is read against.

The view does what every signed-in page does and nothing more: the session and
the user are loaded, and a small template is rendered with the request's context.
"""

from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse
from django.template import engines
from django.urls import path

from config.urls import urlpatterns as site_urlpatterns

PAGE = engines["django"].from_string("<p>Signed in as {{ user.display_name }}.</p>")


@login_required
def signed_in(request: HttpRequest) -> HttpResponse:
    return HttpResponse(PAGE.render({"user": request.user}, request))


urlpatterns = [path("bench/signed-in/", signed_in), *site_urlpatterns]
