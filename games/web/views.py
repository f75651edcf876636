"""Thin views: parse the request, call a service, render a template.

A game page and its HTMX partial come from the same templates: the page
includes the game's ``Pages.board`` (through ``games/board.html``),
and moves and polls answer with that partial alone.
"""

from __future__ import annotations

import json
import re

from django.contrib import messages
from django.contrib.auth import login
from django.contrib.auth.decorators import login_required
from django.contrib.auth.views import redirect_to_login
from django.db import IntegrityError, transaction
from django.http import Http404, HttpRequest, HttpResponse, JsonResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.views.decorators.http import require_GET, require_POST
from django.views.generic import RedirectView

from accounts import limits
from accounts.forms import GuestForm
from accounts.models import User
from config import heartbeat
from config.links import absolute
from games.contract import kinds
from games.contract.protocol import NOT_A_MOVE
from games.live import presence
from games.live.polling import unchanged_answer
from games.models import Game, Move, Seat
from games.play import seat_moves, services
from games.tables import rematch
from games.tables import tools as table_tools
from games.tables.access import require_watchable, watchable_table
from games.tables.invites import qr_svg
from games.web import handbook
from games.web.forms import JoinCodeForm, NewGameForm
from games.web.my_games import my_games as my_games_of
from games.web.my_games import stamp as my_games_stamp
from games.web.presenter import (
    board_fragment,
    here_context,
    page_context,
    tools_context,
    tv_context,
)


def healthz(request: HttpRequest) -> HttpResponse:
    """For load balancers and monitors: the process answers (200, "ok"; touches no database), and a
    second line says whether the background work runs (beat's heartbeat, config.heartbeat)."""
    return HttpResponse(f"ok\n{heartbeat.report()}\n", content_type="text/plain")


def home(request: HttpRequest) -> HttpResponse:
    context = {"kinds": list(kinds.all_kinds()), "join_form": JoinCodeForm()}
    return render(request, "games/home.html", context)


@require_GET
def rules(request: HttpRequest, slug: str) -> HttpResponse:
    if not kinds.exists(slug) or not handbook.has_rules(kinds.get(slug)):
        raise Http404("That game has no rules page here.")
    kind = kinds.get(slug)
    context = {"kind": kind, "rules_html": handbook.rules_html(kind), "kinds": list(kinds.all_kinds())}
    return render(request, "games/rules.html", context)


@login_required
def my_games(request: HttpRequest) -> HttpResponse:
    return render(request, "games/my_games.html", {"mine": my_games_of(request.user)})


@login_required
@require_GET
def my_games_poll(request: HttpRequest) -> HttpResponse:
    """204 while none of the player's games changed (one query); else the fresh list."""
    if request.GET.get("stamp") == my_games_stamp(request.user):
        return HttpResponse(status=204)
    return render(request, "games/my_games_list.html", {"mine": my_games_of(request.user)})


@login_required
def new_game(request: HttpRequest, slug: str) -> HttpResponse:
    if not kinds.exists(slug):
        raise Http404("No such game.")
    form = NewGameForm.of(slug)(request.POST or None)
    if request.method == "POST" and form.is_valid():
        if limits.exceeded(request, "tables"):
            return limits.too_many(request, "tables")
        data = form.cleaned_data
        game = services.create_game(
            request.user,
            slug,
            form.options(),
            data["max_seats"],
            data["seat_order"],
            data["host_plays"],
            turn_deadline=data.get("turn_deadline") or None,
        )
        return redirect(game)
    status = 400 if request.method == "POST" else 200
    context = {"form": form, "engine": kinds.get(slug).engine}
    return render(request, "games/new_game.html", context, status=status)


@limits.limit("joins", when=lambda request: "code" in request.GET)
def join_by_code(request: HttpRequest) -> HttpResponse:
    form = JoinCodeForm(request.GET or None)
    if form.is_bound and limits.guessing(request):
        return limits.too_many(request, "code_misses")
    if form.is_valid() and Game.objects.filter(code=form.cleaned_data["code"]).exists():
        return redirect("join", form.cleaned_data["code"])
    if form.is_bound:
        limits.missed(request)
        form.add_error("code", "No game has that code. Check it with your host.")
    return render(request, "games/join_code.html", {"form": form}, status=400 if form.is_bound else 200)


