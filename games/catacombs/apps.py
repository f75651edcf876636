from django.apps import AppConfig


class CatacombsConfig(AppConfig):
    name = "games.catacombs"
    label = "catacombs"
    verbose_name = "Roman Catacombs"

    def ready(self) -> None:
        from games.catacombs.web import CatacombsKind
        from games.contract import kinds

        kinds.register(CatacombsKind())
