"""Groups of people who play together (a family, a small group at church), and their game nights.

A group's games are the finished tables at which two or more of its members sat,
and the in-person score sheets attached to it (each name on the sheet matched to
a member, or to nobody). A game night is a span of time a host opens and closes:
every game of the group that ends in it, and every sheet attached in it, counts
for the night's standings. Only members see anything of a group.
"""

from __future__ import annotations

import secrets

from django.conf import settings
from django.db import models
from django.urls import reverse


def new_invite_token() -> str:
    return secrets.token_urlsafe(12)


def new_tv_token() -> str:
    return secrets.token_urlsafe(18)


class Group(models.Model):
    name = models.CharField(max_length=60)
    invite_token = models.CharField(max_length=24, unique=True, default=new_invite_token)
    # The key in the TV link: it shows the night's board (names, tables, standings) without a sign-in.
    tv_token = models.CharField(max_length=32, default=new_tv_token)
    created_at = models.DateTimeField(auto_now_add=True)
    members = models.ManyToManyField(
        settings.AUTH_USER_MODEL, through="Membership", related_name="play_groups"
    )

    def __str__(self) -> str:
        return self.name

    def get_absolute_url(self) -> str:
        return reverse("group", args=[self.pk])

    def tv_url(self) -> str:
        """The TV link: the night's board for a screen nobody signs in on."""
        return reverse("group_tv_key", args=[self.pk, self.tv_token])


class Membership(models.Model):
    group = models.ForeignKey(Group, on_delete=models.CASCADE, related_name="memberships")
    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="memberships")
    is_host = models.BooleanField(default=False)  # may start and end game nights, attach sheets
    joined_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        constraints = [models.UniqueConstraint(fields=["group", "user"], name="membership_unique")]

    def __str__(self) -> str:
        return f"{self.user} in {self.group}"


class GroupSheet(models.Model):
    """An in-person score sheet counted for the group; ``members`` maps each sheet name's
    index to a member's user id, or None for a guest at the table who is not a member."""

    group = models.ForeignKey(Group, on_delete=models.CASCADE, related_name="sheets")
    sheet = models.ForeignKey("scoresheets.ScoreSheet", on_delete=models.CASCADE, related_name="+")
    members = models.JSONField(default=list)
    attached_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        constraints = [models.UniqueConstraint(fields=["group", "sheet"], name="group_sheet_unique")]

    def __str__(self) -> str:
        return f"sheet {self.sheet_id} of {self.group}"


class GameNight(models.Model):
    group = models.ForeignKey(Group, on_delete=models.CASCADE, related_name="nights")
    host = models.ForeignKey(settings.AUTH_USER_MODEL, null=True, on_delete=models.SET_NULL, related_name="+")
    started_at = models.DateTimeField()
    ended_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["-started_at"]

    def __str__(self) -> str:
        return f"game night of {self.group} from {self.started_at:%Y-%m-%d %H:%M}"