@limits.limit("joins")
def join(request: HttpRequest, code: str) -> HttpResponse:
    if request.path != reverse("join", args=[code]):  # "7pv-uar" from a message: at its own address
        return redirect("join", code)
    game = Game.objects.filter(code=code).select_related("host").first()
    if game is None:
        return _no_table(request, code)
    if (later := rematch.join_instead(game)) is not None:  # the code on paper: the table plays again
        return redirect("join", later.code)
    user = request.user if request.user.is_authenticated else None
    if user and game.seats.filter(user=user).exists():
        return redirect(game)
    guest_form = GuestForm(request.POST or None) if user is None else None
    if request.method == "POST":
        if user is None and not guest_form.is_valid():
            return _join_page(request, game, guest_form, status=400)
        if user is None and limits.exceeded(request, "guests", by=limits.BY_ADDRESS):
            return limits.too_many(request, "guests")
        try:
            # A guest account exists only if the seat is taken: a refusal rolls both back.
            with transaction.atomic():
                if user is None:
                    user = User.objects.create_guest(guest_form.cleaned_data["display_name"])
                if game.status == Game.Status.OPEN:
                    services.join_game(game.pk, user)
                else:  # a game in play that takes latecomers (else refused with why)
                    table_tools.join(game.pk, user, _request_id(request))
        except services.MoveRejected as exc:
            messages.error(request, exc.message)
            return _join_page(request, game, guest_form, status=exc.status)
        if not request.user.is_authenticated:
            login(request, user, backend="django.contrib.auth.backends.ModelBackend")
        return redirect(game)
    return _join_page(request, game, guest_form)


def _join_page(request: HttpRequest, game: Game, guest_form, status: int = 200) -> HttpResponse:
    seats = list(game.seats.all())
    closed = services.why_closed(game, len(seats))
    under_way = game.status == Game.Status.ACTIVE and not closed
    note = game.game_kind.policy(game).joined_seat.you
    context = {
        "game": game,
        "seats": seats,
        "guest_form": guest_form,
        "closed_because": closed,
        "joining_means": f"The game is under way: {note}." if under_way else "",
    }
    return render(request, "games/join.html", context, status=status)


def _no_table(request: HttpRequest, code: str) -> HttpResponse:
    """A link whose code leads nowhere: the site's own page, with a box to type the right code."""
    context = {"code": code[:20], "form": JoinCodeForm()}
    return render(request, "games/no_table.html", context, status=404)


@require_GET
def join_qr(request: HttpRequest, code: str) -> HttpResponse:
    """The table's join link as a QR code (SVG), for the lobby, the invite box and a shared screen."""
    game = get_object_or_404(Game.objects.only("code"), code=code)
    svg = qr_svg(absolute(game.invite_url()))
    response = HttpResponse(svg, content_type="image/svg+xml")
    response["Cache-Control"] = "private, max-age=86400"
    return response


def game_page(request: HttpRequest, code: str) -> HttpResponse:
    game = watchable_table(code, request.user)
    pages = presence.arrived(request, game)
    page = render(request, "games/game.html", page_context(request, game))
    return presence.seen(request, page, game, pages)


@require_GET
def poll(request: HttpRequest, code: str) -> HttpResponse:
    """204 while nothing changed (one indexed query); else the fresh partial."""
    try:
        answer = unchanged_answer(request, code)
    except Http404:  # the page was drawn, so the table existed: its host cancelled it
        return render(request, "games/gone.html", status=404)
    if answer is not None:
        return presence.heartbeat(request, answer) if answer.status_code == 204 else answer
    game = require_watchable(Game.objects.get(code=code), request.user)
    return presence.heartbeat(request, render(request, "games/board.html", board_fragment(request, game)))


def moved(url_name: str):
    """A page that moved: its old address answers with a permanent redirect, query string kept
    (an open page polling the old address follows it)."""
    return RedirectView.as_view(pattern_name=url_name, permanent=True, query_string=True)


