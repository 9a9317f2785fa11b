"""The schema Alembic gave an empty SQLite database, kept by the process and written again into the next empty one.

Alembic's upgrade of an empty SQLite read store (three revisions, batch-mode table rebuilds) costs 60-90 ms of CPU,
almost all of it SQLAlchemy compiling DDL. A server migrates once, but a process that opens many fresh stores paid it
for each: the test suite builds about three thousand apps, each with an in-memory or file read store. The first
empty SQLite database a process brings to Alembic's head is migrated by Alembic; what that left (every table, index,
trigger and view as SQLite stored its SQL, and every row, such as ``alembic_version``'s) is kept, and a later empty
SQLite database brought to the same head gets those statements and rows: the same schema, byte for byte in
``sqlite_master``, in about a millisecond. ``tests/projections/test_schema_copy.py`` holds the two equal.

Only a database with nothing in it at all is given the copy (any table, even an empty ``alembic_version`` left by a
downgrade, sends it to Alembic), only on SQLite, and only for the revision the copy was made at.
"""

from __future__ import annotations

from dataclasses import dataclass

from sqlalchemy.engine import Connection

#: Statements in the order a schema can be rebuilt in: tables before the indexes, triggers and views on them.
_KINDS = ("table", "index", "trigger", "view")


@dataclass(frozen=True)
class SchemaCopy:
    """A migrated SQLite schema: its revision, its statements, and the rows its tables held."""

    revision: str
    statements: tuple[str, ...]
    rows: tuple[tuple[str, tuple[tuple[object, ...], ...]], ...]


_kept: dict[str, SchemaCopy] = {}


def is_empty(connection: Connection) -> bool:
    """Nothing in the database: no table, index, trigger or view."""
    return connection.exec_driver_sql("SELECT count(*) FROM sqlite_master").scalar() == 0


def taken(connection: Connection, revision: str) -> SchemaCopy:
    """What a migrated database holds, in an order that makes it again."""
    found = connection.exec_driver_sql(
        "SELECT type, name, sql FROM sqlite_master WHERE sql IS NOT NULL AND name NOT LIKE 'sqlite\\_%' ESCAPE '\\'"
        " ORDER BY rowid").all()
    statements = tuple(sql for kind in _KINDS for (t, _name, sql) in found if t == kind)
    rows = []
    for t, name, _sql in found:
        if t == "table":
            held = tuple(tuple(r) for r in connection.exec_driver_sql(f'SELECT * FROM "{name}"'))
            if held:
                rows.append((name, held))
    return SchemaCopy(revision, statements, tuple(rows))


def keep(connection: Connection, revision: str) -> None:
    """Keep what Alembic just gave an empty database, for the next empty one."""
    _kept[revision] = taken(connection, revision)


def replayed(connection: Connection, revision: str) -> bool:
    """Give an empty database (``is_empty``: the caller asks) the kept schema at ``revision``; False (nothing done)
    when none was kept."""
    copy = _kept.get(revision)
    if copy is None:
        return False
    for statement in copy.statements:
        connection.exec_driver_sql(statement)
    for name, held in copy.rows:
        marks = ", ".join("?" * len(held[0]))
        connection.exec_driver_sql(f'INSERT INTO "{name}" VALUES ({marks})', list(held))
    return True


def forget() -> None:
    """Let go of every kept schema: the next empty database is migrated by Alembic again."""
    _kept.clear()
