from django.apps import AppConfig


class PokerConfig(AppConfig):
    name = "games.poker"
    label = "poker"
    verbose_name = "Roman Poker"

    def ready(self) -> None:
        from games.contract import kinds
        from games.poker.web import PokerKind

        kinds.register(PokerKind())
