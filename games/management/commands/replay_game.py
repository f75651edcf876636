from django.core.management.base import BaseCommand, CommandError

from games.models import Game
from games.play import replay


class Command(BaseCommand):
    help = "Replay games from their seed and move log and check each equals its snapshot."

    def add_arguments(self, parser) -> None:
        parser.add_argument("codes", nargs="*", help="game codes (default: every started game)")

    def handle(self, *codes: str, **options) -> None:
        games = Game.objects.exclude(state=None)
        if codes:
            games = games.filter(code__in=codes)
        bad = 0
        for pk in list(games.order_by("pk").values_list("pk", flat=True)):
            checked = replay.check(pk)  # state and log from one snapshot
            if checked is None:  # deleted since the list was read
                continue
            game, ok = checked
            bad += not ok
            self.stdout.write(f"{game.code} {game.kind} moves={game.move_count} {'ok' if ok else 'MISMATCH'}")
        if bad:
            raise CommandError(f"{bad} game(s) do not replay to their snapshot.")
