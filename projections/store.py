"""Where the read models live: one SQLAlchemy engine, its schema kept by Alembic, never by ``create_all``.

``ReadStore(url)`` takes a SQLAlchemy URL (``service.settings.read_model_url`` makes one from a
data folder, ``memory`` or a PostgreSQL URL). SQLite files run in WAL mode with a busy timeout,
so readers never block the projector; the in-memory database is one connection shared by every
thread (a StaticPool), serialised by a lock so a reader never sees a batch half written.
"""

from __future__ import annotations

import contextlib
import threading
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import sqlalchemy as sa
from sqlalchemy.engine import Connection, Engine
from sqlalchemy.orm import Session
from sqlalchemy.pool import StaticPool
from sqlmodel import SQLModel

from projections import schema_copy
from projections.wal import put_in_wal

#: Seconds a SQLite reader or writer waits for a lock before giving up.
SQLITE_BUSY_SECONDS = 10
MIGRATIONS = Path(__file__).resolve().parent.parent / "migrations"
#: The newest migration in ``migrations/versions``. A store whose schema is already there needs nothing from
#: Alembic, whose import (with Mako's and Pygments' pieces) costs about 0.45 s of CPU at every start of the server
#: and again of its projector child; ``tests/projections/test_migrations.py`` holds it equal to Alembic's head.
HEAD = "0003"


def target_metadata() -> sa.MetaData:
    """The metadata the migrations own: the read models, plus other modules' tables where installed."""
    import projections.models  # noqa: F401  (registers the tables)

    return SQLModel.metadata


def alembic_config(url: str | None = None, connection: Connection | None = None) -> Any:
    """An Alembic config that works from any directory: scripts found beside this package."""
    from alembic.config import Config

    config = Config()
    config.set_main_option("script_location", str(MIGRATIONS))
    config.set_main_option("path_separator", "os")
    if url is not None:
        config.set_main_option("sqlalchemy.url", url.replace("%", "%%"))
    if connection is not None:
        config.attributes["connection"] = connection
    return config


