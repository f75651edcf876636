"""Changing a group: make one, join by its invite link, game nights, start or attach a score sheet."""

from __future__ import annotations

import secrets

from django.db import transaction
from django.http import Http404, HttpRequest
from django.utils import timezone

from games.models import Game, Seat
from scoresheets import sheets
from scoresheets.models import ScoreSheet

from .models import GameNight, Group, GroupSheet, Membership, new_tv_token

NOT_HERE = "No group of yours is at this address."
NO_TV = (
    "This TV link is incomplete or no longer works. A host of the group copies the TV link from the "
    "group's page; it shows the game night without signing in."
)


class GroupRefused(Exception):
    def __init__(self, message: str, status: int = 400) -> None:
        super().__init__(message)
        self.message, self.status = message, status


def membership(group_id: int, user) -> Membership:
    """The user's membership of the group; a 404 for anyone else, so a group's existence stays private."""
    if not user.is_authenticated:
        raise Http404(NOT_HERE)
    found = Membership.objects.select_related("group").filter(group_id=group_id, user=user).first()
    if found is None:
        raise Http404(NOT_HERE)
    return found


def screen_group(group_id: int, user, key: str | None) -> Group | None:
    """The group whose night a screen may show: by the TV link's key, or to a signed-in member
    without one; None for anyone else."""
    if key is not None:
        group = Group.objects.filter(pk=group_id).first()
        matches = group is not None and secrets.compare_digest(group.tv_token.encode(), key.encode())
        return group if matches else None
    if not user.is_authenticated:
        return None
    found = Membership.objects.select_related("group").filter(group_id=group_id, user=user).first()
    return found.group if found is not None else None


@transaction.atomic
def create_group(user, name: str) -> Group:
    group = Group.objects.create(name=name)
    Membership.objects.create(group=group, user=user, is_host=True)
    return group


@transaction.atomic
def join_group(group: Group, user) -> Membership:
    member, _ = Membership.objects.get_or_create(group=group, user=user)
    return member


def current_night(group: Group) -> GameNight | None:
    return group.nights.filter(ended_at=None).first()


@transaction.atomic
def start_night(member: Membership) -> GameNight:
    if not member.is_host:
        raise GroupRefused("Only a host of the group starts a game night.", 403)
    group = Group.objects.select_for_update().get(pk=member.group_id)
    night = current_night(group)
    if night is not None:
        return night  # a second tap changes nothing
    return GameNight.objects.create(group=group, host=member.user, started_at=timezone.now())


@transaction.atomic
def end_night(member: Membership) -> GameNight:
    if not member.is_host:
        raise GroupRefused("Only a host of the group ends a game night.", 403)
    night = GameNight.objects.select_for_update().filter(group_id=member.group_id, ended_at=None).first()
    if night is None:
        raise GroupRefused("No game night is on.", 409)
    night.ended_at = timezone.now()
    night.save(update_fields=["ended_at"])
    return night


@transaction.atomic
def new_tv_link(member: Membership) -> Group:
    """A new key for the group's TV link: a screen opened with the old one shows nothing more."""
    if not member.is_host:
        raise GroupRefused("Only a host of the group makes a new TV link.", 403)
    group = Group.objects.select_for_update().get(pk=member.group_id)
    group.tv_token = new_tv_token()
    group.save(update_fields=["tv_token"])
    return group


def _sheet_token(link: str) -> str:
    """A sheet's link or bare token: the last part of its address."""
    return link.strip().rstrip("/").rsplit("/", 1)[-1][:16]


def _folded(name: str) -> str:
    return " ".join(name.split()).casefold()


def remembered_names(group_id: int, members: dict[int, str]) -> dict[str, int]:
    """The names written on the group's earlier sheets that stood for a member still in it
    ("Dad" -> his user id), the latest sheet's choice first."""
    remembered: dict[str, int] = {}
    for names, matched in (
        GroupSheet.objects.filter(group_id=group_id)
        .order_by("-attached_at", "-pk")
        .values_list("sheet__names", "members")
    ):
        for name, user_id in zip(names, matched, strict=False):
            if user_id in members:
                remembered.setdefault(_folded(name), user_id)
    return remembered


