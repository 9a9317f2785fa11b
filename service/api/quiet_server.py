"""uvicorn's server without a tick: an idle hall server sleeps (issue 25).

uvicorn's ``Server.main_loop`` wakes every 0.1 s to renew the ``Date`` header (every tenth tick, so once a second)
and to see whether it was told to stop. On an idle server those ten wakes a second were most of its CPU; then one a
second was a fifth of an idle hall's wake-ups, each costing a slow machine 1 to 6 ms of CPU once its caches have gone
cold (bench/README.md, "A nineteenth machine"). Here the header is made when a response reads it, once per second
of the clock (``DatedState``), so the loop has nothing to do on a timer: it sleeps until told to stop (``handle_exit``:
SIGINT, SIGTERM wake it at once), looking every ``TICK`` seconds only as a safety.
"""

from __future__ import annotations

import asyncio
import time
from email.utils import formatdate
from types import FrameType

import uvicorn
from uvicorn.server import ServerState

#: Seconds between two looks of the loop at whether it should stop, when no signal woke it: a safety only.
TICK = 30.0


class DatedState(ServerState):
    """uvicorn's state shared by the connections, whose default headers carry the date of the second in which they
    are read: a response's ``Date`` is as fresh as uvicorn's own (renewed each second) with no timer renewing it.
    The connections read it on the event loop's thread only; uvicorn's ``on_tick`` still sets it, which changes
    nothing."""

    def __init__(self, config: uvicorn.Config) -> None:
        self._config = config
        self._second: int | None = None
        self._headers: list[tuple[bytes, bytes]] = []
        super().__init__()

    @property  # type: ignore[override]
    def default_headers(self) -> list[tuple[bytes, bytes]]:
        now = time.time()
        second = int(now)
        if second != self._second:
            date = [(b"date", formatdate(now, usegmt=True).encode())] if self._config.date_header else []
            self._headers = date + self._config.encoded_headers
            self._second = second
        return self._headers

    @default_headers.setter
    def default_headers(self, value: list[tuple[bytes, bytes]]) -> None:
        pass  # made when read (above)


class QuietServer(uvicorn.Server):
    """``uvicorn.Server`` whose ``Date`` header needs no tick, and whose loop a stop signal wakes."""

    def __init__(self, config: uvicorn.Config) -> None:
        super().__init__(config)
        self.server_state = DatedState(config)
        self._wake: asyncio.Event | None = None
        self._loop: asyncio.AbstractEventLoop | None = None

    async def main_loop(self) -> None:
        self._loop, self._wake = asyncio.get_running_loop(), asyncio.Event()
        counter = 0
        should_exit = await self.on_tick(counter)
        while not should_exit:
            counter = (counter + 10) % 864000  # a multiple of ten, as uvicorn's own ticks renewing the header
            try:
                await asyncio.wait_for(self._wake.wait(), TICK)
            except asyncio.TimeoutError:
                pass
            should_exit = await self.on_tick(counter)

    def handle_exit(self, sig: int, frame: FrameType | None) -> None:
        super().handle_exit(sig, frame)
        self.wake()

    def wake(self) -> None:
        """Let the loop look at ``should_exit`` now (from any thread, or a signal handler)."""
        loop, wake = self._loop, self._wake
        if loop is not None and wake is not None and not loop.is_closed():
            loop.call_soon_threadsafe(wake.set)
