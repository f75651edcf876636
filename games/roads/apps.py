from django.apps import AppConfig


class RoadsConfig(AppConfig):
    name = "games.roads"
    label = "roads"
    verbose_name = "Building Roman Roads"

    def ready(self) -> None:
        from games.contract import kinds
        from games.roads.web import RoadsKind

        kinds.register(RoadsKind())