def _shared_screen(code: str, user) -> Game:
    """A table whose game has a shared screen (``Pages.tv``), if ``user`` may watch it."""
    game = Game.objects.filter(code=code, kind__in=kinds.with_tv()).select_related("host").first()
    if game is None:
        raise Http404("No table with a shared screen has that code.")
    return require_watchable(game, user)


@require_GET
def tv(request: HttpRequest, code: str) -> HttpResponse:
    """The shared screen (a TV across the room): the table's view, which nobody's hand is in."""
    game = _shared_screen(code, request.user)
    return render(request, "games/tv.html", tv_context(request, game))


@require_GET
def tv_poll(request: HttpRequest, code: str) -> HttpResponse:
    """204 while nothing changed (one indexed query); else the fresh screen. The screen redraws
    itself when the table's socket says a new version is out; this is its fallback."""
    answer = unchanged_answer(request, code, kinds=kinds.with_tv())
    if answer is not None:
        return answer
    game = _shared_screen(code, request.user)
    return render(request, game.game_kind.pages.tv, tv_context(request, game))


@require_GET
def tv_next(request: HttpRequest, code: str) -> HttpResponse:
    """Where a shared screen goes once its table plays again (``static/js/tv.js`` asks when the
    table's socket says a rematch was made, and now and then after the end): the newest rematch's
    screen, as JSON; 204 while there is none."""
    game = _shared_screen(code, request.user)
    later = rematch.newest(game) if game.status == Game.Status.FINISHED else game
    if later.pk == game.pk:
        return HttpResponse(status=204)
    return JsonResponse({"url": reverse("tv", args=[later.code])})


@require_GET
def rematch_box(request: HttpRequest, code: str) -> HttpResponse:
    """The end screen's invitation, redrawn when someone asks for a rematch (pushed)."""
    game = watchable_table(code, request.user)
    context = {"game": game, **rematch.offer_context(game, request.user)}
    return render(request, "games/rematch.html", context)


@require_POST
def play_again(request: HttpRequest, code: str) -> HttpResponse:
    """Make the rematch of this finished game, or take a seat at the one already asked for."""
    game = watchable_table(code, request.user)
    if not request.user.is_authenticated:
        return redirect_to_login(game.get_absolute_url())
    try:
        new = rematch.play_again(game.pk, request.user)
    except services.MoveRejected as exc:
        messages.error(request, exc.message)
        return redirect(game)
    return redirect(new)


@require_GET
def here(request: HttpRequest, code: str) -> HttpResponse:
    """Who is at the table now (the strip the board shows), redrawn when someone comes or goes."""
    game = Game.objects.filter(code=code).first()
    if game is None:  # cancelled meanwhile: the page says so in place of its board; keep the strip
        return HttpResponse(status=204)
    game = require_watchable(game, request.user)
    return render(request, "games/here.html", here_context(request, game))


MAX_MOVE_CHARS = 2000  # a real move is a few dozen characters, its form fields included
MAX_MOVE_REQUEST_BYTES = 16_000  # the whole form: the move, its fields, the token and CSRF
REQUEST_ID = re.compile(r"[A-Za-z0-9-]{8,40}")
TOO_LONG = "That move is far longer than any move of this game."


def _no_constant(name: str) -> float:
    raise ValueError(f"{name} is not a number")  # NaN and Infinity: not JSON, and no move holds them


def _storable(move: dict) -> bool:
    """Whether PostgreSQL can store the move: no NUL, no lone surrogate, within the length cap."""
    try:
        text = json.dumps(move, ensure_ascii=False)
        text.encode("utf-8")  # a lone surrogate ("\udfff" in the JSON) cannot be encoded
    except (UnicodeEncodeError, ValueError, RecursionError):
        return False
    return "\\u0000" not in text and len(text) <= MAX_MOVE_CHARS


