"""A PostgreSQL event store's NOTIFY, waking a projector that otherwise polls.

The service's PostgreSQL recorder (``service/game/pgstore.py``) sends ``NOTIFY`` on the events table's channel in the
transaction of every batch it writes, whichever process writes it: a second server on the same database, a
``planilla token create``, a federation process. A projector in another process learnt of those writes only at its
next poll (a second beside ``planilla serve``). ``NotifyListener`` holds one connection of the store's pool with
``LISTEN`` on that channel and calls ``wake`` at each notification, so any process's write reaches the read models
as soon as it is committed; the poll stays as the fallback (a connection lost is taken again after a backoff, and
whatever came meanwhile is found by the wake that follows each ``LISTEN``). It only wakes: the projector reads the
events itself, from its own position, as it does on a poll (the library's subscription would read every event a
second time). Idle, it sleeps in ``poll`` on the connection's socket and a pipe that ``stop()`` writes to, so it
does not wake until a notification comes or it is stopped (psycopg's own ``notifies()`` wakes every 0.1 s, which on
an idle hall server was most of the projector's CPU: issue 25).
"""

from __future__ import annotations

import logging
import os
import select
import threading
from collections.abc import Callable
from typing import Any

log = logging.getLogger("planilla.projections")

BACKOFF_FIRST, BACKOFF_MAX = 0.1, 30.0


def notify_channel(recorder: Any) -> str | None:
    """The channel a PostgreSQL application recorder notifies on, or None for any other store."""
    if not any(c.__module__.startswith("eventsourcing.postgres") for c in type(recorder).__mro__):
        return None  # not imported for SQLite: the projector child's start stays light
    return getattr(recorder, "channel_name", None)


class NotifyListener:
    """A thread that calls ``wake`` at every ``NOTIFY`` on ``channel`` of ``datastore`` until ``stop()``."""

    def __init__(self, datastore: Any, channel: str, wake: Callable[[], None]) -> None:
        self.datastore, self.channel, self.wake = datastore, channel, wake
        self.listening = threading.Event()  # set while a LISTEN is in place (the tests wait for it)
        self._stopping = threading.Event()
        self._thread: threading.Thread | None = None
        self._bell: tuple[int, int] | None = None  # a pipe: a byte from ``stop()`` ends the wait at once

    def start(self) -> None:
        # each thread its own stop and pipe: one that outlived its ``stop()`` still ends, and never spins on a
        # pipe that already holds its byte
        self._stopping = stopping = threading.Event()
        self._bell = bell = os.pipe()
        self._thread = threading.Thread(target=self._run, args=(stopping, bell[0]), name="planilla-projector-listen",
                                        daemon=True)
        self._thread.start()

    def stop(self, timeout: float = 1.0) -> None:
        """Stop listening; the connection goes back to the pool as soon as the thread has seen it."""
        self._stopping.set()
        bell = self._bell
        if bell is not None:
            os.write(bell[1], b"x")
        if self._thread is not None:
            self._thread.join(timeout)
            if not self._thread.is_alive() and bell is not None:
                os.close(bell[0])
                os.close(bell[1])
                self._bell = None
            self._thread = None

    def _run(self, stopping: threading.Event, bell: int) -> None:
        from psycopg.sql import SQL, Identifier

        backoff = BACKOFF_FIRST
        while not stopping.is_set():
            try:
                with self.datastore.get_connection() as conn:
                    conn.execute(SQL("LISTEN {0}").format(Identifier(self.channel)))
                    try:
                        self.listening.set()
                        self.wake()  # what was committed before the LISTEN took hold
                        backoff = BACKOFF_FIRST
                        waits = select.poll()  # not select(): a descriptor past 1,024 is fine
                        waits.register(conn.fileno(), select.POLLIN)
                        waits.register(bell, select.POLLIN)
                        while not stopping.is_set():
                            if self._heard(conn, waits):
                                self.wake()
                    finally:
                        self.listening.clear()
                        if not conn.closed:
                            conn.execute("UNLISTEN *")  # the connection goes back to the pool as it came
            except Exception as error:  # the database went away: the poll carries on; listen again later
                log.debug("the projector's LISTEN failed (%s: %s); again in %.1f s", type(error).__name__, error,
                          backoff)
                stopping.wait(backoff)
                backoff = min(backoff * 2, BACKOFF_MAX)

    @staticmethod
    def _heard(conn: Any, waits: Any) -> bool:
        """Wait for the connection's socket or the stop pipe; True when a notification came (read off now)."""
        if not any(fd == conn.fileno() for fd, _ in waits.poll()):
            return False
        pgconn = conn.pgconn
        pgconn.consume_input()  # raises when the connection is lost: the caller listens again after a backoff
        heard = False
        while pgconn.notifies() is not None:
            heard = True
        return heard
