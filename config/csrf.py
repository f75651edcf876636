"""The answer to a form sent without a valid CSRF token: a sentence a player understands, in the
site's own page, never Django's technical one.

For a player the cause is almost always a page opened before they signed in or out in another tab
(signing in renews the token every form carries) or cookies cleared; a reload gives the page a
token that works. An HTMX request (a move) gets the sentence on top of the page it came from,
which stays as it was.
"""

from __future__ import annotations

from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from django.utils.http import url_has_allowed_host_and_scheme

SENTENCE = (
    "This page was opened before you signed in or out, or its cookies were cleared, so it could not "
    "send that. Reload the page and try again."
)


def failure(request: HttpRequest, reason: str = "") -> HttpResponse:
    if request.headers.get("HX-Request") == "true":
        response = render(request, "flash.html", {"message": SENTENCE}, status=403)
        response["HX-Retarget"] = "#flashes"
        response["HX-Reswap"] = "innerHTML"  # one at a time: the newest replaces the last
        return response
    referer = request.headers.get("Referer", "")
    safe = url_has_allowed_host_and_scheme(referer, {request.get_host()}, request.is_secure())
    back = referer if referer and safe else "/"
    return render(request, "403_csrf.html", {"message": SENTENCE, "back": back}, status=403)
