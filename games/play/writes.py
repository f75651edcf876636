"""A move's writes as plain statements, to send together (``reads.together``).

``Model.save`` and ``QuerySet.update`` build their SQL anew on every call and wait for each
statement's answer before the next is sent. A move writes its game row, its log row and, when
the turn passes, who is awaited: three statements that depend on nothing the others answer.
Built here with every value a parameter, they go to PostgreSQL in one round trip, in order, in
the caller's transaction; a failure (the one-row-per-request constraint) raises as the ORM's
would, as an ``IntegrityError``.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from datetime import datetime

from django.db import connections, router
from django.db.models import Model

from games.models import Seat


class Write:
    """One statement that changes rows; ``answer`` takes the rows it returns (an insert's new id)."""

    def __init__(
        self, alias: str, sql: str, params: list, done: Callable[[list[tuple]], None] | None = None
    ) -> None:
        self.alias, self.sql, self.params, self._done = alias, sql, params, done

    def run(self) -> list:
        with connections[self.alias].cursor() as cursor:
            cursor.execute(self.sql, self.params)
            return self.answer(cursor.fetchall() if cursor.description else [])

    def answer(self, rows: list[tuple]) -> list:
        if self._done is not None:
            self._done(rows)
        return rows


def update(instance: Model, fields: Iterable[str]) -> Write:
    """``instance.save(update_fields=fields)`` as a statement (``auto_now`` fields stamped as save
    would). No signals are sent: no receiver listens to the models a move writes."""
    meta, alias = instance._meta, router.db_for_write(type(instance))
    connection = connections[alias]
    quote = connection.ops.quote_name
    chosen = [meta.get_field(name) for name in fields]
    sets = ", ".join(f"{quote(field.column)} = %s" for field in chosen)
    params = [field.get_db_prep_save(field.pre_save(instance, False), connection) for field in chosen]
    sql = f"UPDATE {quote(meta.db_table)} SET {sets} WHERE {quote(meta.pk.column)} = %s"
    return Write(alias, sql, [*params, instance.pk])


def insert(instance: Model) -> Write:
    """``instance.save()`` of a new row as a statement; the row's id is set on ``instance`` when
    the statement's answer comes."""
    meta, alias = instance._meta, router.db_for_write(type(instance))
    connection = connections[alias]
    quote = connection.ops.quote_name
    chosen = [field for field in meta.concrete_fields if field is not meta.auto_field]
    columns = ", ".join(quote(field.column) for field in chosen)
    params = [field.get_db_prep_save(field.pre_save(instance, True), connection) for field in chosen]
    sql = (
        f"INSERT INTO {quote(meta.db_table)} ({columns}) VALUES ({', '.join(['%s'] * len(chosen))})"
        f" RETURNING {quote(meta.pk.column)}"
    )

    def saved(rows: list[tuple]) -> None:
        instance.pk = rows[0][0]
        instance._state.adding, instance._state.db = False, alias

    return Write(alias, sql, params, saved)


def awaiting(game_id: int, waiting: list[int], now: datetime, new_turn: bool = False) -> Write:
    """The game's seats marked awaited or not: an awaited seat's clock (``waiting_since``) starts
    ``now`` if it was not awaited before (or ``new_turn``: a new round for all) and runs on if it
    was; a seat not awaited has none. A seat newly awaited counts one more turn (``turns``)."""
    alias = router.db_for_write(Seat)
    connection = connections[alias]
    meta = Seat._meta

    def quote(name: str) -> str:
        return connection.ops.quote_name(meta.get_field(name).column)

    moment = meta.get_field("waiting_since").get_db_prep_save(now, connection)
    # Every right-hand side reads the row as it was before the statement.
    if waiting:
        among = f"{quote('position')} IN ({', '.join(['%s'] * len(waiting))})"
        goes_on = f"({quote('awaiting')} AND %s)"  # awaited before, in a turn that goes on
        sets = (
            f"{quote('awaiting')} = CASE WHEN {among} THEN %s ELSE %s END, "
            f"{quote('waiting_since')} = CASE WHEN {among} THEN "
            f"CASE WHEN {goes_on} THEN {quote('waiting_since')} ELSE %s END ELSE NULL END, "
            f"{quote('turns')} = CASE WHEN {among} AND NOT {goes_on} "
            f"THEN {quote('turns')} + 1 ELSE {quote('turns')} END"
        )
        params = [*waiting, True, False, *waiting, not new_turn, moment, *waiting, not new_turn]
    else:
        sets, params = f"{quote('awaiting')} = %s, {quote('waiting_since')} = NULL", [False]
    sql = f"UPDATE {connection.ops.quote_name(meta.db_table)} SET {sets} WHERE {quote('game')} = %s"
    return Write(alias, sql, [*params, game_id])
