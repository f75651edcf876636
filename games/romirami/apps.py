from django.apps import AppConfig


class RomiRamiConfig(AppConfig):
    name = "games.romirami"
    label = "romirami"
    verbose_name = "Romi Rami"

    def ready(self) -> None:
        from games.contract import kinds
        from games.romirami.web import RomiRamiKind

        kinds.register(RomiRamiKind())
