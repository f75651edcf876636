"""The viewer's own time zone: read from the browser, remembered on the account.

``static/js/site.js`` sends the browser's IANA zone (``Intl``) to
``/accounts/time-zone/`` when it differs from the page's ``data-tz``; it is kept in
a cookie and on the account (an account signing in adopts the cookie's). The
middleware activates the cookie's zone for every request, so Django's ``date``
filter and ``localtime`` show times in it. E-mails are rendered in the account's
zone.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import lru_cache
from zoneinfo import ZoneInfo, available_timezones

from django.http import HttpRequest, HttpResponse
from django.utils import timezone

COOKIE = "tz"
COOKIE_AGE = 365 * 86400


@lru_cache(maxsize=1)
def _known() -> frozenset[str]:
    return frozenset(available_timezones())


def valid(name: str | None) -> str | None:
    """The zone's name if it is a known IANA zone, else None."""
    return name if name and len(name) <= 64 and name in _known() else None


def zone_of(user) -> ZoneInfo:
    """A user's zone for what is sent to them (e-mails); UTC until their browser told it."""
    return ZoneInfo(valid(getattr(user, "time_zone", "")) or "UTC")


def zone_for(request: HttpRequest) -> str | None:
    """The zone of the browser at hand, from its cookie.

    Pages follow the browser, not the account, so the middleware touches neither the
    session nor the database (a poll stays one query); the account keeps the zone the
    browser last reported, for what is sent by e-mail.
    """
    return valid(request.COOKIES.get(COOKIE))


def adopt_on_sign_in(sender, request: HttpRequest | None, user, **kwargs) -> None:
    """Connected to ``user_logged_in``: a zone told before signing in is kept on the account."""
    zone = valid(request.COOKIES.get(COOKIE)) if request is not None else None
    if zone and user.time_zone != zone:
        user.time_zone = zone
        user.save(update_fields=["time_zone"])


class TimeZoneMiddleware:
    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        zone = zone_for(request)
        if zone:
            timezone.activate(ZoneInfo(zone))
        else:
            timezone.deactivate()
        try:
            return self.get_response(request)
        finally:
            timezone.deactivate()


def remember(request: HttpRequest, response: HttpResponse, zone: str) -> None:
    """Keep ``zone`` on the account (when signed in) and in the cookie."""
    user = request.user
    if user.is_authenticated and user.time_zone != zone:
        user.time_zone = zone
        user.save(update_fields=["time_zone"])
    response.set_cookie(COOKIE, zone, max_age=COOKIE_AGE, samesite="Lax", secure=request.is_secure())
