from games.contract import apps


class RomanRoadConfig(apps.GameConfig):
    name = "games.romanroad"
    verbose_name = "Roman Road"
    kind = "games.romanroad.web.RomanRoadKind"
