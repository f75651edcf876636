from games.contract import apps


class CatacombsConfig(apps.GameConfig):
    name = "games.catacombs"
    verbose_name = "Roman Catacombs"
    kind = "games.catacombs.web.CatacombsKind"
