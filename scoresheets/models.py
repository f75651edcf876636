"""Score sheets for games played at a real table.

A sheet is its names, game and variants, and the list of entries made so far;
the scores are the entries replayed through the game's scorer
(the game's ``sheet.py``), so undo is dropping the last entry. Anyone with the
link may read a sheet; only its owner (the signed-in user who started it, or
the browser session holding its ``edit_key``) may change it.
"""

from __future__ import annotations

import secrets

from django.conf import settings
from django.core.exceptions import ValidationError
from django.db import models
from django.urls import reverse

from .registry import sheet_kind
from .scoring import Scorer, replay


def validate_sheet_kind(slug: str) -> None:
    if sheet_kind(slug) is None:
        raise ValidationError("There is no score sheet for that game.")


def new_token() -> str:
    return secrets.token_urlsafe(9)


def new_edit_key() -> str:
    return secrets.token_urlsafe(24)


class ScoreSheet(models.Model):
    # A registered game's slug whose GameKind keeps a sheet (games.contract.kinds); no choices, so a new
    # game needs no migration.
    kind = models.CharField(max_length=20, validators=[validate_sheet_kind])
    token = models.CharField(max_length=16, unique=True, default=new_token)
    names = models.JSONField(default=list)
    options = models.JSONField(default=dict, blank=True)
    entries = models.JSONField(default=list, blank=True)
    version = models.PositiveIntegerField(default=0)
    owner = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        null=True,
        blank=True,
        on_delete=models.SET_NULL,
        related_name="score_sheets",
    )
    edit_key = models.CharField(max_length=40, default=new_edit_key, editable=False)
    created_at = models.DateTimeField(auto_now_add=True)
    updated_at = models.DateTimeField(auto_now=True)

    class Meta:
        ordering = ["-updated_at"]

    def __str__(self) -> str:
        return f"{self.scorer.name} sheet {self.token}"

    def get_absolute_url(self) -> str:
        return reverse("sheet", args=[self.token])

    @property
    def scorer(self) -> Scorer:
        return sheet_kind(self.kind).sheet

    def state(self) -> dict:
        return replay(self.scorer, self.names, self.options, self.entries)
