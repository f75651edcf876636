import logging
import os

from celery import Celery
from celery.signals import beat_init, worker_init, worker_ready
from kombu.transport import TRANSPORT_ALIASES

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")

log = logging.getLogger(__name__)

# kombu's names for its SQLAlchemy transport mean config.broker's, which deletes a row once its
# task is acknowledged and returns what a killed worker held (the embedded default's broker).
TRANSPORT_ALIASES["sqla"] = TRANSPORT_ALIASES["sqlalchemy"] = "config.broker:Transport"

app = Celery("roman")
app.config_from_object("django.conf:settings", namespace="CELERY")
app.autodiscover_tasks()


def _channel_gone(qos) -> bool:
    """True when the QoS's channel was closed with its lost connection (it holds no client)."""
    connection = qos.channel.connection
    return connection is None or connection.client is None


def _survive_a_redis_restart() -> None:
    """kombu 5.7.0 (pinned in requirements.txt) kills the worker with "Unrecoverable error:
    AttributeError('NoneType' object has no attribute …)" when Redis restarts, on two paths that
    reach Redis through a channel closed with the lost connection: closing it puts its
    unacknowledged tasks back ('hostname'), and a task that finished while Redis was down is
    acknowledged, or rejected, through it after the reconnect ('client'). Either way the
    message's bookkeeping went with that channel: the worker logs it and goes on, and beat sets
    the work going again (computer players, the outbox, deadlines); a task whose entry Redis kept
    comes back after the visibility timeout and, being idempotent, runs again harmlessly."""
    from kombu.transport import redis as kombu_redis
    from kombu.transport import virtual

    qos = kombu_redis.QoS
    if getattr(qos, "survives_restarts", False):
        return
    restore, ack, reject = qos.restore_unacked, qos.ack, qos.reject

    def restore_unacked(self, client=None):
        try:
            return restore(self, client)
        except AttributeError:
            if not _channel_gone(self):
                raise
            log.warning(
                "Redis went away with %s unacknowledged task(s); beat restarts the work.",
                len(self._delivered),
            )
            self._delivered.clear()
            return None

    def settle(original, verb):
        def settled(self, delivery_tag, *args, **kwargs):
            try:
                return original(self, delivery_tag, *args, **kwargs)
            except AttributeError:
                if not _channel_gone(self):
                    raise
                log.warning(
                    "A task finished while Redis was away; it cannot be %s through the channel "
                    "Redis closed, so it may run again.",
                    verb,
                )
                virtual.QoS.ack(self, delivery_tag)  # forget it here as an acknowledgement would
                return None

        return settled

    qos.restore_unacked = restore_unacked
    qos.ack = settle(ack, "acknowledged")
    qos.reject = settle(reject, "rejected")
    qos.survives_restarts = True


def _return_what_a_dead_worker_held(**_kwargs) -> None:
    """On the embedded default's broker, tasks a killed worker held are queued again as a worker starts."""
    url = app.conf.broker_url or ""
    if url.startswith(("sqla+sqlite:", "sqlalchemy+sqlite:")):
        from . import broker  # SQLAlchemy, imported only where it is the broker

        broker.return_held(url)


def _first_heartbeat(sender=None, **_kwargs) -> None:
    """Beat's first heartbeat as it starts, not a period later: a site just started is not reported down."""
    try:
        app.send_task("games.tasks.heartbeat")
    except Exception:  # noqa: BLE001 — the broker may be down yet; the schedule sends the next
        log.warning("Could not send the first heartbeat.", exc_info=True)


def _settle_the_heap(sender=None, **_kwargs) -> None:
    """The worker's tasks, engines and computer players are loaded: out of the collector's full
    passes (config/heap.py)."""
    from config.heap import settle

    settle()


_survive_a_redis_restart()
worker_ready.connect(_settle_the_heap, weak=False)
beat_init.connect(_first_heartbeat, weak=False)
worker_init.connect(_return_what_a_dead_worker_held, weak=False)
