"""The embedded broker's file when two processes declare the same queue at once (config.broker)."""

from __future__ import annotations

import sqlite3

from kombu import Connection
from sqlalchemy import event
from sqlalchemy.orm import Session


def test_a_queue_made_by_another_process_between_the_look_and_the_insert_is_used_not_a_crash(tmp_path):
    broker_file = tmp_path / "broker.sqlite3"
    with Connection(f"sqla+sqlite:///{broker_file}", transport="config.broker:Transport") as connection:
        channel = connection.default_channel
        channel._get_or_create("warm-up")  # the tables exist, as another process would have made them

        raced = []

        def another_process_inserts_first(session, _context, _instances) -> None:
            if not raced:  # once: the first insert of the queue loses the race
                raced.append(True)
                with sqlite3.connect(broker_file) as other:
                    other.execute("INSERT INTO kombu_queue (name) VALUES ('tables')")

        event.listen(Session, "before_flush", another_process_inserts_first)
        try:
            queue = channel._get_or_create("tables")
            channel._put("tables", {"body": "a flip"})
        finally:
            event.remove(Session, "before_flush", another_process_inserts_first)

        with sqlite3.connect(broker_file) as db:
            rows = db.execute("SELECT id FROM kombu_queue WHERE name = 'tables'").fetchall()
            messages = db.execute("SELECT count(*) FROM kombu_message WHERE queue_id = ?", rows[0]).fetchone()
        assert raced
        assert rows == [(queue.id,)]  # the other process's row, and only it
        assert messages == (1,)
