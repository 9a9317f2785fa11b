"""When the event store cannot write: what the cause is, since when, and one log line per change.

A hall laptop can fill its disk, lose write access to its data folder, or see its disk stall. None
of these is a bug or the client's doing, and each passes: the store recovers by itself when space
returns, and nothing unacknowledged was stored. So a write that fails for such a cause raises
``StoreUnavailable`` (the HTTP service answers it 503 with a ``Retry-After``, so a tablet's outbox
retries), ``WriteHealth`` remembers the last failure and when (``/health`` reports it), and the
log gets one line when writes start failing, one when the cause changes and one when they succeed
again, rather than a traceback per request.

Causes (``cause`` and the answer's ``code``):

- ``disk_full`` (``store_disk_full``): SQLite's "database or disk is full", ``ENOSPC``/``EDQUOT``,
  PostgreSQL's ``53100 disk_full``;
- ``read_only`` (``store_read_only``): "attempt to write a readonly database", ``EROFS``,
  PostgreSQL's ``25006 read_only_sql_transaction``;
- ``locked`` (``store_locked``): "database is locked" after SQLite's lock timeout, PostgreSQL's
  ``55P03 lock_not_available`` after its lock timeout;
- ``stalled`` (``store_stalled``): a write not finished within its bound (``service.game.commit``);
- ``unavailable`` (``store_unavailable``): any other failure of the store's connection or its I/O
  (SQLite's "disk I/O error", a PostgreSQL server gone).

A conflict (another writer took the version) is not a store condition: it stays what it is.
"""

from __future__ import annotations

import errno
import logging
import sqlite3
import threading
import time
from dataclasses import dataclass
from datetime import datetime, timezone
from typing import Any

from eventsourcing.persistence import IntegrityError, PersistenceError

from domain.errors import msg

log = logging.getLogger("planilla.store")

#: What each cause says, for the answer's message and the log.
SAYS = {
    "disk_full": "the event store cannot write: the disk is full",
    "read_only": "the event store cannot write: its database or data folder is read-only",
    "locked": "the event store cannot write: its database stayed locked by another writer",
    "stalled": "the event store cannot write: a write did not finish in time (the disk or the database is stalled)",
    "unavailable": "the event store does not answer",
}
#: Seconds a client should wait before retrying, per cause.
RETRY_AFTER = {"disk_full": 30, "read_only": 30, "locked": 2, "stalled": 5, "unavailable": 5}
_SQLITE = (("database or disk is full", "disk_full"), ("readonly database", "read_only"),
           ("database is locked", "locked"), ("database table is locked", "locked"))
_ERRNO = {errno.ENOSPC: "disk_full", errno.EDQUOT: "disk_full", errno.EROFS: "read_only"}
_SQLSTATE = {"53100": "disk_full", "25006": "read_only", "55P03": "locked"}


class StoreUnavailable(Exception):
    """The event store cannot write now, for ``cause`` (see the module's list); retry after a while."""

    def __init__(self, cause: str, detail: str = "", *, recorded: bool | None = False, reading: bool = False) -> None:
        self.cause, self.detail, self.recorded = cause, detail, recorded
        says = msg(f"store.{cause}") if cause in SAYS else cause  # SAYS in the reader's language
        if reading:
            message = msg("store.reading", detail=detail)
        elif recorded is None:
            message = msg("store.maybe_recorded", says=says)
        else:
            message = msg("store.not_recorded", says=says)
        super().__init__(message)
        self.message = message

    @property
    def code(self) -> str:
        return f"store_{self.cause}"

    @property
    def retry_after(self) -> int:
        return RETRY_AFTER[self.cause]


def _chain(error: BaseException) -> list[BaseException]:
    found: list[BaseException] = []
    while error is not None and error not in found and len(found) < 8:
        found.append(error)
        error = error.__cause__ or error.__context__  # type: ignore[assignment]
    return found


