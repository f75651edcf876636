from django.apps import AppConfig


class RomanRoadConfig(AppConfig):
    name = "games.romanroad"
    label = "romanroad"
    verbose_name = "Roman Road"

    def ready(self) -> None:
        from games.contract import kinds
        from games.romanroad.web import RomanRoadKind

        kinds.register(RomanRoadKind())
