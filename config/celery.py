import logging
import os

from celery import Celery

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")

log = logging.getLogger(__name__)

app = Celery("roman")
app.config_from_object("django.conf:settings", namespace="CELERY")
app.autodiscover_tasks()


def _survive_a_redis_restart() -> None:
    """kombu 5.7.0 (pinned in requirements.txt) kills the worker with "Unrecoverable error:
    AttributeError('NoneType' object has no attribute 'hostname')" when Redis restarts: closing the
    lost channel tries to put its unacknowledged tasks back through a connection that is already
    gone. Those tasks went with Redis anyway; the worker logs it and reconnects, and beat sets the
    work going again (computer players, the outbox, deadlines)."""
    from kombu.transport import redis as kombu_redis

    restore = kombu_redis.QoS.restore_unacked
    if getattr(restore, "survives_restarts", False):
        return

    def restore_unacked(self, client=None):
        try:
            return restore(self, client)
        except AttributeError:
            if self.channel.connection is not None and self.channel.connection.client is not None:
                raise
            log.warning("Redis went away with %s unacknowledged task(s); beat restarts the work.",
                        len(self._delivered))
            self._delivered.clear()
            return None

    restore_unacked.survives_restarts = True
    kombu_redis.QoS.restore_unacked = restore_unacked


_survive_a_redis_restart()