def cause_of(error: BaseException) -> str | None:
    """The store condition behind ``error`` (a cause of the module's list), or None when it is not one."""
    if isinstance(error, StoreUnavailable):
        return error.cause
    chain = _chain(error)
    if any(isinstance(e, IntegrityError) for e in chain):
        return None
    for e in chain:
        if isinstance(e, sqlite3.Error):
            text = str(e).lower()
            for words, cause in _SQLITE:
                if words in text:
                    return cause
        state = getattr(e, "sqlstate", None)
        if isinstance(state, str) and state in _SQLSTATE:
            return _SQLSTATE[state]
        if isinstance(e, OSError) and e.errno in _ERRNO:
            return _ERRNO[e.errno]
    if any(isinstance(e, (PersistenceError, sqlite3.OperationalError, sqlite3.InterfaceError)) for e in chain):
        return "unavailable" if _not_programming(chain) else None
    try:
        import psycopg
    except ImportError:  # pragma: no cover - psycopg is a dependency
        return None
    if any(isinstance(e, (psycopg.OperationalError, psycopg.InterfaceError)) for e in chain):
        return "unavailable"
    return None


def _not_programming(chain: list[BaseException]) -> bool:
    """False when the persistence error is a mistake in the code (bad SQL, wrong data), not the store's state."""
    from eventsourcing.persistence import DataError, ProgrammingError

    return not any(isinstance(e, (ProgrammingError, DataError, sqlite3.ProgrammingError)) for e in chain)


def utc_iso(at: float) -> str:
    return datetime.fromtimestamp(at, timezone.utc).isoformat(timespec="milliseconds").replace("+00:00", "Z")


@dataclass(frozen=True)
class WriteFailure:
    """The last write that failed for a store condition."""

    cause: str
    detail: str
    at: float  # seconds since the epoch

    def to_dict(self) -> dict[str, Any]:
        return {"code": f"store_{self.cause}", "message": SAYS[self.cause], "detail": self.detail,
                "at": utc_iso(self.at)}


class WriteHealth:
    """How the event store's writes are going: the write under way (and since when), the last failure."""

    def __init__(self, stall_after: float) -> None:
        #: Seconds after which a write still under way counts as stalled.
        self.stall_after = stall_after
        self._lock = threading.Lock()
        self._writing: dict[int, float] = {}  # one entry per write under way: its start (monotonic)
        self._next = 0
        self.last_failure: WriteFailure | None = None
        self.failing = False  # the last write failed for a store condition, and none has succeeded since
        self._failures = 0

    # ---- the writer reports -------------------------------------------------------------------------
    def begin(self) -> int:
        """A write starts; returns its ticket for ``end``."""
        with self._lock:
            self._next += 1
            self._writing[self._next] = time.monotonic()
            return self._next

    def end(self, ticket: int) -> None:
        with self._lock:
            self._writing.pop(ticket, None)

    def succeeded(self) -> None:
        with self._lock:
            was, failures = self.failing, self._failures
            self.failing, self._failures = False, 0
        if was:
            log.warning("the event store writes again (after %d failed write%s)", failures, "s" * (failures != 1))

    def failed(self, cause: str, error: BaseException | str) -> None:
        """A write failed for ``cause``: remembered; logged in one line when writes start failing or the cause
        changes (never a traceback: the cause is the store's state, not a bug)."""
        detail = error if isinstance(error, str) else f"{type(error).__name__}: {str(error).splitlines()[0] if str(error) else ''}"
        with self._lock:
            changed = not self.failing or self.last_failure is None or self.last_failure.cause != cause
            self.failing = True
            self._failures += 1
            self.last_failure = WriteFailure(cause, detail, time.time())
        if changed:
            log.error("%s (%s); writes are answered 503 until one succeeds", SAYS[cause], detail)

    # ---- /health asks --------------------------------------------------------------------------------
    def stalled_for(self) -> float:
        """Seconds the oldest write under way has taken, when over ``stall_after``; else 0."""
        with self._lock:
            oldest = min(self._writing.values(), default=None)
        if oldest is None:
            return 0.0
        took = time.monotonic() - oldest
        return took if took > self.stall_after else 0.0

    def state(self) -> str:
        """``ok``, ``failing`` (the last write failed for a store condition) or ``stalled``."""
        if self.stalled_for():
            return "stalled"
        return "failing" if self.failing else "ok"
