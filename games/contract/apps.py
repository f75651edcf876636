"""The one Django app config every game folder uses: it registers the game's ``GameKind`` when ready."""

from __future__ import annotations

from django.apps import AppConfig
from django.utils.module_loading import import_string


class GameConfig(AppConfig):
    """A game folder's app. ``kind``: the dotted path of its ``GameKind`` class (in its ``web.py``);
    the label is the folder's name. A game's ``apps.py`` subclasses it as ``apps.GameConfig``
    (the module, not the class, imported): Django picks the one config class its ``apps.py`` holds."""

    kind: str

    def ready(self) -> None:
        from games.contract import kinds

        kinds.register(import_string(self.kind)())
