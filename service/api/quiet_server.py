"""uvicorn's server, ticking once a second instead of ten times: an idle hall server sleeps (issue 25).

uvicorn's ``Server.main_loop`` wakes every 0.1 s to renew the ``Date`` header (every tenth tick, so once a second)
and to see whether it was told to stop. On an idle server those ten wakes a second were most of its CPU. Here the
loop wakes once a second, renews the header each time (as often as uvicorn does), and a signal to stop
(``handle_exit``: SIGINT, SIGTERM) wakes it at once, so stopping is as quick as before.
"""

from __future__ import annotations

import asyncio
from types import FrameType

import uvicorn

#: Seconds between two ticks (uvicorn renews the Date header on every tenth of its own 0.1 s ticks: once a second).
TICK = 1.0


class QuietServer(uvicorn.Server):
    """``uvicorn.Server`` with a one-second tick that a stop signal cuts short."""

    def __init__(self, config: uvicorn.Config) -> None:
        super().__init__(config)
        self._wake: asyncio.Event | None = None
        self._loop: asyncio.AbstractEventLoop | None = None

    async def main_loop(self) -> None:
        self._loop, self._wake = asyncio.get_running_loop(), asyncio.Event()
        counter = 0
        should_exit = await self.on_tick(counter)
        while not should_exit:
            counter = (counter + 10) % 864000  # a multiple of ten: uvicorn's on_tick renews the Date header
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
