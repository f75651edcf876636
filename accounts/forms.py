from __future__ import annotations

from django import forms
from django.contrib.auth import password_validation
from django.contrib.auth.forms import AuthenticationForm

from . import names
from .models import User


class EmailAuthenticationForm(AuthenticationForm):
    username = forms.EmailField(label="E-mail", widget=forms.EmailInput(attrs={"autofocus": True}))

    def clean_username(self) -> str:
        return self.cleaned_data["username"].strip().lower()


class DisplayNameField(forms.CharField):
    """A name as others will see it: hidden characters dropped, the site's own names refused."""

    def __init__(self, **kwargs) -> None:
        kwargs.setdefault("label", "Your name")
        super().__init__(max_length=40, min_length=1, strip=True, **kwargs)

    def to_python(self, value) -> str:
        return names.tidy(super().to_python(value))

    def validate(self, value: str) -> None:
        super().validate(value)
        if names.is_reserved(value):
            raise forms.ValidationError(names.RESERVED_REFUSAL)


class SignUpForm(forms.Form):
    display_name = DisplayNameField()
    email = forms.EmailField(label="E-mail")
    password = forms.CharField(label="Password", widget=forms.PasswordInput, strip=False)

    def __init__(self, *args, user: User | None = None, **kwargs) -> None:
        super().__init__(*args, **kwargs)
        self.user = user

    def clean_email(self) -> str:
        email = self.cleaned_data["email"].strip().lower()
        taken = User.objects.filter(email=email)
        if self.user is not None:
            taken = taken.exclude(pk=self.user.pk)
        if taken.exists():
            raise forms.ValidationError("An account with this e-mail already exists; sign in.")
        return email

    def clean(self) -> dict:
        data = super().clean()
        password = data.get("password")
        if password:
            candidate = self.user or User(email=data.get("email"), display_name=data.get("display_name", ""))
            password_validation.validate_password(password, candidate)
        return data


class GuestForm(forms.Form):
    display_name = DisplayNameField()


class ProfileForm(forms.ModelForm):
    display_name = DisplayNameField()

    class Meta:
        model = User
        fields = ["display_name"]


class EmailChangeForm(forms.Form):
    """A new address, with the password: whoever has the open page alone cannot move the account."""

    email = forms.EmailField(label="New e-mail address")
    password = forms.CharField(label="Your password", widget=forms.PasswordInput, strip=False)

    def __init__(self, *args, user: User, **kwargs) -> None:
        super().__init__(*args, **kwargs)
        self.user = user

    def clean_email(self) -> str:
        email = self.cleaned_data["email"].strip().lower()
        if email == self.user.email and self.user.email_verified:
            raise forms.ValidationError("That is your address already.")
        if User.objects.filter(email=email).exclude(pk=self.user.pk).exists():
            raise forms.ValidationError("Another account uses that address.")
        return email

    def clean_password(self) -> str:
        password = self.cleaned_data["password"]
        if not self.user.check_password(password):
            raise forms.ValidationError("That is not the password of this account.")
        return password


class CloseAccountForm(forms.Form):
    """Closing an account asks for its password, or from a guest (who has none) a typed word."""

    WORD = "delete"

    def __init__(self, *args, user: User, **kwargs) -> None:
        super().__init__(*args, **kwargs)
        self.user = user
        if user.has_usable_password():
            self.fields["password"] = forms.CharField(
                label="Your password", widget=forms.PasswordInput, strip=False
            )
        else:
            self.fields["confirm"] = forms.CharField(label=f"Type “{self.WORD}” to confirm", strip=True)

    def clean_password(self) -> str:
        password = self.cleaned_data["password"]
        if not self.user.check_password(password):
            raise forms.ValidationError("That is not the password of this account.")
        return password

    def clean_confirm(self) -> str:
        typed = self.cleaned_data["confirm"]
        if typed.lower() != self.WORD:
            raise forms.ValidationError(f"Type the word “{self.WORD}” to close this account.")
        return typed
