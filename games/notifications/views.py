"""E-mail settings, holidays, per-game mute and the signed unsubscribe link."""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core import signing
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.utils import timezone
from django.views.decorators.csrf import csrf_exempt
from django.views.decorators.http import require_POST

from games.models import Game, Holiday, NotificationPrefs, Seat
from games.notifications.forms import HolidayForm, PrefsForm
from games.notifications.unsubscribe import read_token, unsubscribe


def _page(request: HttpRequest, prefs_form: PrefsForm, holiday_form: HolidayForm, status: int = 200):
    today = timezone.now().date()
    context = {
        "prefs_form": prefs_form,
        "holiday_form": holiday_form,
        "holidays": Holiday.objects.filter(user=request.user, end__gte=today),
        "muted": Seat.objects.filter(user=request.user, muted=True).select_related("game"),
    }
    return render(request, "notifications/prefs.html", context, status=status)


@login_required
def prefs(request: HttpRequest) -> HttpResponse:
    instance = NotificationPrefs.objects.filter(user=request.user).first() or NotificationPrefs(
        user=request.user
    )
    form = PrefsForm(request.POST or None, instance=instance)
    if request.method == "POST":
        if not form.is_valid():
            return _page(request, form, HolidayForm(), status=400)
        form.save()
        messages.success(request, "Your e-mail settings are saved.")
        return redirect("notify_prefs")
    return _page(request, form, HolidayForm())


@login_required
@require_POST
def add_holiday(request: HttpRequest) -> HttpResponse:
    form = HolidayForm(request.POST, instance=Holiday(user=request.user))
    if not form.is_valid():
        instance = NotificationPrefs.objects.filter(user=request.user).first()
        return _page(request, PrefsForm(instance=instance), form, status=400)
    form.save()
    messages.success(request, "Holiday saved: your turn deadlines pause on those days.")
    return redirect("notify_prefs")


@login_required
@require_POST
def delete_holiday(request: HttpRequest, holiday_id: int) -> HttpResponse:
    # Only a holiday still to come or under way: a past one keeps counting towards the yearly cap.
    Holiday.objects.filter(pk=holiday_id, user=request.user, end__gte=timezone.now().date()).delete()
    return redirect("notify_prefs")


@login_required
@require_POST
def mute(request: HttpRequest, code: str) -> HttpResponse:
    game = get_object_or_404(Game, code=code)
    seat = get_object_or_404(Seat, game=game, user=request.user)
    seat.muted = request.POST.get("muted", "1") == "1"
    seat.save(update_fields=["muted"])
    if request.htmx:
        return render(request, "games/notify_toggle.html", {"game": game, "my_seat": seat})
    return redirect("notify_prefs" if request.POST.get("back") == "prefs" else game.get_absolute_url())


@csrf_exempt  # the signed token is the credential; mail clients post without a CSRF cookie (RFC 8058)
def unsubscribe_link(request: HttpRequest, token: str) -> HttpResponse:
    """GET asks (link scanners must not unsubscribe anyone); POST, one click, does it."""
    try:
        user_id, game_id = read_token(token)
    except signing.SignatureExpired:
        return render(request, "notifications/unsubscribe.html", {"state": "expired"}, status=400)
    except signing.BadSignature:
        return render(request, "notifications/unsubscribe.html", {"state": "invalid"}, status=400)
    game = Game.objects.filter(pk=game_id).first() if game_id else None
    if request.method == "POST":
        unsubscribe(user_id, game_id)
        return render(request, "notifications/unsubscribe.html", {"state": "done", "game": game})
    return render(request, "notifications/unsubscribe.html", {"state": "ask", "game": game, "token": token})
