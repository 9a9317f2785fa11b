"""Wake-ups after each save: who waits for which aggregate (a game, a duplicate, a tournament), and ``notify``.

The application calls ``Hub.notify`` after every save (from a worker thread); each open stream
waits on an ``asyncio.Event`` of its own, set thread-safely on its loop. Shared by every context
that streams: the game streams, the hall console's stream, the tournament feed.
"""

from __future__ import annotations

import asyncio
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any
from uuid import UUID

Waiter = tuple[asyncio.AbstractEventLoop, asyncio.Event]


class Hub:
    """Who waits for which game; ``notify`` wakes them."""

    def __init__(self) -> None:
        self._waiters: dict[UUID, set[Waiter]] = {}
        # Re-entrant: a stream's wake-up left unclosed is closed by the cyclic collector wherever it runs, and
        # that may be inside this lock, on the same thread (an allocation in another stream's registration);
        # its cleanup then takes the lock again instead of waiting for itself forever (tests/unit/test_hub.py).
        # Each change of the table stays whole: the collector runs between them, never inside one.
        self._lock = threading.RLock()

    def notify(self, ident: UUID, version: int) -> None:
        """An aggregate moved on to ``version``: wake every stream of it."""
        with self._lock:
            waiters = list(self._waiters.get(ident, ()))
        for loop, event in waiters:
            if not loop.is_closed():
                loop.call_soon_threadsafe(event.set)

    @contextmanager
    def subscribe(self, ident: UUID) -> Iterator[asyncio.Event]:
        """An event set whenever ``ident`` is saved in this process, while inside."""
        waiter = (asyncio.get_running_loop(), asyncio.Event())
        with self._lock:
            self._waiters.setdefault(ident, set()).add(waiter)
        try:
            yield waiter[1]
        finally:
            with self._lock:
                found = self._waiters.get(ident)
                if found is not None:
                    found.discard(waiter)
                    if not found:
                        del self._waiters[ident]

    @contextmanager
    def watch(self, idents: list[UUID]) -> Iterator[tuple[asyncio.Event, set[UUID]]]:
        """One event set whenever any of ``idents`` is saved in this process, and the set of those that were."""
        loop, event, woken = asyncio.get_running_loop(), asyncio.Event(), set()
        waiters: list[tuple[UUID, Any]] = [(i, (loop, _Mark(i, event, woken))) for i in dict.fromkeys(idents)]
        with self._lock:
            for ident, waiter in waiters:
                self._waiters.setdefault(ident, set()).add(waiter)
        try:
            yield event, woken
        finally:
            with self._lock:
                for ident, waiter in waiters:
                    found = self._waiters.get(ident)
                    if found is not None:
                        found.discard(waiter)
                        if not found:
                            del self._waiters[ident]


class _Mark:
    """A wake-up for one of several aggregates: names which one moved, then wakes the shared event."""

    def __init__(self, ident: UUID, event: asyncio.Event, woken: set[UUID]) -> None:
        self.ident, self.event, self.woken = ident, event, woken

    def set(self) -> None:  # called on the loop by ``Hub.notify``
        self.woken.add(self.ident)
        self.event.set()
