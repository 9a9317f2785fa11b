"""Group commit: concurrent saves written together, in one transaction, with one flush of the log.

A command is acknowledged only after its events are durable: SQLite (WAL, ``synchronous=FULL``)
and PostgreSQL each flush their log at every commit, about a millisecond on this kind of disk, and
the library's PostgreSQL recorder holds an exclusive lock on the events table across it. Saved one
by one, commands for different games queue behind each other's flushes. Here each caller encodes
its own events and queues them; one *writer* thread takes everything queued so far and inserts it
in one transaction, then, entry by entry, runs the application's after-save steps (listeners,
taking snapshots) and tells the caller: a thread waiting in ``save``, or a coroutine awaiting
``save_async`` (the HTTP service's commands, which run on the event loop and leave it only here). On a store
that can write from the event loop (PostgreSQL), the coroutines' saves are batched and written by a writer on
their own loop instead (``service.game.loop_writer``), with the same guarantees.
The batch's snapshots are handed to a thread of their own (*later*), which stores them in one
transaction while the writer goes on with the next batch: storing them took 11 ms at the median on
PostgreSQL under load (50 at worst), and every command queued meanwhile waited for it.

What this keeps:

- **All or nothing per command.** A batch is one transaction; if it fails, every entry in it is
  written again on its own, so one command's conflict (another writer took its version) or bad
  data never fails the others: each caller gets exactly its own result.
- **Nothing acknowledged before it is durable.** A caller is told only after the transaction that
  holds its entry has committed.
- **Order.** Entries are inserted in the order they were queued; a game's commands are serialised
  by the application before they get here, so one game's events never share a batch out of order.
- **A bound on the wait.** A caller waits at most ``write_bound`` seconds (``WRITE_BOUND``): a disk
  that stalls must not hold every request. An entry still queued then is withdrawn (never written)
  and the caller gets ``StoreUnavailable("stalled")``, "nothing was recorded"; one already being
  written may still be, and the caller is told so (its retry with the same ``Idempotency-Key`` is
  safe, and without one the store's version check refuses a duplicate).
- **Store conditions named.** A write that fails because the disk is full, the database read-only or
  locked, or the store gone is handed to its caller as ``StoreUnavailable`` with that cause, and
  ``health`` (``service.store_health.WriteHealth``) remembers it for ``/health``; such a batch is not
  retried entry by entry (each would fail the same way, a locked one after its own lock timeout).
"""

from __future__ import annotations

import asyncio
import logging
import threading
import time
from collections import deque
from collections.abc import Callable
from typing import Any

from eventsourcing.application import ProcessingEvent
from eventsourcing.persistence import Notification, Recording

from service.game.entry import Done, Entry, WriteOverdue, nothing, outcome, overdue, wake
from service.game.loop_writer import LoopWriter
from service.store_health import StoreUnavailable, WriteHealth, cause_of

log = logging.getLogger("planilla.commit")
#: At most this many saves in one transaction (a bound on a transaction's size, not a wait).
MAX_BATCH = 64
#: Seconds a caller waits for its write before it is answered ``StoreUnavailable("stalled")``: longer
#: than the stores' own lock timeouts (5 s, ``service.settings``), so a lock wait is named "locked".
WRITE_BOUND = 8.0


