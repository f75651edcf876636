from games.contract import apps


class RomiRamiConfig(apps.GameConfig):
    name = "games.romirami"
    verbose_name = "Romi Rami"
    kind = "games.romirami.web.RomiRamiKind"
