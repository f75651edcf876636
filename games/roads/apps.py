from games.contract import apps


class RoadsConfig(apps.GameConfig):
    name = "games.roads"
    verbose_name = "Building Roman Roads"
    kind = "games.roads.web.RoadsKind"
