from games.contract import apps


class PokerConfig(apps.GameConfig):
    name = "games.poker"
    verbose_name = "Roman Poker"
    kind = "games.poker.web.PokerKind"
