"""The federation's store: one PostgreSQL database (or a SQLite file, for a trial), reached through plain SQL.

Everything the federation knows is in it (the archive, the log of round seals, officers' tokens, nonces
already seen), and nothing in the processes that serve it: any number of ``planilla federation serve``
processes may answer behind one address. A ``Db`` is one connection; each thread of a process keeps its
own (``Store.db``). Statements are written with ``?`` placeholders and ``{blob}``/``{serial}`` types, turned
into each engine's own. A writer that must see the latest state takes ``Db.transaction(lock=…)``: SQLite's
``BEGIN IMMEDIATE`` or, on PostgreSQL, a transaction-scoped advisory lock of that name.
"""

from __future__ import annotations

import hashlib
import sqlite3
import threading
from contextlib import contextmanager
from pathlib import Path
from typing import Any, Iterator

from projections.wal import put_in_wal

POSTGRES = ("postgresql://", "postgres://")
#: What a stored history (a game's, a duplicate's) is beside the others of the same game: the one shown, an
#: earlier one it extends (a reopen), or one that is not an extension of the one shown (kept, and an alarm raised).
CURRENT, SUPERSEDED, FORKED = "current", "superseded", "forked"


#: Seconds a SQLite connection waits for another process's lock (and for a new file's switch to WAL).
LOCK_WAIT = 10.0


def is_postgres(url: str) -> bool:
    return str(url).startswith(POSTGRES)


def sqlite_path(url: str) -> Path:
    """``sqlite:///path`` or a folder (``federation.sqlite3`` inside it)."""
    text = str(url)
    if text.startswith("sqlite:///"):
        return Path(text.removeprefix("sqlite:///"))
    folder = Path(text)
    folder.mkdir(parents=True, exist_ok=True)
    return folder / "federation.sqlite3"


class Db:
    """One connection to the store."""

    def __init__(self, url: str | Path) -> None:
        self.url = str(url)
        self.postgres = is_postgres(self.url)
        self.depth = 0
        if self.postgres:
            import psycopg

            self.conn: Any = psycopg.connect(self.url, autocommit=True)
        else:
            path = sqlite_path(self.url) if not self.url.endswith((".sqlite3", ".db")) else Path(self.url)
            path.parent.mkdir(parents=True, exist_ok=True)
            self.conn = sqlite3.connect(str(path), isolation_level=None, check_same_thread=False, timeout=LOCK_WAIT)
            put_in_wal(self.conn, LOCK_WAIT)
            self.conn.execute("PRAGMA synchronous=FULL")

    def sql(self, text: str) -> str:
        text = text.replace("{blob}", "BYTEA" if self.postgres else "BLOB")
        text = text.replace("{serial}", "BIGSERIAL PRIMARY KEY" if self.postgres else "INTEGER PRIMARY KEY")
        return text.replace("?", "%s") if self.postgres else text

    def execute(self, text: str, params: tuple | list = ()) -> Any:
        return self.conn.execute(self.sql(text), tuple(params))

    def many(self, text: str, rows: list[tuple]) -> None:
        """One statement for many rows (psycopg pipelines them: one round trip, not one per row)."""
        if not rows:
            return
        if self.postgres:
            with self.conn.cursor() as cursor:
                cursor.executemany(self.sql(text), rows)
        else:
            self.conn.executemany(self.sql(text), rows)

    def one(self, text: str, params: tuple | list = ()) -> Any:
        return self.execute(text, params).fetchone()

    def all(self, text: str, params: tuple | list = ()) -> list[Any]:
        return list(self.execute(text, params).fetchall())

    def script(self, text: str) -> None:
        for statement in filter(str.strip, text.split(";")):
            self.execute(statement)

    @contextmanager
    def transaction(self, lock: str | None = None) -> Iterator["Db"]:
        """All or nothing; with ``lock``, one writer at a time across every process on the store."""
        if self.depth:
            self.depth += 1
            try:
                yield self
            finally:
                self.depth -= 1
            return
        self.conn.execute("BEGIN" if self.postgres else "BEGIN IMMEDIATE")
        self.depth = 1
        try:
            if lock and self.postgres:
                number = int.from_bytes(hashlib.sha256(lock.encode()).digest()[:8], "big", signed=True)
                self.conn.execute("SELECT pg_advisory_xact_lock(%s)", (number,))
            yield self
            self.conn.execute("COMMIT")
        except BaseException:
            self.conn.execute("ROLLBACK")
            raise
        finally:
            self.depth = 0

    def close(self) -> None:
        self.conn.close()


class Store:
    """The store of a process: a connection per thread, opened on first use."""

    def __init__(self, url: str | Path) -> None:
        self.url = str(url)
        self.local = threading.local()
        self.opened: list[Db] = []
        self.guard = threading.Lock()

    def db(self) -> Db:
        db = getattr(self.local, "db", None)
        if db is None:
            db = self.local.db = Db(self.url)
            with self.guard:
                self.opened.append(db)
        return db

    def close(self) -> None:
        with self.guard:
            for db in self.opened:
                try:
                    db.close()
                except Exception:  # noqa: BLE001 (closing at exit: nothing more to do)
                    pass
            self.opened.clear()
        self.local = threading.local()
