"""Commands prepared on an event loop and written later, and the turns one game's commands take there.

``GameStore.deferring`` sets the context's ``Deferred``; ``GameStore._save`` then holds the prepared
events in it instead of writing them, and ``Deferred.commit`` awaits their write by the group commit.
``Turn`` is the per-game asyncio lock a command holds from loading until its events are durable.
"""

from __future__ import annotations

import asyncio
import contextlib
import contextvars
import threading
from collections.abc import Callable
from typing import Any, Protocol
from uuid import UUID

from eventsourcing.application import ProcessingEvent
from eventsourcing.persistence import IntegrityError

from service.game.entry import Entry
from projections.errors import VersionConflict

class Holder(Protocol):
    """What a deferred command needs of the store that holds it (``service.game.store.GameStore``), typed
    here so that the two modules do not import each other."""

    _in_flight: dict[UUID, threading.Event]
    committer: Any
    repository: Any

    def stored_version(self, game_id: UUID) -> int: ...


#: The command being prepared on an event loop in this context (``GameStore.deferring`` sets it).
DEFERRED: contextvars.ContextVar[Deferred | None] = contextvars.ContextVar("planilla_deferred", default=None)


def deferred_save() -> "Deferred | None":
    """The deferred save of the command running in this context, if it runs on an event loop."""
    return DEFERRED.get()


class Turn:
    """``async with``: a game's asyncio lock, kept in ``turns`` only while a command holds or awaits it."""

    __slots__ = ("turns", "game_id", "entry")

    def __init__(self, turns: dict[UUID, list[Any]], game_id: UUID) -> None:
        self.turns, self.game_id = turns, game_id

    async def __aenter__(self) -> None:
        entry = self.turns.get(self.game_id)
        if entry is None:
            entry = self.turns[self.game_id] = [asyncio.Lock(), 0]
        entry[1] += 1
        self.entry = entry
        try:
            await entry[0].acquire()
        except BaseException:
            self._leave()
            raise

    async def __aexit__(self, *exc: object) -> None:
        self.entry[0].release()
        self._leave()

    def _leave(self) -> None:
        self.entry[1] -= 1
        if self.entry[1] == 0 and self.turns.get(self.game_id) is self.entry:
            del self.turns[self.game_id]


class Deferred:
    """A command prepared on an event loop: the events to write, and how to await their write."""

    def __init__(self) -> None:
        self.app: Holder | None = None
        self.game_id: UUID | None = None
        self.expected = 0
        self.processing: ProcessingEvent[Any] | None = None
        self._then: list[Callable[[], None]] = []

    def hold(self, app: Holder, game_id: UUID, expected: int, processing: ProcessingEvent[Any]) -> None:
        """Keep the prepared save (called under the game's lock) and mark the game as being written."""
        if self.processing is not None:
            raise RuntimeError("one deferred save per command")
        self.app, self.game_id, self.expected, self.processing = app, game_id, expected, processing
        app._in_flight[game_id] = threading.Event()

    def after_commit(self, step: Callable[[], None]) -> None:
        """Keep ``step`` for ``then``, which the caller runs once ``commit`` has returned (the write is durable)."""
        self._then.append(step)

    def then(self) -> None:
        """The steps kept for after the write (call after ``commit`` returned)."""
        steps, self._then = self._then, []
        for step in steps:
            step()

    async def commit(self) -> None:
        """Await the write; VersionConflict when another writer took the version meanwhile."""
        app, game_id, processing = self.app, self.game_id, self.processing
        if app is None or game_id is None or processing is None:
            return  # the command prepared nothing to write

        def done(entry: Entry) -> None:  # on the writer's thread, before this coroutine wakes
            self._unmark(evict=entry.error is not None)

        try:
            await app.committer.save_async(processing, done)
        except IntegrityError:
            raise VersionConflict(game_id, app.stored_version(game_id), self.expected) from None
        finally:
            self.abandon()  # a no-op once ``done`` ran; else (never queued, say) the game must not stay marked

    def abandon(self) -> None:
        """Give up a prepared save that will not be written: unmark the game and drop it from the cache."""
        self._unmark(evict=True)

    def _unmark(self, *, evict: bool) -> None:
        """The game is no longer being written (once only); ``evict``: its new events were in memory only."""
        app, game_id = self.app, self.game_id
        if app is None or game_id is None:
            return
        writing = app._in_flight.pop(game_id, None)
        if writing is None:
            return
        if evict:
            with contextlib.suppress(KeyError):
                app.repository.cache.get(game_id, evict=True)
        writing.set()
