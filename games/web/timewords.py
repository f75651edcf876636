"""How long ago something was, in the words every page uses."""

from __future__ import annotations

from datetime import datetime, timedelta

from django.utils import timezone
from django.utils.timesince import timesince


def ago(moment: datetime | None) -> str:
    """ "just now" under a minute (never "0 minutes ago"), else "3 minutes ago"; "" for no moment."""
    if not moment:
        return ""
    if timezone.now() - moment < timedelta(minutes=1):
        return "just now"
    return f"{timesince(moment)} ago"
