"""The SQLite event store's write-ahead log is checkpointed by a thread of its own (``service/game/sqlitestore.py``):
no connection of the store checkpoints in a commit, a write is in the database file a moment later, and the thread
sleeps and ends when nothing is written."""

from __future__ import annotations

import sqlite3
import threading
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any
from uuid import uuid4

import pytest
from eventsourcing.persistence import StoredEvent

from service.game import sqlitestore
from service.game.application import GamesApplication
from service.game.sqlitestore import CheckpointedRecorder, Checkpointer
from service.settings import settings_env


@pytest.fixture
def app(tmp_path: Path) -> Iterator[GamesApplication]:
    games = GamesApplication(settings_env(tmp_path / "data"))
    yield games
    games.close()


def event(originator: object, version: int) -> StoredEvent:
    return StoredEvent(originator_id=originator, originator_version=version, topic="test:Event", state=b"{}")


def in_database_file(db_name: str | Path, table: str = "stored_events") -> int:
    """Rows of ``table`` in the database file itself, its write-ahead log ignored (``immutable``: the log is not
    read); 0 while they cannot be counted yet. ``immutable`` also tells SQLite that nobody writes the file, so a read
    that meets a checkpoint copying pages into it can find them half copied ("malformed", seen once on a clean
    clone): that read counts nothing, and a caller waiting for the rows reads again."""
    with sqlite3.connect(f"file:{db_name}?immutable=1", uri=True) as db:
        try:
            return db.execute(f"SELECT count(*) FROM {table}").fetchone()[0]
        except sqlite3.OperationalError:  # the table itself is still only in the log
            return 0
        except sqlite3.DatabaseError as error:  # a page read mid-copy by a checkpoint
            if "malformed" not in str(error):
                raise
            return 0


def wal_writer(db: Path) -> sqlite3.Connection:
    """A connection writing a table ``t`` of a new file in WAL mode, with SQLite's own checkpoints off."""
    writer = sqlite3.connect(db, isolation_level=None)
    writer.execute("PRAGMA journal_mode=WAL")
    writer.execute("PRAGMA wal_autocheckpoint=0")
    writer.execute("CREATE TABLE t (x)")
    return writer


def wait_for(condition, seconds: float = 10.0) -> bool:
    end = time.monotonic() + seconds
    while time.monotonic() < end:
        if condition():
            return True
        time.sleep(0.01)
    return condition()


def pragmas(app, *names: str) -> list[tuple[int, ...]]:
    """Each named pragma's value on every connection the store's pool opens: the writer's and three readers'."""
    pool = app.recorder.datastore.pool
    taken = [pool.get_connection(is_writer=True)] + [pool.get_connection(is_writer=False) for _ in range(3)]
    try:
        return [tuple(_pragma(connection.cursor(), name) for name in names) for connection in taken]
    finally:
        for connection in taken:
            pool.put_connection(connection)


def _pragma(cursor, name: str) -> int:
    cursor.execute(f"PRAGMA {name}")
    return cursor.fetchone()[0]


def test_no_connection_of_the_store_checkpoints_in_a_commit(app):
    """Every connection the pool opens, for reading or writing, has SQLite's automatic checkpoint off and the
    log's kept size set: a commit is the log's write and flush, nothing more."""
    assert isinstance(app.recorder, CheckpointedRecorder)
    assert pragmas(app, "wal_autocheckpoint", "journal_size_limit") == [(0, sqlitestore.WAL_KEPT)] * 4


def test_a_batchs_statement_journal_stays_in_memory(app):
    """A batch past ``ROWS_PER_INSERT`` rows is several INSERTs inside one transaction, so SQLite keeps a statement
    journal to undo each statement alone; past 64 KB it spilled to a temporary file, made, unlinked and written
    (about half the batch's page writes; every batch did, before a batch of one statement became its own
    transaction). Every connection keeps its temporary storage in memory instead (``temp_store`` 2): the journal is
    never read once the statement is done."""
    assert pragmas(app, "temp_store") == [(2,)] * 4


