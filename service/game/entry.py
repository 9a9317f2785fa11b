"""One save queued for a group commit's writer (``service.game.commit``), and how its caller learns the outcome.

An ``Entry`` holds a save's events, encoded by its caller, and once written its recordings or its error; a caller on
an event loop awaits a future of that loop's, which the writer resolves with the rest of its batch's (``wake``), or
which the bound's timer ends first (``overdue``).
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from typing import Any

from eventsourcing.application import ProcessingEvent
from eventsourcing.persistence import Recording

Done = Callable[["Entry"], None]


class Entry:
    """One save: its events (encoded by the caller), and once written its recordings or its error."""

    __slots__ = ("processing", "stored", "recordings", "error", "done", "queued", "waiter")

    def __init__(self, processing: ProcessingEvent[Any], stored: list[Any], done: Done) -> None:
        self.processing, self.stored, self.done = processing, stored, done
        #: (loop, future) of a caller awaiting on an event loop: resolved with the rest of its batch's (one wake-up)
        self.waiter: tuple[asyncio.AbstractEventLoop, asyncio.Future[None]] | None = None
        self.queued = 0.0  # when it was queued (monotonic)
        self.recordings: list[Recording[Any]] = []
        self.error: BaseException | None = None


def outcome(entry: Entry) -> list[Recording[Any]]:
    """A written entry's recordings, or its own error raised."""
    if entry.error is not None:
        raise entry.error
    return entry.recordings


def nothing(entry: Entry) -> None:
    pass


class WriteOverdue(Exception):
    """A caller's write was not done within the bound (raised into the waiting coroutine only)."""


def overdue(future: asyncio.Future[None]) -> None:
    """The bound passed: the waiting caller gives up (the writer's later wake-up finds the future done)."""
    if not future.done():
        future.set_exception(WriteOverdue())


def wake(batch: list[Entry]) -> None:
    """Tell the batch's callers awaiting on event loops, with one wake-up of each loop (not one an entry: each
    is a write to the loop's wake-up pipe, and a turn of the interpreter's lock taken back from the loop); on the
    running loop itself (its own writer), at once."""
    waiting: dict[asyncio.AbstractEventLoop, list[asyncio.Future[None]]] = {}
    for entry in batch:
        if entry.waiter is not None:
            waiting.setdefault(entry.waiter[0], []).append(entry.waiter[1])
    try:
        running: asyncio.AbstractEventLoop | None = asyncio.get_running_loop()
    except RuntimeError:  # the thread's writer
        running = None
    for loop, futures in waiting.items():
        if loop is running:
            resolve(futures)
            continue
        try:
            loop.call_soon_threadsafe(resolve, futures)
        except RuntimeError:  # the loop is closed: nobody is waiting any more
            pass


def resolve(futures: list[asyncio.Future[None]]) -> None:
    for future in futures:
        if not future.done():
            future.set_result(None)
