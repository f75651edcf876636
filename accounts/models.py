"""Players sign in by e-mail; a guest has only a display name until they claim."""

from __future__ import annotations

from django.contrib.auth.base_user import AbstractBaseUser, BaseUserManager
from django.contrib.auth.models import PermissionsMixin
from django.db import models
from django.utils import timezone


class UserManager(BaseUserManager):
    use_in_migrations = True

    def create_user(self, email: str, password: str | None = None, **extra) -> User:
        if not email:
            raise ValueError("An e-mail address is required.")
        extra.setdefault("display_name", email.split("@")[0])
        user = self.model(email=self.normalize_email(email).lower(), **extra)
        user.set_password(password)
        user.save(using=self._db)
        return user

    def create_superuser(self, email: str, password: str | None = None, **extra) -> User:
        extra.update(is_staff=True, is_superuser=True)
        return self.create_user(email, password, **extra)

    def create_guest(self, display_name: str) -> User:
        user = self.model(display_name=display_name, is_guest=True)
        user.set_unusable_password()
        user.save(using=self._db)
        return user


class User(AbstractBaseUser, PermissionsMixin):
    # NULL for guests; unique among those who have one.
    email = models.EmailField(unique=True, null=True, blank=True)
    # True once a signed link mailed to ``email`` was opened by this account (accounts.verification);
    # until then the only mail it gets is that link (and a password reset to this, its sign-up address).
    email_verified = models.BooleanField(default=False)
    # A new address asked for on the account page: it replaces ``email`` when its link is opened.
    pending_email = models.EmailField(blank=True)
    display_name = models.CharField(max_length=40)
    is_guest = models.BooleanField(default=False)
    is_staff = models.BooleanField(default=False)
    is_active = models.BooleanField(default=True)
    date_joined = models.DateTimeField(default=timezone.now)
    # The IANA zone the browser reported ("Europe/Rome"); "" until it has: times show in UTC.
    time_zone = models.CharField(max_length=64, blank=True)

    objects = UserManager()

    USERNAME_FIELD = "email"
    EMAIL_FIELD = "email"
    REQUIRED_FIELDS = ["display_name"]

    def __str__(self) -> str:
        return self.display_name

    def get_short_name(self) -> str:
        return self.display_name

    def get_full_name(self) -> str:
        return self.display_name
