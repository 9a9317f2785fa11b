"""The group commit's writer on an event loop: the HTTP service's commands written without a thread between.

A command prepared on the event loop awaits its write (``GroupCommit.save_async``). Handed to the group commit's
writer thread, its batch's call to the store lets the interpreter's lock go while it waits for the database, and the
thread then waits to take the lock back from the busy loop (CPython hands it over on request only after the switch
interval, 5 ms): on PostgreSQL that wait, not the database, was most of a write and the closed loop's tail
(bench/README.md). A store whose recorder can write from the loop (``loop_connection``, PostgreSQL's
``service.game.pgstore.LoopConnection``) gets one ``LoopWriter`` per event loop instead: a task on the loop takes
whatever that loop's commands queued, sends it as one batch on the loop's own connection and goes on with the
loop's other work until the answer is there; then it runs the after-save steps and resolves the callers' futures
itself, on the same turn. Before it takes a batch it lets the loop turn once: idle, a turn is microseconds; under
load it is a pass over every request ready meanwhile, and the commands prepared in it join the batch (5.8 saves a
batch against 4.5 under the closed loop, each batch's fixed cost in the loop's time shared by more of them).
SQLite's write is a call that blocks, so it keeps the thread: a stalled disk must not hold the loop. Here a stalled
database holds only the writes waiting on it; the loop goes on, and their callers are answered at their bound.

What the thread's writer keeps (``service.game.commit``), this one keeps too: all or nothing per command, nothing
acknowledged before it is durable, order, the bound on the wait (the caller's own timer; an entry still queued is
withdrawn), store conditions named. A batch the database refuses for a store condition (a full disk, a read-only
database, its lock timeout) fails each of its callers with that condition, as the thread's writer does; any other
failed batch is handed to the thread's path (``GroupCommit._write`` in the default executor): the library's pool
retries a lost connection, and a batch with a taken version is written again entry by entry so only the entry at
fault fails. (A batch whose commit went through but whose answer was lost with the connection is then refused as a
taken version: the library's own retry has the same blind spot; a retry with the same ``Idempotency-Key`` is
answered from the store.) The store takes one batch at a time (PostgreSQL's exclusive table lock serialises them
anyway): while the thread's writer holds its lock (a batch of saves from threads, or a test making a batch form),
this one waits its turn, looking again every millisecond, never blocking the loop.
"""

from __future__ import annotations

import asyncio
import logging
import time
from collections import deque
from typing import Any, Protocol

from service.game.entry import Entry
from service.store_health import cause_of

log = logging.getLogger("planilla.commit")
#: Seconds between looks while the thread's writer holds the store (a batch of saves from threads is under way).
TURN_WAIT = 0.001
#: Store conditions the database answers with (a full disk, a read-only database, its lock timeout): a batch refused
#: so is not written again through the pool (it would wait out the lock timeout a second time), its callers are told.
ANSWERED = ("disk_full", "read_only", "locked")


class Commit(Protocol):
    """What a loop's writer uses of its group commit (``service.game.commit.GroupCommit``), typed here so that the
    two modules do not import each other."""

    max_batch: int
    health: Any
    _write_lock: Any

    def _write(self, batch: list[Entry]) -> None: ...

    def _recorded(self, batch: list[Entry], ids: Any) -> None: ...

    def _condition(self, error: Exception) -> Any: ...

    def _tell(self, batch: list[Entry], later: Any = None) -> None: ...

    def _hand_later(self, items: list[Any]) -> None: ...


class LoopWriter:
    """One event loop's writer for one group commit: its queue, its task, its connection."""

    def __init__(self, commit: Commit, loop: asyncio.AbstractEventLoop, connection: Any) -> None:
        self.commit, self.loop, self.connection = commit, loop, connection
        self.queue: deque[Entry] = deque()
        self._task: asyncio.Task[None] | None = None

    def enqueue(self, entry: Entry) -> None:
        """Queue ``entry`` (on the loop), stamped with when (the bound's and ``/health``'s oldest wait, as the
        thread's queue stamps its own); the writer task starts if it is not running. Callers queued in the same
        turn share its first batch: the task runs after them."""
        entry.queued = time.monotonic()
        self.queue.append(entry)
        if self._task is None:
            self._task = self.loop.create_task(self._run(), name="planilla-loop-writer")

    def withdraw(self, entry: Entry) -> bool:
        """Take ``entry`` out if it is still queued (its caller gave up): True if it was."""
        try:
            self.queue.remove(entry)
        except ValueError:
            return False
        return True

    def oldest(self) -> float | None:
        """When the oldest entry still queued was queued (monotonic), or None."""
        try:
            return self.queue[0].queued
        except IndexError:
            return None

    def close(self) -> None:
        self.connection.close()

    async def _run(self) -> None:
        try:
            while self.queue:
                while self.commit._write_lock.locked():  # noqa: SLF001 - the store's turn, shared with the thread
                    await asyncio.sleep(TURN_WAIT)
                await asyncio.sleep(0)  # one turn of the loop first: the saves prepared in it join this batch
                if not self.queue:
                    break  # every caller gave up meanwhile
                batch = [self.queue.popleft() for _ in range(min(self.commit.max_batch, len(self.queue)))]
                await self._write(batch)
                self.commit._tell(batch, self.commit._hand_later)  # noqa: SLF001 - the writer's own steps
        finally:
            self._task = None

    async def _write(self, batch: list[Entry]) -> None:
        commit = self.commit
        stored = [s for entry in batch for s in entry.stored]
        ticket = commit.health.begin()
        try:
            ids = await self.connection.insert_events(stored)
        except Exception as error:  # noqa: BLE001 - named here, or written again on the thread's path
            commit.health.end(ticket)
            if cause_of(error) in ANSWERED:  # the database's own answer: the pool would be given the same
                condition = commit._condition(error)  # noqa: SLF001
                for entry in batch:
                    entry.error = condition
                return
            log.debug("a batch of %s saves written again through the pool: %s", len(batch), error)
            await self.loop.run_in_executor(None, commit._write, batch)  # noqa: SLF001
            return
        commit.health.end(ticket)
        commit.health.succeeded()
        commit._recorded(batch, ids)  # noqa: SLF001
