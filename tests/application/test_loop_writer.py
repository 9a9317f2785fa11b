"""The group commit's writer on an event loop (``service/game/loop_writer.py``), PostgreSQL's: the saves awaited on a
loop are written by a task on that loop, through the loop's own connection, with the thread writer's guarantees (all
or nothing per command, a failed batch sorted out through the library's pool, the bound on the wait, the store one
batch at a time)."""

from __future__ import annotations

import asyncio
import copy
import time
from typing import Any

import psycopg
import pytest
from eventsourcing.persistence import IntegrityError

from service.game.loop_writer import LoopWriter
from tests.application.commit_helpers import Note, saved_while_held, store_for


@pytest.fixture
def app(request, tmp_path) -> Any:
    return store_for("postgres", request, tmp_path).app()


def writer_of(app: Any) -> LoopWriter:
    (writer,) = app.committer._loop_writers.values()
    return writer


def test_saves_awaited_on_a_loop_are_written_by_that_loops_writer_in_one_batch_without_the_writer_thread(app):
    """Eight saves awaited together on one loop: one transaction, written on the loop (the writer thread never
    starts), each caller with its own recording and the store's notification ids, in the order they were queued."""
    committer = app.committer
    notes = [Note() for _ in range(8)]

    async def together() -> list[Any]:
        return list(await asyncio.gather(*(committer.save_async(app._processing(n)) for n in notes)))

    before = committer.transactions
    found = asyncio.run(together())
    assert committer.transactions - before == 1
    assert committer._thread is None, "the writer thread wrote a save awaited on a loop"
    assert [rec[0].notification.originator_id for rec in found] == [n.id for n in notes]
    ids = [rec[0].notification.id for rec in found]
    assert ids == sorted(ids) and len(set(ids)) == 8
    stored = app.recorder.select_notifications(ids[0], 8)
    assert [(s.id, s.originator_id) for s in stored] == [(i, n.id) for i, n in zip(ids, notes)]


def test_a_taken_version_in_a_loops_batch_fails_only_its_own_save(app):
    """A batch with one save whose version another writer took: that caller gets the library's IntegrityError (the
    service's VersionConflict), the others are written, each once (the batch was written again entry by entry)."""
    committer = app.committer
    twin = Note()
    taken = copy.deepcopy(twin)  # the same creation event, version 1
    app.save(twin)
    notes = [Note(), Note()]

    async def together() -> list[Any]:
        saves = [committer.save_async(app._processing(n)) for n in (notes[0], taken, notes[1])]
        return list(await asyncio.gather(*saves, return_exceptions=True))

    first, refused, last = asyncio.run(together())
    assert isinstance(refused, IntegrityError)
    assert [first[0].notification.originator_id, last[0].notification.originator_id] == [n.id for n in notes]
    for note in (*notes, twin):
        assert len(app.recorder.select_events(note.id)) == 1


def test_a_connection_lost_under_a_loops_writer_is_written_again_through_the_pool_and_the_next_batch_reconnects(
        app, postgres_url):
    """The loop's connection is cut by the server: the next batch is written through the library's pool (which
    opens a connection of its own), nothing is lost or doubled, and the batch after it opens a new loop connection."""
    committer = app.committer

    async def save(note: Note) -> Any:
        return await committer.save_async(app._processing(note))

    async def story() -> tuple[int, int, int]:
        await save(Note())
        conn = writer_of(app).connection._conn
        first = conn.info.backend_pid
        with psycopg.connect(postgres_url, autocommit=True) as admin:
            admin.execute("SELECT pg_terminate_backend(%s)", (first,))
        await save(lost)
        after_loss = writer_of(app).connection._conn
        await save(Note())
        return first, (after_loss is None or after_loss.closed), writer_of(app).connection._conn.info.backend_pid

    lost = Note()
    first, closed, second = asyncio.run(story())
    assert closed, "the cut connection was kept"
    assert second != first
    assert len(app.recorder.select_events(lost.id)) == 1


