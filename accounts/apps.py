from django.apps import AppConfig


class AccountsConfig(AppConfig):
    name = "accounts"
    default_auto_field = "django.db.models.BigAutoField"

    def ready(self) -> None:
        from django.contrib.auth.signals import user_logged_in

        from . import timezones

        user_logged_in.connect(timezones.adopt_on_sign_in, dispatch_uid="accounts.timezones.adopt")
