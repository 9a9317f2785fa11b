"""Where the events live: one database URL or data folder, mapped to the eventsourcing library's env.

The application gets these keys through its constructor ``env`` (which beats ``os.environ``), so
nothing here reads or writes the process environment.

- ``memory`` (or ``popo://``): in-process storage, for fast tests;
- ``sqlite:///path/events.sqlite3``, or a data folder (``events.sqlite3`` is created inside it);
- ``postgresql://user:password@host:port/dbname`` (``?schema=name`` picks a schema, created if it does
  not exist yet, as a data folder is; a name that is not a plain lower-case identifier is refused,
  ``service.store_check.StoreRefused``, before anything is made).

``read_model_url`` maps the same targets to the SQLAlchemy URL of the read models (``projections``):
a separate ``readmodels.sqlite3`` beside ``events.sqlite3``, or the same PostgreSQL database.
"""

from __future__ import annotations

from pathlib import Path
from urllib.parse import quote, unquote, urlsplit

from service.store_check import schema_of

SQLITE_FILE = "events.sqlite3"
READ_MODELS_FILE = "readmodels.sqlite3"
#: The read models of ``memory``: one in-memory SQLite database shared by every thread of the process
#: (``projections.store.ReadStore`` gives it a single connection, a StaticPool).
MEMORY_READ_MODELS = "sqlite://"
#: Seconds a writer waits for SQLite's write lock; a command holds it for milliseconds, so 5 s
#: means "the disk is stuck", not "another table is busy". The library turns WAL on itself.
SQLITE_LOCK_TIMEOUT = "5"
#: Seconds a Postgres writer waits for the events table lock before giving up.
POSTGRES_LOCK_TIMEOUT = "5"


def in_memory(target: str | Path) -> bool:
    """True when ``target`` names the in-memory store (which no other process can see)."""
    return str(target) in ("memory", "popo", "popo://")


def settings_env(target: str | Path) -> dict[str, str]:
    """The library env for a database URL, a data folder, or ``memory``."""
    text = str(target)
    if in_memory(text):
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
        # The write-ahead log checkpointed by a thread, not in a command's commit (service/game/sqlitestore.py).
        "APPLICATION_RECORDER_TOPIC": "service.game.sqlitestore:CheckpointedRecorder",
    }


def _postgres(url: str) -> dict[str, str]:
    parts = urlsplit(url)
    schema = schema_of(url)  # StoreRefused before anything is made of a name that is not a plain identifier
    env = {
        "PERSISTENCE_MODULE": "eventsourcing.postgres",
        "POSTGRES_DBNAME": unquote(parts.path.lstrip("/")) or "postgres",
        "POSTGRES_HOST": parts.hostname or "127.0.0.1",
        "POSTGRES_PORT": str(parts.port or 5432),
        "POSTGRES_USER": unquote(parts.username or "postgres"),
        "POSTGRES_PASSWORD": unquote(parts.password or ""),
        "POSTGRES_LOCK_TIMEOUT": POSTGRES_LOCK_TIMEOUT,
        # Events written in one round trip, with the library's table lock (service/game/pgstore.py).
        "APPLICATION_RECORDER_TOPIC": "service.game.pgstore:OneTripRecorder",
    }
    if schema:
        env["POSTGRES_SCHEMA"] = schema
        ensure_schema(env)
    return env


def ensure_schema(env: dict[str, str]) -> None:
    """Create the PostgreSQL schema ``env`` names if it does not exist yet (as a data folder is created).

    A server that does not answer is left for the store itself to report when it connects.
    """
    import psycopg
    from psycopg import sql

    try:
        with psycopg.connect(host=env["POSTGRES_HOST"], port=env["POSTGRES_PORT"], user=env["POSTGRES_USER"],
                             password=env["POSTGRES_PASSWORD"] or None, dbname=env["POSTGRES_DBNAME"],
                             autocommit=True, connect_timeout=5) as conn:
            exists = conn.execute("SELECT 1 FROM pg_namespace WHERE nspname = %s", (env["POSTGRES_SCHEMA"],))
            if exists.fetchone() is None:
                conn.execute(sql.SQL("CREATE SCHEMA IF NOT EXISTS {}").format(sql.Identifier(env["POSTGRES_SCHEMA"])))
    except psycopg.errors.UniqueViolation:  # another process created it at the same moment
        pass
    except psycopg.OperationalError:  # not reachable: the store's own connection says so
        pass


def read_model_url(target: str | Path) -> str:
    """The SQLAlchemy URL of the read models for the same targets as ``settings_env``.

    - a data folder: ``sqlite:///<folder>/readmodels.sqlite3`` (a file of its own, beside the events);
    - ``sqlite:///x/events.sqlite3``: its sibling ``sqlite:///x/readmodels.sqlite3``;
    - ``memory``: an in-memory SQLite database shared across threads;
    - ``postgresql://...``: the same database through psycopg 3, ``?schema=`` kept as the search path.
    """
    text = str(target)
    if in_memory(text):
        return MEMORY_READ_MODELS
    if text.startswith(("postgresql://", "postgres://")):
        return _postgres_read_models(text)
    if text.startswith("sqlite:///"):
        events = Path(text.removeprefix("sqlite:///"))
        return f"sqlite:///{events.parent / READ_MODELS_FILE}"
    if "://" in text:
        raise ValueError(f"unsupported database URL {text!r}: use sqlite:///, postgresql:// or a data folder")
    folder = Path(text)
    folder.mkdir(parents=True, exist_ok=True)
    return f"sqlite:///{folder / READ_MODELS_FILE}"


def _postgres_read_models(url: str) -> str:
    parts = urlsplit(url)
    netloc = parts.netloc or "postgres@127.0.0.1:5432"
    schema = schema_of(url)
    query = f"?options=-csearch_path%3D{quote(schema)}" if schema else ""
    return f"postgresql+psycopg://{netloc}{parts.path or '/postgres'}{query}"