class ReadStore:
    """The read models' database: engine, sessions, migrations and the reset a rebuild starts from."""

    def __init__(self, url: str, **engine_kwargs: Any) -> None:
        self.url = url
        self.memory = url in ("sqlite://", "sqlite:///:memory:")
        self.dialect = sa.engine.make_url(url).get_backend_name()
        self._lock = threading.RLock() if self.memory else None
        self.engine: Engine = self._make_engine(url, engine_kwargs)

    def _make_engine(self, url: str, kwargs: dict[str, Any]) -> Engine:
        if self.memory:
            return sa.create_engine("sqlite://", poolclass=StaticPool,
                                    connect_args={"check_same_thread": False}, **kwargs)
        if self.dialect == "sqlite":
            path = sa.engine.make_url(url).database
            if path:
                Path(path).parent.mkdir(parents=True, exist_ok=True)
            engine = sa.create_engine(url, connect_args={"timeout": SQLITE_BUSY_SECONDS}, **kwargs)
            sa.event.listen(engine, "connect", _sqlite_pragmas)
            return engine
        # The read models are derived: a crash may lose the last moments of projecting, which is done
        # again from the events (the tracking row commits with the rows, so never half of it). Not
        # waiting for the log's flush at each commit keeps the projector's flushes out of the way of the
        # event store's, which acknowledge commands (the same as SQLite's synchronous=NORMAL above).
        options = sa.engine.make_url(url).query.get("options", "")  # the schema's search_path, if any
        options = " ".join([options] if isinstance(options, str) else options)
        return sa.create_engine(url, pool_pre_ping=True,
                                connect_args={"options": f"{options} -csynchronous_commit=off".strip()}, **kwargs)

    # ---- use ------------------------------------------------------------------------------
    @contextlib.contextmanager
    def session(self) -> Iterator[Session]:
        """An ORM session for reading (and for writing, committed by the caller)."""
        with self._guard(), Session(self.engine) as session:
            yield session

    @contextlib.contextmanager
    def begin(self) -> Iterator[Connection]:
        """One transaction: committed when the block ends, rolled back if it raises."""
        with self._guard(), self.engine.begin() as connection:
            yield connection

    @contextlib.contextmanager
    def connect(self) -> Iterator[Connection]:
        """A connection for reading."""
        with self._guard(), self.engine.connect() as connection:
            yield connection

    def _guard(self) -> contextlib.AbstractContextManager[Any]:
        return self._lock if self._lock is not None else contextlib.nullcontext()

    # ---- schema ---------------------------------------------------------------------------
    def migrate(self, revision: str = "head") -> None:
        """Bring the schema to ``revision`` (default: the newest) with Alembic; a schema already at the newest
        revision is left as it is without loading Alembic (whose upgrade would do nothing either), and an empty
        SQLite database gets the schema Alembic gave the first one in this process (``projections.schema_copy``)."""
        with self.begin() as connection:
            self._ensure_schema(connection)
            at_head = revision == "head"
            if at_head and self.revisions(connection) == [HEAD]:
                return
            empty = at_head and self.dialect == "sqlite" and schema_copy.is_empty(connection)
            if empty and schema_copy.replayed(connection, HEAD):  # the schema Alembic gave the first empty one
                return
            from alembic import command

            command.upgrade(alembic_config(self.url, connection), revision)
            if empty:
                schema_copy.keep(connection, HEAD)

    @staticmethod
    def revisions(connection: Connection) -> list[str]:
        """The revisions Alembic's table says the schema is at (none: not migrated yet)."""
        if not sa.inspect(connection).has_table("alembic_version"):
            return []
        return list(connection.exec_driver_sql("SELECT version_num FROM alembic_version").scalars())

    def downgrade(self, revision: str = "base") -> None:
        """Take the schema back to ``revision`` (``base``: no tables at all)."""
        from alembic import command

        with self.begin() as connection:
            command.downgrade(alembic_config(self.url, connection), revision)

    def reset(self) -> None:
        """Empty every read-model table and the tracking rows in one transaction (a rebuild starts here).

        Truncation, not downgrade + upgrade: other tables sharing the metadata and the migrations
        (access tokens, idempotency keys) must survive a rebuild of the read models.
        """
        from projections.models import READ_MODEL_TABLES

        with self.begin() as connection:
            if self.dialect == "postgresql":
                names = ", ".join(connection.dialect.identifier_preparer.format_table(t) for t in READ_MODEL_TABLES)
                connection.exec_driver_sql(f"TRUNCATE {names}")
            else:
                for table in READ_MODEL_TABLES:
                    connection.execute(table.delete())

    def _ensure_schema(self, connection: Connection) -> None:
        """Create the PostgreSQL schema named in the search path (``?schema=``) if it is missing."""
        if self.dialect != "postgresql":
            return
        options = sa.engine.make_url(self.url).query.get("options", "")
        options = options if isinstance(options, str) else " ".join(options)
        for part in options.split():
            if part.startswith("-csearch_path="):
                schema = part.split("=", 1)[1].split(",")[0]
                connection.exec_driver_sql(f"CREATE SCHEMA IF NOT EXISTS {connection.dialect.identifier_preparer.quote(schema)}")

    # ---- one projector at a time ----------------------------------------------------------
    @contextlib.contextmanager
    def projector_lock(self) -> Iterator[bool]:
        """Hold the store's projector lock while the block runs; yields False if another process has it.

        PostgreSQL: a session advisory lock; a SQLite file: ``flock`` on ``<file>.projector.lock``;
        in memory there is only this process.
        """
        if self.memory:
            yield True
        elif self.dialect == "postgresql":
            with self.engine.connect() as connection:
                key = sa.text("SELECT pg_try_advisory_lock(hashtext('planilla.projector'))")
                got = bool(connection.execute(key).scalar())
                connection.commit()
                try:
                    yield got
                finally:
                    if got:
                        connection.execute(sa.text("SELECT pg_advisory_unlock(hashtext('planilla.projector'))"))
                        connection.commit()
        else:
            yield from _file_lock(Path(sa.engine.make_url(self.url).database or "readmodels") )

    def dispose(self) -> None:
        """Close every pooled connection."""
        self.engine.dispose()


def _file_lock(path: Path) -> Iterator[bool]:
    import fcntl

    with open(f"{path}.projector.lock", "a+") as handle:
        try:
            fcntl.flock(handle, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except OSError:
            yield False
            return
        try:
            yield True
        finally:
            fcntl.flock(handle, fcntl.LOCK_UN)


def _sqlite_pragmas(dbapi_connection: Any, _record: Any) -> None:
    cursor = dbapi_connection.cursor()
    put_in_wal(cursor, SQLITE_BUSY_SECONDS)
    cursor.execute("PRAGMA synchronous=NORMAL")
    cursor.execute("PRAGMA foreign_keys=ON")
    cursor.close()
