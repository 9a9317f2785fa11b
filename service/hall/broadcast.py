"""The use cases of the public broadcast's delay: read it, set it (the director), remember it.

Each event's delay is a ``domain.broadcast.Broadcast`` aggregate in the event store, so every change
is a recorded fact (who, when, why). An event never configured has no delay (0 s). Delays are
remembered in memory after the first read: the public board asks for one on every frame it sends.
"""

from __future__ import annotations

import threading
from typing import Any

from eventsourcing.application import AggregateNotFoundError

from domain.broadcast import Broadcast, broadcast_id


class Delays:
    """The events' broadcast delays over an application (``ServiceApplication``)."""

    def __init__(self, games: Any) -> None:
        self.games = games
        self._known: dict[str, int] = {}
        self._lock = threading.Lock()

    def _get(self, event: str) -> Broadcast | None:
        try:
            found = self.games.repository.get(broadcast_id(event))
        except AggregateNotFoundError:
            return None
        return found if isinstance(found, Broadcast) else None

    def seconds(self, event: str | None) -> int:
        """The delay of ``event`` in seconds (0 for a game of no event, or an event never configured)."""
        if not event:
            return 0
        with self._lock:
            known = self._known.get(event)
        if known is None:
            found = self._get(event)
            known = 0 if found is None else found.delay_seconds
            with self._lock:
                self._known[event] = known
        return known

    def view(self, event: str) -> dict[str, Any]:
        """The delay of ``event`` and every setting of it, oldest first."""
        found = self._get(event)
        if found is None:
            return {"event": event, "delay_seconds": 0, "history": []}
        return {"event": event, "delay_seconds": found.delay_seconds, "history": list(found.history)}

    def set(self, event: str, seconds: int, reason: str, by: str) -> dict[str, Any]:
        """Record a new delay for ``event`` (ValueError for one out of range) and answer the new view."""
        at = self.games.clock()
        found = self._get(event)
        if found is None:
            found = Broadcast.start(event, seconds, reason, by, at)
        else:
            found.set_delay(seconds, reason, by, at)
        self.games.save(found)
        with self._lock:
            self._known[event] = found.delay_seconds
        return self.view(event)