def _parse_move(request: HttpRequest, game: Game) -> tuple[dict, int | None]:
    try:
        length = int(request.META.get("CONTENT_LENGTH") or 0)
    except ValueError:
        length = 0
    if length > MAX_MOVE_REQUEST_BYTES:
        raise services.MoveRejected(TOO_LONG, 400)
    raw = request.POST.get("move", "")
    if len(raw) > MAX_MOVE_CHARS:
        raise services.MoveRejected(TOO_LONG, 400)
    try:
        move = json.loads(raw, parse_constant=_no_constant)
    except (ValueError, RecursionError):
        raise services.MoveRejected(NOT_A_MOVE, 400) from None
    if not isinstance(move, dict):
        raise services.MoveRejected(NOT_A_MOVE, 400)
    # The fields the page adds are merged in: the move stored is the merged one, checked whole.
    move = game.game_kind.parse_move(request.POST, move)
    if not _storable(move):
        raise services.MoveRejected(TOO_LONG if len(json.dumps(move)) > MAX_MOVE_CHARS else NOT_A_MOVE, 400)
    try:
        turn = int(request.POST.get("turn", ""))
    except ValueError:
        turn = None
    return move, turn


def _request_id(request: HttpRequest) -> str:
    """The page's id for this request (site.js adds one to every move); anything else is no id."""
    raw = request.POST.get("request", "")
    return raw if REQUEST_ID.fullmatch(raw) else ""


@require_POST
@limits.checks_guessing
def move(request: HttpRequest, code: str) -> HttpResponse:
    # Before the lookup and the row lock: a guesser is refused unseen, a flood never queues on it.
    over = limits.first_exceeded(request, [limits.GUESSING, ("moves", limits.BY_CLIENT, True)])
    if over:
        return limits.too_many(request, over)
    status, error, seats = 200, None, None
    request_id, as_host = _request_id(request), request.POST.get("as") == "host"
    try:
        # One locked read serves the watch check, the form parsing and the move.
        with transaction.atomic():
            game, seats = services.locked_game(code)
            if game is None:
                raise Http404("No game has that code.")
            # A refusal answers with the board, so whoever may not watch is refused first.
            game = require_watchable(game, request.user)
            if not request.user.is_authenticated:
                raise services.MoveRejected("Sign in to play at this table.", 403)
            move_payload, turn = _parse_move(request, game)
            seats = services.submit_locked(
                game,
                request.user,
                move_payload,
                turn,
                as_host=as_host,
                request_id=request_id,
                seats=seats,
                answered=bool(request.htmx),
            )
    except (services.MoveRejected, IntegrityError) as exc:
        game.refresh_from_db()
        # The same request sent again (its answer was lost) is answered with the table as it is.
        if not services.made_before(game, seats, request.user, request_id, as_host=as_host):
            if isinstance(exc, IntegrityError):
                raise
            status, error = exc.status, exc.message
    if request.htmx:
        return render(request, "games/board.html", board_fragment(request, game, error, seats), status=status)
    return render(request, "games/game.html", page_context(request, game, error, seats), status=status)


@require_GET
def log(request: HttpRequest, code: str) -> HttpResponse:
    game = watchable_table(code, request.user)
    moves = Move.objects.filter(game=game).order_by("-number").only("number", "summary", "created_at")
    return render(request, "games/log.html", {"game": game, "moves": moves})


def _lobby_action(request: HttpRequest, code: str, action) -> HttpResponse:
    game = watchable_table(code, request.user)
    if not request.user.is_authenticated:
        return redirect_to_login(request.get_full_path())
    try:
        action(game)
    except services.MoveRejected as exc:
        messages.error(request, exc.message)
        response = render(request, "games/game.html", page_context(request, game), status=exc.status)
        return response
    return redirect(game) if Game.objects.filter(pk=game.pk).exists() else redirect("my_games")


@require_POST
def start(request: HttpRequest, code: str) -> HttpResponse:
    # A table of computer players alone keeps a worker busy for hundreds of moves: those are limited.
    seats = Seat.objects.filter(game__code=code, game__status=Game.Status.OPEN)
    if seats.exists() and not seats.filter(is_bot=False).exists() and limits.exceeded(request, "bot_tables"):
        return limits.too_many(request, "bot_tables")
    return _lobby_action(request, code, lambda game: services.start_game(game.pk, request.user))


