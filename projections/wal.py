"""A SQLite file put in WAL mode, when two processes open the same new file at once.

Switching a file to WAL takes its exclusive lock, and SQLite refuses the switch at once ("database is locked")
while another process opens the same new file: the hall server and its projector child both opening a new
``readmodels.sqlite3``, or the server creating its federation outbox while a reader opens it (seen in a CI run of
tests/cli/test_federation_processes.py). Only a new file needs the switch, so on that refusal ``put_in_wal`` looks
again until the file is in WAL (the other process switched it) or its own switch takes, for ``wait`` seconds,
then lets the refusal through; any other error goes through at once. Used by the read models' store and by the
federation's stores (``service.federation.store``).
"""

from __future__ import annotations

import sqlite3
import time
from typing import Any

#: Seconds between looks while another process holds a new file's lock.
LOOK_AGAIN = 0.05


def put_in_wal(connection: Any, wait: float) -> None:
    """Put the file of ``connection`` (a DB-API SQLite connection or cursor) in WAL mode (see the module)."""
    deadline = time.monotonic() + wait
    while str(connection.execute("PRAGMA journal_mode").fetchone()[0]).lower() != "wal":
        try:
            connection.execute("PRAGMA journal_mode=WAL")
        except sqlite3.OperationalError as error:
            if "locked" not in str(error) or time.monotonic() > deadline:
                raise
            time.sleep(LOOK_AGAIN)
