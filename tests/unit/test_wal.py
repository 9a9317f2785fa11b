"""A new SQLite file opened by two processes at once (a hall's federation outbox, the read models' file opened by
the server and its projector child): the one whose switch to WAL is refused at once ("database is locked", seen in
a CI run of tests/cli/test_federation_processes.py) looks again instead of failing, and still fails on any other
error or once its wait is over (``projections/wal.py``)."""

from __future__ import annotations

import sqlite3
from typing import Any

import pytest

from projections import wal
from projections.store import SQLITE_BUSY_SECONDS, ReadStore
from service.federation import store


class File:
    """A connection to a new file that another process switches to WAL after ``refusals`` refused switches here."""

    def __init__(self, refusals: int, error: str = "database is locked") -> None:
        self.mode, self.refusals, self.error, self.switches = "delete", refusals, error, 0

    def execute(self, text: str) -> Any:
        if text == "PRAGMA journal_mode=WAL":
            self.switches += 1
            if self.switches <= self.refusals:
                if self.switches == self.refusals:
                    self.mode = "wal"  # meanwhile, the other process's switch took
                raise sqlite3.OperationalError(self.error)
            self.mode = "wal"
        mode = self.mode

        class Row:
            def fetchone(self) -> tuple[str]:
                return (mode,)
        return Row()


def test_a_refused_switch_looks_again_and_finds_the_file_switched_by_the_other_process(monkeypatch):
    monkeypatch.setattr(wal.time, "sleep", lambda _: None)
    found = File(refusals=3)
    wal.put_in_wal(found, store.LOCK_WAIT)
    assert found.mode == "wal" and found.switches == 3


def test_a_new_file_nobody_else_holds_is_switched_once_and_a_wal_file_not_at_all():
    fresh = File(refusals=0)
    wal.put_in_wal(fresh, store.LOCK_WAIT)
    assert (fresh.mode, fresh.switches) == ("wal", 1)
    wal.put_in_wal(fresh, store.LOCK_WAIT)
    assert fresh.switches == 1


def test_another_error_or_a_lock_held_past_the_wait_is_not_hidden(monkeypatch):
    with pytest.raises(sqlite3.OperationalError, match="disk I/O error"):
        wal.put_in_wal(File(refusals=1, error="disk I/O error"), store.LOCK_WAIT)
    clock = iter(range(0, 1000, 5))  # five seconds a look: past LOCK_WAIT after a few
    monkeypatch.setattr(wal.time, "monotonic", lambda: next(clock))
    monkeypatch.setattr(wal.time, "sleep", lambda _: None)
    with pytest.raises(sqlite3.OperationalError, match="locked"):
        wal.put_in_wal(File(refusals=100), store.LOCK_WAIT)


def test_a_real_new_file_opened_twice_is_in_wal(tmp_path):
    first, second = store.Db(tmp_path / "outbox.sqlite3"), store.Db(tmp_path / "outbox.sqlite3")
    for db in (first, second):
        assert db.conn.execute("PRAGMA journal_mode").fetchone()[0] == "wal"


def test_the_read_models_file_switches_through_the_same_look(monkeypatch, tmp_path):
    """The read models' connections are put in WAL by ``put_in_wal`` too, with the store's busy wait."""
    seen = []
    monkeypatch.setattr("projections.store.put_in_wal", lambda connection, wait: seen.append(wait) or
                        wal.put_in_wal(connection, wait))
    read = ReadStore(f"sqlite:///{tmp_path / 'readmodels.sqlite3'}")
    with read.connect() as connection:
        assert connection.exec_driver_sql("PRAGMA journal_mode").scalar() == "wal"
    assert seen and set(seen) == {SQLITE_BUSY_SECONDS}