def test_a_write_reaches_the_database_file_a_moment_later(app):
    """Without the thread, events written with automatic checkpoints off would stay in the log until the last
    connection closed; with it they are copied into the database file within moments of the write."""
    recorder = app.recorder
    db_name = recorder.datastore.pool.db_name
    game = uuid4()
    recorder.insert_events([event(game, 1), event(game, 2)])
    # the pages are in the file while the checkpoint still flushes it: wait for the checkpoint's end too
    assert wait_for(lambda: recorder.checkpointer.checkpoints >= 1 and in_database_file(db_name) >= 2)
    recorder.insert_events([event(game, 3)])
    assert wait_for(lambda: in_database_file(db_name) >= 3)


def test_a_game_played_through_the_application_is_checkpointed(app):
    """The group commit's writes go through the recorder: a game's events reach the database file too."""
    from tests.application.script import DIRECTOR

    app.create_game("file-2024", ["Ana", "Bea"], DIRECTOR)
    db_name = app.recorder.datastore.pool.db_name
    written = app.recorder.max_notification_id()
    assert written and wait_for(lambda: in_database_file(db_name) >= written)


def test_the_thread_sleeps_ends_when_idle_and_starts_again_on_a_write(tmp_path):
    """No write, no thread; a write starts one; with nothing written for ``idle_end`` it ends (an idle hall
    server has nothing running for its log), and the next write starts another. ``close`` runs what is due."""
    db = tmp_path / "x.sqlite3"
    writer = wal_writer(db)
    checkpointer = Checkpointer(str(db), quiet=0.01, spacing=0.01, idle_end=0.2)

    def running() -> list[threading.Thread]:
        return [t for t in threading.enumerate() if t.name == "planilla-checkpoint" and t is checkpointer._thread]

    assert checkpointer._thread is None
    writer.execute("INSERT INTO t VALUES (1)")
    checkpointer.wrote()
    assert running()
    assert wait_for(lambda: checkpointer._thread is None, 5)  # ended after idle_end without a write
    first = checkpointer.checkpoints
    assert first >= 1
    writer.execute("INSERT INTO t VALUES (2)")
    checkpointer.wrote()
    assert wait_for(lambda: checkpointer.checkpoints > first, 5)
    writer.execute("INSERT INTO t VALUES (3)")
    checkpointer.wrote()
    checkpointer.close()
    assert checkpointer._thread is None
    assert in_database_file(db, "t") == 3  # close checkpointed the last write
    writer.close()


def test_closing_the_application_stops_the_thread(tmp_path):
    games = GamesApplication(settings_env(tmp_path / "data"))
    games.recorder.insert_events([event(uuid4(), 1)])
    thread = games.recorder.checkpointer._thread
    assert thread is not None
    games.close()
    assert not thread.is_alive() and games.recorder.checkpointer._thread is None


def test_the_memory_store_has_no_checkpointer():
    games = GamesApplication(settings_env("sqlite:///file:planilla-mem?mode=memory&cache=shared"))
    try:
        assert games.recorder.checkpointer is None
    finally:
        games.close()


def test_a_megabyte_written_is_checkpointed_without_waiting_for_quiet(tmp_path):
    """Under load the log is folded back every ``batch`` bytes or so, not only after ``quiet`` seconds: here the
    quiet is an hour, and the checkpoint still comes once the batch is written."""
    db = tmp_path / "x.sqlite3"
    writer = wal_writer(db)
    checkpointer = Checkpointer(str(db), batch=1000, quiet=3600, spacing=0.01)
    try:
        writer.execute("INSERT INTO t VALUES (1)")
        checkpointer.wrote(10)  # far below the batch: waits for the (hour's) quiet
        writer.execute("INSERT INTO t VALUES (randomblob(2000))")
        checkpointer.wrote(2000)  # the batch is reached
        assert wait_for(lambda: checkpointer.checkpoints >= 1, 10)
        assert in_database_file(db, "t") == 2
    finally:
        checkpointer.close()
        writer.close()



def test_a_write_after_a_checkpoint_wakes_the_sleeping_thread(tmp_path):
    """After a checkpoint the thread sleeps until the next write (up to ``idle_end``); that write wakes it, and the
    checkpoint follows ``quiet`` later, not when the sleep would have ended by itself (here an hour)."""
    db = tmp_path / "x.sqlite3"
    writer = wal_writer(db)
    checkpointer = Checkpointer(str(db), quiet=0.01, spacing=0.01, idle_end=3600)
    try:
        writer.execute("INSERT INTO t VALUES (1)")
        checkpointer.wrote(10)
        assert wait_for(lambda: checkpointer.checkpoints >= 1, 10)
        time.sleep(0.1)  # the thread is asleep, waiting for a write
        writer.execute("INSERT INTO t VALUES (2)")
        checkpointer.wrote(10)
        assert wait_for(lambda: checkpointer.checkpoints >= 2, 10)
        assert in_database_file(db, "t") == 2
    finally:
        checkpointer.close()
        writer.close()