def match_names(
    names: list[str], members: dict[int, str], remembered: dict[str, int] | None = None
) -> list[int | None]:
    """Each sheet name to a member: the one it stood for on an earlier sheet of the group
    (``remembered``), else the member of that display name (ignoring case and spaces), else None."""
    by_name: dict[str, int] = {}
    for user_id, name in members.items():
        by_name.setdefault(_folded(name), user_id)
    by_name.update(remembered or {})
    matched, taken = [], set()
    for name in names:
        user_id = by_name.get(_folded(name))
        matched.append(user_id if user_id not in taken else None)
        taken.add(user_id)
    return matched


def sheet_names(group: Group, members: dict[int, str]) -> list[str]:
    """The names a sheet started from the group page begins with: the players of the game night
    on (the hosts of members' tables started in it and the members seated at them, then the
    names on its sheets, guests included) when it has any, else every member; by display name,
    each once. A host who only flipped the cards is there too, and may well play on paper."""
    night = current_night(group)
    found: list[str] = []
    if night is not None:
        hosts = Game.objects.filter(created_at__gte=night.started_at, host_id__in=members).order_by(
            "created_at"
        )
        found += [members[user_id] for user_id in hosts.values_list("host_id", flat=True)]
        seated = Seat.objects.filter(
            game__created_at__gte=night.started_at, game__host_id__in=members, user_id__in=members
        ).order_by("game__created_at", "position")
        found += [members[user_id] for user_id in seated.values_list("user_id", flat=True)]
        tonight = group.sheets.filter(attached_at__gte=night.started_at).order_by("attached_at", "pk")
        for names, matched in tonight.values_list("sheet__names", "members"):
            found += [members.get(user_id, name) for name, user_id in zip(names, matched, strict=False)]
    if not found:
        found = sorted(members.values(), key=str.casefold)
    return list(dict.fromkeys(found))


@transaction.atomic
def start_sheet(
    member: Membership,
    request: HttpRequest,
    slug: str,
    names: list[str],
    options: dict,
    members: dict[int, str],
) -> GroupSheet:
    """A new score sheet counted for the group from the start (and so for the game night on,
    which counts what is attached during it), its names matched to ``members`` as an attached
    sheet's are. ``IllegalMove`` if the game's scorer refuses the names or variants."""
    sheet = sheets.create_sheet(request, slug, names, options)
    attached, _ = _attach(member, sheet, members)
    return attached


def _attach(member: Membership, sheet: ScoreSheet, members: dict[int, str]) -> tuple[GroupSheet, bool]:
    matched = match_names(sheet.names, members, remembered_names(member.group_id, members))
    return GroupSheet.objects.get_or_create(
        group_id=member.group_id, sheet=sheet, defaults={"members": matched}
    )


@transaction.atomic
def attach_sheet(member: Membership, link: str, members: dict[int, str]) -> GroupSheet:
    """The paste-a-link way: a sheet started on its own, outside the group page, counted for it."""
    sheet = ScoreSheet.objects.filter(token=_sheet_token(link)).first()
    if sheet is None:
        raise GroupRefused("No score sheet has that link. Copy it from the sheet's page.", 404)
    attached, created = _attach(member, sheet, members)
    if not created:
        raise GroupRefused("That sheet already counts for this group.", 409)
    return attached


@transaction.atomic
def match_sheet(
    member: Membership, attached_id: int, chosen: list[str], members: dict[int, str]
) -> GroupSheet:
    attached = GroupSheet.objects.select_for_update().filter(pk=attached_id, group_id=member.group_id).first()
    if attached is None:
        raise Http404(NOT_HERE)
    names = attached.sheet.names
    if len(chosen) != len(names):
        raise GroupRefused("Choose a member, or nobody, for every name on the sheet.")
    matched: list[int | None] = []
    for raw in chosen:
        user_id = int(raw) if raw.isascii() and raw.isdigit() and len(raw) <= 18 else None
        if raw and (user_id is None or user_id not in members):
            raise GroupRefused("Match names only to members of this group.")
        matched.append(user_id)
    taken = [u for u in matched if u is not None]
    if len(taken) != len(set(taken)):
        raise GroupRefused("A member can stand for only one name on a sheet.")
    attached.members = matched
    attached.save(update_fields=["members"])
    return attached
