"""Store reads the event loop must not wait on: run on threads of their own, within a bound.

Most requests are answered from memory (the tokens looked up before, the cached games) or from the
read models. What does read the event store for a request (a token not seen before, ``/health``'s
probe) is handed to ``READS``, a small pool of threads, and awaited at most a few seconds: a disk
that stalls then holds a thread, not the event loop, so every other request (other games, the
contract, ``/health`` itself) is still answered, and the one that waited gets 503 ``store_stalled``.
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from typing import TypeVar

from service.store_health import StoreUnavailable

T = TypeVar("T")
#: Seconds a request waits for a read of the event store before it is answered 503 ``store_stalled``.
READ_BOUND = 3.0
#: The threads that read the store for requests (a stalled read holds one; the rest go on).
READS = ThreadPoolExecutor(max_workers=8, thread_name_prefix="planilla-reads")


async def within(seconds: float, read: Callable[..., T], *args: object) -> T:
    """``read(*args)`` on a reading thread; StoreUnavailable("stalled") when it takes over ``seconds``."""
    loop = asyncio.get_running_loop()
    try:
        return await asyncio.wait_for(loop.run_in_executor(READS, read, *args), seconds)
    except asyncio.TimeoutError:
        raise StoreUnavailable("stalled", f"a read took over {seconds:g} s", reading=True) from None
