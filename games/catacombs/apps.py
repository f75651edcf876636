from django.apps import AppConfig


class CatacombsConfig(AppConfig):
    name = "games.catacombs"
    label = "catacombs"
    verbose_name = "Roman Catacombs"

    def ready(self) -> None:
        from games import kinds

        from .web import CatacombsKind

        kinds.register(CatacombsKind())
