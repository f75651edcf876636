"""How long ago something was, in the words every page uses."""

from __future__ import annotations

from datetime import datetime, timedelta
from math import ceil

from django.utils import timezone
from django.utils.timesince import timesince


def ago(moment: datetime | None) -> str:
    """ "just now" under a minute (never "0 minutes ago"), else "3 minutes ago"; "" for no moment."""
    if not moment:
        return ""
    if timezone.now() - moment < timedelta(minutes=1):
        return "just now"
    return f"{timesince(moment)} ago"


def until(seconds: float) -> str:
    """ "in 40 seconds", "in 2 minutes": how long until something, rounded up."""
    if seconds < 60:
        whole = max(1, ceil(seconds))
        return f"in {whole} second{'s' if whole != 1 else ''}"
    minutes = ceil(seconds / 60)
    return f"in {minutes} minute{'s' if minutes != 1 else ''}"
