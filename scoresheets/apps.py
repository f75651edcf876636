from django.apps import AppConfig


class ScoresheetsConfig(AppConfig):
    name = "scoresheets"
    default_auto_field = "django.db.models.BigAutoField"
