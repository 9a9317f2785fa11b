"""When each device was last heard from: kept in memory, never an event per request.

Every request under ``/v1/`` that carries ``X-Device`` (the tablets send it with each command, read and
stream) marks its device as heard now, at its start and again at its end; a device with a request still
open (a tablet's stream) counts as heard now for as long as it stays open. The hall console reads it
(``GET /v1/tables``) to say when each bound tablet was last heard from, and to raise "tablet silent"
while its game is in play. One process's memory: after a restart a device is unheard until it next
calls (the hall then counts from its binding), and another server process keeps its own.
"""

from __future__ import annotations

import threading
import time
from typing import Any

#: Devices remembered at most (the oldest heard is forgotten first): a hall has a few hundred.
LIMIT = 10_000


class Heard:
    """Device id -> when it was last heard from (wall-clock seconds) and how many of its requests are open."""

    def __init__(self, clock: Any = time.time) -> None:
        self.clock = clock
        self._last: dict[str, float] = {}
        self._open: dict[str, int] = {}
        self._lock = threading.Lock()

    def start(self, device: str) -> None:
        with self._lock:
            self._last.pop(device, None)  # re-inserted last: the dict stays ordered by the last contact
            self._last[device] = self.clock()
            self._open[device] = self._open.get(device, 0) + 1
            if len(self._last) > LIMIT:
                oldest = next(iter(self._last))
                if not self._open.get(oldest):
                    del self._last[oldest]

    def end(self, device: str) -> None:
        with self._lock:
            self._last[device] = self.clock()
            left = self._open.get(device, 1) - 1
            if left > 0:
                self._open[device] = left
            else:
                self._open.pop(device, None)

    def of(self, device: str) -> tuple[float | None, bool]:
        """(when last heard, in wall-clock seconds, or None; whether a request of it is open now)."""
        with self._lock:
            connected = bool(self._open.get(device))
            return (self.clock() if connected else self._last.get(device)), connected


class HeardMiddleware:
    """Pure ASGI: note ``X-Device`` of each ``/v1/`` request in ``heard`` (a header scan; nothing written)."""

    def __init__(self, app: Any, *, heard: Heard) -> None:
        self.app, self.heard = app, heard

    async def __call__(self, scope: dict[str, Any], receive: Any, send: Any) -> None:
        if scope["type"] != "http" or not scope["path"].startswith("/v1/"):
            await self.app(scope, receive, send)
            return
        device = next((v for k, v in scope["headers"] if k == b"x-device"), None)
        if not device:
            await self.app(scope, receive, send)
            return
        name = device.decode("latin-1")[:200]
        self.heard.start(name)
        try:
            await self.app(scope, receive, send)
        finally:
            self.heard.end(name)
