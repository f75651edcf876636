"""A group's pages; every one of them answers 404 to anyone who is not a member, but the TV
link, whose key shows the night's board to a screen nobody signs in on."""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.contrib.auth.views import redirect_to_login
from django.db.models import Count, Exists, F, OuterRef, Q
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.views.decorators.http import require_GET, require_http_methods, require_POST

from accounts.limits import limit
from config.links import absolute
from games.contract.protocol import IllegalMove
from games.models import Game, Seat
from scoresheets.forms import NewSheetForm
from scoresheets.registry import sheet_kind, sheet_kinds

from . import nights, services, standings, tonight
from .forms import AttachSheetForm, GroupForm
from .models import Group, Membership

RECENT = 12


def _takes_players(game: Game) -> bool:
    """A table still open, or one in play that takes a latecomer into a free seat (Catacombs)."""
    return game.status == Game.Status.OPEN or game.game_kind.policy(game).latecomers


@login_required
def index(request: HttpRequest) -> HttpResponse:
    form = GroupForm(request.POST or None)
    if request.method == "POST" and form.is_valid():
        group = services.create_group(request.user, form.cleaned_data["name"].strip())
        return redirect(group)
    mine = Membership.objects.filter(user=request.user).select_related("group").order_by("group__name")
    status = 400 if request.method == "POST" else 200
    return render(request, "groups/index.html", {"form": form, "mine": mine}, status=status)


def _page(request: HttpRequest, member: Membership, status: int = 200, **extra) -> HttpResponse:
    group = member.group
    names = standings.member_names(group)
    outcomes = standings.outcomes(group)
    night = services.current_night(group)
    tables = Game.objects.filter(status__in=(Game.Status.OPEN, Game.Status.ACTIVE), host_id__in=names)
    seated = Seat.objects.filter(game=OuterRef("pk"), user=request.user)
    tables = tables.annotate(seated=Exists(seated), seat_count=Count("seats")).select_related("host")
    tables = tables.filter(Q(status=Game.Status.OPEN) | Q(seat_count__lt=F("max_seats")))
    open_tables = [game for game in tables.order_by("-created_at") if _takes_players(game)]
    context = {
        "group": group,
        "member": member,
        "members": group.memberships.select_related("user").order_by("user__display_name"),
        "standings": standings.standings(outcomes, names),
        "recent": outcomes[:RECENT],
        "night": night,
        "past_nights": nights.past_nights(group, names),
        "open_tables": open_tables,
        "sheets": group.sheets.select_related("sheet").order_by("-attached_at"),
        "member_names": sorted(names.items(), key=lambda item: item[1].lower()),
        "invite_url": absolute(f"/groups/join/{group.invite_token}/"),
        "tv_url": absolute(group.tv_url()),
        "sheet_kinds": sheet_kinds(),
        "attach_form": extra.pop("attach_form", AttachSheetForm()),
        **extra,
    }
    return render(request, "groups/group.html", context, status=status)


@require_GET
def group(request: HttpRequest, group_id: int) -> HttpResponse:
    return _page(request, services.membership(group_id, request.user))


def join(request: HttpRequest, token: str) -> HttpResponse:
    """The group's invite link: one tap joins; signed out, it names the group and asks for a sign-in."""
    group = get_object_or_404(Group, invite_token=token)
    if not request.user.is_authenticated:
        if request.method == "POST":
            return redirect_to_login(request.path)
        return render(request, "groups/join.html", {"group": group, "signed_out": True})
    if request.method == "POST":
        services.join_group(group, request.user)
        messages.info(request, f"You joined {group.name}.")
        return redirect(group)
    member = Membership.objects.filter(group=group, user=request.user).exists()
    return render(request, "groups/join.html", {"group": group, "already": member})


def _act(request: HttpRequest, group_id: int, action) -> HttpResponse:
    member = services.membership(group_id, request.user)
    try:
        action(member)
    except services.GroupRefused as exc:
        messages.error(request, exc.message)
        return _page(request, member, status=exc.status)
    return redirect(member.group)


