"""The event store's SQLite recorder, with the write-ahead log's checkpoints kept off the command path.

SQLite copies its write-ahead log back into the database file (a *checkpoint*) right after the commit that
takes the log past 1,000 pages, in the committing connection and before that commit returns, flush of the
database file included. On the 2-core machine such commits took 30-80 ms, one 509 ms (bench/README.md), and
they stalled the whole server, not only the commands of their batch: the library's connection pool queues
every thread that asks for a connection behind a writer waiting for the write connection (its "fairness"
semaphore), and every command loads its game through that pool. So one slow commit of the group commit's
writer, or of the snapshots' thread, held every reader for as long.

Here every connection the pool opens has automatic checkpoints off (``PRAGMA wal_autocheckpoint=0``) and its
temporary storage in memory (``temp_store``: a batch written as several statements in one transaction keeps a
statement journal for each, which past 64 KB spilled to a file made, written and deleted in ``/var/tmp``; a batch of
one statement, the usual one, is a transaction by itself and keeps none), and a
``Checkpointer`` thread runs a PASSIVE checkpoint, which waits for no reader and no writer, on a connection
of its own, once about ``CHECKPOINT_BYTES`` were written or ``QUIET`` seconds after a write. What it keeps:

- **durability**: unchanged; a commit is durable when the log is flushed (``synchronous`` as before), and a
  checkpoint only moves committed pages into the database file;
- **a bounded log**: the log is checkpointed every quarter megabyte under load (SQLite's own: every 4 MB), and within
  ``QUIET`` of a write at a hall's pace; a checkpoint that a reader holds back finishes at the next one, as before;
- **an idle server idle**: the thread sleeps until a write, and ends after ``IDLE_END`` seconds without one
  (the next write starts it again); the last connection to close checkpoints the log, as SQLite always does.
"""

from __future__ import annotations

import logging
import sqlite3
import threading
from collections.abc import Sequence
from pathlib import Path
from typing import Any
from uuid import UUID

from eventsourcing.persistence import StoredEvent
from eventsourcing.sqlite import SQLiteApplicationRecorder, SQLiteConnectionPool, SQLiteDatastore, SQLiteTransaction

log = logging.getLogger("planilla.checkpoint")
#: A checkpoint is due once about this many bytes were written since the last (each one small: bench/README.md,
#: small and frequent beat large and rare on the paced run's slowest commands), or ``QUIET`` seconds after the
#: first of fewer (a hall's pace: one checkpoint a second, not one a write), and never sooner than ``SPACING``
#: seconds after the last.
CHECKPOINT_BYTES = 256 * 1024
QUIET = 1.0
SPACING = 0.1
#: Bytes of write-ahead log kept on disk when the log starts over (a burst's log is not kept at its peak size).
WAL_KEPT = 16 * 1024 * 1024
#: Seconds without a write after which the checkpointer's thread ends (and closes its connection).
IDLE_END = 60.0
#: Rows in one INSERT statement (4 parameters each: far below SQLite's limit of 32,766).
ROWS_PER_INSERT = 256


class CheckpointedRecorder(SQLiteApplicationRecorder):
    """``SQLiteApplicationRecorder`` whose pool's connections never checkpoint on commit; a ``Checkpointer`` does."""

    def __init__(self, datastore: SQLiteDatastore, **kwargs: Any) -> None:
        quiet_checkpoints(datastore.pool)
        super().__init__(datastore, **kwargs)
        self._statements: dict[int, str] = {}
        self._pulse: sqlite3.Connection | None = None  # ``data_version``'s own connection
        memory = datastore.pool.is_sqlite_memory_mode
        self.checkpointer = None if memory else Checkpointer(datastore.pool.db_name, datastore.pool.lock_timeout)

    def insert_events(self, stored_events: Sequence[StoredEvent], **kwargs: Any) -> Sequence[int] | None:
        if 0 < len(stored_events) <= ROWS_PER_INSERT:
            # One statement is its own transaction (the connections are in autocommit): no BEGIN and COMMIT around
            # it, each a call that lets the interpreter's lock go and waits to take it back from a busy event loop.
            with self.datastore.get_connection(commit=True) as connection, \
                    OneStatement(connection, commit=True) as cursor, cursor:
                found = self._insert_events(cursor, stored_events)
        else:
            found = super().insert_events(stored_events, **kwargs)
        if self.checkpointer is not None:
            self.checkpointer.wrote(sum(len(e.state) + len(e.topic) + 64 for e in stored_events))  # about
        return found

    def _insert_events(self, c: Any, stored_events: Sequence[StoredEvent], **_: Any) -> Sequence[int] | None:
        """Every event of a batch in one statement per ``ROWS_PER_INSERT`` (the library runs one per event); the
        notification ids returned."""
        ids: list[int] = []
        for start in range(0, len(stored_events), ROWS_PER_INSERT):
            chunk = stored_events[start:start + ROWS_PER_INSERT]
            params: list[Any] = []
            for s in chunk:
                origin = s.originator_id
                params += (origin.hex if isinstance(origin, UUID) else origin, s.originator_version, s.topic, s.state)
            c.execute(self._insert_rows(len(chunk)), params)
            last = c.lastrowid
            ids.extend(range(last - len(chunk) + 1, last + 1))
        return ids

    def _insert_rows(self, count: int) -> str:
        statement = self._statements.get(count)
        if statement is None:
            statement = self._statements[count] = (
                f"INSERT INTO {self.events_table_name} VALUES " + ",".join(["(?,?,?,?)"] * count))
        return statement

    def data_version(self) -> int | None:
        """SQLite's ``PRAGMA data_version`` on a connection of its own, kept for this call (one caller at a time:
        the store watch's thread): it changes when any other connection, in this process or another, has committed
        since the last call. A look that finds it unchanged needs no query (``service.access.store_watch``); None
        in memory, where there is no other process."""
        if self.datastore.pool.is_sqlite_memory_mode:
            return None
        connection = self._pulse
        if connection is None:
            connection = self._pulse = sqlite3.connect(self.datastore.pool.db_name, uri=True, check_same_thread=False,
                                                       isolation_level=None)
        return connection.execute("PRAGMA data_version").fetchone()[0]

    def folder(self) -> Path | None:
        """The folder the database and its write-ahead log are written in (whose changes the store watch waits
        for: ``service.game.folder_changes``); None in memory or for a database named by a URI."""
        name = self.datastore.pool.db_name
        if self.datastore.pool.is_sqlite_memory_mode or name.startswith("file:"):
            return None
        return Path(name).resolve().parent

    def close(self) -> None:
        """Stop the checkpointer (after a last checkpoint of what was written)."""
        if self._pulse is not None:
            self._pulse.close()
            self._pulse = None
        if self.checkpointer is not None:
            self.checkpointer.close()


