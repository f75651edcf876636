"""Roman Catacombs pages beyond the game page: solo runs, the daily board, leaving a game in play."""

from __future__ import annotations

from datetime import date

from django.contrib import messages
from django.contrib.auth import login
from django.contrib.auth.decorators import login_required
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.views.decorators.http import require_GET, require_POST

from accounts import limits, names
from accounts.models import User
from games.catacombs import runs
from games.models import Game

GUEST_NAME = "Guest"


def _catacombs_game(code: str) -> Game:
    game = Game.objects.filter(code=code, kind=runs.SLUG).select_related("host").first()
    if game is None:
        raise Http404("No Roman Catacombs table has that code.")
    return game


def _player(request: HttpRequest) -> User:
    """The signed-in user, or a new guest so a solo run is one click away."""
    if request.user.is_authenticated:
        return request.user
    name = names.tidy(request.POST.get("display_name", ""))[:40]
    name = GUEST_NAME if not name or names.is_reserved(name) else name
    guest = User.objects.create_guest(name)
    login(request, guest, backend="django.contrib.auth.backends.ModelBackend")
    return guest


def _runs_limited(request: HttpRequest) -> str | None:
    """The limit a new solo or daily run from this client goes over, if any."""
    if not request.user.is_authenticated and limits.exceeded(request, "guests", by=limits.BY_ADDRESS):
        return "guests"
    return "solo_runs" if limits.exceeded(request, "solo_runs") else None


@require_POST
def solo_start(request: HttpRequest) -> HttpResponse:
    if over := _runs_limited(request):
        return limits.too_many(request, over)
    game = runs.start_solo(_player(request))
    return redirect(game)


@require_POST
def daily_start(request: HttpRequest) -> HttpResponse:
    """Only a confirmed account starts the day's run; anyone else is told why (no guest is made)."""
    if refusal := runs.daily_refusal(request.user):
        return render(request, "catacombs/daily_closed.html", {"message": refusal}, status=403)
    if over := _runs_limited(request):
        return limits.too_many(request, over)
    started = runs.start_daily(request.user)
    if started.created or started.game.status == Game.Status.ACTIVE:
        if not started.created:
            messages.info(request, "You have already started today's run: here it is.")
        return redirect(started.game)
    messages.info(
        request, "You have played today's run already (one ranked attempt a day). Here is the board."
    )
    return redirect("catacombs_daily_on", started.game.options["daily"])


@login_required
def history(request: HttpRequest) -> HttpResponse:
    games = list(
        runs.solo_runs(request.user).only(
            "code", "kind", "status", "options", "state", "created_at", "finished_at", "host"
        )
    )
    left_out = runs.replays(games)
    rows = [
        {"game": g, "score": runs.score(g), "daily": g.options.get("daily"), "replay": g.pk in left_out}
        for g in games
    ]
    counted = [r for r in rows if r["score"] is not None and not r["replay"]]
    best = max((r["score"] for r in counted), default=None)
    # One row wears "best": the oldest run that reached it (rows are newest first).
    best_row = next((r for r in reversed(counted) if r["score"] == best), None)
    if best_row is not None:
        best_row["best"] = True
    return render(request, "catacombs/history.html", {"rows": rows, "best": best})


@require_GET
def daily_board(request: HttpRequest, day: str | None = None) -> HttpResponse:
    if day is None:
        on = runs.today()
    else:
        try:
            on = date.fromisoformat(day)
        except ValueError:
            raise Http404("That is not a date (use YYYY-MM-DD).") from None
        if on > runs.today():
            raise Http404("That day has not come yet: its daily run opens at midnight UTC.")
    board = runs.daily_board(on)
    mine = None
    if request.user.is_authenticated:
        mine = runs.daily_runs(on).filter(host=request.user).first()
    context = {
        "day": on,
        "board": board,
        "is_today": on == runs.today(),
        "mine": mine,
        "daily_refusal": runs.daily_refusal(request.user),
        "next_run_at": runs.next_turnover(),
    }
    return render(request, "catacombs/daily.html", context)
