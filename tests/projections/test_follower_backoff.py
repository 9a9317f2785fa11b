"""While the read models cannot be written (a full disk), the projector says so once, backs off, and says once
that it recovered (issue 27: a whole traceback every 0.1 s, 2,795 in 7 minutes).

The follower's loop is driven by hand: its waits are recorded instead of slept, and the read store's failure is
a ``catch_up`` that raises SQLite's own "database or disk is full" a number of times, then succeeds.
"""

from __future__ import annotations

import logging
import sqlite3
import threading
from contextlib import contextmanager
from typing import Any, Iterator

from projections.follower import BACKOFF_FIRST, BACKOFF_MAX, Follower

FAILURES = 12


class Waits:
    """A stand-in for the follower's ``_stopping`` event: each wait is recorded, none is slept."""

    def __init__(self) -> None:
        self.seconds: list[float] = []
        self.stop = False

    def wait(self, seconds: float | None = None) -> bool:
        self.seconds.append(seconds or 0.0)
        return self.stop

    def is_set(self) -> bool:
        return self.stop

    def set(self) -> None:
        self.stop = True

    def clear(self) -> None:
        self.stop = False


class Store:
    @contextmanager
    def projector_lock(self) -> Iterator[bool]:
        yield True


class DiskFull(Follower):
    """A follower whose catch-up fails ``FAILURES`` times as a full disk fails it, then succeeds twice and stops."""

    def __init__(self) -> None:
        self.store, self.native, self.poll_interval = Store(), False, 0.0
        self._stopping, self._wake = Waits(), threading.Event()
        self._thread = self._subscription = None
        self.failures, self.last_error, self.calls = 0, None, 0

    def catch_up(self) -> None:
        self.calls += 1
        if self.calls <= FAILURES:
            raise sqlite3.OperationalError("database or disk is full")
        if self.calls == FAILURES + 2:
            self._stopping.set()

    def _follow(self) -> None:  # the polling loop, its wait recorded as the others
        while not self._stopping.is_set():
            self.catch_up()
            self._recovered()
            self._wake.set()


def run(caplog: Any) -> DiskFull:
    follower = DiskFull()
    with caplog.at_level(logging.DEBUG, logger="planilla.projections"):
        follower._run()
    return follower


def test_a_full_disk_is_said_once_when_it_starts_and_once_when_it_recovers(caplog: Any):
    follower = run(caplog)
    said = [r for r in caplog.records if r.levelno >= logging.INFO]
    assert len(said) == 2, [r.getMessage() for r in said]
    assert "cannot be brought up to date" in said[0].getMessage() and "disk is full" in said[0].getMessage()
    assert said[0].exc_info is None and "\n" not in said[0].getMessage()  # one line, no traceback
    assert f"after {FAILURES} failed attempts" in said[1].getMessage() and "\n" not in said[1].getMessage()
    assert follower.failures == FAILURES and follower.last_error is None  # /health reads these
    debug = [r for r in caplog.records if r.levelno == logging.DEBUG]
    assert len(debug) == FAILURES and all(r.exc_info for r in debug)  # each traceback kept, at DEBUG only


def test_the_retries_back_off_from_a_tenth_of_a_second_to_thirty_and_start_again_after_recovering(caplog: Any):
    follower = run(caplog)
    waits = follower._stopping.seconds
    expected = [min(BACKOFF_FIRST * 2 ** n, BACKOFF_MAX) for n in range(FAILURES)]
    assert waits[:FAILURES] == expected  # 0.1, 0.2, 0.4 … 30, 30: not a retry every 0.1 s
    assert sum(waits[:FAILURES]) > 60 and follower._backoff == BACKOFF_FIRST  # recovered: the next failure starts low
