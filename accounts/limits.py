"""Abuse limits: how often one client may do a thing, and who the client is.

A client is the signed-in user, else the address the request came from. Counts
are kept by django-ratelimit in the default cache (no SQL query), per limit
named in ``settings.RATE_LIMITS``. A client over a limit gets a 429 page with a
sentence; a cache that fails lets the request through.

On Redis a check is one round trip (``_redis_usages``: each counter's creation and its
increment or read sent together), with django-ratelimit's keys, windows and counts; on
any other cache django-ratelimit's own ``get_usage`` counts.
"""

from __future__ import annotations

import hashlib
import ipaddress
import logging
import time
from collections.abc import Callable
from datetime import datetime
from functools import wraps

from axes.helpers import get_cool_off
from axes.models import AccessAttempt
from django.conf import settings
from django.core.cache import cache, caches
from django.core.cache.backends.redis import RedisCache
from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from django.utils import timezone
from django_ratelimit import ALL
from django_ratelimit.core import EXPIRATION_FUDGE, _get_window, _make_cache_key, _split_rate, get_usage

log = logging.getLogger(__name__)

SENTENCES = {
    "joins": "Too many tables were looked up from here in a short time. Wait a few minutes, then try again.",
    "code_misses": (
        "Too many table codes that lead to no table came from here. "
        "Wait an hour, and check the code with your host."
    ),
    "guests": "Too many guest players started from here in the last hour. Wait a while, or sign in.",
    "signups": "Too many accounts were made from here in the last hour. Wait a while, then try again.",
    "password_resets": "Too many password-reset requests came from here. Wait an hour, then try again.",
    "reset_mails": "Too many password-reset requests came from here. Wait an hour, then try again.",
    "verify_mails": (
        "Several confirmation links went out in the last hour. Wait a while for them to arrive, "
        "then ask again."
    ),
    "sheets": "Too many score sheets were started from here in the last hour. Wait a while, then try again.",
    "moves": "Moves are coming faster than any player makes them. Wait a moment, then play on.",
    "polls": "This page asked for news faster than it needs to. Wait a moment, then reload it.",
    "tables": "You set up many tables in the last hour. Play at those, or wait a while before the next.",
    "solo_runs": "You started many runs in the last hour. Finish one of those, or wait a while.",
    "pads": "Many score pads were printed from here in the last hour. Wait a while, then print again.",
    "bot_tables": (
        "You started several tables of computer players alone in the last hour. "
        "Take a seat at the next one, or wait a while."
    ),
}


def _parsed(address: str) -> ipaddress.IPv4Address | ipaddress.IPv6Address | None:
    try:
        return ipaddress.ip_address(address.strip())
    except ValueError:
        return None


def _trusted(address: ipaddress.IPv4Address | ipaddress.IPv6Address) -> bool:
    return any(address in network for network in settings.TRUSTED_PROXIES)


def client_ip(request: HttpRequest) -> str:
    """The client's address: REMOTE_ADDR, unless that is one of ``TRUSTED_PROXIES``.

    Only then is ``X-Forwarded-For`` read, from the right, past every trusted proxy:
    the first address no trusted proxy owns is the client (what a client writes in
    the header itself sits to the left of that and is never believed). With no
    trusted proxies (the default) the header is ignored.
    An IPv6 address stands for its /64, which one household or machine can rotate through.
    """
    address = _parsed(request.META.get("REMOTE_ADDR") or "") or ipaddress.ip_address("0.0.0.0")
    if settings.TRUSTED_PROXIES and _trusted(address):
        hops = request.META.get("HTTP_X_FORWARDED_FOR", "").split(",")
        for hop in reversed(hops):
            parsed = _parsed(hop)
            if parsed is None:
                break  # junk in the chain: the last proxy's word is all we have
            address = parsed
            if not _trusted(parsed):
                break
    if address.version == 6:
        return str(ipaddress.ip_network(f"{address}/64", strict=False).network_address)
    return str(address)


def forget_signin_failures(now: datetime | None = None) -> int:
    """Delete failed sign-ins older than the lock window (django-axes keeps them otherwise)."""
    cutoff = (now or timezone.now()) - get_cool_off()
    deleted, _ = AccessAttempt.objects.filter(attempt_time__lt=cutoff).delete()
    return deleted


