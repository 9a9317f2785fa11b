"""Before anything is created: can this store be used as given? One line naming what is wrong, or what is used.

``check(target)`` is what ``planilla serve`` asks before it makes a folder, a key, a schema or a table:

- a PostgreSQL URL: the ``?schema=`` name is checked (``SCHEMA_NAME``: a plain lower-case identifier, so no quoting
  is ever needed and nothing else rides in on it), then the server is reached once with a short timeout: nothing
  listening, a database that does not exist, a user refused, each said in one line within ``CONNECT_SECONDS``;
  without ``?schema=`` the notice says the tables go to ``public``;
- a data folder (or ``sqlite:///``): it, or the folder it would be made in, must be writable, as must the store's
  files already there (a read-only copy is for reading: ``planilla audit export`` opens it read-only,
  ``read_only_env``).

Every refusal is ``StoreRefused`` (a ``ValueError``) whose message is that one line.
"""

from __future__ import annotations

import os
import re
import shutil
import tempfile
from pathlib import Path
from urllib.parse import parse_qs, quote, urlsplit

#: A schema name the service takes: PostgreSQL's unquoted identifiers, lower case, at most 63 characters.
SCHEMA_NAME = re.compile(r"[a-z_][a-z0-9_]{0,62}")
#: Seconds to wait for PostgreSQL to answer at start-up before saying it does not.
CONNECT_SECONDS = 3


class StoreRefused(ValueError):
    """The store cannot be used as given; the message is one line for the person starting the service."""


def schema_of(url: str) -> str:
    """The ``?schema=`` of a PostgreSQL URL ("" when none), refused unless it is a plain identifier."""
    values = parse_qs(urlsplit(url).query, keep_blank_values=True).get("schema")
    if not values:
        return ""
    name = values[0]
    if len(values) > 1 or not SCHEMA_NAME.fullmatch(name):
        raise StoreRefused(f"?schema={name!r} is not a schema name this service takes: 1 to 63 of a-z, 0-9 and _, "
                           "not starting with a digit (e.g. ?schema=open_madrid_2025); nothing was created")
    return name


def check(target: str) -> str:
    """Refuse (StoreRefused, one line) a store that cannot be used, before anything is created; else the line
    saying which store is used."""
    if target in ("memory", "popo", "popo://"):
        return "Store: in memory (gone when the service stops)"
    if target.startswith(("postgresql://", "postgres://")):
        return _check_postgres(target)
    if target.startswith("sqlite:///"):
        events = Path(target.removeprefix("sqlite:///"))
        _check_writable(events.parent)
        return f"Store: SQLite {events}"
    if "://" in target:
        raise StoreRefused(f"unsupported database URL {target!r}: use postgresql://, sqlite:/// or a data folder")
    _check_writable(Path(target))
    return f"Store: the data folder {target}"


def _check_writable(folder: Path) -> None:
    """The folder (or the nearest one it would be made in) and the databases already in it can be written."""
    where = folder
    while not where.exists():
        if where.parent == where:
            break
        where = where.parent
    if not where.is_dir():
        raise StoreRefused(f"{where} is not a folder: name a data folder with --data")
    if not os.access(where, os.W_OK | os.X_OK):
        what = "the data folder" if where == folder else f"the folder {folder} would be made in,"
        raise StoreRefused(f"{what} {where} is read-only: the service writes its events there; start it on a "
                           "writable copy (a read-only copy is read by 'planilla audit export')")
    for name in sorted(folder.glob("*.sqlite3*")) if folder.is_dir() else []:
        # a file gone since the listing is not read-only: a killed server's last process closing the database
        # removes its -wal and -shm files, maybe while this start looks at them
        if not os.access(name, os.W_OK) and name.exists():
            raise StoreRefused(f"{name} is read-only: the service writes its events there; start it on a "
                               "writable copy (a read-only copy is read by 'planilla audit export')")


def _check_postgres(url: str) -> str:
    import psycopg

    schema = schema_of(url)
    parts = urlsplit(url)
    host, port = parts.hostname or "127.0.0.1", parts.port or 5432
    database = parts.path.lstrip("/") or "postgres"
    user = parts.username or "postgres"
    where = f"PostgreSQL at {host}:{port}"
    try:
        with psycopg.connect(host=host, port=port, user=user, password=parts.password or None, dbname=database,
                             connect_timeout=CONNECT_SECONDS, autocommit=True):
            pass
    except psycopg.OperationalError as err:
        raise StoreRefused(_why(str(err), where, database, user)) from None
    if schema:
        return f"Store: {where}, database {database!r}, schema {schema!r} (created on first use)"
    return (f"Store: {where}, database {database!r}, schema 'public' (no ?schema= in the URL: add ?schema=name to "
            "keep this hall's tables apart)")


def _why(message: str, where: str, database: str, user: str) -> str:
    """One line from psycopg's account of a failed connection (several lines, one per address tried)."""
    text = message.lower()
    if "does not exist" in text and "database" in text:
        return (f"{where} has no database {database!r}: create it (createdb -h HOST -U {user} {database}) or name "
                "another in --database-url; nothing was created")
    if "password authentication failed" in text or "no pg_hba.conf entry" in text or "role" in text and \
            "does not exist" in text:
        return f"{where} refused the user {user!r}: check the user and password in --database-url"
    if "timeout" in text or "timed out" in text:
        return (f"nothing answered at {where[len('PostgreSQL at '):]} (PostgreSQL) within {CONNECT_SECONDS} s: is the "
                "server running, and is --database-url right?")
    if "refused" in text or "could not connect" in text or "no such file" in text or "failed to resolve" in text:
        return f"nothing is listening at {where[len('PostgreSQL at '):]} (PostgreSQL): start it, or correct the host and port in --database-url"
    first = next((line.strip() for line in message.splitlines() if line.strip()), message)
    return f"cannot connect to {where}: {first}"


def read_only_env(env: dict[str, str]) -> tuple[dict[str, str], tempfile.TemporaryDirectory[str] | None]:
    """A SQLite store's library env opened for reading only, creating nothing beside it (a tribunal's read-only
    copy): the file read as immutable when no write-ahead log waits beside it, else a private copy of the file
    and its log in a temporary folder (returned, to be cleaned up). Other stores are returned as they are."""
    if env.get("PERSISTENCE_MODULE") != "eventsourcing.sqlite":
        return env, None
    path = Path(env["SQLITE_DBNAME"])
    wal = Path(f"{path}-wal")
    if not path.exists():
        raise StoreRefused(f"no event store at {path}")
    if wal.exists() and wal.stat().st_size > 0 and not os.access(path.parent, os.W_OK):
        scratch = tempfile.TemporaryDirectory(prefix="planilla-read-")
        copy = Path(scratch.name) / path.name
        shutil.copy2(path, copy)
        shutil.copy2(wal, Path(f"{copy}-wal"))
        return {**env, "SQLITE_DBNAME": str(copy), "CREATE_TABLE": "no"}, scratch
    if os.access(path.parent, os.W_OK) and os.access(path, os.W_OK):
        return {**env, "CREATE_TABLE": "no"}, None
    return {**env, "SQLITE_DBNAME": f"file:{quote(str(path.resolve()))}?mode=ro&immutable=1", "CREATE_TABLE": "no"}, None