@require_POST
def night_start(request: HttpRequest, group_id: int) -> HttpResponse:
    return _act(request, group_id, services.start_night)


@require_POST
def night_end(request: HttpRequest, group_id: int) -> HttpResponse:
    def end(member: Membership) -> None:
        night = services.end_night(member)
        past = nights.past_night(member.group, night, standings.member_names(member.group))
        messages.success(request, f"The game night is over. {past.verdict}; see it under Past game nights.")

    return _act(request, group_id, end)


@require_POST
def new_tv_link(request: HttpRequest, group_id: int) -> HttpResponse:
    def renew(member: Membership) -> None:
        services.new_tv_link(member)
        messages.success(request, "A new TV link is ready: copy it again; the old one no longer works.")

    return _act(request, group_id, renew)


@require_http_methods(["GET", "POST"])
@limit("sheets", methods=("POST",))
def start_sheet(request: HttpRequest, group_id: int, slug: str) -> HttpResponse:
    """A score sheet started from the group page: its names the members (or the night's players),
    counted for the group from the start."""
    member = services.membership(group_id, request.user)
    if sheet_kind(slug) is None:
        messages.error(request, "There is no score sheet for that game: choose one of the games below.")
        return _page(request, member, status=404)
    group, names = member.group, standings.member_names(member.group)
    initial = {"names": "\n".join(services.sheet_names(group, names))}
    form = NewSheetForm(slug, request.POST or None, initial=initial)
    if request.method == "POST" and form.is_valid():
        try:
            attached = services.start_sheet(
                member, request, slug, form.cleaned_data["names"], form.options(), names
            )
        except IllegalMove as exc:
            form.add_error(None, exc.reason)
        else:
            return redirect(attached.sheet)
    context = {"group": group, "form": form, "scorer": form.scorer, "night": services.current_night(group)}
    status = 400 if request.method == "POST" else 200
    return render(request, "groups/sheet_new.html", context, status=status)


@require_POST
def attach_sheet(request: HttpRequest, group_id: int) -> HttpResponse:
    member = services.membership(group_id, request.user)
    form = AttachSheetForm(request.POST)
    if not form.is_valid():
        return _page(request, member, status=400, attach_form=form)
    names = standings.member_names(member.group)
    return _act(request, group_id, lambda m: services.attach_sheet(m, form.cleaned_data["sheet"], names))


@require_POST
def match_sheet(request: HttpRequest, group_id: int, attached_id: int) -> HttpResponse:
    member = services.membership(group_id, request.user)
    names = standings.member_names(member.group)
    chosen = request.POST.getlist("member")
    return _act(request, group_id, lambda m: services.match_sheet(m, attached_id, chosen, names))


def _night_context(group: Group, key: str | None) -> dict:
    """The night's board, with the addresses its page fetches it from and hears it moved on."""
    args = [group.pk] if key is None else [group.pk, key]
    board = reverse("group_tv_board" if key is None else "group_tv_key_board", args=args)
    socket = f"/ws/night/{group.pk}/" + ("" if key is None else f"{key}/")
    return {**tonight.board(group), "board_url": board, "socket_url": socket}


def _screen(request: HttpRequest, group_id: int, key: str | None, template: str) -> HttpResponse:
    group = services.screen_group(group_id, request.user, key)
    if group is None:  # a 404 all the same: a group's existence stays private
        return render(request, "groups/no_tv.html", {"message": services.NO_TV}, status=404)
    return render(request, template, _night_context(group, key))


@require_GET
def tv(request: HttpRequest, group_id: int, key: str | None = None) -> HttpResponse:
    """The night for a shared screen (its tables in play and standings), redrawn when one of its
    tables moves: for a member, or for anyone with the TV link (its key), signed in or not."""
    return _screen(request, group_id, key, "groups/tv.html")


@require_GET
def tv_board(request: HttpRequest, group_id: int, key: str | None = None) -> HttpResponse:
    return _screen(request, group_id, key, "groups/tv_board.html")
