from __future__ import annotations

from email import message_from_bytes, policy
from pathlib import Path

from django.conf import settings
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import render


def _mail_dir() -> Path:
    return Path(settings.EMAIL_FILE_PATH)


def _messages(path: Path) -> list:
    """A file-backend log holds several messages separated by a line of dashes."""
    chunks = path.read_bytes().split(b"\n" + b"-" * 79 + b"\n")
    return [message_from_bytes(chunk.strip(), policy=policy.default) for chunk in chunks if chunk.strip()]


def mailbox(request: HttpRequest) -> HttpResponse:
    folder = _mail_dir()
    files = (
        sorted(folder.glob("*.log"), key=lambda p: p.stat().st_mtime, reverse=True) if folder.exists() else []
    )
    rows = [{"name": f.name, "message": msg} for f in files[:100] for msg in _messages(f)]
    return render(request, "dev/mailbox.html", {"rows": rows})


def mail_message(request: HttpRequest, name: str) -> HttpResponse:
    path = _mail_dir() / name
    if "/" in name or not path.is_file():
        raise Http404("No such message.")
    return render(request, "dev/message.html", {"name": name, "messages": _messages(path)})