def signin_email(request: HttpRequest, credentials: dict | None) -> str | None:
    """The e-mail of a sign-in attempt as the sign-in form reads it, for django-axes."""
    raw = (credentials or {}).get("username") or request.POST.get("username")
    return raw.strip().lower() if raw else None


def _address(request: HttpRequest) -> str:
    return "ip:" + client_ip(request)


def _user_or_address(request: HttpRequest) -> str:
    user = request.user
    return f"user:{user.pk}" if user.is_authenticated else _address(request)


KNOWN_SESSION = "known-session:"
# Cookies this process has noted in the cache lately (digest -> monotonic time): a page seen
# again within REMEMBERED_FOR costs no cache round trip. Should the cache lose the note meanwhile,
# that session's polls count by address (still limited) until the note is written again.
REMEMBERED_FOR = 600.0
REMEMBERED_MAX = 10_000
_remembered: dict[str, float] = {}


def _cookie_digest(cookie: str) -> str:
    return hashlib.sha256(cookie.encode()).hexdigest()[:32]


def remember_session(request: HttpRequest) -> None:
    """Note (in the cache) a session cookie a page has just found valid: the cheap poll, which
    loads no session, then counts its requests by that session instead of by the address."""
    session = getattr(request, "session", None)
    key = session.session_key if session is not None and session.accessed else None
    if key and key == request.COOKIES.get(settings.SESSION_COOKIE_NAME):
        digest = _cookie_digest(key)
        now = time.monotonic()
        if now - _remembered.get(digest, -REMEMBERED_FOR) < REMEMBERED_FOR:
            return
        try:
            cache.add(KNOWN_SESSION + digest, 1, timeout=settings.SESSION_COOKIE_AGE)
        except Exception:  # noqa: BLE001 — without it polls count by address, which still limits
            log.warning("Could not remember a session for the poll limit.", exc_info=True)
            return
        if len(_remembered) >= REMEMBERED_MAX:
            _remembered.clear()
        _remembered[digest] = now


def _session_or_address(request: HttpRequest) -> str:
    """A session cookie a page found valid (``remember_session``), else the address: made-up
    cookies get no counter of their own. Reads the cache only, so the cheap poll stays one query."""
    cookie = request.COOKIES.get(settings.SESSION_COOKIE_NAME)
    if cookie:
        digest = _cookie_digest(cookie)
        try:
            if cache.get(KNOWN_SESSION + digest):
                return "session:" + digest
        except Exception:  # noqa: BLE001 — a cache that is down: count by address
            pass
    return _address(request)


BY_CLIENT = _user_or_address
BY_ADDRESS = _address
BY_SESSION = _session_or_address


def _redis_usages(store: RedisCache, checks: list[tuple[str, str, str, bool]]) -> list[dict]:
    """``get_usage`` for each (group, key, rate, count) in one round trip: each counter is created
    (if new) and incremented or read in one pipeline, under the key, window and expiry
    django-ratelimit gives it."""
    pipe = None
    windows = []
    for group, key, rate, count in checks:
        limit_count, period = _split_rate(rate)
        window = _get_window(key, period)
        cache_key = store.make_and_validate_key(_make_cache_key(group, window, rate, key, ALL))
        if pipe is None:
            pipe = store._cache.get_client(cache_key, write=True).pipeline(transaction=False)
        pipe.set(cache_key, 0, nx=True, ex=period + EXPIRATION_FUDGE)
        pipe.incr(cache_key) if count else pipe.get(cache_key)
        windows.append((limit_count, window))
    replies = pipe.execute() if pipe is not None else []
    usages = []
    for (limit_count, window), used in zip(windows, replies[1::2], strict=True):
        used = int(used or 0)
        usages.append(
            {
                "count": used,
                "limit": limit_count,
                "should_limit": used > limit_count,
                "time_left": window - int(time.time()),
            }
        )
    return usages


def _usages(request: HttpRequest, checks: list[tuple[str, str, bool]]) -> list[dict | None]:
    """The usage of each (limit name, client key, count) check; None for a check not made."""
    try:
        store = caches[getattr(settings, "RATELIMIT_USE_CACHE", "default")]
        if isinstance(store, RedisCache) and getattr(settings, "RATELIMIT_ENABLE", True):
            rates = settings.RATE_LIMITS
            made = [(f"limit:{name}", key, rates[name], count) for name, key, count in checks]
            return _redis_usages(store, made)
        return [
            get_usage(
                request,
                group=f"limit:{name}",
                key=lambda group, req, key=key: key,
                rate=settings.RATE_LIMITS[name],
                increment=count,
            )
            for name, key, count in checks
        ]
    except Exception:  # noqa: BLE001 — a cache that is down must not take the site with it
        names = ", ".join(name for name, _, _ in checks)
        log.warning("Rate limits %s could not be checked; letting the request through.", names, exc_info=True)
        return [None] * len(checks)


