"""Queries every board runs, their SQL compiled once per process, and run together.

Django compiles a queryset's SQL each time it runs. For the seats' query the board reads
(two subqueries: who is away, who is here) the compiling costs about three times the CPU
of running the query and building the seats. A ``Compiled`` query is built once from
sample values by an ordinary queryset function; each run puts the real values where the
samples were and reads the rows as Django's own iteration does (the same converters, the
same model instances with their annotations).

Statements that do not depend on each other's answers (a move's locked game and its seats; its
writes, ``games.play.writes``) can be sent together (``together``): one round trip to PostgreSQL
instead of one each.
"""

from __future__ import annotations

import threading
from collections.abc import Callable
from datetime import date, datetime
from typing import Any, Protocol

from django.db import connections, router
from django.db.models import Model, QuerySet


class Compiled:
    """``build(**samples)``'s SQL (a queryset of ``model``), kept; ``rows(**values)`` or
    ``objects(**values)`` runs it.

    Each sample must be a value no other parameter of the query has (an id no row has, a date
    long past), so that its place among the query's parameters is found by its value."""

    def __init__(self, model: type[Model], build: Callable[..., QuerySet], **samples: Any) -> None:
        self._model = model
        self._build = build
        self._samples = samples
        self._lock = threading.Lock()
        self._by_alias: dict[str, tuple] = {}

    def _compiled(self, alias: str | None) -> tuple:
        alias = alias or router.db_for_read(self._model)
        found = self._by_alias.get(alias)
        if found is not None:
            return found
        with self._lock:
            compiler = self._build(**self._samples).query.get_compiler(using=alias)
            sql, params = compiler.as_sql()
            ops = compiler.connection.ops
            adapters = {name: _adapter(ops, value) for name, value in self._samples.items()}
            names = {_key(adapters[name](value)): name for name, value in self._samples.items()}
            slots = [(names.get(_key(param)), param) for param in params]
            slots = [(name, adapters[name] if name else param) for name, param in slots]
            missing = set(self._samples) - {name for name, _ in slots if name}
            if missing:
                raise ValueError(f"The query does not hold the samples {sorted(missing)}.")
            converters = compiler.get_converters([column[0] for column in compiler.select])
            found = self._by_alias[alias] = (alias, compiler, sql, slots, converters)
        return found

    def rows(self, *, using: str | None = None, **values: Any) -> list[tuple]:
        """The query's rows, each value converted as the queryset would."""
        return self.read(using=using, **values).run()

    def objects(self, *, using: str | None = None, **values: Any) -> list:
        """The query's model instances, with their annotations, as iterating the queryset gives them."""
        return self.read(using=using, objects=True, **values).run()

    def read(self, *, using: str | None = None, objects: bool = False, **values: Any) -> Read:
        """The query with these values, to run alone (``Read.run``) or with others (``together``):
        its rows, or its model instances where ``objects``."""
        alias, compiler, sql, slots, converters = self._compiled(using)
        # A slot is (sample's name, its adapter) or (None, the constant parameter).
        params = [how(values[name]) if name else how for name, how in slots]
        return Read(alias, compiler, sql, params, converters, objects)


class Read:
    """One compiled query with its values: its SQL and how its rows become what it answers."""

    def __init__(self, alias: str, compiler, sql: str, params: list, converters: dict, objects: bool) -> None:
        self.alias, self.sql, self.params = alias, sql, params
        self._compiler, self._converters, self._objects = compiler, converters, objects

    def run(self) -> list:
        with connections[self.alias].cursor() as cursor:
            cursor.execute(self.sql, self.params)
            return self.answer(cursor.fetchall())

    def answer(self, rows: list[tuple]) -> list:
        compiler = self._compiler
        if self._converters:
            rows = list(compiler.apply_converters(rows, self._converters))
        if not self._objects:
            return rows
        model, select = compiler.klass_info["model"], compiler.klass_info["select_fields"]
        start, end = select[0], select[-1] + 1
        fields = [column[0].target.attname for column in compiler.select[start:end]]
        annotations = compiler.annotation_col_map.items()
        made = []
        for row in rows:
            instance = model.from_db(self.alias, fields, row[start:end])
            for name, position in annotations:
                setattr(instance, name, row[position])
            made.append(instance)
        return made


class Statement(Protocol):
    """A ``Read``, or a write (``games.play.writes.Write``): SQL with its values, and what its rows answer."""

    alias: str
    sql: str
    params: list

    def run(self) -> list: ...

    def answer(self, rows: list[tuple]) -> list: ...


def together(*reads: Statement) -> list[list]:
    """Each statement's answer, in order. On PostgreSQL they go in one round trip (psycopg's
    pipeline mode: every statement is sent before the first answer is awaited), run one after the
    other by the server in the caller's transaction, as if sent apart; elsewhere they run one by
    one. A statement that fails raises as Django's own would (an ``IntegrityError``, say)."""
    (alias,) = {read.alias for read in reads}
    connection = connections[alias]
    if connection.vendor != "postgresql":
        return [read.run() for read in reads]
    connection.ensure_connection()
    cursors = [connection.cursor() for _ in reads]
    try:
        with connection.wrap_database_errors, connection.connection.pipeline():
            for cursor, read in zip(cursors, reads, strict=True):
                cursor.execute(read.sql, read.params)
        return [
            read.answer(cursor.fetchall() if cursor.description else [])
            for cursor, read in zip(cursors, reads, strict=True)
        ]
    finally:
        for cursor in cursors:
            cursor.close()


def _key(value: Any) -> tuple:
    return (type(value), value)


def _adapter(ops, sample: Any) -> Callable[[Any], Any]:
    """How the database's backend turns a value like ``sample`` into a query parameter
    (SQLite takes dates and moments as text)."""
    if isinstance(sample, datetime):
        return ops.adapt_datetimefield_value
    if isinstance(sample, date):
        return ops.adapt_datefield_value
    return lambda value: value
