"""What the sheet page and the sheet's printed pad need, from a ScoreSheet."""

from __future__ import annotations

from django.http import HttpRequest
from django.urls import reverse
from django.utils import formats

from config.links import absolute

from . import sheets
from .forms import entry_form
from .models import ScoreSheet
from .pads import Pad
from .registry import pad_kind

HISTORY_SHOWN = 30


def _units(sheet: ScoreSheet, state: dict) -> tuple[list[dict], dict]:
    summary = sheet.scorer.summary(state)
    return pad_kind(sheet.kind).pad.from_sheet(state, summary), summary


def sheet_pad(sheet: ScoreSheet, paper: str) -> Pad:
    units, _ = _units(sheet, sheet.state())
    started = formats.date_format(sheet.created_at, "j F Y")
    return Pad(sheet.kind, units, paper=paper, heading=f"Score sheet of {started}")


def sheet_context(
    request: HttpRequest, sheet: ScoreSheet, bound: dict | None = None, error: str | None = None
) -> dict:
    state = sheet.state()
    units, summary = _units(sheet, state)
    editable = sheets.can_edit(request, sheet)
    entry_forms = []
    if editable:
        chosen = sheet.scorer.prefill(state, sheet.entries)
        offered = sheet.scorer.offered(state)
        for action, (label, _) in sheet.scorer.entries.items():
            if action not in offered:
                continue
            form = (bound or {}).get(action) or entry_form(sheet.scorer, action, sheet.names, initial=chosen)
            entry_forms.append({"action": action, "label": label, "form": form})
    lines = sheets.history(sheet)
    return {
        "sheet": sheet,
        "scorer": sheet.scorer,
        "score_template": sheet.scorer.template,
        "units": units,
        "summary": summary,
        "can_edit": editable,
        "entry_forms": entry_forms,
        "history": list(enumerate(lines, 1))[-HISTORY_SHOWN:][::-1],
        "last_entry": lines[-1] if lines else None,
        "error": error,
        "share_url": absolute(reverse("sheet", args=[sheet.token])),
    }
