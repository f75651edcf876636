from django.core.management.base import BaseCommand, CommandError
from django.db import connection, transaction

from games.models import Game
from games.replay import replay


def _snapshot() -> None:
    """Called first in a transaction (not a savepoint, whose isolation is its outer one's): the rest
    of this transaction reads one moment of the database (PostgreSQL): a game's state
    and its log as they were together, however many moves land while it replays."""
    if connection.vendor == "postgresql" and connection.in_atomic_block and not connection.savepoint_ids:
        with connection.cursor() as cursor:
            cursor.execute("SET TRANSACTION ISOLATION LEVEL REPEATABLE READ READ ONLY")


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
            with transaction.atomic():
                _snapshot()
                game = Game.objects.filter(pk=pk).first()
                if game is None:  # deleted since the list was read
                    continue
                ok = replay(game) == game.state
            bad += not ok
            self.stdout.write(f"{game.code} {game.kind} moves={game.move_count} {'ok' if ok else 'MISMATCH'}")
        if bad:
            raise CommandError(f"{bad} game(s) do not replay to their snapshot.")