@require_GET
def tools(request: HttpRequest, code: str) -> HttpResponse:
    """The Leave button and the host's tools (redrawn when the table changes); nothing once it is gone."""
    game = Game.objects.filter(code=code).first()
    if game is None:
        return HttpResponse(status=204)
    game = require_watchable(game, request.user)
    return render(request, "games/table_tools.html", tools_context(request, game))


def table_tool(request: HttpRequest, code: str, action, told=None) -> HttpResponse:
    """Leaving a game in play, or a host's tool: the table after it, or the page with the refusal.
    ``told(game, line)``: the confirmation in the mover's own words, where the log's differ."""
    game = watchable_table(code, request.user)
    try:
        if not request.user.is_authenticated:
            raise services.MoveRejected("Sign in to play at this table.", 403)
        if limits.exceeded(request, "moves"):
            return limits.too_many(request, "moves")
        made_before = game.move_count
        action(game)
    except services.MoveRejected as exc:
        game.refresh_from_db()
        context = page_context(request, game, error=exc.message)
        return render(request, "games/game.html", context, status=exc.status)
    # The line of the tool's own move, not of a move the table made after it (a pass for a seat
    # that was just removed, say).
    made = game.moves.filter(number__gte=made_before).order_by("number")
    line = made.values_list("summary", flat=True).first()
    if line:
        messages.info(request, told(game, line) if told else line)
    return redirect(game)


@require_POST
def host_tool(request: HttpRequest, code: str, tool: str) -> HttpResponse:
    try:
        position = int(request.POST["seat"]) if "seat" in request.POST else None
    except ValueError:
        position = -1  # no seat has it: refused as a seat not at the table
    response = table_tool(
        request,
        code,
        lambda game: table_tools.host_tool(game.pk, request.user, tool, position, _request_id(request)),
    )
    if response.status_code == 302:  # back to the open panel, for the host's next step
        response["Location"] += "#host-tools"
    return response


def _told_the_leaver(game: Game, user, line: str) -> str:
    seat = next((s for s in game.seats.all() if s.user_id == user.pk), None)
    if seat is None:
        return line
    return seat_moves.for_the_leaver(line, seat.name, game.game_kind.policy(game).left_seat.you)


@require_POST
def leave(request: HttpRequest, code: str) -> HttpResponse:
    """Leave a table: a seat at one still open, or a game in play (``games.tables.tools``)."""
    if Game.objects.filter(code=code).exclude(status=Game.Status.OPEN).exists():
        return table_tool(
            request,
            code,
            lambda game: table_tools.leave(game.pk, request.user, _request_id(request)),
            told=lambda game, line: _told_the_leaver(game, request.user, line),
        )
    response = _lobby_action(request, code, lambda game: services.leave_game(game.pk, request.user))
    if response.status_code == 302:
        messages.info(request, "You left the table.")
        return redirect("my_games")
    return response


TOOK_BACK = "You took your seat back: you play it from your next turn on."


@require_POST
def take_back(request: HttpRequest, code: str) -> HttpResponse:
    """A player takes back the seat the host gave to a computer player."""
    return table_tool(
        request,
        code,
        lambda game: table_tools.take_back(game.pk, request.user, _request_id(request)),
        told=lambda game, line: TOOK_BACK,
    )


@require_POST
def cancel(request: HttpRequest, code: str) -> HttpResponse:
    response = _lobby_action(request, code, lambda game: services.cancel_game(game.pk, request.user))
    if response.status_code == 302:
        messages.info(request, "The table was cancelled.")
    return response


@require_POST
def add_bot(request: HttpRequest, code: str) -> HttpResponse:
    return _lobby_action(request, code, lambda game: services.add_bot(game.pk, request.user))


@require_POST
def remove_seat(request: HttpRequest, code: str, seat_id: int) -> HttpResponse:
    return _lobby_action(request, code, lambda game: services.remove_seat(game.pk, request.user, seat_id))
