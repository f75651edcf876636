import logging

from django.apps import AppConfig


class ScoresheetsConfig(AppConfig):
    name = "scoresheets"
    default_auto_field = "django.db.models.BigAutoField"

    def ready(self) -> None:
        # WeasyPrint reports every rendering step at INFO, and the site logs at INFO.
        logging.getLogger("weasyprint.progress").setLevel(logging.WARNING)
