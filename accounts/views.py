"""Sign-up, guest accounts and claiming them, the settings page, a player's data and
closing an account. Sign-in, sign-out and password reset are Django's own views
(see accounts/urls.py), throttled by django-axes and the limits in accounts.limits."""

from __future__ import annotations

from axes.helpers import get_cool_off
from axes.utils import reset as reset_signin_failures
from django.contrib import messages
from django.contrib.auth import login, logout
from django.contrib.auth import views as auth_views
from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse, JsonResponse
from django.shortcuts import redirect, render
from django.utils.http import url_has_allowed_host_and_scheme
from django.views.decorators.http import require_GET, require_POST

from config.links import email_context

from . import privacy, timezones, verification
from .forms import CloseAccountForm, EmailChangeForm, ProfileForm, SignUpForm
from .limits import exceeded, limit, too_many
from .models import User


def safe_next(request: HttpRequest, default: str = "my_games") -> str:
    target = request.POST.get("next") or request.GET.get("next") or ""
    if url_has_allowed_host_and_scheme(target, {request.get_host()}, request.is_secure()):
        return target
    return default


@limit("signups", methods=("POST",))
def signup(request: HttpRequest) -> HttpResponse:
    user = request.user if request.user.is_authenticated else None
    if user is not None and not user.is_guest:
        return redirect("my_games")
    initial = {"display_name": user.display_name} if user else {}
    form = SignUpForm(request.POST or None, user=user, initial=initial)
    if request.method == "POST" and form.is_valid():
        data = form.cleaned_data
        if user is None:
            user = User.objects.create_user(
                data["email"], data["password"], display_name=data["display_name"]
            )
        else:  # a guest keeps their games and becomes a full account
            user.email = data["email"]
            user.display_name = data["display_name"]
            user.is_guest = False
            user.set_password(data["password"])
            user.email_verified = False
            user.save()
        verification.send(user)
        # Failed sign-ins for this e-mail came before it had an account: they were nobody's.
        reset_signin_failures(username=user.email)
        login(request, user, backend="django.contrib.auth.backends.ModelBackend")
        messages.success(
            request,
            f"Welcome, {user.display_name}. "
            f"A link to confirm your e-mail address is on its way to {user.email}.",
        )
        return redirect(safe_next(request))
    status = 400 if request.method == "POST" else 200
    return render(
        request, "accounts/signup.html", {"form": form, "claiming": user is not None}, status=status
    )


@require_POST
def time_zone(request: HttpRequest) -> HttpResponse:
    """The browser tells its zone (site.js): kept on the account and in a cookie. 204, or 400."""
    zone = timezones.valid(request.POST.get("zone", "").strip())
    if zone is None:
        return HttpResponse("That is not a time zone this site knows.", status=400, content_type="text/plain")
    response = HttpResponse(status=204)
    timezones.remember(request, response, zone)
    return response


def _profile_page(request: HttpRequest, form=None, email_form=None, status: int = 200) -> HttpResponse:
    context = {
        "form": form or ProfileForm(instance=request.user),
        "email_form": email_form or EmailChangeForm(user=request.user),
        "awaiting": verification.awaiting(request.user),
    }
    return render(request, "accounts/profile.html", context, status=status)


@login_required
def profile(request: HttpRequest) -> HttpResponse:
    form = ProfileForm(request.POST or None, instance=request.user)
    if request.method == "POST" and form.is_valid():
        form.save()
        messages.success(request, "Saved.")
        return redirect("profile")
    return _profile_page(request, form, status=400 if request.method == "POST" else 200)


@login_required
@require_POST
def change_email(request: HttpRequest) -> HttpResponse:
    """A new address: it becomes the account's once the link mailed to it is opened."""
    if request.user.is_guest:
        return redirect("signup")
    if exceeded(request, "verify_mails"):
        return too_many(request, "verify_mails")
    form = EmailChangeForm(request.POST, user=request.user)
    if not form.is_valid():
        return _profile_page(request, email_form=form, status=400)
    address = verification.ask_for(request.user, form.cleaned_data["email"])
    messages.success(
        request,
        f"A link is on its way to {address}: open it to make that your address. "
        f"Until then the site writes to {request.user.email}.",
    )
    return redirect("profile")


@login_required
@require_POST
def send_verification(request: HttpRequest) -> HttpResponse:
    """Send the link again (limited: each one is an e-mail to an address not yet confirmed)."""
    if not verification.awaiting(request.user):
        messages.info(request, "Your address is confirmed already; there is no link to send.")
        return redirect("profile")
    if exceeded(request, "verify_mails"):
        return too_many(request, "verify_mails")
    address = verification.send(request.user)
    messages.success(request, f"A new link is on its way to {address}. Check your inbox (and spam folder).")
    return redirect("profile")


@login_required
@require_GET
def verify_email(request: HttpRequest, token: str) -> HttpResponse:
    """The link from the e-mail, opened while signed in (a signed-out visitor signs in first)."""
    try:
        user = verification.confirm(request.user, token)
    except verification.LinkRefused as refused:
        context = {"message": refused.message, "awaiting": verification.awaiting(request.user)}
        return render(request, "accounts/verify_refused.html", context, status=refused.status)
    messages.success(request, f"Thank you: {user.email} is confirmed as your address.")
    return redirect("profile")


@login_required
@require_GET
def my_data(request: HttpRequest) -> HttpResponse:
    response = JsonResponse(privacy.account_data(request.user), json_dumps_params={"indent": 2})
    response["Content-Disposition"] = 'attachment; filename="roman-games-my-data.json"'
    return response


@login_required
def close_account(request: HttpRequest) -> HttpResponse:
    form = CloseAccountForm(request.POST or None, user=request.user)
    if request.method == "POST" and form.is_valid():
        privacy.close_account(request.user.pk, keep_names=False)
        logout(request)
        messages.success(request, "Your account is closed; your seats at past games read “Former player”.")
        return redirect("home")
    status = 400 if request.method == "POST" else 200
    return render(request, "accounts/close.html", {"form": form}, status=status)


def locked_out(request: HttpRequest, response: HttpResponse | None = None, credentials=None) -> HttpResponse:
    """django-axes: the answer to a sign-in while its e-mail and address are locked."""
    cool_off = get_cool_off(request)
    minutes = max(1, round(cool_off.total_seconds() / 60)) if cool_off else 0
    return render(request, "registration/locked_out.html", {"minutes": minutes}, status=429)


class PasswordResetView(auth_views.PasswordResetView):
    """Django's, with limits per client and per e-mail asked for (no mail bombing).

    A request for an address that has had its share of mails is answered like any other
    (the "check your mail" page) and sends nothing: whoever asks learns nothing of the
    address, and cannot make its owner's own request look refused. Its link starts with SITE_URL.
    """

    @property
    def extra_email_context(self) -> dict[str, str]:
        return email_context()

    def post(self, request: HttpRequest, *args, **kwargs) -> HttpResponse:
        if exceeded(request, "password_resets"):
            return too_many(request, "password_resets")
        asked = request.POST.get("email", "").strip().lower()
        if asked and exceeded(request, "reset_mails", key="email:" + asked):
            return redirect(self.get_success_url())
        return super().post(request, *args, **kwargs)


class PasswordResetConfirmView(auth_views.PasswordResetConfirmView):
    """Django's; a new password also lifts a sign-in lock on the account."""

    def form_valid(self, form) -> HttpResponse:
        response = super().form_valid(form)
        if form.user.email:
            reset_signin_failures(username=form.user.email)
        return response
