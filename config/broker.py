"""The embedded default's broker: Celery's messages in a SQLite file, each written in a transaction.

kombu's SQLAlchemy transport (``sqla+sqlite:///…``) stores a message in one committed row, so a
process killed mid-write leaves the message whole or absent, never half-written. This module
keeps that transport and changes what it does with a delivered message: kombu marks it
invisible and keeps it forever, so the file grows without end and a message held by a worker
killed outright is never delivered again. Here a message's row is deleted when the worker
acknowledges it, put back when the worker gives it back, and ``return_held`` (run as a worker
starts) makes visible again every row a dead worker held. Tasks are idempotent, so a task the
dead worker had already finished but not acknowledged running again does no harm.

One worker consumes a SQLite broker (the embedded default runs one, supervised); with several,
a starting worker would also hand back what the others hold, and those tasks would run twice.
"""

from __future__ import annotations

import logging
import os
from json import loads
from queue import Empty

from kombu.transport import sqlalchemy as kombu_sqla
from kombu.utils.encoding import bytes_to_str
from sqlalchemy import create_engine, delete, event, inspect, text, update
from sqlalchemy.exc import IntegrityError, OperationalError
from sqlalchemy.orm import sessionmaker

log = logging.getLogger(__name__)

BUSY_TIMEOUT_SECONDS = 30  # a writer waits this long for SQLite's lock before the publish fails


def _sqlite_pragmas(dbapi_connection, _record) -> None:
    # Write-ahead log: publishers (web, beat, tasks) never wait on the worker's reads.
    dbapi_connection.execute("PRAGMA journal_mode=WAL")
    dbapi_connection.execute("PRAGMA synchronous=FULL")  # a committed message survives a power cut


def engine_for(url: str):
    """An SQLAlchemy engine on the broker's database (``url`` without the ``sqla+`` prefix)."""
    is_sqlite = url.startswith("sqlite")
    engine = create_engine(
        url, connect_args={"timeout": BUSY_TIMEOUT_SECONDS, "check_same_thread": False} if is_sqlite else {}
    )
    if is_sqlite:
        event.listen(engine, "connect", _sqlite_pragmas)
    return engine


class Channel(kombu_sqla.Channel):
    """kombu's SQLAlchemy channel whose rows live only while their message is waiting or held."""

    _engines: dict = {}  # (process id, url) -> (engine, Session): a forked child opens its own

    def __init__(self, connection, **kwargs):
        super().__init__(connection, **kwargs)
        self._held: dict[str, int] = {}  # delivery tag -> row id, for the messages this channel holds

    def _open(self):
        url = self.connection.client.hostname
        key = (os.getpid(), url)
        with kombu_sqla._MUTEX:
            if key not in self._engines:
                engine = engine_for(url)
                kombu_sqla.metadata.create_all(engine)
                self._engines[key] = engine, sessionmaker(bind=engine)
        return self._engines[key]

    def _get_or_create(self, queue):
        """A queue's row, made once when several processes ask for it at the same moment.

        kombu's lock is per process: the web, beat and the worker starting together on a new broker
        file could all insert the queue, and the one that lost the race died on its unique name.
        The loser reads the winner's row instead. A file still busy after the busy timeout raises
        kombu's connection error (OperationalError), which its callers retry.
        """
        named = self.session.query(self.queue_cls).filter(self.queue_cls.name == queue)
        found = named.first()
        if found is not None:
            return found
        with kombu_sqla._MUTEX:
            try:
                made = self.queue_cls(queue)
                self.session.add(made)
                self.session.commit()
                return made
            except IntegrityError:  # another process made it between the look and the insert
                self.session.rollback()
            except OperationalError:
                self.session.rollback()
                raise
        return named.one()

    def _get(self, queue):
        obj = self._get_or_create(queue)
        if self.session.bind.name == "sqlite":
            self.session.execute(text("BEGIN IMMEDIATE TRANSACTION"))
        try:
            row = (
                self.session.query(self.message_cls)
                .filter(self.message_cls.queue_id == obj.id)
                .filter(self.message_cls.visible != False)  # noqa: E712 — SQLAlchemy's column operator
                .order_by(self.message_cls.sent_at)
                .order_by(self.message_cls.id)
                .limit(1)
                .first()
            )
            if row is None:
                raise Empty()
            row.visible = False
            payload = loads(bytes_to_str(row.payload))
            tag = payload.get("properties", {}).get("delivery_tag")
            if tag is not None:
                self._held[tag] = row.id
            return payload
        finally:
            self.session.commit()

    def _on_row(self, row: int, statement) -> None:
        """Run ``statement`` on one row in a transaction of its own: an acknowledgement may come
        from a pool thread while the consumer's session is in the middle of a ``_get``."""
        table = self.message_cls.__table__
        engine, _ = self._open()
        with engine.begin() as connection:
            connection.execute(statement(table).where(table.c.id == row))

    def _forget(self, delivery_tag) -> None:
        row = self._held.pop(delivery_tag, None)
        if row is not None:
            self._on_row(row, delete)

    def basic_ack(self, delivery_tag, multiple=False):
        super().basic_ack(delivery_tag, multiple)
        self._forget(delivery_tag)

    def basic_reject(self, delivery_tag, requeue=False):
        if requeue and delivery_tag in self._held:
            self._give_back(self._held.pop(delivery_tag))
            self.qos.ack(delivery_tag)  # given back above: the QoS must not put it back again
            return
        super().basic_reject(delivery_tag, requeue)
        self._forget(delivery_tag)

    def _give_back(self, row: int) -> None:
        self._on_row(row, lambda table: update(table).values(visible=True))

    def _restore(self, message):
        """A held message goes back as its own row, visible again (kombu would add a copy)."""
        row = self._held.pop(message.delivery_tag, None)
        if row is None:
            return super()._restore(message)
        self._give_back(row)
        return None


class Transport(kombu_sqla.Transport):
    Channel = Channel
    # Seconds between two looks at an empty queue: a computer player's step waits at most this.
    polling_interval = 0.2


def return_held(broker_url: str) -> int:
    """Make visible again the messages a worker held when it died; the number returned."""
    url = broker_url.split("+", 1)[1]
    engine = engine_for(url)
    try:
        if not inspect(engine).has_table("kombu_message"):
            return 0  # nothing was ever queued
        with engine.begin() as connection:
            held = connection.execute(text("UPDATE kombu_message SET visible = 1 WHERE visible = 0"))
            returned = held.rowcount
    finally:
        engine.dispose()
    if returned:
        log.warning("%s task(s) held by a worker that stopped are queued again.", returned)
    return returned
