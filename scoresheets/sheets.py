"""Starting, changing and reading in-person score sheets (the one path for every change)."""

from __future__ import annotations

from django.db import transaction
from django.http import HttpRequest

from games.contract.protocol import IllegalMove

from .models import ScoreSheet
from .registry import sheet_kind
from .scoring import replay

SESSION_KEY = "score_sheets"
REMEMBERED = 50
MAX_ENTRIES = 500  # far more than any game needs; keeps each page's replay small


def create_sheet(request: HttpRequest, slug: str, names: list[str], options: dict) -> ScoreSheet:
    """A new sheet owned by the signed-in user, and by this browser session either way."""
    scorer = sheet_kind(slug).sheet
    state = scorer.new(names, scorer.options(options))  # refuses bad names or variants
    user = request.user if request.user.is_authenticated else None
    sheet = ScoreSheet.objects.create(
        kind=slug, names=state["names"], options=scorer.options(options), owner=user
    )
    owned = dict(request.session.get(SESSION_KEY, {}))
    owned[sheet.token] = sheet.edit_key
    request.session[SESSION_KEY] = dict(list(owned.items())[-REMEMBERED:])
    return sheet


def can_edit(request: HttpRequest, sheet: ScoreSheet) -> bool:
    if request.user.is_authenticated and sheet.owner_id == request.user.pk:
        return True
    return request.session.get(SESSION_KEY, {}).get(sheet.token) == sheet.edit_key


def session_sheets(request: HttpRequest) -> list[ScoreSheet]:
    """Sheets this visitor may edit: their own, and those started in this browser."""
    tokens = list(request.session.get(SESSION_KEY, {}))
    found = ScoreSheet.objects.filter(token__in=tokens)
    if request.user.is_authenticated:
        found = found | ScoreSheet.objects.filter(owner=request.user)
    return [
        sheet for sheet in found.distinct().order_by("-updated_at")[:REMEMBERED] if can_edit(request, sheet)
    ]


def add_entry(sheet_id: int, entry: dict) -> ScoreSheet:
    """Append ``entry`` if the rules accept it; ``IllegalMove`` (with the reason) if not."""
    with transaction.atomic():
        sheet = ScoreSheet.objects.select_for_update().get(pk=sheet_id)
        if len(sheet.entries) >= MAX_ENTRIES:
            raise IllegalMove("This sheet is full: start a new sheet for the next game.")
        sheet.scorer.apply(sheet.state(), entry)
        sheet.entries = [*sheet.entries, entry]
        sheet.version += 1
        sheet.save(update_fields=["entries", "version", "updated_at"])
    return sheet


def undo(sheet_id: int) -> tuple[ScoreSheet, str | None]:
    """Drop the last entry; returns the sheet and what was undone (None if nothing was)."""
    with transaction.atomic():
        sheet = ScoreSheet.objects.select_for_update().get(pk=sheet_id)
        if not sheet.entries:
            return sheet, None
        *kept, last = sheet.entries
        described = sheet.scorer.describe(replay(sheet.scorer, sheet.names, sheet.options, kept), last)
        sheet.entries = kept
        sheet.version += 1
        sheet.save(update_fields=["entries", "version", "updated_at"])
    return sheet, described


def history(sheet: ScoreSheet) -> list[str]:
    """Each entry in words, oldest first."""
    scorer = sheet.scorer
    state = scorer.new(sheet.names, sheet.options)
    lines = []
    for entry in sheet.entries:
        lines.append(scorer.describe(state, entry))
        state = scorer.apply(state, entry)
    return lines


__all__ = ["add_entry", "can_edit", "create_sheet", "history", "session_sheets", "undo"]
