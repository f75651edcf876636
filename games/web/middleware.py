"""Requests no view should see, and refusals Django leaves without a word.

A NUL character is refused before any view reads the request: PostgreSQL text
cannot hold it, so it would reach a query or an insert and fail there with a 500.
A bare 405 (a POST-only address opened as a page, say) gets a sentence.
Table codes that lead to no table are counted per address, and an address
that has had its share is refused before the view looks the code up.
"""

from __future__ import annotations

from collections.abc import Callable

from django.http import HttpRequest, HttpResponse, QueryDict
from django.shortcuts import render

from accounts import limits
from games.models import Game

NUL = "\x00"
NUL_REFUSAL = "That address or form holds a character no page of this site accepts."
BUTTON_ONLY = "This address answers only to a button on the site's pages: go back and use the button."
OPEN_ONLY = "This page can only be opened, not sent a form."


def _holds_nul(data: QueryDict) -> bool:
    return any(NUL in key or any(NUL in value for value in values) for key, values in data.lists())


class RejectNulMiddleware:
    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        posted = request.method == "POST" and _holds_nul(request.POST)
        if NUL in request.path or _holds_nul(request.GET) or posted:
            return HttpResponse(NUL_REFUSAL, status=400, content_type="text/plain; charset=utf-8")
        return self.get_response(request)


class ExplainNotAllowedMiddleware:
    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        response = self.get_response(request)
        if response.status_code != 405 or response.content:
            return response
        allowed = response.get("Allow", "")
        message = OPEN_ONLY if "GET" in allowed else BUTTON_ONLY
        explained = render(request, "405.html", {"message": message}, status=405)
        explained["Allow"] = allowed
        return explained


class CodeGuessMiddleware:
    """Limits guessing of table codes on every address that names one (``<code>`` in the URL).

    The check before the view reads the cache only, so the cheap poll stays one query;
    a 404 costs one more query, to count it only when no table has that code.
    """

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        response = self.get_response(request)
        code = getattr(request, "table_code", None)
        if code is not None and response.status_code == 404 and not Game.objects.filter(code=code).exists():
            limits.missed(request)
        return response

    def process_view(self, request: HttpRequest, view_func, view_args, view_kwargs) -> HttpResponse | None:
        code = view_kwargs.get("code")
        if not isinstance(code, str):
            return None
        request.table_code = code  # as the <code:…> converter read it
        if getattr(view_func, "checks_guessing", False):
            return None  # the view checks it beside its own limits, in one round trip
        if limits.guessing(request):
            # A page's own background refresh leaves the page as it is.
            return limits.too_many(request, "code_misses", quiet=request.method == "GET" and request.htmx)
        return None