class GroupCommit:
    """The writer of one application's events: batches whatever is queued when it is free."""

    def __init__(self, app: Any, after: Callable[[Entry], list[Any]] | None = None,
                 later: Callable[[list[Any]], None] | None = None, max_batch: int = MAX_BATCH,
                 write_bound: float = WRITE_BOUND, after_batch: Callable[[], None] | None = None) -> None:
        """``after(entry)`` runs for each written entry before its caller is told, and may return work for
        ``later(items)``, which runs once per batch after every caller has been told (snapshots);
        ``after_batch()`` runs once per batch that wrote anything, after every entry's ``after``."""
        self.app, self.after, self.later, self.max_batch = app, after, later, max_batch
        self.after_batch = after_batch
        self.write_bound = write_bound
        #: How the writes are going: the one under way, the last failure (``/health`` reads it).
        self.health = WriteHealth(write_bound)
        self._queue: deque[Entry] = deque()
        self._ready = threading.Condition()
        #: Held by the writer while it takes a batch and writes it (a test holds it to make a batch form).
        self._write_lock = threading.Lock()
        self._thread: threading.Thread | None = None
        self._closing = False
        #: The writers on event loops (a store that can write from one), each loop's own.
        self._loop_writers: dict[asyncio.AbstractEventLoop, LoopWriter] = {}
        #: What the writer left for ``later`` (the snapshots), stored by a thread of their own.
        self._later: deque[list[Any]] = deque()
        self._later_ready = threading.Condition()
        self._later_thread: threading.Thread | None = None
        #: Transactions and entries written, for the benchmark and the tests.
        self.transactions = 0
        self.entries = 0

    # ---- callers --------------------------------------------------------------------------------
    def _entry(self, processing: ProcessingEvent[Any], done: Done) -> Entry:
        """``processing`` encoded for the writer; ``done(entry)`` is called from the writer once it is written or
        refused."""
        return Entry(processing, [self.app.mapper.to_stored_event(e) for e in processing.events], done)

    def _enqueue(self, entry: Entry) -> Entry:
        entry.queued = time.monotonic()
        with self._ready:
            self._queue.append(entry)
            if self._thread is None:
                self._thread = threading.Thread(target=self._run, name="planilla-writer", daemon=True)
                self._thread.start()
            self._ready.notify()
        return entry

    def save(self, processing: ProcessingEvent[Any]) -> list[Recording[Any]]:
        """Record durably and wait (a thread); the recordings, or the entry's own error raised.

        When nothing is queued and nobody is writing, the calling thread writes its entry itself:
        handing it to the writer and back would cost two thread switches for nothing to share.
        """
        written = threading.Event()
        entry = self._entry(processing, lambda _: written.set())
        if self._write_lock.acquire(blocking=False):
            try:
                with self._ready:
                    alone = not self._queue
                if alone:
                    self._finish([entry])
            finally:
                self._write_lock.release()
            if alone:
                return outcome(entry)
        self._enqueue(entry)
        if not written.wait(self.write_bound):
            raise self._stalled(entry)
        return outcome(entry)

    async def save_async(self, processing: ProcessingEvent[Any], done: Done | None = None) -> list[Recording[Any]]:
        """Record durably and await it (a coroutine); ``done`` runs first, on the writer's thread (or, on a store
        written from the loop, on the loop, by its own writer: ``service.game.loop_writer``).

        The caller awaits the writer's future itself, with a timer for the bound: the waiting coroutine runs
        again one turn of the loop after the writer's wake-up. (``asyncio.wait_for`` over ``asyncio.shield``
        took three more turns, each a pass over every callback ready meanwhile: under load most of a paced
        command's wait after its write; bench/README.md.)
        """
        loop = asyncio.get_running_loop()
        future: asyncio.Future[None] = loop.create_future()
        entry = self._entry(processing, done or nothing)
        entry.waiter = (loop, future)
        writer = self._loop_writer(loop)
        if writer is not None:
            writer.enqueue(entry)
        else:
            self._enqueue(entry)
        timer = loop.call_later(self.write_bound, overdue, future)
        try:
            await future
        except WriteOverdue:
            raise self._stalled(entry) from None
        finally:
            timer.cancel()
        return outcome(entry)

    def _loop_writer(self, loop: asyncio.AbstractEventLoop) -> LoopWriter | None:
        """The writer on ``loop`` (made at its first save), or None when the store cannot write from a loop."""
        writer = self._loop_writers.get(loop)
        if writer is not None:
            return writer
        opener = getattr(self.app.recorder, "loop_connection", None)
        if opener is None:
            return None
        with self._ready:
            for gone in [w for w in self._loop_writers.values() if w.loop.is_closed()]:
                gone.close()  # its loop is closed: so is what it would have written
                del self._loop_writers[gone.loop]
            writer = self._loop_writers[loop] = LoopWriter(self, loop, opener())
        return writer

    def queued(self) -> int:
        """How many saves are queued and not yet taken into a batch, by every writer (the tests' view)."""
        with self._ready:
            return len(self._queue) + sum(len(w.queue) for w in self._loop_writers.values())

    def _stalled(self, entry: Entry) -> StoreUnavailable:
        """The caller of ``entry`` waited too long: withdraw it if it is still queued; the error to raise."""
        writer = self._loop_writers.get(entry.waiter[0]) if entry.waiter is not None else None
        if writer is not None:
            withdrawn = writer.withdraw(entry)  # on its loop, as the writer: nothing moves meanwhile
        else:
            with self._ready:
                try:
                    self._queue.remove(entry)
                    withdrawn = True
                except ValueError:  # taken into a batch: it may yet be written
                    withdrawn = False
        detail = f"a write waited over {self.write_bound:g} s"
        self.health.failed("stalled", detail)
        return StoreUnavailable("stalled", detail, recorded=False if withdrawn else None)

    def stalled_for(self) -> float:
        """Seconds the oldest write under way, or the oldest save still queued, has waited, when over the
        bound; else 0 (``/health`` says "stalled")."""
        writing = self.health.stalled_for()
        with self._ready:
            queued = [self._queue[0].queued] if self._queue else []
            queued += [t for t in (w.oldest() for w in self._loop_writers.values()) if t is not None]
        waiting = time.monotonic() - min(queued) if queued else 0.0
        return max(writing, waiting if waiting > self.write_bound else 0.0)

    def close(self) -> None:
        """Write what is queued, store the snapshots handed on, then stop both threads (a later save starts
        them again) and close the loops' writers' connections (a later save opens another)."""
        with self._ready:
            self._closing = True
            self._ready.notify()
            thread = self._thread
        if thread is not None and thread is not threading.current_thread():
            thread.join(30)
        with self._ready:
            if self._thread is thread:
                self._thread, self._closing = None, False
        with self._later_ready:  # then let the snapshots' thread store what it was given, and stop
            later, self._later_thread = self._later_thread, None
            if later is not None:
                self._later.append([])  # the stop mark, after whatever is queued
                self._later_ready.notify()
        if later is not None and later is not threading.current_thread():
            later.join(30)
        with self._ready:
            writers, self._loop_writers = list(self._loop_writers.values()), {}
        for writer in writers:
            writer.close()

    # ---- the writer ----------------------------------------------------------------------------
    def _run(self) -> None:
        while True:
            with self._ready:
                while not self._queue and not self._closing:
                    self._ready.wait()
                if not self._queue:
                    return  # closing, and everything queued is written
            with self._write_lock:
                with self._ready:
                    batch = [self._queue.popleft() for _ in range(min(self.max_batch, len(self._queue)))]
                if batch:
                    self._finish(batch, self._hand_later)

    def _finish(self, batch: list[Entry], later: Callable[[list[Any]], None] | None = None) -> None:
        """Write a batch, then tell each caller (``_tell``)."""
        self._write(batch)
        self._tell(batch, later)

    def _tell(self, batch: list[Entry], later: Callable[[list[Any]], None] | None = None) -> None:
        """A written batch's after-save steps, then each caller told, then the snapshots stored (here, or through
        ``later``, which hands them to their own thread)."""
        deferred: list[Any] = []
        for entry in batch:
            if entry.error is None and self.after is not None:
                try:
                    deferred.extend(self.after(entry) or ())
                except Exception:  # noqa: BLE001 - the events are durable; a listener is not the command
                    log.exception("after saving %s events", len(entry.stored))
        if self.after_batch is not None and any(entry.error is None for entry in batch):
            try:
                self.after_batch()
            except Exception:  # noqa: BLE001 - as above
                log.exception("after a batch of %s saves", len(batch))
        for entry in batch:
            try:
                entry.done(entry)
            except Exception:  # noqa: BLE001 - a caller's callback must not stop the writer
                log.exception("telling a caller its save is done")
        wake(batch)
        if deferred and self.later is not None:
            (later or self._store_later)(deferred)

    def _store_later(self, items: list[Any]) -> None:
        try:
            self.later(items)  # type: ignore[misc]
        except Exception:  # noqa: BLE001 - a snapshot only speeds up loading; the events are the truth
            log.exception("storing %s snapshots", len(items))

    def _hand_later(self, items: list[Any]) -> None:
        with self._later_ready:
            self._later.append(items)
            if self._later_thread is None:
                self._later_thread = threading.Thread(target=self._run_later, name="planilla-snapshots",
                                                      daemon=True)
                self._later_thread.start()
            self._later_ready.notify()

    def _run_later(self) -> None:
        while True:
            with self._later_ready:
                while not self._later:
                    self._later_ready.wait()
                items = [item for batch in self._later for item in batch]
                stop = any(not batch for batch in self._later)
                self._later.clear()
            if items:
                self._store_later(items)
            if stop:
                return

    def _write(self, batch: list[Entry]) -> None:
        try:
            self._insert(batch)
        except Exception as error:  # noqa: BLE001 - each entry gets its own outcome below
            condition = self._condition(error)
            if len(batch) == 1 or condition is not None:  # a full disk fails each entry the same way
                for entry in batch:
                    entry.error = condition or error
                return
            for entry in batch:  # on its own, so only the entry at fault fails
                try:
                    self._insert([entry])
                except Exception as own:  # noqa: BLE001 - handed to that entry's caller
                    entry.error = self._condition(own) or own

    def _condition(self, error: Exception) -> StoreUnavailable | None:
        """``error`` as the store condition it is (remembered in ``health``), or None when it is not one."""
        cause = cause_of(error)
        if cause is None:
            return None
        self.health.failed(cause, error)
        found = StoreUnavailable(cause, f"{type(error).__name__}: {error}")
        found.__cause__ = error
        return found

    def _insert(self, batch: list[Entry]) -> None:
        stored = [s for entry in batch for s in entry.stored]
        ticket = self.health.begin()
        try:
            ids = self.app.recorder.insert_events(stored) if stored else []
        finally:
            self.health.end(ticket)
        self.health.succeeded()
        self._recorded(batch, ids)

    def _recorded(self, batch: list[Entry], ids: Any) -> None:
        """Each entry of a written batch given its recordings, with the notification ids the store gave them."""
        self.transactions += 1
        self.entries += len(batch)
        position = 0
        for entry in batch:
            count = len(entry.stored)
            if ids:
                entry.recordings = [
                    Recording(event, Notification(originator_id=s.originator_id,
                                                  originator_version=s.originator_version, topic=s.topic,
                                                  state=s.state, id=n))
                    for event, s, n in zip(entry.processing.events, entry.stored, ids[position:position + count])]
            position += count
