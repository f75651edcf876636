from django.apps import AppConfig


class GamesConfig(AppConfig):
    name = "games"
    default_auto_field = "django.db.models.BigAutoField"

    def ready(self) -> None:
        from games import tasks
        from games.live import push

        # The push first: it is only queued for the process's sender, which sends it while the
        # change's other followers (computer players, clocks) do their work.
        push.connect()
        tasks.connect()