def test_a_loops_writer_waits_its_turn_while_the_store_is_held_and_a_save_over_its_bound_is_withdrawn(app):
    """While the thread writer holds the store (here a test holding its lock), the loop's writer writes nothing and
    the loop goes on; a caller past its bound is answered ``stalled`` with nothing recorded (withdrawn while still
    queued), and once the store is free the next save is written."""
    committer = app.committer
    committer.write_bound = 0.3
    ticks = [0]

    async def held() -> Any:
        async def tick() -> None:
            while True:
                ticks[0] += 1
                await asyncio.sleep(0.01)

        ticker = asyncio.ensure_future(tick())
        note = Note()
        outcome = await saved_while_held(app, note)
        other = Note()
        await committer.save_async(app._processing(other))
        ticker.cancel()
        return outcome, note.id, other.id

    outcome, withdrawn, written = asyncio.run(held())
    assert outcome is not None, "the save was written while the store was held"
    error, waited = outcome
    assert error.code == "store_stalled" and error.recorded is False
    assert 0.3 <= waited < 2
    assert ticks[0] >= 10, "the loop stood still while its writer waited"
    assert app.recorder.select_events(withdrawn) == []
    assert len(app.recorder.select_events(written)) == 1
    assert committer.stalled_for() == 0.0


def test_closing_the_store_closes_every_loops_connection(app, postgres_url):
    """``close`` ends the loops' writers' connections (none left open on the server); a later save opens another."""
    committer = app.committer

    async def save() -> int:
        await committer.save_async(app._processing(Note()))
        return writer_of(app).connection._conn.info.backend_pid

    pid = asyncio.run(save())
    connection = writer_of(app).connection
    committer.close()
    assert connection._conn is None and committer._loop_writers == {}
    with psycopg.connect(postgres_url, autocommit=True) as admin:
        deadline = time.monotonic() + 5
        while admin.execute("SELECT count(*) FROM pg_stat_activity WHERE pid = %s", (pid,)).fetchone()[0]:
            assert time.monotonic() < deadline, "the loop's connection is still open on the server"
            time.sleep(0.05)
    assert asyncio.run(save()) != pid


@pytest.mark.parametrize("error, code", [(psycopg.errors.DiskFull("could not extend file"), "store_disk_full"),
                                         (psycopg.errors.LockNotAvailable("lock timeout"), "store_locked")])
def test_a_store_condition_answered_to_a_loops_batch_is_each_callers_without_a_second_try(app, error, code):
    """The database refuses a loop's batch for a store condition (its full disk, its lock timeout): every caller in the
    batch is answered with that condition (503 through the HTTP service), and the batch is not written again through
    the library's pool (a lock timeout would be waited out a second time, past the caller's bound)."""
    committer = app.committer
    pool_writes: list[int] = []
    real = app.recorder.insert_events

    def counted(stored: Any, **kwargs: Any) -> Any:
        pool_writes.append(len(stored))
        return real(stored, **kwargs)

    app.recorder.insert_events = counted

    async def refused() -> list[Any]:
        await committer.save_async(app._processing(Note()))  # the loop's writer, and its connection, exist

        async def refuse(stored: Any) -> Any:
            raise error

        writer_of(app).connection.insert_events = refuse
        notes = [Note(), Note()]
        return list(await asyncio.gather(*(committer.save_async(app._processing(n)) for n in notes),
                                         return_exceptions=True))

    outcomes = asyncio.run(refused())
    assert [getattr(o, "code", o) for o in outcomes] == [code, code]
    assert pool_writes == []
    assert committer.health.last_failure.cause == code.removeprefix("store_")


def test_a_loops_connection_gives_up_opening_within_the_callers_bound(app):
    """A database that does not answer must not hold the loop's writer until the system's TCP timeout (minutes): the
    loop's connection is opened with a connect timeout shorter than a caller's bound, after which the batch goes
    through the pool's path and its callers are answered."""
    from service.game.pgstore import CONNECT_TIMEOUT

    async def save() -> dict[str, str]:
        await app.committer.save_async(app._processing(Note()))
        return writer_of(app).connection._conn.info.get_parameters()

    assert asyncio.run(save())["connect_timeout"] == str(CONNECT_TIMEOUT)
    assert CONNECT_TIMEOUT < app.committer.write_bound
