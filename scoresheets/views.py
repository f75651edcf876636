"""Thin views: blank pads, filled pads of online games, and in-person score sheets."""

from __future__ import annotations

from django.contrib import messages
from django.contrib.humanize.templatetags.humanize import apnumber
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.cache import get_conditional_response
from django.utils.text import slugify
from django.views.decorators.http import require_GET, require_http_methods, require_POST

from accounts.limits import exceeded, limit, too_many
from games.contract.protocol import IllegalMove
from games.models import Game
from games.tables.access import watch_refusal

from . import sheets
from .forms import BlankPadForm, NewSheetForm, PadPaperForm, entry_form, pad_variants
from .models import ScoreSheet
from .online import PadUnavailable, game_pad_source
from .pads import RenderRefused, blank_key, blank_pad, cache_key, cached_pdf, pad_etag, render_pdf
from .presenter import sheet_context, sheet_pad
from .registry import pad_kind, pad_kinds, sheet_kind, sheet_kinds


def _pdf(pdf: bytes, filename: str) -> HttpResponse:
    response = HttpResponse(pdf, content_type="application/pdf")
    response["Content-Disposition"] = f'inline; filename="{filename}"'
    return response


def _cached_pdf_response(request: HttpRequest, key: str | None, build, filename: str) -> HttpResponse:
    """The PDF cached under ``key`` (built on a miss, if the client's renders allow), with an ETag
    named after the key: a key never changes its PDF, so a repeat sending the ETag gets a 304.
    ``key`` None: a pad nobody else asks for, built each time, with no ETag."""
    etag = pad_etag(key) if key else None
    if etag and (unchanged := get_conditional_response(request, etag=etag)) is not None:
        unchanged["ETag"] = etag
        return unchanged
    try:
        pdf = cached_pdf(key, build, _renders_allowed(request))
    except RenderRefused:
        return too_many(request, "pads")
    response = _pdf(pdf, filename)
    if etag:
        response["ETag"] = etag
    return response


def _problem(request: HttpRequest, message: str, status: int) -> HttpResponse:
    return render(request, "scoresheets/problem.html", {"message": message}, status=status)


def _renders_allowed(request: HttpRequest):
    """Asked before each PDF render (never for one served from the cache): counts it per client."""
    return lambda: not exceeded(request, "pads")


def _first_error(form) -> str:
    for errors in form.errors.values():
        return errors[0]
    return "Something in that request is not right."


def _blank_choice(kind) -> dict:
    return {
        "slug": kind.slug,
        "name": kind.name,
        "max_players": kind.engine.max_players,
        "per_page": kind.pad.PER_PAGE,
        "per_page_words": apnumber(kind.pad.PER_PAGE),
        "variants": pad_variants(kind.slug),
    }


def index(request: HttpRequest) -> HttpResponse:
    pads = [_blank_choice(kind) for kind in pad_kinds()]
    context = {"pads": pads, "my_sheets": sheets.session_sheets(request)}
    return render(request, "scoresheets/index.html", context)


@require_GET
def pad_blank(request: HttpRequest, slug: str) -> HttpResponse:
    if pad_kind(slug) is None:
        return _problem(request, "There is no pad for that game.", 404)
    data = request.GET.copy()
    if len(data.getlist("names")) > 1:
        data["names"] = ",".join(data.getlist("names"))
    form = BlankPadForm(slug, data)
    if not form.is_valid():
        return _problem(request, _first_error(form), 400)
    asked = form.asked()
    filename = f"{slugify(pad_kind(slug).name)}-pad.pdf"
    build = lambda: render_pdf(blank_pad(slug, **asked))  # noqa: E731
    return _cached_pdf_response(request, blank_key(slug, asked), build, filename)


@require_GET
def pad_game(request: HttpRequest, code: str) -> HttpResponse:
    game = get_object_or_404(Game, code=code)
    refusal = watch_refusal(game, request.user)
    if refusal:
        return _problem(request, refusal, 403)
    form = PadPaperForm(request.GET)
    if not form.is_valid():
        return _problem(request, _first_error(form), 400)
    scope, paper = form.cleaned_data["scope"], form.cleaned_data["paper"]
    try:
        key, build, filename = game_pad_source(game, request.user, scope, paper)
    except PadUnavailable as exc:
        return _problem(request, exc.message, exc.status)
    return _cached_pdf_response(request, key, build, filename)


@require_http_methods(["GET", "POST"])
@limit("sheets", methods=("POST",))
def sheet_new(request: HttpRequest) -> HttpResponse:
    slug = request.POST.get("kind") or request.GET.get("kind")  # the game, as the form names it
    if not slug:
        scorers = [found.sheet for found in sheet_kinds()]
        return render(request, "scoresheets/sheet_new.html", {"scorers": scorers})
    if sheet_kind(slug) is None:
        return _problem(request, "There is no score sheet for that game.", 404)
    form = NewSheetForm(slug, request.POST or None)
    if request.method == "POST" and form.is_valid():
        try:
            sheet = sheets.create_sheet(request, slug, form.cleaned_data["names"], form.options())
        except IllegalMove as exc:
            form.add_error(None, exc.reason)
        else:
            return redirect(sheet)
    status = 400 if request.method == "POST" else 200
    context = {"form": form, "scorer": form.scorer, "slug": slug}
    return render(request, "scoresheets/sheet_new.html", context, status=status)


@require_http_methods(["GET", "POST"])
def sheet(request: HttpRequest, token: str) -> HttpResponse:
    found = get_object_or_404(ScoreSheet, token=token)
    if request.method == "GET":
        return render(request, "scoresheets/sheet.html", sheet_context(request, found))
    if not sheets.can_edit(request, found):
        return _problem(
            request, "Only the person who started this sheet can change it; you can read it.", 403
        )
    action = request.POST.get("action", "")
    form = entry_form(found.scorer, action, found.names, request.POST)
    if form is None:
        return _problem(request, "That is not an entry this sheet understands.", 400)
    if not form.is_valid():
        context = sheet_context(request, found, bound={action: form}, error=_first_error(form))
        return render(request, "scoresheets/sheet.html", context, status=400)
    try:
        sheets.add_entry(found.pk, form.entry())
    except IllegalMove as exc:
        context = sheet_context(request, found, bound={action: form}, error=exc.reason)
        return render(request, "scoresheets/sheet.html", context, status=400)
    return redirect(found)


@require_POST
def sheet_undo(request: HttpRequest, token: str) -> HttpResponse:
    found = get_object_or_404(ScoreSheet, token=token)
    if not sheets.can_edit(request, found):
        return _problem(
            request, "Only the person who started this sheet can change it; you can read it.", 403
        )
    _, undone = sheets.undo(found.pk)
    messages.info(request, f"Undone: {undone}." if undone else "There was nothing to undo.")
    return redirect(found)


@require_GET
def sheet_pdf(request: HttpRequest, token: str) -> HttpResponse:
    found = get_object_or_404(ScoreSheet, token=token)
    form = PadPaperForm(request.GET)
    if not form.is_valid():
        return _problem(request, _first_error(form), 400)
    paper = form.cleaned_data["paper"]
    key = cache_key("sheet", found.token, found.version, paper)
    filename = f"{slugify(found.scorer.name)}-{found.token.lower()}.pdf"
    return _cached_pdf_response(request, key, lambda: render_pdf(sheet_pad(found, paper)), filename)
