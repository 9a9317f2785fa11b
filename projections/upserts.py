"""Writing read-model rows as state: insert, or replace the row with the same primary key (SQLite and PostgreSQL).

The projector writes a few rows per table and batch, thousands of batches in a busy hall. Each ``execute`` of a
SQLAlchemy statement costs about 0.5 ms of CPU on the 2-core machine before the driver sees it (the compiled
cache's lookup, the parameters' processing), more than SQLite's own work on those rows. So a table's upsert is
compiled once per dialect into its SQL text, the order of its parameters and each parameter's conversion (a UUID,
JSON, a boolean as the dialect stores it); rows that give every column are converted with those and handed to the
driver's ``executemany``. Rows that leave a column out go through SQLAlchemy as before (its defaults apply).
The replay's frames, new rows only, are written the same way with a plain ``INSERT`` (``_insert``).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, NamedTuple

import sqlalchemy as sa
from sqlalchemy.engine import Connection


def _dialect_insert(conn: Connection, table: sa.Table) -> Any:
    """The dialect's own ``INSERT ... ON CONFLICT``; only the store's dialect is imported (PostgreSQL's costs a
    SQLite server's start about 0.15 s)."""
    if conn.dialect.name == "postgresql":
        from sqlalchemy.dialects.postgresql import insert
    else:
        from sqlalchemy.dialects.sqlite import insert
    return insert(table)


class _Compiled(NamedTuple):
    """An upsert (or a plain insert) as the driver takes it: its text, its parameters' names in order, and each
    one's conversion."""

    statement: Any
    sql: str
    names: tuple[str, ...]
    columns: frozenset[str]
    convert: tuple[Callable[[Any], Any] | None, ...]
    positional: bool


_UPSERTS: dict[tuple[str, str, bool], _Compiled] = {}


def _compiled(conn: Connection, table: sa.Table, replace: bool = True) -> _Compiled:
    key = (conn.dialect.name, table.name, replace)
    found = _UPSERTS.get(key)
    if found is None:
        if replace:
            insert = _dialect_insert(conn, table)
            keys = [c.name for c in table.primary_key.columns]
            excluded = insert.excluded
            update = {c.name: excluded[c.name] for c in table.columns if c.name not in keys}
            statement = insert.on_conflict_do_update(index_elements=keys, set_=update)
        else:
            statement = table.insert()
        columns = [c.name for c in table.columns]
        dialect = conn.dialect
        made = statement.compile(dialect=dialect, column_keys=columns)
        names = tuple(made.positiontup) if made.positional else tuple(columns)
        convert = tuple(made.binds[name].type.dialect_impl(dialect).bind_processor(dialect) for name in names)
        found = _UPSERTS[key] = _Compiled(statement, made.string, names, frozenset(columns), convert,
                                          made.positional)
    return found


def _upsert(conn: Connection, table: sa.Table, rows: list[dict[str, Any]], replace: bool = True) -> None:
    """Insert rows, replacing any row with the same primary key (the statement is built once per dialect);
    ``replace`` False: a plain ``INSERT`` (``_insert``)."""
    if not rows:
        return
    upsert = _compiled(conn, table, replace)
    if any(row.keys() != upsert.columns for row in rows):  # a column left out: SQLAlchemy applies its default
        conn.execute(upsert.statement, rows)
        return
    pairs = tuple(zip(upsert.names, upsert.convert))
    values = [tuple(row[name] if f is None else f(row[name]) for name, f in pairs) for row in rows]
    conn.exec_driver_sql(upsert.sql, values if upsert.positional else [dict(zip(upsert.names, v)) for v in values])


def _insert(conn: Connection, table: sa.Table, rows: list[dict[str, Any]]) -> None:
    """Insert new rows (a row with a primary key already there fails the transaction, as a plain ``INSERT``)."""
    _upsert(conn, table, rows, replace=False)


def _insert_new(conn: Connection, table: sa.Table, rows: list[dict[str, Any]]) -> None:
    insert = _dialect_insert(conn, table)
    conn.execute(insert.on_conflict_do_nothing(index_elements=[c.name for c in table.primary_key.columns]), rows)
