"""Where the events live: one database URL or data folder, mapped to the eventsourcing library's env.

The application gets these keys through its constructor ``env`` (which beats ``os.environ``), so
nothing here reads or writes the process environment.

- ``memory`` (or ``popo://``): in-process storage, for fast tests;
- ``sqlite:///path/events.sqlite3``, or a data folder (``events.sqlite3`` is created inside it);
- ``postgresql://user:password@host:port/dbname`` (``?schema=name`` picks a schema).
"""

from __future__ import annotations

from pathlib import Path
from urllib.parse import parse_qs, unquote, urlsplit

SQLITE_FILE = "events.sqlite3"
#: Seconds a writer waits for SQLite's write lock; a command holds it for milliseconds, so 5 s
#: means "the disk is stuck", not "another table is busy". The library turns WAL on itself.
SQLITE_LOCK_TIMEOUT = "5"
#: Seconds a Postgres writer waits for the events table lock before giving up.
POSTGRES_LOCK_TIMEOUT = "5"


def settings_env(target: str | Path) -> dict[str, str]:
    """The library env for a database URL, a data folder, or ``memory``."""
    text = str(target)
    if text in ("memory", "popo", "popo://"):
        return {"PERSISTENCE_MODULE": "eventsourcing.popo"}
    if text.startswith(("postgresql://", "postgres://")):
        return _postgres(text)
    if text.startswith("sqlite:///"):
        return _sqlite(Path(text.removeprefix("sqlite:///")))
    if "://" in text:
        raise ValueError(f"unsupported database URL {text!r}: use sqlite:///, postgresql:// or a data folder")
    folder = Path(text)
    folder.mkdir(parents=True, exist_ok=True)
    return _sqlite(folder / SQLITE_FILE)


def _sqlite(path: Path) -> dict[str, str]:
    path.parent.mkdir(parents=True, exist_ok=True)
    return {
        "PERSISTENCE_MODULE": "eventsourcing.sqlite",
        "SQLITE_DBNAME": str(path),
        "SQLITE_LOCK_TIMEOUT": SQLITE_LOCK_TIMEOUT,
    }


def _postgres(url: str) -> dict[str, str]:
    parts = urlsplit(url)
    schema = parse_qs(parts.query).get("schema", [""])[0]
    env = {
        "PERSISTENCE_MODULE": "eventsourcing.postgres",
        "POSTGRES_DBNAME": unquote(parts.path.lstrip("/")) or "postgres",
        "POSTGRES_HOST": parts.hostname or "127.0.0.1",
        "POSTGRES_PORT": str(parts.port or 5432),
        "POSTGRES_USER": unquote(parts.username or "postgres"),
        "POSTGRES_PASSWORD": unquote(parts.password or ""),
        "POSTGRES_LOCK_TIMEOUT": POSTGRES_LOCK_TIMEOUT,
    }
    if schema:
        env["POSTGRES_SCHEMA"] = schema
    return env