def _over(request: HttpRequest, usage: dict | None, count: bool) -> bool:
    if usage is None:
        return False
    # A check that does not count sees the requests so far: one more is over once they reach the limit.
    over = usage["count"] >= usage["limit"] if not count else usage["should_limit"]
    if over:
        request.limit_retry_after = max(1, usage["time_left"])
    return over


def exceeded(
    request: HttpRequest,
    name: str,
    *,
    by: Callable[[HttpRequest], str] = BY_CLIENT,
    count: bool = True,
    key: str | None = None,
) -> bool:
    """Whether this request goes over limit ``name``; counts it unless ``count`` is False.

    ``by`` names the client; ``key`` replaces it (an e-mail address asked for, say).
    """
    (usage,) = _usages(request, [(name, key if key is not None else by(request), count)])
    return _over(request, usage, count)


def first_exceeded(
    request: HttpRequest, checks: list[tuple[str, Callable[[HttpRequest], str], bool]]
) -> str | None:
    """The first of these (limit name, ``by``, ``count``) checks this request goes over, or None.

    All are made at once (one round trip on Redis), so a counting check counts this request
    even when an earlier one refuses it."""
    usages = _usages(request, [(name, by(request), count) for name, by, count in checks])
    for (name, _, count), usage in zip(checks, usages, strict=True):
        if _over(request, usage, count):
            return name
    return None


def too_many(request: HttpRequest, name: str, *, quiet: bool = False) -> HttpResponse:
    """The 429 answer: a page with the sentence, or for HTMX a flash on top of the page.

    ``quiet``: a background request (a poll) leaves the page as it is and tries again later.
    """
    sentence = SENTENCES[name]
    if getattr(request, "htmx", False):
        response = render(request, "flash.html", {"message": sentence}, status=429)
        if quiet:
            response["HX-Reswap"] = "none"
        else:
            response["HX-Retarget"] = "#flashes"
            response["HX-Reswap"] = "innerHTML"  # one at a time: the newest replaces the last
    else:
        response = render(request, "429.html", {"message": sentence}, status=429)
    response["Retry-After"] = str(getattr(request, "limit_retry_after", 60))
    return response


def limit(
    name: str,
    *,
    by: Callable[[HttpRequest], str] = BY_CLIENT,
    methods: tuple[str, ...] | None = None,
    when: Callable[[HttpRequest], bool] | None = None,
) -> Callable:
    """Decorate a view: count each request (of ``methods``, for which ``when`` holds) against
    limit ``name`` and answer 429 once the client is over it."""

    def decorator(view: Callable[..., HttpResponse]) -> Callable[..., HttpResponse]:
        @wraps(view)
        def wrapped(request: HttpRequest, *args, **kwargs) -> HttpResponse:
            applies = (methods is None or request.method in methods) and (when is None or when(request))
            if applies and exceeded(request, name, by=by):
                return too_many(request, name)
            return view(request, *args, **kwargs)

        return wrapped

    return decorator


# Table codes that lead nowhere ------------------------------------------------------


GUESSING = ("code_misses", BY_ADDRESS, False)


def checks_guessing(view: Callable[..., HttpResponse]) -> Callable[..., HttpResponse]:
    """Mark a view that makes the ``guessing`` check itself (with its own limits, in one round
    trip: ``first_exceeded`` with ``GUESSING`` first), before any lookup of the code."""
    view.checks_guessing = True
    return view


def guessing(request: HttpRequest) -> bool:
    """Whether this address has already had its share of codes that lead to no table.

    Checked before any lookup (without counting, and by address only, so a poll
    that checks it runs no extra query); ``missed`` counts a lookup that found nothing.
    """
    return exceeded(request, "code_misses", by=BY_ADDRESS, count=False)


def missed(request: HttpRequest) -> None:
    exceeded(request, "code_misses", by=BY_ADDRESS)
