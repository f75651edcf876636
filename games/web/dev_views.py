"""The mail the site wrote to files (the embedded default and DEBUG), read as a mail client shows it.

The list names each message; a message's page shows its headers and its HTML part in a sandboxed
frame (no scripts, links open in the whole tab), or its text with the links made clickable. In
the embedded default, which the home network reaches, only the computer running the site may
read it: the mail holds sign-in and confirmation links.
"""

from __future__ import annotations

import ipaddress
import re
from email import message_from_bytes, policy
from email.message import EmailMessage
from functools import wraps
from pathlib import Path

from csp.decorators import csp_replace
from django.conf import settings
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import render
from django.views.decorators.clickjacking import xframe_options_sameorigin

MAIL_FILE = re.compile(r"[\w.-]+\.log")
NEWEST = 100  # files listed


def _may_read(request: HttpRequest) -> bool:
    if settings.DEBUG:
        return True
    if not settings.EMBEDDED:
        return False
    try:
        return ipaddress.ip_address(request.META.get("REMOTE_ADDR", "")).is_loopback
    except ValueError:
        return False


def mail_viewer(view):
    """404 where the site has no mail viewer (production), or for a reader on another machine."""

    @wraps(view)
    def guarded(request: HttpRequest, *args, **kwargs) -> HttpResponse:
        if not _may_read(request):
            raise Http404("No such page.")
        return view(request, *args, **kwargs)

    return guarded


def _messages(path: Path) -> list[EmailMessage]:
    """A file-backend log holds several messages separated by a line of dashes."""
    chunks = path.read_bytes().split(b"\n" + b"-" * 79 + b"\n")
    return [message_from_bytes(chunk.strip(), policy=policy.default) for chunk in chunks if chunk.strip()]


def _message(name: str, number: int) -> EmailMessage:
    path = Path(settings.EMAIL_FILE_PATH) / name
    if not MAIL_FILE.fullmatch(name) or not path.is_file():
        raise Http404("No such message.")
    found = _messages(path)
    if not 0 <= number < len(found):
        raise Http404("No such message.")
    return found[number]


def _part(message: EmailMessage, kind: str) -> str:
    body = message.get_body(preferencelist=(kind,))
    return body.get_content() if body is not None else ""


@mail_viewer
def mailbox(request: HttpRequest) -> HttpResponse:
    folder = Path(settings.EMAIL_FILE_PATH)
    files = (
        sorted(folder.glob("*.log"), key=lambda p: p.stat().st_mtime, reverse=True) if folder.exists() else []
    )
    rows = [
        {"name": f.name, "number": number, "message": message}
        for f in files[:NEWEST]
        for number, message in enumerate(_messages(f))
    ]
    return render(request, "dev/mailbox.html", {"rows": rows})


@mail_viewer
def mail_message(request: HttpRequest, name: str, number: int) -> HttpResponse:
    message = _message(name, number)
    context = {
        "name": name,
        "number": number,
        "mail": message,
        "text": _part(message, "plain"),
        "has_html": bool(_part(message, "html")),
    }
    return render(request, "dev/message.html", context)


@mail_viewer
@xframe_options_sameorigin
@csp_replace(
    {
        "style-src": ["'unsafe-inline'"],
        "img-src": ["'self'", "data:"],
        "frame-ancestors": ["'self'"],
        "script-src": ["'none'"],
    }
)
def mail_body(request: HttpRequest, name: str, number: int) -> HttpResponse:
    """The HTML part alone, for the message page's frame: the mail's own inline styles apply, links
    open in the whole tab."""
    html = _part(_message(name, number), "html")
    if not html:
        raise Http404("This message has no HTML part.")
    base = '<base target="_top">'
    html = re.sub(r"(<head[^>]*>)", r"\1" + base, html, count=1) if "<head" in html else base + html
    return HttpResponse(html, content_type="text/html; charset=utf-8")