class OneStatement(SQLiteTransaction):
    """The library's transaction without its ``BEGIN``: one statement on an autocommit connection is a transaction of
    its own. Its errors are the library's (``IntegrityError`` for a version taken), as its transaction's are; the
    commit at the end finds no transaction open and does nothing."""

    def __enter__(self) -> Any:
        return self.connection.cursor()


def quiet_checkpoints(pool: SQLiteConnectionPool) -> None:
    """Every connection ``pool`` opens from now on opens with automatic checkpoints off (and ``WAL_KEPT``)."""
    create = pool._create_connection  # the library's one place where a connection is made

    def create_quiet() -> Any:
        connection = create()
        cursor = connection.cursor()
        cursor.execute("PRAGMA wal_autocheckpoint=0")
        cursor.execute(f"PRAGMA journal_size_limit={WAL_KEPT}")
        cursor.execute("PRAGMA temp_store=MEMORY")  # a long batch's statement journals, not files made and deleted
        return connection

    pool._create_connection = create_quiet  # type: ignore[method-assign]


class Checkpointer:
    """A thread that checkpoints a SQLite database's write-ahead log a moment after writes (see the constants)."""

    def __init__(self, db_name: str, lock_timeout: int | None = None, *, batch: int = CHECKPOINT_BYTES,
                 quiet: float = QUIET, spacing: float = SPACING, idle_end: float = IDLE_END) -> None:
        self.db_name, self.lock_timeout = db_name, lock_timeout
        self.batch, self.quiet, self.spacing, self.idle_end = batch, quiet, spacing, idle_end
        self.checkpoints = 0  # how many were run (the tests' window on the thread)
        self._state = threading.Condition()
        self._pending = 0  # bytes written (about) since the last checkpoint began
        self._closing = False
        self._thread: threading.Thread | None = None

    def wrote(self, size: int = 1) -> None:
        """About ``size`` bytes were committed: a checkpoint is due soon (the thread is started if it is not running)."""
        with self._state:
            first = not self._pending
            self._pending += max(size, 1)
            if self._thread is None:
                if self._closing:
                    return  # close() runs what is due before it returns
                self._thread = threading.Thread(target=self._run, name="planilla-checkpoint", daemon=True)
                self._thread.start()
            if first or self._pending >= self.batch:  # the thread waits for the first write, then for the batch
                self._state.notify()

    def close(self) -> None:
        """Run what is due, then stop the thread (a later write starts it again)."""
        with self._state:
            self._closing = True
            thread = self._thread
            self._state.notify()
        if thread is not None and thread is not threading.current_thread():
            thread.join(30)
        with self._state:
            self._closing = False

    def _run(self) -> None:
        connection = None
        try:
            connection = sqlite3.connect(self.db_name, uri=True, check_same_thread=False, isolation_level=None,
                                         timeout=self.lock_timeout or 5)
            with self._state:
                while True:
                    if not self._pending:
                        self._state.wait_for(lambda: self._pending or self._closing, self.idle_end)
                        if not self._pending:  # closing, or nothing written for a while: the next write starts another
                            self._thread = None  # under the lock: a write from now on starts a new thread
                            return
                    self._state.wait_for(lambda: self._pending >= self.batch or self._closing, self.quiet)
                    self._pending = 0
                    self._state.release()
                    try:
                        self._checkpoint(connection)
                    finally:
                        self._state.acquire()
                    self._state.wait_for(lambda: self._closing, self.spacing)
        except sqlite3.Error:
            log.exception("the write-ahead log's checkpointer of %s stopped", self.db_name)
            with self._state:
                self._thread = None
        finally:
            if connection is not None:
                connection.close()

    def _checkpoint(self, connection: sqlite3.Connection) -> None:
        try:
            connection.execute("PRAGMA wal_checkpoint(PASSIVE)").fetchall()
            self.checkpoints += 1
        except sqlite3.OperationalError as error:  # the disk, or the file gone: said, and tried after the next write
            log.warning("checkpoint of %s failed: %s", self.db_name, error)
