"""Sign-up, guest accounts and claiming them. Sign-in, sign-out and password
reset are Django's own views (see accounts/urls.py)."""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth import login
from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.utils.http import url_has_allowed_host_and_scheme

from .forms import ProfileForm, SignUpForm
from .models import User


def safe_next(request: HttpRequest, default: str = "my_games") -> str:
    target = request.POST.get("next") or request.GET.get("next") or ""
    if url_has_allowed_host_and_scheme(target, {request.get_host()}, request.is_secure()):
        return target
    return default


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
            user.save()
        login(request, user, backend="django.contrib.auth.backends.ModelBackend")
        messages.success(request, f"Welcome, {user.display_name}.")
        return redirect(safe_next(request))
    status = 400 if request.method == "POST" else 200
    return render(
        request, "accounts/signup.html", {"form": form, "claiming": user is not None}, status=status
    )


@login_required
def profile(request: HttpRequest) -> HttpResponse:
    form = ProfileForm(request.POST or None, instance=request.user)
    if request.method == "POST" and form.is_valid():
        form.save()
        messages.success(request, "Saved.")
        return redirect("profile")
    status = 400 if request.method == "POST" else 200
    return render(request, "accounts/profile.html", {"form": form}, status=status)