def test_a_batch_of_events_is_one_statement_and_its_notification_ids_are_the_rows_own(app, monkeypatch):
    """The group commit's batch is inserted in one statement per ``ROWS_PER_INSERT`` rows (one call into SQLite, not one
    an event: each call gave the interpreter's lock back to the event loop, and took it back). The ids returned are
    the notification ids the store gives those rows, in order, across the statements of a batch."""
    monkeypatch.setattr(sqlitestore, "ROWS_PER_INSERT", 3)
    recorder = app.recorder
    assert isinstance(recorder, CheckpointedRecorder)
    recorder.insert_events([event(uuid4(), 1)])  # a row before: the batch's ids do not start at 1
    games = [uuid4(), uuid4()]
    batch = [event(games[0], 1), event(games[1], 1), event(games[0], 2), event(games[1], 2), event(games[0], 3),
             event(games[1], 3), event(games[0], 4)]
    ids = recorder.insert_events(batch)
    stored = recorder.select_notifications(start=ids[0], limit=100)
    assert [(n.id, n.originator_id, n.originator_version) for n in stored] == \
        [(i, e.originator_id, e.originator_version) for i, e in zip(ids, batch)]
    assert ids == list(range(ids[0], ids[0] + len(batch))) and ids[0] == 2


def statements_of(app, monkeypatch, write: Any) -> list[str]:
    """The SQL the store's connections ran while ``write()`` ran (SQLite's trace of each statement)."""
    pool, seen = app.recorder.datastore.pool, []
    hand_out = pool.get_connection

    def traced(*args: Any, **kwargs: Any) -> Any:
        connection = hand_out(*args, **kwargs)
        connection._sqlite_conn.set_trace_callback(lambda sql: seen.append(sql.split(" ", 1)[0].upper()))
        return connection

    monkeypatch.setattr(pool, "get_connection", traced)
    try:
        write()
    finally:
        monkeypatch.undo()
    return seen


def test_a_batch_in_one_statement_is_its_own_transaction_and_a_longer_one_is_wrapped_in_one(app, monkeypatch):
    """Up to ``ROWS_PER_INSERT`` rows, the batch is one INSERT on the autocommit connection, a transaction by itself:
    no BEGIN and COMMIT around it (each a call that gave the interpreter's lock back to the event loop and waited to
    take it back). Past it, the statements are wrapped in one transaction, BEGIN to COMMIT."""
    recorder, game = app.recorder, uuid4()
    assert statements_of(app, monkeypatch, lambda: recorder.insert_events([event(game, 1), event(game, 2)])) == \
        ["INSERT"]
    monkeypatch.setattr(sqlitestore, "ROWS_PER_INSERT", 2)
    assert statements_of(app, monkeypatch, lambda: recorder.insert_events(
        [event(game, 3), event(game, 4), event(game, 5)])) == ["BEGIN", "INSERT", "INSERT", "COMMIT"]
    assert [n.originator_version for n in recorder.select_notifications(start=1, limit=10)] == [1, 2, 3, 4, 5]


@pytest.mark.parametrize("rows_per_insert", [256, 2])
def test_a_batch_that_breaks_a_version_writes_none_of_its_rows(app, monkeypatch, rows_per_insert):
    """One statement or several, a batch is one transaction: a duplicate version anywhere in it leaves no row of it."""
    from eventsourcing.persistence import IntegrityError

    monkeypatch.setattr(sqlitestore, "ROWS_PER_INSERT", rows_per_insert)
    recorder = app.recorder
    game = uuid4()
    recorder.insert_events([event(game, 1)])
    with pytest.raises(IntegrityError):
        recorder.insert_events([event(uuid4(), 1), event(game, 2), event(game, 1)])
    assert [n.originator_version for n in recorder.select_notifications(start=1, limit=10)] == [1]
