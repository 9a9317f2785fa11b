"""Group commit: concurrent saves written together, in one transaction, with one flush of the log.

A command is acknowledged only after its events are durable: SQLite (WAL, ``synchronous=FULL``)
and PostgreSQL each flush their log at every commit, about a millisecond on this kind of disk, and
the library's PostgreSQL recorder holds an exclusive lock on the events table across it. Saved one
by one, commands for different games queue behind each other's flushes. Here each caller encodes
its own events and queues them; one *writer* thread takes everything queued so far and inserts it
in one transaction, then, entry by entry, runs the application's after-save steps (listeners,
taking snapshots) and tells the caller: a thread waiting in ``save``, or a coroutine awaiting
``save_async`` (the HTTP service's commands, which run on the event loop and leave it only here).
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
"""

from __future__ import annotations

import asyncio
import logging
import threading
from collections import deque
from collections.abc import Callable
from typing import Any

from eventsourcing.application import ProcessingEvent
from eventsourcing.persistence import Notification, Recording

log = logging.getLogger("planilla.commit")
#: At most this many saves in one transaction (a bound on a transaction's size, not a wait).
MAX_BATCH = 64
Done = Callable[["Entry"], None]


class Entry:
    """One save: its events (encoded by the caller), and once written its recordings or its error."""

    __slots__ = ("processing", "stored", "recordings", "error", "done")

    def __init__(self, processing: ProcessingEvent[Any], stored: list[Any], done: Done) -> None:
        self.processing, self.stored, self.done = processing, stored, done
        self.recordings: list[Recording[Any]] = []
        self.error: BaseException | None = None


class GroupCommit:
    """The writer of one application's events: batches whatever is queued when it is free."""

    def __init__(self, app: Any, after: Callable[[Entry], list[Any]] | None = None,
                 later: Callable[[list[Any]], None] | None = None, max_batch: int = MAX_BATCH) -> None:
        """``after(entry)`` runs for each written entry before its caller is told, and may return work for
        ``later(items)``, which runs once per batch after every caller has been told (snapshots)."""
        self.app, self.after, self.later, self.max_batch = app, after, later, max_batch
        self._queue: deque[Entry] = deque()
        self._ready = threading.Condition()
        #: Held by the writer while it takes a batch and writes it (a test holds it to make a batch form).
        self._write_lock = threading.Lock()
        self._thread: threading.Thread | None = None
        self._closing = False
        #: What the writer left for ``later`` (the snapshots), stored by a thread of their own.
        self._later: deque[list[Any]] = deque()
        self._later_ready = threading.Condition()
        self._later_thread: threading.Thread | None = None
        #: Transactions and entries written, for the benchmark and the tests.
        self.transactions = 0
        self.entries = 0

    # ---- callers --------------------------------------------------------------------------------
    def submit(self, processing: ProcessingEvent[Any], done: Done) -> Entry:
        """Queue ``processing``; ``done(entry)`` is called from the writer once it is written or refused."""
        return self._enqueue(self._entry(processing, done))

    def _entry(self, processing: ProcessingEvent[Any], done: Done) -> Entry:
        return Entry(processing, [self.app.mapper.to_stored_event(e) for e in processing.events], done)

    def _enqueue(self, entry: Entry) -> Entry:
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
                return _outcome(entry)
        self._enqueue(entry)
        written.wait()
        return _outcome(entry)

    async def save_async(self, processing: ProcessingEvent[Any], done: Done | None = None) -> list[Recording[Any]]:
        """Record durably and await it (a coroutine); ``done`` runs first, on the writer's thread."""
        loop = asyncio.get_running_loop()
        future: asyncio.Future[None] = loop.create_future()

        def finished(entry: Entry) -> None:
            if done is not None:
                done(entry)
            loop.call_soon_threadsafe(_resolve, future)

        entry = self.submit(processing, finished)
        await future
        return _outcome(entry)

    def close(self) -> None:
        """Write what is queued, store the snapshots handed on, then stop both threads (a later save starts
        them again)."""
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
        """Write a batch, then tell each caller (after-save steps first), then store the snapshots (here,
        or through ``later``, which hands them to their own thread)."""
        self._write(batch)
        deferred: list[Any] = []
        for entry in batch:
            if entry.error is None and self.after is not None:
                try:
                    deferred.extend(self.after(entry) or ())
                except Exception:  # noqa: BLE001 - the events are durable; a listener is not the command
                    log.exception("after saving %s events", len(entry.stored))
            try:
                entry.done(entry)
            except Exception:  # noqa: BLE001 - a caller's callback must not stop the writer
                log.exception("telling a caller its save is done")
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
            if len(batch) == 1:
                batch[0].error = error
                return
            for entry in batch:  # on its own, so only the entry at fault fails
                try:
                    self._insert([entry])
                except Exception as own:  # noqa: BLE001 - handed to that entry's caller
                    entry.error = own

    def _insert(self, batch: list[Entry]) -> None:
        stored = [s for entry in batch for s in entry.stored]
        ids = self.app.recorder.insert_events(stored) if stored else []
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


def _outcome(entry: Entry) -> list[Recording[Any]]:
    """A written entry's recordings, or its own error raised."""
    if entry.error is not None:
        raise entry.error
    return entry.recordings


def _resolve(future: asyncio.Future[None]) -> None:
    if not future.done():
        future.set_result(None)
