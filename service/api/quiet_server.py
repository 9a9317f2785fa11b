"""uvicorn's server, ticking once a second instead of ten times, or not at all: an idle hall server sleeps (issue 25).

uvicorn's ``Server.main_loop`` wakes every 0.1 s to renew the ``Date`` header (every tenth tick, so once a second)
and to see whether it was told to stop. On an idle server those ten wakes a second were most of its CPU. Here the
loop wakes once a second, renews the header each time (as often as uvicorn does), and a signal to stop
(``handle_exit``: SIGINT, SIGTERM) wakes it at once, so stopping is as quick as before.

``planilla serve`` goes further (``tick_on``): the store watch's thread wakes every half second anyway
(``service.access.store_watch``) and renews the header after each look, so the loop itself sleeps until told to
stop (it still looks every ``SAFETY_TICK`` seconds). Each wake-up of an idle process costs CPU out of proportion to
its work on a machine whose caches the idleness has cooled (0.5 to 2 ms on the slow machines measured,
bench/README.md): one fewer a second is a fifth of an idle hall's.
"""

from __future__ import annotations

import asyncio
import time
from email.utils import formatdate
from types import FrameType
from typing import Callable

import uvicorn

#: Seconds between two ticks (uvicorn renews the Date header on every tenth of its own 0.1 s ticks: once a second).
TICK = 1.0
#: Seconds between two ticks of a loop whose Date header another thread renews (``tick_on``): only a safety.
SAFETY_TICK = 30.0


class QuietServer(uvicorn.Server):
    """``uvicorn.Server`` with a one-second tick that a stop signal cuts short."""

    def __init__(self, config: uvicorn.Config) -> None:
        super().__init__(config)
        self._wake: asyncio.Event | None = None
        self._loop: asyncio.AbstractEventLoop | None = None
        self._tick = TICK

    def tick_on(self, listeners: list[Callable[[], None]]) -> None:
        """Have the ``Date`` header renewed by whoever calls ``listeners`` regularly (the store watch, twice a
        second: ``ServiceApplication.watch_listeners``) instead of by this loop's own tick."""
        listeners.append(self.renew_date)
        self._tick = SAFETY_TICK

    def renew_date(self) -> None:
        """What uvicorn's ``on_tick`` does every second: the default headers with the date now. Safe from any
        thread: the list is replaced whole, and a response takes whichever list was there when it began."""
        date = [(b"date", formatdate(time.time(), usegmt=True).encode())] if self.config.date_header else []
        self.server_state.default_headers = date + self.config.encoded_headers

    async def main_loop(self) -> None:
        self._loop, self._wake = asyncio.get_running_loop(), asyncio.Event()
        counter = 0
        should_exit = await self.on_tick(counter)
        while not should_exit:
            counter = (counter + 10) % 864000  # a multiple of ten: uvicorn's on_tick renews the Date header
            try:
                await asyncio.wait_for(self._wake.wait(), self._tick)
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
