"""Renders the default blank pads into the cache, so their first download is served from it."""

from __future__ import annotations

from django.core.management.base import BaseCommand

from scoresheets.tasks import shared_cache
from scoresheets.warm import warm_pads


class Command(BaseCommand):
    help = "Render each game's default blank pads (A4 and Letter) into the shared pads cache."

    def add_arguments(self, parser) -> None:
        parser.add_argument("--force", action="store_true", help="render even into a local-memory cache")

    def handle(self, *args, force: bool = False, **options) -> None:
        if not shared_cache() and not force:
            self.stdout.write("Blank pads: not rendered ahead (the pads cache is this process's memory).")
            return
        rendered, cached = warm_pads()
        self.stdout.write(f"Blank pads: {rendered} rendered, {cached} already cached.")
