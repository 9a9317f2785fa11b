"""Writing read-model rows as state: insert, or replace the row with the same primary key (SQLite and PostgreSQL)."""

from __future__ import annotations

from typing import Any

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


_UPSERTS: dict[tuple[str, str], Any] = {}


def _upsert(conn: Connection, table: sa.Table, rows: list[dict[str, Any]]) -> None:
    """Insert rows, replacing any row with the same primary key (the statement is built once per dialect)."""
    if not rows:
        return
    key = (conn.dialect.name, table.name)
    statement = _UPSERTS.get(key)
    if statement is None:
        insert = _dialect_insert(conn, table)
        keys = [c.name for c in table.primary_key.columns]
        excluded = insert.excluded
        update = {c.name: excluded[c.name] for c in table.columns if c.name not in keys}
        statement = _UPSERTS[key] = insert.on_conflict_do_update(index_elements=keys, set_=update)
    conn.execute(statement, rows)


def _insert_new(conn: Connection, table: sa.Table, rows: list[dict[str, Any]]) -> None:
    insert = _dialect_insert(conn, table)
    conn.execute(insert.on_conflict_do_nothing(index_elements=[c.name for c in table.primary_key.columns]), rows)
